import { BRAND_NAME } from "./constants.ts";
import { CREATOR_TYPE_LABELS } from "./enums.ts";
import { imageUrl } from "./media.ts";
import type { PublicProfile } from "./profiles.ts";
import { creatorProfilePath } from "./routes.ts";

/** What a page tells search engines and link previews; paths are site-relative. */
export type PageMeta = {
  title: string;
  description: string;
  canonicalPath: string;
  /** Open Graph image. */
  image?: string;
};

/**
 * The head of /p/{id}: the server writes it into the HTML of a direct visit and the web sets it
 * after in-app navigation, so both say the same.
 */
export function creatorPageHead(
  profile: Pick<
    PublicProfile,
    "id" | "name" | "type" | "specialty" | "city" | "rating" | "reviewCount" | "coverKey"
  >,
): PageMeta {
  const where = profile.city ? ` in ${profile.city}` : "";
  const reviews = `${profile.reviewCount} review${profile.reviewCount === 1 ? "" : "s"}`;
  const rating = profile.reviewCount ? ` Rated ${profile.rating.toFixed(1)} from ${reviews}.` : "";
  const type = CREATOR_TYPE_LABELS[profile.type].toLowerCase();
  return {
    title: `${profile.name} Profile | Find a Photographer`,
    description: `${profile.name}, ${type} (${profile.specialty})${where}. View the portfolio and reviews and book on ${BRAND_NAME}.${rating}`,
    canonicalPath: creatorProfilePath(profile.id),
    image: profile.coverKey ? imageUrl(profile.coverKey, "large") : undefined,
  };
}
