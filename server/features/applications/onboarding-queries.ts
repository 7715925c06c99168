import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../db/schema.ts";

// The application as onboarding reads it: the applicant's details and the status.

const APPLICATION_COLUMNS = [
  "id",
  "full_name",
  "email",
  "phone",
  "city",
  "portfolio_url",
  "specialties",
  "about_me",
  "travel_radius",
  "status",
] as const;

type ApplicantRow = Pick<Selectable<DB["applications"]>, (typeof APPLICATION_COLUMNS)[number]>;

function toApplicantDetails(row: ApplicantRow) {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    portfolioUrl: row.portfolio_url,
    specialties: row.specialties,
    aboutMe: row.about_me,
    travelRadius: row.travel_radius,
    status: row.status,
  };
}

/** The applicant's details an approved creator starts onboarding from. */
export async function findApplicantDetails(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom("applications")
    .select(APPLICATION_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toApplicantDetails(row);
}

/** The application row locked for the rest of the transaction, so one onboarding wins. */
export async function lockApplicantDetails(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom("applications")
    .select(APPLICATION_COLUMNS)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row && toApplicantDetails(row);
}
