import { type Kysely, type Selectable, sql } from "kysely";
import type {
  Application,
  ApplicationCounts,
  ApplicationListItem,
} from "../../../contracts/applications.ts";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../contracts/enums.ts";
import type { Applications, DB } from "../../db/schema.ts";

type Row = Selectable<Applications>;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Sample image keys become staff-only URLs served by the admin router. */
export function sampleImageUrls(applicationId: string, key: string) {
  const imageId = key.split("/").pop();
  const base = `/api/admin/applications/${applicationId}/sample-images/${imageId}`;
  return { key, thumbUrl: `${base}/thumb`, url: `${base}/large` };
}

export function toApplication(row: Row): Application {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    portfolioUrl: row.portfolio_url,
    experienceLevel: row.experience_level,
    specialties: row.specialties,
    aboutMe: row.about_me,
    travelRadius: row.travel_radius,
    sampleImages: row.sample_images.map((key) => sampleImageUrls(row.id, key)),
    status: row.status as ApplicationStatus,
    reviewedBy: row.reviewed_by,
    reviewedAt: iso(row.reviewed_at),
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
    denialReason: row.denial_reason,
    convertedAt: iso(row.converted_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

export type NewApplication = {
  fullName: string;
  email: string;
  phone: string | null;
  city: string | null;
  portfolioUrl: string | null;
  experienceLevel: string | null;
  specialties: string[];
  aboutMe: string | null;
  travelRadius?: number | null;
  sampleImages: string[];
};

export async function insertApplication(db: Kysely<DB>, values: NewApplication) {
  return db
    .insertInto("applications")
    .values({
      full_name: values.fullName,
      email: values.email.toLowerCase(),
      phone: values.phone,
      city: values.city,
      portfolio_url: values.portfolioUrl,
      experience_level: values.experienceLevel,
      specialties: values.specialties,
      about_me: values.aboutMe,
      travel_radius: values.travelRadius ?? null,
      sample_images: values.sampleImages,
    })
    .returning(["id", "status"])
    .executeTakeFirstOrThrow();
}

export async function findOpenApplicationByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("applications")
    .select(["id", "status"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("status", "in", ["pending", "under_review", "approved"])
    .executeTakeFirst();
}

/** The address's most recent application, whatever its status. */
export async function findLatestApplicationByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("applications")
    .select(["id", "status", "created_at", "denial_reason"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function findApplication(db: Kysely<DB>, id: string): Promise<Row | undefined> {
  return db.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listApplications(
  db: Kysely<DB>,
  { page, pageSize, status, q }: { page: number; pageSize: number; status?: string; q?: string },
): Promise<{ items: ApplicationListItem[]; total: number }> {
  let base = db.selectFrom("applications");
  if (status) base = base.where("status", "=", status);
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    base = base.where(sql<string>`full_name || ' ' || email`, "ilike", pattern);
  }
  const [rows, count] = await Promise.all([
    base
      .select(["id", "full_name", "email", "city", "status", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      city: r.city,
      status: r.status as ApplicationStatus,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(count.n),
  };
}

export async function countByStatus(db: Kysely<DB>): Promise<ApplicationCounts> {
  const rows = await db
    .selectFrom("applications")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts = new Map(rows.map((row) => [row.status, Number(row.n)]));
  return APPLICATION_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** pending → under_review the first time staff open it; a no-op otherwise. */
export async function markUnderReview(db: Kysely<DB>, id: string, adminId: string) {
  return db
    .updateTable("applications")
    .set({
      status: "under_review",
      reviewed_by: adminId,
      reviewed_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/**
 * The one guarded transition of a decision: the WHERE re-checks the status under the row lock,
 * so of two admins deciding at once only the first update matches.
 */
export async function decideApplication(
  db: Kysely<DB>,
  id: string,
  decision: { status: "approved" | "denied"; adminId: string; reason?: string },
) {
  return db
    .updateTable("applications")
    .set({
      status: decision.status,
      decided_by: decision.adminId,
      decided_at: sql`now()`,
      denial_reason: decision.reason ?? null,
      reviewed_by: sql`coalesce(reviewed_by, ${decision.adminId})`,
      reviewed_at: sql`coalesce(reviewed_at, now())`,
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .where("status", "in", ["pending", "under_review"])
    .returningAll()
    .executeTakeFirst();
}

export async function markConverted(db: Kysely<DB>, id: string) {
  return db
    .updateTable("applications")
    .set({ status: "converted", converted_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "=", "approved")
    .returning(["id", "status"])
    .executeTakeFirst();
}

/** Whether any application lists the sample image `key`. */
export async function isSampleAttached(db: Kysely<DB>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("applications")
    .select("id")
    .where(sql<boolean>`sample_images @> array[${key}]::text[]`)
    .executeTakeFirst();
  return row !== undefined;
}
