import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REVIEWS } from "../../../contracts/constants.ts";
import {
  REVIEW_ALREADY_SUBMITTED,
  REVIEW_NOT_COMPLETED,
  REVIEW_WINDOW_CLOSED,
} from "../../../contracts/reviews.ts";
import { createBooking } from "../../db/factories.ts";
import {
  completedBooking,
  errorOf,
  notificationKinds,
  publicProfile,
  type ReviewWorld,
  reviewsOf,
  submit,
} from "../../test/reviews.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { REVIEW_JOBS } from "./jobs.ts";

// The review window and blind publication over real HTTP with a controllable clock.

// Far from the real date: the cron sweep, run by the queue in real time, must not see it.
const COMPLETED = new Date("2030-11-23T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const CLOSES = new Date(COMPLETED.getTime() + REVIEWS.windowDays * DAY);
let clock = COMPLETED;
let app: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = new Date(COMPLETED.getTime() + DAY);
  w = await completedBooking(app, COMPLETED);
});

describe("the window", () => {
  it("is open until just before 14 days after completion and closed from then on", async () => {
    clock = new Date(CLOSES.getTime() - 1000);
    expect((await reviewsOf(app, w.client, w.bookingId)).state).toBe("open");
    expect((await submit(app, w.client.cookie, w.bookingId)).status).toBe(201);
    clock = CLOSES;
    expect((await reviewsOf(app, w.creator, w.bookingId)).state).toBe("closed");
    const late = await submit(app, w.creator.cookie, w.bookingId);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe(REVIEW_WINDOW_CLOSED);
  });

  it("shows when it closes, and is not open before the booking completes", async () => {
    const view = await reviewsOf(app, w.client, w.bookingId);
    expect(view).toMatchObject({
      role: "client",
      state: "open",
      closesAt: CLOSES.toISOString(),
      mine: null,
      theirs: null,
    });
    const confirmed = await createBooking(app.database.db, {
      creatorProfileId: w.creatorId,
      clientUserId: w.client.userId,
      status: "confirmed",
    });
    expect((await reviewsOf(app, w.client, confirmed.id)).state).toBe("not_completed");
    const early = await submit(app, w.client.cookie, confirmed.id);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe(REVIEW_NOT_COMPLETED);
    // Completed before completion times were kept: the window counts from the session's end.
    const old = await createBooking(app.database.db, {
      creatorProfileId: w.creatorId,
      clientUserId: w.client.userId,
      status: "completed",
      startTime: new Date(clock.getTime() - 15 * DAY),
    });
    expect((await reviewsOf(app, w.client, old.id)).state).toBe("closed");
    expect((await submit(app, w.client.cookie, old.id)).status).toBe(409);
  });
});

describe("blind until both have reviewed", () => {
  it("hides the first review from the other side, third parties and the profile", async () => {
    const first = await submit(app, w.client.cookie, w.bookingId, { rating: 4, comment: "Lovely" });
    expect(first.status).toBe(201);
    const mine = await reviewsOf(app, w.client, w.bookingId);
    expect(mine.state).toBe("waiting");
    expect(mine.mine).toMatchObject({ rating: 4, comment: "Lovely", publishedAt: null });
    expect(mine.mine?.authorName).toBe("Jamie L.");
    const theirs = await reviewsOf(app, w.creator, w.bookingId);
    expect(theirs).toMatchObject({ role: "creator", state: "open", mine: null, theirs: null });
    const stranger = await app.fetch(`/api/bookings/${w.bookingId}/reviews`, {
      headers: { cookie: w.stranger.cookie },
    });
    expect(stranger.status).toBe(404);
    expect((await app.fetch(`/api/bookings/${w.bookingId}/reviews`)).status).toBe(401);
    const profile = await publicProfile(app, w.creatorId);
    expect(profile.reviewCount).toBe(0);
    expect(profile.reviews).toEqual([]);
  });

  it("publishes both in the second submission's transaction and tells both parties", async () => {
    await submit(app, w.client.cookie, w.bookingId, { rating: 4, comment: "Lovely light" });
    clock = new Date(COMPLETED.getTime() + 2 * DAY);
    const second = await submit(app, w.creator.cookie, w.bookingId, {
      rating: 5,
      comment: "On time and kind",
    });
    expect(second.status).toBe(201);
    const creatorView = (await second.json()) as Awaited<ReturnType<typeof reviewsOf>>;
    expect(creatorView.state).toBe("published");
    expect(creatorView.theirs).toMatchObject({ rating: 4, comment: "Lovely light" });
    expect(creatorView.mine?.publishedAt).toBe(clock.toISOString());
    expect(creatorView.theirs?.publishedAt).toBe(clock.toISOString());
    const clientView = await reviewsOf(app, w.client, w.bookingId);
    expect(clientView.theirs).toMatchObject({ rating: 5, comment: "On time and kind" });
    for (const party of [w.client, w.creator])
      expect(await notificationKinds(app, party.userId)).toEqual([
        { kind: "review_published", link: `/bookings/${w.bookingId}/review` },
      ]);
    const profile = await publicProfile(app, w.creatorId);
    expect(profile.reviewCount).toBe(1);
    expect(profile.rating).toBe(4);
    expect(profile.reviews.map((r) => r.comment)).toEqual(["Lovely light"]);
  });

  it("publishes both when the two sides submit at the same moment", async () => {
    const [a, b] = await Promise.all([
      submit(app, w.client.cookie, w.bookingId),
      submit(app, w.creator.cookie, w.bookingId),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const rows = await app.database.db
      .selectFrom("reviews")
      .select("published_at")
      .where("booking_id", "=", w.bookingId)
      .execute();
    expect(rows.map((r) => r.published_at?.toISOString())).toEqual([
      clock.toISOString(),
      clock.toISOString(),
    ]);
  });

  it("publishes what was submitted when the window closes, by the deadline job, once", async () => {
    await submit(app, w.client.cookie, w.bookingId);
    await app.deps.jobs.run(REVIEW_JOBS.publishDue, {}, new Date(CLOSES.getTime() - 60_000));
    clock = new Date(CLOSES.getTime() - 60_000);
    expect((await reviewsOf(app, w.creator, w.bookingId)).theirs).toBeNull();
    await app.deps.jobs.run(REVIEW_JOBS.publishDue, {}, CLOSES);
    await app.deps.jobs.run(REVIEW_JOBS.publishDue, {}, CLOSES);
    clock = CLOSES;
    const creatorView = await reviewsOf(app, w.creator, w.bookingId);
    expect(creatorView.state).toBe("published");
    expect(creatorView.mine).toBeNull();
    expect(creatorView.theirs?.publishedAt).toBe(CLOSES.toISOString());
    expect(await notificationKinds(app, w.creator.userId)).toHaveLength(1);
    expect((await publicProfile(app, w.creatorId)).reviewCount).toBe(1);
  });
});

describe("no edits", () => {
  it("answers a retry with the stored review and refuses a changed one", async () => {
    const body = { rating: 3, comment: "Fine" };
    expect((await submit(app, w.client.cookie, w.bookingId, body)).status).toBe(201);
    const retry = await submit(app, w.client.cookie, w.bookingId, body);
    expect(retry.status).toBe(200);
    const edit = await submit(app, w.client.cookie, w.bookingId, { rating: 5, comment: "Fine" });
    expect(edit.status).toBe(409);
    expect(await errorOf(edit)).toBe(REVIEW_ALREADY_SUBMITTED);
    const rows = await app.database.db
      .selectFrom("reviews")
      .select("rating")
      .where("booking_id", "=", w.bookingId)
      .execute();
    expect(rows).toEqual([{ rating: 3 }]);
  });

  it("refuses bad ratings and reviews from anyone but the two parties", async () => {
    for (const rating of [0, 6, 4.5])
      expect(
        (await submit(app, w.client.cookie, w.bookingId, { rating, comment: "x" })).status,
      ).toBe(400);
    expect(
      (await submit(app, w.client.cookie, w.bookingId, { rating: 5, comment: " " })).status,
    ).toBe(400);
    expect((await submit(app, w.stranger.cookie, w.bookingId)).status).toBe(404);
    expect((await submit(app, undefined, w.bookingId)).status).toBe(401);
    expect((await submit(app, w.client.cookie, crypto.randomUUID())).status).toBe(404);
  });
});
