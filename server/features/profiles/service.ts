import type { Kysely } from "kysely";
import { PORTFOLIO_PAGE_SIZE } from "../../../contracts/constants.ts";
import { imageSrcSet, PROFILE_COVER_SIZES } from "../../../contracts/media.ts";
import { creatorPageHead } from "../../../contracts/page-head.ts";
import {
  type Comment,
  type LikeState,
  type PortfolioPage,
  type PublicProfile,
  primarySpecialty,
  publicProfileApiPath,
  ZCreatorIdParam,
} from "../../../contracts/profiles.ts";
import { creatorStructuredData } from "../../../contracts/structured-data.ts";
import type { DB } from "../../db/schema.ts";
import type { DatabaseDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import type { PageHead } from "../../platform/web-app.ts";
import {
  countListed,
  countPortfolio,
  findComments,
  findGallery,
  findListedItem,
  findListedProfile,
  findPortfolioPage,
  findReviews,
  insertComment,
  type ListedProfile,
  setLike,
} from "./queries.ts";

const NOT_FOUND = "Creator not found";

async function requireListed(db: Kysely<DB>, id: string): Promise<ListedProfile> {
  const profile = await findListedProfile(db, id);
  if (!profile) throw new AppError("not_found", NOT_FOUND);
  return profile;
}

export async function getPublicProfile(deps: DatabaseDeps, id: string): Promise<PublicProfile> {
  const profile = await findPublicProfile(deps.database.db, id);
  if (!profile) throw new AppError("not_found", NOT_FOUND);
  return profile;
}

async function findPublicProfile(db: Kysely<DB>, id: string): Promise<PublicProfile | null> {
  const profile = await findListedProfile(db, id);
  if (!profile) return null;
  const [gallery, portfolioCount, reviews] = await Promise.all([
    findGallery(db, profile.userId),
    countPortfolio(db, profile.userId),
    findReviews(db, profile.id),
  ]);
  const { userId: _userId, ...rest } = profile;
  return {
    ...rest,
    specialty: primarySpecialty(profile.specialties, profile.type),
    coverKey: gallery[0]?.imageKey ?? null,
    portfolioCount,
    gallery,
    reviews,
  };
}

export async function getPortfolioPage(
  deps: DatabaseDeps,
  id: string,
  page: number,
  viewerId: string | null,
): Promise<PortfolioPage> {
  const db = deps.database.db;
  const profile = await requireListed(db, id);
  const total = await countPortfolio(db, profile.userId);
  const pageCount = Math.max(1, Math.ceil(total / PORTFOLIO_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  return {
    items: await findPortfolioPage(db, profile.userId, current, viewerId),
    page: current,
    pageCount,
    total,
  };
}

async function requireItem(db: Kysely<DB>, itemId: string) {
  const item = await findListedItem(db, itemId);
  if (!item) throw new AppError("not_found", "Portfolio item not found");
  return item;
}

export async function setItemLike(
  deps: DatabaseDeps,
  itemId: string,
  userId: string,
  liked: boolean,
): Promise<LikeState> {
  const db = deps.database.db;
  await requireItem(db, itemId);
  return { liked, likeCount: await setLike(db, itemId, userId, liked) };
}

export async function listComments(deps: DatabaseDeps, itemId: string): Promise<Comment[]> {
  const db = deps.database.db;
  await requireItem(db, itemId);
  return findComments(db, itemId);
}

export async function addComment(deps: DatabaseDeps, itemId: string, userId: string, body: string) {
  const db = deps.database.db;
  await requireItem(db, itemId);
  return insertComment(db, itemId, userId, body);
}

/**
 * What search engines and link previews see for /p/{id}, with the profile itself for the web to
 * show; null (→ 404) unless listed.
 */
export async function profileHead(
  deps: DatabaseDeps,
  id: string,
  origin: string,
): Promise<PageHead | null> {
  if (!ZCreatorIdParam.safeParse({ id }).success) return null;
  const profile = await findPublicProfile(deps.database.db, id);
  if (!profile) return null;
  const cover = profile.coverKey;
  return {
    ...creatorPageHead(profile),
    preloadImage: cover ? { srcSet: imageSrcSet(cover), sizes: PROFILE_COVER_SIZES } : undefined,
    initialApiData: { [publicProfileApiPath(profile.id)]: profile },
    structuredData: creatorStructuredData(profile, origin),
  };
}

/** How many creators are listed (staff overview). */
export async function countListedCreators(deps: DatabaseDeps): Promise<number> {
  return countListed(deps.database.db);
}
