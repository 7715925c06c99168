// The server's feature folders in layers, top to bottom (ARCHITECTURE.md draws them). A folder
// imports only folders of its own layer or below — never one above — and no two import each
// other in a circle; a lower domain learns what happens above it through handlers the upper
// one registers at start-up (server/domain-wiring.ts). A new feature folder must be placed
// here, or layers.unit.test.ts fails.
export const LAYERS: readonly (readonly string[])[] = [
  /** The staff back office: reads across the house. */
  ["admin"],
  /** What happens around and after a booking. */
  ["hail", "payouts", "delivery", "reviews", "messaging", "onboarding", "calendars"],
  /** Finding and booking creators; becoming one. */
  ["bookings", "search", "applications", "profile-setup"],
  /** Money and time. */
  ["payments", "availability"],
  /** Who people are, what they are told, and the event stream. */
  ["profiles", "notifications", "accounts", "staff", "events", "health"],
];

export function layerOf(feature: string): number | undefined {
  const index = LAYERS.findIndex((layer) => layer.includes(feature));
  return index < 0 ? undefined : index;
}
