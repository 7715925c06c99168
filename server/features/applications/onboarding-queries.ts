import type { Kysely } from "kysely";
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

/** The applicant's details an approved creator starts onboarding from. */
export async function findApplicantDetails(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("applications")
    .select(APPLICATION_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The application row locked for the rest of the transaction, so one onboarding wins. */
export async function lockApplicantDetails(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("applications")
    .select(APPLICATION_COLUMNS)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}
