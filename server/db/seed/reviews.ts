import { clientSignature } from "../../../contracts/reviews.ts";
import type { Db } from "../factories.ts";
import { createReview } from "../factories.ts";
import { seedDemoBooking } from "./bookings.ts";
import type { SeededCreator } from "./creators.ts";

// The demo client's reviews in both states: a session both sides reviewed (published, with
// the creator's reply), and a recent one the client reviewed while Sofia has not yet (blind,
// the window still open: sign in as Sofia to see the form).

const DAY = 24 * 60 * 60 * 1000;

async function completed(
  db: Db,
  creator: SeededCreator,
  clientId: string,
  daysAgo: number,
  eventType: string,
) {
  const booking = await seedDemoBooking(db, {
    creatorProfileId: creator.profile.id,
    clientUserId: clientId,
    startsInMs: -daysAgo * DAY,
    bookedAgoMs: -(daysAgo + 10) * DAY,
    story: "completed",
    hours: 2,
    location: "Miami, FL",
    eventType,
  });
  // The completion transition stamps this; the review window counts from it.
  const completedAt = new Date(booking.end_time.getTime() + DAY);
  await db
    .updateTable("bookings")
    .set({ completed_at: completedAt })
    .where("id", "=", booking.id)
    .execute();
  return { booking, completedAt };
}

export async function seedDemoReviews(
  db: Db,
  client: { id: string; name: string },
  [sofia, marcus]: SeededCreator[],
) {
  if (!sofia || !marcus) return;
  const author = clientSignature(client.name);
  const both = await completed(db, marcus, client.id, 20, "Brand portraits");
  const publishedAt = new Date(both.completedAt.getTime() + 2 * DAY);
  const review = await createReview(db, {
    creatorProfileId: marcus.profile.id,
    bookingId: both.booking.id,
    authorUserId: client.id,
    authorName: author,
    rating: 5,
    comment: "Marcus made our team look natural and confident. The edits came back quickly.",
    createdAt: new Date(both.completedAt.getTime() + DAY),
    publishedAt,
  });
  await createReview(db, {
    creatorProfileId: marcus.profile.id,
    bookingId: both.booking.id,
    authorUserId: marcus.user.id,
    authorName: marcus.demo.name,
    subjectUserId: client.id,
    rating: 5,
    comment: "Jamie came prepared with a shot list and everyone was on time. A pleasure.",
    createdAt: publishedAt,
    publishedAt,
  });
  await db
    .updateTable("reviews")
    .set({ reply: "Thank you, Jamie! Great energy from the whole team.", replied_at: publishedAt })
    .where("id", "=", review.id)
    .execute();

  const blind = await completed(db, sofia, client.id, 3, "Family beach session");
  await createReview(db, {
    creatorProfileId: sofia.profile.id,
    bookingId: blind.booking.id,
    authorUserId: client.id,
    authorName: author,
    rating: 5,
    comment: "Sofia was wonderful with the kids and found the best light on the beach.",
    createdAt: new Date(blind.completedAt.getTime() + 12 * 60 * 60 * 1000),
    publishedAt: null,
  });
}
