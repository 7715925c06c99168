import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminReviewsResponse } from "../../../contracts/reviews.ts";
import { REPLY_ALREADY_POSTED, REPLY_NOT_ALLOWED } from "../../../contracts/reviews.ts";
import { createAdmin } from "../../test/accounts.ts";
import {
  completedBooking,
  errorOf,
  publicProfile,
  type ReviewWorld,
  reply,
  reviewsOf,
  submit,
} from "../../test/reviews.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// The creator's one reply and staff moderation: what the profile and its stats show.

const COMPLETED = new Date("2030-11-23T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let clock = COMPLETED;
let app: TestApp;
let w: ReviewWorld;
let staff: { userId: string; cookie: string };

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
  staff = await createAdmin(app);
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = new Date(COMPLETED.getTime() + DAY);
  w = await completedBooking(app, COMPLETED);
});

/** Both sides review: both publish. Answers the client's review id. */
async function bothReviewed(clientRating = 2) {
  await submit(app, w.client.cookie, w.bookingId, { rating: clientRating, comment: "Late" });
  await submit(app, w.creator.cookie, w.bookingId, { rating: 5, comment: "Great client" });
  return (await reviewsOf(app, w.creator, w.bookingId)).theirs!.id;
}

const hide = (id: string, body: unknown, cookie: string | undefined = staff.cookie) =>
  app.fetch(`/api/admin/reviews/${id}/hide`, jsonRequest("POST", body, cookie));
const unhide = (id: string, cookie: string | undefined = staff.cookie) =>
  app.fetch(`/api/admin/reviews/${id}/unhide`, jsonRequest("POST", {}, cookie));
const staffList = async (query: string) => {
  const response = await app.fetch(`/api/admin/reviews?${query}`, {
    headers: { cookie: staff.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminReviewsResponse;
};

describe("the creator's reply", () => {
  it("is allowed once, by the creator, to the client's published review", async () => {
    await submit(app, w.client.cookie, w.bookingId);
    const blind = await reply(app, w.creator.cookie, w.bookingId, "Thanks!");
    expect(blind.status).toBe(409);
    expect(await errorOf(blind)).toBe(REPLY_NOT_ALLOWED);
    await submit(app, w.creator.cookie, w.bookingId);
    expect((await reply(app, w.client.cookie, w.bookingId, "Me too")).status).toBe(409);
    expect((await reply(app, w.stranger.cookie, w.bookingId, "Hi")).status).toBe(404);
    expect((await reply(app, undefined, w.bookingId, "Hi")).status).toBe(401);
    expect((await reply(app, w.creator.cookie, w.bookingId, "Thanks, Jamie!")).status).toBe(201);
    expect((await reply(app, w.creator.cookie, w.bookingId, "Thanks, Jamie!")).status).toBe(200);
    const again = await reply(app, w.creator.cookie, w.bookingId, "Edited");
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(REPLY_ALREADY_POSTED);
    const clientView = await reviewsOf(app, w.client, w.bookingId);
    expect(clientView.mine?.reply?.text).toBe("Thanks, Jamie!");
    const profile = await publicProfile(app, w.creatorId);
    expect(profile.reviews[0]?.reply).toEqual({
      text: "Thanks, Jamie!",
      date: clock.toISOString(),
    });
  });
});

describe("staff moderation", () => {
  it("hides a review with a reason: it leaves the profile and its stats, with an audit row", async () => {
    const reviewId = await bothReviewed(2);
    expect(await publicProfile(app, w.creatorId)).toMatchObject({ reviewCount: 1, rating: 2 });
    expect((await hide(reviewId, { reason: " " })).status).toBe(400);
    const hidden = await hide(reviewId, { reason: "Personal details in the text" });
    expect(hidden.status).toBe(200);
    expect((await hidden.json()) as unknown).toMatchObject({
      review: { id: reviewId, hidden: true, hiddenReason: "Personal details in the text" },
    });
    expect((await hide(reviewId, { reason: "Again" })).status).toBe(409);
    const profile = await publicProfile(app, w.creatorId);
    expect(profile).toMatchObject({ reviewCount: 0, rating: 0, reviews: [] });
    // The creator no longer reads its text; its author still does, marked hidden.
    const creatorView = await reviewsOf(app, w.creator, w.bookingId);
    expect(creatorView.theirs).toMatchObject({ hidden: true, comment: "" });
    expect((await reviewsOf(app, w.client, w.bookingId)).mine).toMatchObject({
      hidden: true,
      comment: "Late",
    });
    expect((await reply(app, w.creator.cookie, w.bookingId, "Hm")).status).toBe(409);

    expect((await unhide(reviewId)).status).toBe(200);
    expect((await unhide(reviewId)).status).toBe(409);
    expect(await publicProfile(app, w.creatorId)).toMatchObject({ reviewCount: 1, rating: 2 });
    const audit = await app.database.db
      .selectFrom("staff_audit_log")
      .select(["actor_user_id", "action", "target_type", "reason"])
      .where("target_id", "=", reviewId)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      {
        actor_user_id: staff.userId,
        action: "review.hide",
        target_type: "review",
        reason: "Personal details in the text",
      },
      { actor_user_id: staff.userId, action: "review.unhide", target_type: "review", reason: null },
    ]);
  });

  it("lists reviews newest first, by state, searched by creator or author", async () => {
    const reviewId = await bothReviewed();
    await hide(reviewId, { reason: "Abusive" });
    const byAuthor = await staffList("q=Jamie%20L");
    expect(byAuthor.reviews.map((r) => r.id)).toContain(reviewId);
    const creatorName = byAuthor.reviews.find((r) => r.id === reviewId)!.creatorName;
    const byCreator = await staffList(`q=${encodeURIComponent(creatorName)}`);
    expect(byCreator.reviews.length).toBeGreaterThanOrEqual(2);
    const hiddenOnes = await staffList("status=hidden");
    expect(hiddenOnes.reviews.every((r) => r.hidden)).toBe(true);
    expect(hiddenOnes.reviews.map((r) => r.id)).toContain(reviewId);
    const published = await staffList("status=published");
    expect(published.reviews.map((r) => r.id)).not.toContain(reviewId);
    const all = await staffList("");
    const times = all.reviews.map((r) => r.submittedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("is for staff only", async () => {
    const reviewId = await bothReviewed();
    for (const cookie of [w.client.cookie, w.creator.cookie]) {
      expect((await hide(reviewId, { reason: "x" }, cookie)).status).toBe(403);
      expect((await unhide(reviewId, cookie)).status).toBe(403);
      const list = await app.fetch("/api/admin/reviews", { headers: { cookie } });
      expect(list.status).toBe(403);
    }
    expect((await hide(reviewId, { reason: "x" }, "")).status).toBe(401);
    expect((await unhide(reviewId, "")).status).toBe(401);
    expect((await app.fetch("/api/admin/reviews")).status).toBe(401);
    expect((await hide(crypto.randomUUID(), { reason: "x" })).status).toBe(404);
  });
});
