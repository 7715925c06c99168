import type { PublicProfile } from "../../contracts/profiles.ts";
import type { CreatorCard, MapCreator } from "../../contracts/search.ts";

// Shared by the search, map and profile component tests: creators in the contracts' shapes.

export const MAYA_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
export const LEO_ID = "0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a";

export function creatorCard(overrides: Partial<CreatorCard> = {}): CreatorCard {
  return {
    id: MAYA_ID,
    name: "Maya Chen",
    specialty: "Wedding",
    specialties: ["Wedding", "Portrait"],
    type: "photographer",
    city: "Miami Beach",
    avatarKey: null,
    coverKey: null,
    rating: 4.9,
    reviewCount: 12,
    hourlyRateCents: 15_000,
    availableNow: false,
    distanceMiles: 1.24,
    ...overrides,
  };
}

export function mapCreator(overrides: Partial<MapCreator> = {}): MapCreator {
  return {
    id: MAYA_ID,
    name: "Maya Chen",
    specialties: ["Wedding", "Portrait"],
    type: "photographer",
    avatarKey: null,
    lat: 25.79,
    lng: -80.13,
    availableNow: true,
    liveTracked: true,
    rating: 4.9,
    reviewCount: 12,
    distanceBand: "Under 1 mi",
    ...overrides,
  };
}

export function publicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  const { distanceMiles: _, ...summary } = creatorCard();
  return {
    ...summary,
    city: "Brooklyn, NY",
    bio: "I photograph weddings the way they felt.",
    jobsCompleted: 40,
    portfolioCount: 0,
    gallery: [],
    reviews: [],
    ...overrides,
  };
}
