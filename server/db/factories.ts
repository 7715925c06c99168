import { randomBytes, randomUUID } from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import type { Insertable, Kysely, Selectable } from "kysely";
import { priceBooking } from "../../contracts/booking-pricing.ts";
import type { ApplicationStatus, BookingStatus, CreatorType } from "../../contracts/enums.ts";
import { hashPassword } from "../platform/passwords.ts";
import type {
  Applications,
  Bookings,
  DB,
  PhotographerProfiles,
  PortfolioItems,
  Reviews,
  User,
} from "./schema.ts";

// Rows with overrides for tests and the demo seed. Defaults make a valid, unique, "normal"
// row: a verified user, a listed (approved, published, complete) creator in Miami.
// Rating, review count and jobs completed are kept by triggers (migration 020), not here.

export type Db = Kysely<DB>;
export type UserRow = Selectable<User>;
export type CreatorProfileRow = Selectable<PhotographerProfiles>;

let sequence = 0;

/** A unique address: `<label>-<n>-<random>@example.test`. */
export function uniqueEmail(label = "user"): string {
  sequence += 1;
  return `${label}-${sequence}-${randomBytes(4).toString("hex")}@example.test`;
}

export type UserOverrides = {
  id?: string;
  email?: string;
  name?: string;
  /** Plain password, hashed with argon2id. No credential account row without one. */
  password?: string;
  /** An already computed hash (the seed hashes one password once for many users). */
  passwordHash?: string;
  emailVerified?: boolean;
  location?: string | null;
  signedUpAs?: "client" | "creator";
  image?: string | null;
  createdAt?: Date;
};

export type CreatedUser = UserRow & { password?: string };

/** A Better Auth user (table "user") and, with a password, its "credential" account. */
export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const id = overrides.id ?? randomUUID();
  const createdAt = overrides.createdAt ?? new Date();
  const user = await db
    .insertInto("user")
    .values({
      id,
      email: (overrides.email ?? uniqueEmail()).toLowerCase(),
      name: overrides.name ?? "Test User",
      emailVerified: overrides.emailVerified ?? true,
      location: overrides.location ?? null,
      signedUpAs: overrides.signedUpAs ?? "client",
      image: overrides.image ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const hash =
    overrides.passwordHash ??
    (overrides.password === undefined ? undefined : await hashPassword(overrides.password));
  if (hash !== undefined) {
    await db
      .insertInto("account")
      .values({
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: hash,
      })
      .execute();
  }
  return { ...user, password: overrides.password };
}

/** A user with an active admin_users row (role 'super_admin' unless given). */
export async function createAdmin(
  db: Db,
  overrides: UserOverrides & { role?: string; isActive?: boolean } = {},
): Promise<CreatedUser> {
  const { role, isActive, ...userOverrides } = overrides;
  const user = await createUser(db, { name: "Admin User", ...userOverrides });
  await db
    .insertInto("admin_users")
    .values({ user_id: user.id, role: role ?? "super_admin", is_active: isActive ?? true })
    .execute();
  return user;
}

/**
 * Enrols a user in two-factor sign-in with a known TOTP secret (text, as Better Auth keeps it)
 * and no recovery codes, encrypted the way Better Auth reads them back with `authSecret`.
 */
export async function enrolTwoFactor(
  db: Db,
  { userId, totpSecret, authSecret }: { userId: string; totpSecret: string; authSecret: string },
): Promise<void> {
  await db
    .insertInto("twoFactor")
    .values({
      id: randomUUID(),
      userId,
      secret: await symmetricEncrypt({ key: authSecret, data: totpSecret }),
      backupCodes: await symmetricEncrypt({ key: authSecret, data: "[]" }),
      verified: true,
    })
    .execute();
  await db.updateTable("user").set({ twoFactorEnabled: true }).where("id", "=", userId).execute();
}

const SERVICE_TAG: Record<CreatorType, string> = {
  photographer: "Photography",
  videographer: "Videography",
  "content creator": "Content Creation",
};

export type CreatorOverrides = {
  /** Use an existing user instead of creating one. */
  userId?: string;
  user?: UserOverrides;
  type?: CreatorType;
  fullName?: string;
  businessName?: string | null;
  bio?: string | null;
  /** Defaults to the service tag of the type plus 'Portrait'. */
  specialties?: string[];
  city?: string | null;
  lat?: number | null;
  lng?: number | null;
  travelRadius?: number | null;
  travelFeeCents?: number | null;
  hourlyRateCents?: number | null;
  published?: boolean;
  approved?: boolean;
  /** Live availability: sets travel_lat/lng (to travelLat/Lng or the base position). */
  availableNow?: boolean;
  travelLat?: number;
  travelLng?: number;
  /** Minimum notice for a booking or hail (the column's default, 12 hours, when left out). */
  minNoticeMinutes?: number;
  complete?: boolean;
  completionPercent?: number;
  setupStep?: number;
  avatarPath?: string | null;
  equipment?: string[];
  experience?: string | null;
  phone?: string | null;
  portfolioUrl?: string | null;
  packageServices?: string | null;
  serviceLocation?: string | null;
  applicationId?: string | null;
  paymentMethod?: "direct_deposit" | "paypal" | "stripe" | null;
  payoutEmail?: string | null;
  createdAt?: Date;
};

export type CreatedCreator = { user: CreatedUser; profile: CreatorProfileRow };

/** A creator: a user (signed up as creator) plus its photographer_profiles row. */
export async function createCreator(
  db: Db,
  overrides: CreatorOverrides = {},
): Promise<CreatedCreator> {
  const type = overrides.type ?? "photographer";
  const fullName = overrides.fullName ?? overrides.user?.name ?? "Test Creator";
  const city = overrides.city === undefined ? "Miami, FL" : overrides.city;
  const user = overrides.userId
    ? await db
        .selectFrom("user")
        .selectAll()
        .where("id", "=", overrides.userId)
        .executeTakeFirstOrThrow()
    : await createUser(db, {
        name: fullName,
        signedUpAs: "creator",
        location: city,
        ...overrides.user,
      });
  const lat = overrides.lat === undefined ? 25.7617 : overrides.lat;
  const lng = overrides.lng === undefined ? -80.1918 : overrides.lng;
  const live = overrides.availableNow ?? false;
  const complete = overrides.complete ?? true;
  const createdAt = overrides.createdAt ?? new Date();
  const profile = await db
    .insertInto("photographer_profiles")
    .values({
      user_id: user.id,
      application_id: overrides.applicationId ?? null,
      full_name: fullName,
      business_name: overrides.businessName ?? null,
      bio: overrides.bio === undefined ? `${fullName} works across South Florida.` : overrides.bio,
      specialties: overrides.specialties ?? [SERVICE_TAG[type], "Portrait"],
      creator_type: type,
      avatar_path: overrides.avatarPath ?? null,
      portfolio_url: overrides.portfolioUrl ?? null,
      city,
      phone: overrides.phone ?? null,
      equipment: overrides.equipment ?? [],
      experience: overrides.experience ?? null,
      hourly_rate_cents:
        overrides.hourlyRateCents === undefined ? 15_000 : overrides.hourlyRateCents,
      package_services: overrides.packageServices ?? null,
      travel_radius: overrides.travelRadius === undefined ? 25 : overrides.travelRadius,
      travel_fee_cents: overrides.travelFeeCents ?? null,
      service_location: overrides.serviceLocation ?? null,
      base_lat: lat,
      base_lng: lng,
      travel_lat: live ? (overrides.travelLat ?? lat) : null,
      travel_lng: live ? (overrides.travelLng ?? lng) : null,
      available_now: live,
      ...(overrides.minNoticeMinutes === undefined
        ? {}
        : { min_notice_minutes: overrides.minNoticeMinutes }),
      is_published: overrides.published ?? true,
      approved: overrides.approved ?? true,
      is_complete: complete,
      completion_percent: overrides.completionPercent ?? (complete ? 100 : 20),
      setup_step: overrides.setupStep ?? (complete ? 5 : 1),
      payment_method: overrides.paymentMethod ?? null,
      payout_email: overrides.payoutEmail ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, profile };
}

export type PortfolioItemOverrides = {
  userId: string;
  imagePath: string;
  sortOrder?: number;
  caption?: string | null;
  width?: number | null;
  height?: number | null;
  likeCount?: number;
  createdAt?: Date;
};

export function createPortfolioItem(db: Db, item: PortfolioItemOverrides) {
  return createPortfolioItems(db, [item]).then((rows) => rows[0] as Selectable<PortfolioItems>);
}

/** Several portfolio items in one statement (the seed adds hundreds). */
export async function createPortfolioItems(
  db: Db,
  items: PortfolioItemOverrides[],
): Promise<Selectable<PortfolioItems>[]> {
  if (items.length === 0) return [];
  const values: Insertable<PortfolioItems>[] = items.map((item, index) => ({
    user_id: item.userId,
    image_path: item.imagePath,
    sort_order: item.sortOrder ?? index,
    caption: item.caption ?? null,
    width: item.width ?? null,
    height: item.height ?? null,
    like_count: item.likeCount ?? 0,
    ...(item.createdAt ? { created_at: item.createdAt } : {}),
  }));
  return db.insertInto("portfolio_items").values(values).returningAll().execute();
}

export type ReviewOverrides = {
  creatorProfileId: string;
  rating: number;
  comment?: string;
  authorName?: string;
  authorUserId?: string | null;
  bookingId?: string | null;
  createdAt?: Date;
  /** A creator's review of this client (default: the client's review of the creator). */
  subjectUserId?: string;
  /** Defaults to when it was written; null for a blind review. */
  publishedAt?: Date | null;
};

/** A review, published unless told; the creator's rating_avg and review_count follow by trigger. */
export async function createReview(db: Db, review: ReviewOverrides): Promise<Selectable<Reviews>> {
  return db
    .insertInto("reviews")
    .values({
      creator_profile_id: review.creatorProfileId,
      rating: review.rating,
      comment: review.comment ?? "Great session, would book again.",
      author_name: review.authorName ?? "Happy Client",
      author_user_id: review.authorUserId ?? null,
      booking_id: review.bookingId ?? null,
      direction: review.subjectUserId ? "creator_to_client" : "client_to_creator",
      subject_user_id: review.subjectUserId ?? null,
      submitted_at: review.createdAt ?? new Date(),
      published_at:
        review.publishedAt === undefined ? (review.createdAt ?? new Date()) : review.publishedAt,
      ...(review.createdAt ? { created_at: review.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type BookingOverrides = {
  creatorProfileId: string;
  /** Creates a client when absent. */
  clientUserId?: string;
  /** Defaults to a distinct future day at 15:00 UTC so default bookings never overlap. */
  startTime?: Date;
  hours?: number;
  status?: BookingStatus;
  /** Defaults to the creator's hourly rate (or $150). */
  hourlyRateCents?: number;
  location?: string;
  eventType?: string | null;
  notes?: string | null;
  paypalOrderId?: string | null;
  createdAt?: Date;
};

let bookingDay = 0;

/** A booking; a 'completed' one counts in the creator's jobs_completed (by trigger). */
export async function createBooking(
  db: Db,
  overrides: BookingOverrides,
): Promise<Selectable<Bookings>> {
  const clientUserId = overrides.clientUserId ?? (await createUser(db, { name: "Test Client" })).id;
  const hours = overrides.hours ?? 2;
  let rate = overrides.hourlyRateCents;
  if (rate === undefined) {
    const creator = await db
      .selectFrom("photographer_profiles")
      .select("hourly_rate_cents")
      .where("id", "=", overrides.creatorProfileId)
      .executeTakeFirstOrThrow();
    rate = creator.hourly_rate_cents || 15_000;
  }
  bookingDay += 1;
  const start =
    overrides.startTime ?? new Date(Date.UTC(2030, 0, 1, 15) + bookingDay * 24 * 60 * 60 * 1000);
  const price = priceBooking(rate, hours);
  return db
    .insertInto("bookings")
    .values({
      client_user_id: clientUserId,
      creator_profile_id: overrides.creatorProfileId,
      start_time: start,
      end_time: new Date(start.getTime() + hours * 60 * 60 * 1000),
      duration_minutes: hours * 60,
      location: overrides.location ?? "Miami, FL",
      notes: overrides.notes ?? null,
      event_type: overrides.eventType ?? null,
      hourly_rate_cents: rate,
      subtotal_cents: price.subtotalCents,
      fee_cents: price.feeCents,
      total_amount_cents: price.totalCents,
      deposit_amount_cents: price.depositCents,
      remainder_cents: price.remainderCents,
      status: overrides.status ?? "pending",
      paypal_order_id: overrides.paypalOrderId ?? null,
      ...(overrides.createdAt
        ? { created_at: overrides.createdAt, updated_at: overrides.createdAt }
        : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type ApplicationOverrides = Partial<
  Omit<Insertable<Applications>, "status" | "specialties" | "sample_images">
> & { status?: ApplicationStatus; specialties?: string[]; sampleImages?: string[] };

/** An application; decision timestamps follow the status unless given. */
export async function createApplication(
  db: Db,
  overrides: ApplicationOverrides = {},
): Promise<Selectable<Applications>> {
  const { status = "pending", specialties, sampleImages, ...rest } = overrides;
  const now = new Date();
  const decided = status === "approved" || status === "denied" || status === "converted";
  return db
    .insertInto("applications")
    .values({
      full_name: "Test Applicant",
      email: uniqueEmail("applicant"),
      city: "Miami, FL",
      experience_level: "intermediate",
      about_me: "I shoot portraits and events around Miami.",
      travel_radius: 25,
      reviewed_at: status === "pending" ? null : now,
      decided_at: decided ? now : null,
      converted_at: status === "converted" ? now : null,
      denial_reason: status === "denied" ? "Portfolio does not yet show enough recent work." : null,
      ...rest,
      status,
      specialties: specialties ?? ["Portrait", "Event"],
      sample_images: sampleImages ?? [],
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
