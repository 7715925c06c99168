import { beforeAll, describe, expect, it } from "vitest";
import { schemaOrgErrors } from "../server/test/schema-org.ts";
import type { PublicProfile } from "./profiles.ts";
import { creatorStructuredData } from "./structured-data.ts";

const ORIGIN = "https://shutterhail.example";
const profile: PublicProfile = {
  id: "7b0c3a52-6a5e-4bde-9a55-2f7f0e9d2b11",
  name: "Sofia Reyes",
  specialty: "Wedding",
  specialties: ["Wedding", "Portrait"],
  type: "photographer",
  city: "Miami, FL",
  avatarKey: "public/avatars/sofia",
  coverKey: "public/portfolio/sofia/00",
  rating: 4.86,
  reviewCount: 2,
  hourlyRateCents: 15_050,
  availableNow: false,
  bio: "Light and natural.",
  jobsCompleted: 12,
  portfolioCount: 3,
  gallery: [],
  reviews: [
    {
      id: "r1",
      author: "Mia",
      rating: 5,
      comment: "Wonderful",
      date: "2026-10-01T15:00:00.000Z",
      reply: null,
    },
    {
      id: "r2",
      author: "Leo",
      rating: 4,
      comment: "Great",
      date: "2026-09-12T10:00:00.000Z",
      reply: null,
    },
  ],
};

const full = creatorStructuredData(profile, ORIGIN);
const bare = creatorStructuredData(
  {
    ...profile,
    city: null,
    coverKey: null,
    avatarKey: null,
    reviewCount: 0,
    reviews: [],
    hourlyRateCents: null,
    bio: null,
  },
  ORIGIN,
);
const broken: [unknown, string][] = [
  // LocalBusiness has no `offers` (Product, Service, Event… have).
  [{ ...full, offers: { "@type": "Offer" } }, "LocalBusiness"],
  // An aggregate rating is an AggregateRating, not a Review.
  [{ ...full, aggregateRating: { "@type": "Review", reviewBody: "x" } }, "LocalBusiness"],
  [{ ...full, "@type": "Photographer" }, "LocalBusiness"],
  [{ ...full, makesOffer: { "@type": "Offer", priceCurrency: 840 } }, "LocalBusiness"],
];

// One compiler run checks every document (a few seconds: schema-dts is the whole vocabulary).
let errors: string[][] = [];
beforeAll(async () => {
  errors = await schemaOrgErrors([[full, "LocalBusiness"], [bare, "LocalBusiness"], ...broken]);
}, 120_000);

describe("a creator's structured data", () => {
  it("is a schema.org LocalBusiness with its rating, reviews and hourly rate", () => {
    expect(errors[0]).toEqual([]);
    expect(full).toMatchObject({
      "@type": "LocalBusiness",
      url: `${ORIGIN}/p/${profile.id}`,
      image: `${ORIGIN}/media/public/portfolio/sofia/00/large.webp`,
      address: { addressLocality: "Miami", addressRegion: "FL", addressCountry: "US" },
      aggregateRating: { ratingValue: 4.9, reviewCount: 2, bestRating: 5, worstRating: 1 },
      makesOffer: {
        priceSpecification: { price: 150.5, priceCurrency: "USD", unitCode: "HUR" },
      },
    });
    expect(full).toHaveProperty("review.1.reviewRating.ratingValue", 4);
    expect(full).toHaveProperty("review.0.datePublished", "2026-10-01");
  });

  it("leaves out what a new creator does not have yet, and stays valid", () => {
    expect(errors[1]).toEqual([]);
    for (const key of ["address", "image", "aggregateRating", "review", "makesOffer"]) {
      expect(bare).not.toHaveProperty(key);
    }
    expect(bare.description).toBe("Sofia Reyes, photographer (Wedding).");
  });

  it("refuses what schema.org does not define (the check can fail)", () => {
    expect(errors).toHaveLength(2 + broken.length);
    for (const documentErrors of errors.slice(2)) expect(documentErrors).not.toEqual([]);
  });
});
