import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { listedCreators } from "./listed-creator-fragments.ts";

export type SitemapProfile = { id: string; lastModified: Date };

/**
 * Listed creators in a stable order, each with the last time its public page changed: the
 * profile itself, a portfolio image added, or a review published on it.
 */
export async function findSitemapProfiles(
  db: Kysely<DB>,
  limit: number,
  offset: number,
): Promise<SitemapProfile[]> {
  const rows = await listedCreators(db)
    .select([
      "p.id",
      sql<Date>`greatest(p.updated_at,
        (select max(i.created_at) from portfolio_items i where i.user_id = p.user_id),
        (select max(r.published_at) from reviews r where r.creator_profile_id = p.id
          and r.direction = 'client_to_creator' and r.hidden_at is null))`.as("last_modified"),
    ])
    .orderBy("p.id")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ id: r.id, lastModified: new Date(r.last_modified) }));
}
