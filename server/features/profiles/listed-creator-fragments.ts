import { type Kysely, sql } from "kysely";
import { DEFAULT_CREATOR_NAME } from "../../../contracts/profiles.ts";
import type { DB } from "../../db/schema.ts";
import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Query fragments other domains build on (docs/decisions/007-table-ownership.md). Each is
// written over the alias `p` for photographer_profiles.

/**
 * A listed creator — public page, search, map — is one whose profile is published and
 * approved, and whom staff have not deactivated. Search's partial indexes (migrations 030, 050)
 * repeat the first two.
 */
export const listedSql = sql<boolean>`p.is_published and p.approved and not exists
  (select 1 from user_deactivations d where d.user_id = p.user_id)`;

/** The name a creator goes by: full name, else business name, else "Photographer". */
export const displayNameSql = sql<string>`coalesce(nullif(btrim(p.full_name), ''), nullif(btrim(p.business_name), ''), ${sql.lit(DEFAULT_CREATOR_NAME)})`;

/** The listed creators, as `p`, for a query to select from. */
export function listedCreators(db: Kysely<DB>) {
  return db.selectFrom("photographer_profiles as p").where(listedSql);
}

/** The creator's cover, the first image in portfolio order, for the user id `userIdColumn`. */
export function coverImageSql(userIdColumn: string) {
  return sql<
    string | null
  >`(select i.image_path from portfolio_items i where i.user_id = ${sql.ref(userIdColumn)}
  order by i.sort_order, i.created_at, i.id limit 1)`;
}

/** Creator profiles as other domains read them (their own queries join them). */
export const creatorProfileRows = fragmentBuilder.selectFrom("photographer_profiles").selectAll();
