import type { PublicProfile } from "../../contracts/profiles.ts";
import type { BookingReviews } from "../../contracts/reviews.ts";
import { createBooking } from "../db/factories.ts";
import { createVerifiedUser } from "./accounts.ts";
import { bookingParties, type Party } from "./bookings.ts";
import { jsonRequest } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

// Review journeys over real HTTP: a completed booking between a client and a creator.

export type ReviewWorld = {
  bookingId: string;
  creatorId: string;
  client: Party;
  creator: Party;
  stranger: Party;
};

/** A booking that completed at `completedAt` (as the completion transition leaves it). */
export async function completedBooking(app: TestApp, completedAt: Date): Promise<ReviewWorld> {
  const { creatorId, creator, client } = await bookingParties(app);
  const db = app.database.db;
  await db.updateTable("user").set({ name: "Jamie Lee" }).where("id", "=", client.userId).execute();
  const booking = await createBooking(db, {
    creatorProfileId: creatorId,
    clientUserId: client.userId,
    startTime: new Date(completedAt.getTime() - 26 * 60 * 60 * 1000),
    status: "completed",
    eventType: "Engagement session",
  });
  await db
    .updateTable("bookings")
    .set({ completed_at: completedAt })
    .where("id", "=", booking.id)
    .execute();
  const other = await createVerifiedUser(app);
  const stranger = { userId: other.userId, email: other.email, cookie: other.cookie };
  return { bookingId: booking.id, creatorId, client, creator, stranger };
}

export function submit(
  app: TestApp,
  cookie: string | undefined,
  bookingId: string,
  body: unknown = { rating: 5, comment: "Wonderful to work with." },
) {
  return app.fetch(`/api/bookings/${bookingId}/reviews`, jsonRequest("POST", body, cookie));
}

export function reply(app: TestApp, cookie: string | undefined, bookingId: string, text: string) {
  return app.fetch(
    `/api/bookings/${bookingId}/reviews/reply`,
    jsonRequest("POST", { text }, cookie),
  );
}

export async function reviewsOf(app: TestApp, party: Party, bookingId: string) {
  const response = await app.fetch(`/api/bookings/${bookingId}/reviews`, {
    headers: { cookie: party.cookie },
  });
  if (response.status !== 200) throw new Error(`read failed: ${response.status}`);
  return (await response.json()) as BookingReviews;
}

export async function publicProfile(app: TestApp, creatorId: string) {
  const response = await app.fetch(`/api/creators/${creatorId}`);
  if (response.status !== 200) throw new Error(`profile failed: ${response.status}`);
  return (await response.json()) as PublicProfile;
}

export async function notificationKinds(app: TestApp, userId: string) {
  const rows = await app.database.db
    .selectFrom("notifications")
    .select(["kind", "link"])
    .where("user_id", "=", userId)
    .execute();
  return rows.filter((r) => r.kind === "review_published");
}

/** The message of an error response. */
export const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;
