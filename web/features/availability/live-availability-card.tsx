// Placeholder until the presence work lands: the Live Availability card.
export function LiveAvailabilityCard() {
  return null;
}
