import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The application row locked for the rest of the transaction, so one onboarding wins. */
export async function lockApplication(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("applications")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function profileIdOfUser(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("photographer_profiles")
    .select("id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.id;
}

export async function insertApprovedProfile(
  db: Kysely<DB>,
  values: {
    user_id: string;
    application_id: string;
    full_name: string;
    business_name: string | null;
    bio: string | null;
    specialties: string[];
    portfolio_url: string | null;
    city: string | null;
    phone: string | null;
    travel_radius: number | null;
  },
) {
  return db
    .insertInto("photographer_profiles")
    .values({ ...values, service_location: values.city, approved: true })
    .returning("id")
    .executeTakeFirstOrThrow();
}
