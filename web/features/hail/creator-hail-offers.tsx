// Placeholder until the hail work lands: incoming hails for an online creator, on every page.
export default function CreatorHailOffers() {
  return null;
}
