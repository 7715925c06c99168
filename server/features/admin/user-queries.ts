import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import { creatorProfileRows } from "../profiles/listed-creator-fragments.ts";
import { staffRows } from "../staff/staff-fragments.ts";

// The back office's users: every account with its role and deactivation (users.ts).

export function usersWithRoles(db: Kysely<DB>) {
  return db
    .selectFrom(userRows.as("u"))
    .leftJoin(staffRows.as("a"), "a.user_id", "u.id")
    .leftJoin(creatorProfileRows.as("p"), "p.user_id", "u.id")
    .leftJoin("user_deactivations as d", "d.user_id", "u.id")
    .leftJoin(userRows.as("du"), "du.id", "d.deactivated_by")
    .select([
      "u.id",
      "u.name",
      "u.email",
      "u.createdAt",
      "a.user_id as admin_id",
      "p.id as profile_id",
      "d.reason",
      "d.deactivated_at",
      "du.name as deactivated_by_name",
    ]);
}

/** Deactivates the user; undefined when they already were. */
export function insertDeactivation(
  trx: Kysely<DB>,
  d: { userId: string; reason: string; by: string },
  now: Date,
) {
  return trx
    .insertInto("user_deactivations")
    .values({ user_id: d.userId, reason: d.reason, deactivated_by: d.by, deactivated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returning("user_id")
    .executeTakeFirst();
}

/** Reactivates the user; undefined when they were not deactivated. */
export function deleteDeactivation(trx: Kysely<DB>, userId: string) {
  return trx
    .deleteFrom("user_deactivations")
    .where("user_id", "=", userId)
    .returning("reason")
    .executeTakeFirst();
}
