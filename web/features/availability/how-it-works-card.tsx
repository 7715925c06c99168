// Placeholder until the presence work lands: the How It Works card.
export function AvailabilityHowItWorks() {
  return null;
}
