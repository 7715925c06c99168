import type { LocalBusiness, Review as SchemaReview, WithContext } from "schema-dts";
import { CREATOR_TYPE_LABELS } from "./enums.ts";
import { imageUrl } from "./media.ts";
import type { PublicProfile } from "./profiles.ts";
import { creatorProfilePath } from "./routes.ts";

/** The type a search engine is told each profile is (docs/seo.md). */
export type CreatorStructuredData = Exclude<WithContext<LocalBusiness>, string>;

const RATING_SCALE = { bestRating: 5, worstRating: 1 } as const;

/** "Miami, FL" → locality and region; anything else is the locality alone. */
function postalAddress(city: string) {
  const [locality, region] = city.split(",").map((part) => part.trim());
  return {
    "@type": "PostalAddress" as const,
    addressLocality: locality,
    ...(region ? { addressRegion: region } : {}),
    addressCountry: "US",
  };
}

function review(r: PublicProfile["reviews"][number]): SchemaReview {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: r.author },
    reviewRating: { "@type": "Rating", ratingValue: r.rating, ...RATING_SCALE },
    reviewBody: r.comment,
    datePublished: r.date.slice(0, 10),
  };
}

/**
 * schema.org JSON-LD for a creator's public page: a LocalBusiness (a photographer works where the
 * client is, in a city) with its rating, the reviews the page shows, and the hourly rate as an
 * Offer. schema.org gives LocalBusiness no `offers` property; `makesOffer` is its own word for
 * what a business offers. The return type is schema-dts's, so a property schema.org does not
 * define on these types fails the typecheck; profiles' structured-data test checks the served
 * JSON-LD against the same types.
 */
export function creatorStructuredData(
  profile: PublicProfile,
  origin: string,
): CreatorStructuredData {
  const url = `${origin}${creatorProfilePath(profile.id)}`;
  const type = CREATOR_TYPE_LABELS[profile.type];
  const imageKey = profile.coverKey ?? profile.avatarKey;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${url}#business`,
    name: profile.name,
    url,
    description:
      profile.bio?.trim() || `${profile.name}, ${type.toLowerCase()} (${profile.specialty}).`,
    ...(imageKey ? { image: `${origin}${imageUrl(imageKey, "large")}` } : {}),
    ...(profile.city ? { address: postalAddress(profile.city) } : {}),
    knowsAbout: profile.specialties.length ? profile.specialties : [profile.specialty],
    ...(profile.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Math.round(profile.rating * 10) / 10,
            reviewCount: profile.reviewCount,
            ...RATING_SCALE,
          },
          review: profile.reviews.map(review),
        }
      : {}),
    ...(profile.hourlyRateCents
      ? {
          makesOffer: {
            "@type": "Offer",
            url,
            priceCurrency: "USD",
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: profile.hourlyRateCents / 100,
              priceCurrency: "USD",
              unitCode: "HUR",
              unitText: "hour",
            },
            itemOffered: {
              "@type": "Service",
              name: `${type} session`,
              serviceType: profile.specialty,
            },
          },
        }
      : {}),
  };
}
