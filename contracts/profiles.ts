import { z } from "zod";
import { idParam } from "./common.ts";
import { CREATOR_TYPE_LABELS, CREATOR_TYPES, type CreatorType } from "./enums.ts";

export const COMMENT_MAX_LENGTH = 1000;
export const PROFILE_REVIEWS_SHOWN = 20;
export const DEFAULT_CREATOR_NAME = "Photographer";

/** The specialty a card or page leads with: the first listed, else the creator's type. */
export function primarySpecialty(specialties: readonly string[], type: CreatorType): string {
  return specialties[0] ?? CREATOR_TYPE_LABELS[type];
}

export const ZCreatorIdParam = idParam("Creator not found");
export const ZItemIdParam = z.object({ itemId: z.uuid("Portfolio item not found") });

export const ZReview = z.object({
  id: z.string(),
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  date: z.string(),
  /** The creator's one public reply. */
  reply: z.object({ text: z.string(), date: z.string() }).nullable(),
});
export type Review = z.infer<typeof ZReview>;

export const ZGalleryImage = z.object({
  id: z.string(),
  imageKey: z.string(),
  caption: z.string().nullable(),
});

/** The fields a creator's search card and public profile both carry. */
export const creatorSummaryShape = {
  id: z.string(),
  name: z.string(),
  specialty: z.string(),
  specialties: z.array(z.string()),
  type: z.enum(CREATOR_TYPES),
  city: z.string().nullable(),
  avatarKey: z.string().nullable(),
  coverKey: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  hourlyRateCents: z.number().int().nullable(),
  availableNow: z.boolean(),
};

export const ZPublicProfile = z.object({
  ...creatorSummaryShape,
  bio: z.string().nullable(),
  jobsCompleted: z.number().int(),
  portfolioCount: z.number().int(),
  /** The first GALLERY_MAX_IMAGES images, for the 'View full gallery' dialog. */
  gallery: z.array(ZGalleryImage),
  reviews: z.array(ZReview),
});
export type PublicProfile = z.infer<typeof ZPublicProfile>;
export const publicProfileApiPath = (id: string) => `/creators/${id}`;

export const ZPortfolioQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** One portfolio image: what profile setup lists and what the public portfolio builds on. */
export const ZPortfolioItem = z.object({
  id: z.uuid(),
  imageKey: z.string(),
  caption: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type PortfolioItem = z.infer<typeof ZPortfolioItem>;

/** A portfolio image on the public profile, with its likes and comments. */
export const ZPublicPortfolioItem = ZPortfolioItem.extend({
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  commentCount: z.number().int(),
});
export type PublicPortfolioItem = z.infer<typeof ZPublicPortfolioItem>;

export const ZPortfolioPage = z.object({
  items: z.array(ZPublicPortfolioItem),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type PortfolioPage = z.infer<typeof ZPortfolioPage>;

export const ZLikeState = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof ZLikeState>;

export const ZComment = z.object({
  id: z.string(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof ZComment>;

export const ZCommentList = z.object({ items: z.array(ZComment) });

export const ZAddCommentRequest = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write a comment first")
    .max(COMMENT_MAX_LENGTH, `Comments are at most ${COMMENT_MAX_LENGTH} characters`),
});
export type AddCommentRequest = z.infer<typeof ZAddCommentRequest>;
