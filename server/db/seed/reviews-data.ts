import type { CreatorType } from "../../../contracts/enums.ts";
import type { Random } from "./random.ts";

// Review texts by rating and creator type, and the clients who wrote them.

export const REVIEWER_NAMES = [
  "Jessica M.",
  "Robert K.",
  "Ana G.",
  "Michael T.",
  "Brittany S.",
  "Jose L.",
  "Lauren P.",
  "Chris W.",
  "Daniela R.",
  "Kevin H.",
  "Samantha B.",
  "Alex F.",
  "Monica V.",
  "Tom D.",
  "Rachel C.",
  "Omar A.",
  "Stephanie N.",
  "Victor E.",
  "Melissa J.",
  "Andrew Y.",
];

const FIVE: Record<CreatorType, string[]> = {
  photographer: [
    "Absolutely stunning photos! {first} made us feel so comfortable and the gallery came back in a week.",
    "Our wedding photos are beyond what we imagined. Professional, calm and incredibly creative.",
    "{first} found light we didn't know existed on our street. Best headshots I've ever had.",
    "Punctual, prepared and so easy to work with. The family portraits are now all over our walls.",
    "We booked a sunset session on the beach and every single shot is a keeper. Highly recommend!",
  ],
  videographer: [
    "The highlight film made our whole family cry. {first} captured every moment without being in the way.",
    "Fast turnaround, gorgeous colour grading and great audio. Our launch video looks like a commercial.",
    "{first} filmed our event from start to finish and the edit was perfect for social media.",
    "Incredible drone shots of the property. Our listing got twice the usual views.",
  ],
  "content creator": [
    "Our Instagram engagement doubled after {first}'s content day. Reels were on-brand and on time.",
    "{first} understood our restaurant's vibe instantly. The food shots and stories are amazing.",
    "Creative ideas, quick edits and very organised. We've already booked the next month.",
    "Super professional and fun to work with. The product photos look great on our online store.",
  ],
};

const FOUR = [
  "Great experience overall. Photos were lovely; delivery took a few days longer than promised.",
  "Very talented and friendly. A couple of shots were a bit dark, but {first} fixed them quickly.",
  "Solid work and good communication. Would book again for our next event.",
  "Really happy with the results. Parking at the venue was tricky, but {first} handled it well.",
  "Beautiful edits and a relaxed session. I'd have liked a few more candid shots.",
];

const THREE = [
  "Good quality work, but {first} arrived 20 minutes late and we lost the best light.",
  "The final edits were nice, though communication before the shoot could have been better.",
  "Decent session. Some images were great, others felt rushed.",
];

/** Mostly fives, some fours, a few threes: the spread of a real marketplace. */
export function demoReview(type: CreatorType, creatorName: string, random: Random) {
  const roll = random.next();
  const rating = roll < 0.62 ? 5 : roll < 0.9 ? 4 : 3;
  const pool = rating === 5 ? FIVE[type] : rating === 4 ? FOUR : THREE;
  const first = creatorName.split(" ")[0] ?? creatorName;
  return { rating, comment: random.pick(pool).replaceAll("{first}", first) };
}

export const EVENT_TYPES: Record<CreatorType, string[]> = {
  photographer: [
    "Wedding",
    "Family portraits",
    "Headshots",
    "Engagement session",
    "Birthday party",
  ],
  videographer: [
    "Wedding film",
    "Corporate event",
    "Real estate tour",
    "Music video",
    "Quinceañera",
  ],
  "content creator": [
    "Restaurant content day",
    "Product launch",
    "Brand reels",
    "Hotel social content",
  ],
};
