import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { toApplication } from "./queries.ts";

// The application as onboarding reads it: the applicant's details and the status.

function toApplicantDetails(row: Parameters<typeof toApplication>[0]) {
  const application = toApplication(row);
  const { id, fullName, email, phone, city, portfolioUrl, specialties, aboutMe } = application;
  const { travelRadius, status } = application;
  return {
    id,
    fullName,
    email,
    phone,
    city,
    portfolioUrl,
    specialties,
    aboutMe,
    travelRadius,
    status,
  };
}

/** The applicant's details an approved creator starts onboarding from. */
export async function findApplicantDetails(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom("applications")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toApplicantDetails(row);
}

/** The application row locked for the rest of the transaction, so one onboarding wins. */
export async function lockApplicantDetails(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom("applications")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row && toApplicantDetails(row);
}
