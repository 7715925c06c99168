import type { Kysely, Updateable } from "kysely";
import type { DB, PhotographerProfiles } from "../../db/schema.ts";
import type { DatabaseDeps } from "../../platform/deps.ts";
import * as q from "./own-profile-queries.ts";

// A creator's own profile and portfolio, for onboarding (which creates the profile) and
// profile setup (which edits it). Functions that can join the caller's transaction take it
// as `executor`.

export const findOwnProfile = (deps: DatabaseDeps, userId: string) =>
  q.findProfileOfUser(deps.database.db, userId);

export const approvedProfileIdOfUser = (deps: DatabaseDeps, userId: string) =>
  q.profileIdOfUser(deps.database.db, userId, { approved: true });

export const profileIdOfUser = (
  deps: DatabaseDeps,
  userId: string,
  executor: Kysely<DB> = deps.database.db,
) => q.profileIdOfUser(executor, userId);

/** The profile staff approved through an application; the creator completes it in setup. */
export const createApprovedProfile = (
  deps: DatabaseDeps,
  values: q.ApprovedProfileValues,
  executor: Kysely<DB> = deps.database.db,
) => q.insertApprovedProfile(executor, values);

export const updateOwnProfile = (
  deps: DatabaseDeps,
  userId: string,
  values: Updateable<PhotographerProfiles>,
  executor: Kysely<DB> = deps.database.db,
) => q.updateProfileOfUser(executor, userId, values);

/** The creator's portfolio rows in portfolio order (cover first). */
export const listOwnPortfolio = (deps: DatabaseDeps, userId: string) =>
  q.listPortfolioRows(deps.database.db, userId);

/** How many images the portfolio holds and the last sort position (-1 when empty). */
export const ownPortfolioSize = (deps: DatabaseDeps, userId: string) =>
  q.portfolioSize(deps.database.db, userId);

/**
 * Appends images after the last one, all or none: false, with nothing written, when the
 * portfolio would hold more than `max`. Counted under a lock on the creator's profile row, so
 * concurrent uploads cannot pass the limit together.
 */
export const appendPortfolioItems = (
  deps: DatabaseDeps,
  userId: string,
  images: Omit<q.NewPortfolioItem, "user_id" | "sort_order">[],
  max: number,
) =>
  deps.database.db.transaction().execute(async (trx) => {
    await q.lockProfileOfUser(trx, userId);
    const { count, last } = await q.portfolioSize(trx, userId);
    if (count + images.length > max) return false;
    for (const [index, image] of images.entries()) {
      await q.insertPortfolioItem(trx, { ...image, user_id: userId, sort_order: last + 1 + index });
    }
    return true;
  });

/** The item's image key, or undefined when the creator has no such item. */
export const findOwnPortfolioItem = (deps: DatabaseDeps, userId: string, id: string) =>
  q.findPortfolioItem(deps.database.db, userId, id);

/** The removed item's image key, or undefined when the creator has no such item. */
export const removePortfolioItem = (deps: DatabaseDeps, userId: string, id: string) =>
  q.deletePortfolioItem(deps.database.db, userId, id);

/** Puts the portfolio in the given order, all or nothing. */
export const reorderOwnPortfolio = (deps: DatabaseDeps, userId: string, ids: string[]) =>
  deps.database.db.transaction().execute((trx) => q.reorderPortfolio(trx, userId, ids));
