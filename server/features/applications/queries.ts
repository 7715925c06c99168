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
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    portfolio_url: row.portfolio_url,
    experience_level: row.experience_level,
    specialties: row.specialties,
    about_me: row.about_me,
    travel_radius: row.travel_radius,
    sample_images: row.sample_images.map((key) => sampleImageUrls(row.id, key)),
    status: row.status as ApplicationStatus,
    reviewed_by: row.reviewed_by,
    reviewed_at: iso(row.reviewed_at),
    decided_by: row.decided_by,
    decided_at: iso(row.decided_at),
    denial_reason: row.denial_reason,
    converted_at: iso(row.converted_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export type NewApplication = {
  full_name: string;
  email: string;
  phone: string | null;
  city: string | null;
  portfolio_url: string | null;
  experience_level: string | null;
  specialties: string[];
  about_me: string | null;
  travel_radius: number | null;
  sample_images: string[];
};

export async function insertApplication(db: Kysely<DB>, values: NewApplication) {
  return db
    .insertInto("applications")
    .values({ ...values, email: values.email.toLowerCase() })
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
      full_name: r.full_name,
      email: r.email,
      city: r.city,
      status: r.status as ApplicationStatus,
      created_at: new Date(r.created_at).toISOString(),
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
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as ApplicationCounts;
  for (const row of rows) counts[row.status as ApplicationStatus] = Number(row.n);
  return counts;
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
