import type { Kysely, Selectable } from "kysely";
import type {
  CreatorDocument,
  DocumentKind,
  ProfileSetup,
} from "../../../contracts/profile-setup.ts";
import type { PortfolioItem } from "../../../contracts/profiles.ts";
import type { DB, PhotographerProfiles } from "../../db/schema.ts";

type ProfileRow = Selectable<PhotographerProfiles>;

export function toProfileSetup(row: ProfileRow): ProfileSetup {
  return {
    fullName: row.full_name,
    businessName: row.business_name,
    bio: row.bio,
    phone: row.phone,
    specialties: row.specialties,
    equipment: row.equipment,
    experience: row.experience,
    hourlyRateCents: row.hourly_rate_cents,
    packageServices: row.package_services,
    travelRadius: row.travel_radius,
    serviceLocation: row.service_location,
    travelFeeCents: row.travel_fee_cents,
    paymentMethod: row.payment_method as ProfileSetup["paymentMethod"],
    payoutEmail: row.payout_email,
    bankAccountLast4: row.bank_account_last4,
    hasTaxId: row.tax_id_encrypted !== null,
    insurance: row.insurance,
    references: row.references,
    setupStep: row.setup_step,
    completionPercent: row.completion_percent,
    isComplete: row.is_complete,
    isPublished: row.is_published,
    located: row.base_lat !== null && row.base_lng !== null,
  };
}

/** A portfolio row (profiles' listOwnPortfolio) as profile setup shows it. */
export function toSetupPortfolioItem(r: {
  id: string;
  image_path: string;
  caption: string | null;
  width: number | null;
  height: number | null;
}): PortfolioItem {
  return {
    id: r.id,
    imageKey: r.image_path,
    caption: r.caption,
    width: r.width,
    height: r.height,
  };
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
    fileName: r.file_name,
    contentType: r.content_type,
    sizeBytes: r.size_bytes,
    url: documentUrl(r.id),
    createdAt: new Date(r.created_at).toISOString(),
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
