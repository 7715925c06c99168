import { type Kysely, type Selectable, sql, type Updateable } from "kysely";
import { imageUrl } from "../../../contracts/media.ts";
import type {
  CreatorDocument,
  DocumentKind,
  PortfolioItem,
  ProfileSetup,
} from "../../../contracts/profile-setup.ts";
import type { DB, PhotographerProfiles } from "../../db/schema.ts";

type ProfileRow = Selectable<PhotographerProfiles>;

export function toProfileSetup(row: ProfileRow): ProfileSetup {
  return {
    full_name: row.full_name,
    business_name: row.business_name,
    bio: row.bio,
    phone: row.phone,
    specialties: row.specialties,
    equipment: row.equipment,
    experience: row.experience,
    hourly_rate_cents: row.hourly_rate_cents,
    package_services: row.package_services,
    travel_radius: row.travel_radius,
    service_location: row.service_location,
    travel_fee_cents: row.travel_fee_cents,
    payment_method: row.payment_method as ProfileSetup["payment_method"],
    payout_email: row.payout_email,
    bank_account_last4: row.bank_account_last4,
    has_tax_id: row.tax_id_encrypted !== null,
    insurance: row.insurance,
    references: row.references,
    setup_step: row.setup_step,
    completion_percent: row.completion_percent,
    is_complete: row.is_complete,
    is_published: row.is_published,
    located: row.base_lat !== null && row.base_lng !== null,
  };
}

export async function findProfile(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("photographer_profiles")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function updateProfile(
  db: Kysely<DB>,
  userId: string,
  values: Updateable<PhotographerProfiles>,
) {
  return db
    .updateTable("photographer_profiles")
    .set({ ...values, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPortfolio(db: Kysely<DB>, userId: string): Promise<PortfolioItem[]> {
  const rows = await db
    .selectFrom("portfolio_items")
    .select(["id", "image_path", "sort_order"])
    .where("user_id", "=", userId)
    .orderBy("sort_order")
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    image_key: r.image_path,
    thumb_url: imageUrl(r.image_path, "thumb"),
    url: imageUrl(r.image_path, "large"),
    sort_order: r.sort_order,
  }));
}

export async function countPortfolio(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("portfolio_items")
    .select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.max("sort_order").as("last")])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), last: row.last === null ? -1 : Number(row.last) };
}

export async function insertPortfolioItem(
  db: Kysely<DB>,
  values: {
    user_id: string;
    image_path: string;
    width: number;
    height: number;
    sort_order: number;
  },
) {
  await db.insertInto("portfolio_items").values(values).execute();
}

/** Holds the creator's profile row until the transaction ends: one portfolio writer at a time. */
export async function lockProfile(db: Kysely<DB>, userId: string) {
  await db
    .selectFrom("photographer_profiles")
    .select("user_id")
    .where("user_id", "=", userId)
    .forUpdate()
    .execute();
}

export async function findPortfolioItem(db: Kysely<DB>, userId: string, id: string) {
  return db
    .selectFrom("portfolio_items")
    .select("image_path")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function deletePortfolioItem(db: Kysely<DB>, userId: string, id: string) {
  return db
    .deleteFrom("portfolio_items")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("image_path")
    .executeTakeFirst();
}

/** Rewrites sort_order as 0..n-1 in the given order; the first becomes the cover. */
export async function reorderPortfolio(db: Kysely<DB>, userId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable("portfolio_items")
      .set({ sort_order: index })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .execute();
  }
}

export function documentUrl(id: string) {
  return `/api/profile-setup/documents/${id}`;
}

export async function listDocuments(db: Kysely<DB>, userId: string): Promise<CreatorDocument[]> {
  const rows = await db
    .selectFrom("creator_documents")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as DocumentKind,
    file_name: r.file_name,
    content_type: r.content_type,
    size_bytes: r.size_bytes,
    url: documentUrl(r.id),
    created_at: new Date(r.created_at).toISOString(),
  }));
}

export async function countDocuments(db: Kysely<DB>, userId: string, kind: DocumentKind) {
  const row = await db
    .selectFrom("creator_documents")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDocument(
  db: Kysely<DB>,
  values: {
    user_id: string;
    kind: DocumentKind;
    storage_key: string;
    content_type: string;
    file_name: string;
    size_bytes: number;
  },
) {
  await db.insertInto("creator_documents").values(values).execute();
}

export async function findDocument(db: Kysely<DB>, id: string) {
  return db.selectFrom("creator_documents").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deleteDocument(db: Kysely<DB>, userId: string, id: string) {
  return db
    .deleteFrom("creator_documents")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("storage_key")
    .executeTakeFirst();
}

export async function isActiveAdmin(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("admin_users")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}
