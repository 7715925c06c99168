import type { Kysely, Selectable } from "kysely";
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

/** A portfolio row (profiles' listOwnPortfolio) as profile setup shows it. */
export function toSetupPortfolioItem(r: {
  id: string;
  image_path: string;
  sort_order: number;
}): PortfolioItem {
  return {
    id: r.id,
    image_key: r.image_path,
    thumb_url: imageUrl(r.image_path, "thumb"),
    url: imageUrl(r.image_path, "large"),
    sort_order: r.sort_order,
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
