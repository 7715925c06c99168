import { sql } from "kysely";
import { fragmentBuilder } from "../../platform/read-fragments.ts";

/**
 * A user's display name, for another domain's query (docs/decisions/007-table-ownership.md):
 * `userIdColumn` is the column holding the user's id, e.g. "c.user_id".
 */
export function userNameSql(userIdColumn: string) {
  return sql<string>`(select u.name from "user" u where u.id = ${sql.ref(userIdColumn)})`;
}

/** Accounts as other domains read them (names, emails) — Better Auth writes the table. */
export const userRows = fragmentBuilder.selectFrom("user").selectAll();
