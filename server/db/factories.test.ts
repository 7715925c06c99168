import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceBooking } from "../../contracts/booking-pricing.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import {
  createAdmin,
  createApplication,
  createBooking,
  createCreator,
  createPortfolioItem,
  createReview,
  createUser,
} from "./factories.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const db = () => app.database.db;

async function profile(id: string) {
  return db()
    .selectFrom("photographer_profiles")
    .select(["rating_avg", "review_count", "jobs_completed"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("factories", () => {
  it("creates a verified user with a password Better Auth accepts", async () => {
    const user = await createUser(db(), { password: "correct horse battery", name: "Ana" });
    expect(user.emailVerified).toBe(true);
    const account = await db()
      .selectFrom("account")
      .selectAll()
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ providerId: "credential", accountId: user.id });
    expect(account.password).toMatch(/^\$argon2id\$/);
    const signIn = (password: string) =>
      app.fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password }),
      });
    expect((await signIn("correct horse battery")).status).toBe(200);
    expect((await signIn("wrong password!")).status).toBe(401);
  });

  it("gives every user a unique email and skips the account without a password", async () => {
    const a = await createUser(db());
    const b = await createUser(db(), { emailVerified: false });
    expect(a.email).not.toBe(b.email);
    expect(b.emailVerified).toBe(false);
    const accounts = await db()
      .selectFrom("account")
      .where("userId", "=", a.id)
      .selectAll()
      .execute();
    expect(accounts).toHaveLength(0);
  });

  it("creates a listed creator whose live position is set only when available now", async () => {
    const idle = await createCreator(db(), { type: "videographer", lat: 26.1224, lng: -80.1373 });
    expect(idle.profile).toMatchObject({
      creator_type: "videographer",
      base_lat: 26.1224,
      base_lng: -80.1373,
      travel_lat: null,
      travel_lng: null,
      available_now: false,
      is_published: true,
      approved: true,
      is_complete: true,
    });
    expect(idle.profile.specialties).toContain("Videography");
    expect(idle.user.signedUpAs).toBe("creator");
    const live = await createCreator(db(), {
      availableNow: true,
      travelLat: 25.8,
      travelLng: -80.2,
    });
    expect(live.profile).toMatchObject({
      available_now: true,
      travel_lat: 25.8,
      travel_lng: -80.2,
    });
    const hidden = await createCreator(db(), { published: false, approved: false });
    expect(hidden.profile).toMatchObject({ is_published: false, approved: false });
  });

  it("creates an admin with an admin_users row", async () => {
    const admin = await createAdmin(db(), { password: "admin password 1" });
    const row = await db()
      .selectFrom("admin_users")
      .selectAll()
      .where("user_id", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "super_admin", is_active: true });
  });

  it("keeps rating_avg and review_count right as reviews come and go", async () => {
    const { profile: creator } = await createCreator(db());
    expect(await profile(creator.id)).toEqual({
      rating_avg: 0,
      review_count: 0,
      jobs_completed: 0,
    });
    await createReview(db(), { creatorProfileId: creator.id, rating: 5 });
    const four = await createReview(db(), { creatorProfileId: creator.id, rating: 4 });
    await createReview(db(), { creatorProfileId: creator.id, rating: 4 });
    expect(await profile(creator.id)).toMatchObject({ rating_avg: 4.33, review_count: 3 });
    await db().updateTable("reviews").set({ rating: 1 }).where("id", "=", four.id).execute();
    expect(await profile(creator.id)).toMatchObject({ rating_avg: 3.33, review_count: 3 });
    await db().deleteFrom("reviews").where("creator_profile_id", "=", creator.id).execute();
    expect(await profile(creator.id)).toMatchObject({ rating_avg: 0, review_count: 0 });
  });

  it("counts completed bookings in jobs_completed, priced from the creator's rate", async () => {
    const { profile: creator } = await createCreator(db(), { hourlyRateCents: 12_000 });
    const first = await createBooking(db(), { creatorProfileId: creator.id, hours: 3 });
    const second = await createBooking(db(), { creatorProfileId: creator.id, status: "completed" });
    expect(first).toMatchObject({
      status: "pending",
      hourly_rate_cents: 12_000,
      subtotal_cents: 36_000,
      fee_cents: 1_800,
      total_amount_cents: 37_800,
      deposit_amount_cents: 10_800,
      remainder_cents: 27_000,
      duration_minutes: 180,
    });
    expect(priceBooking(12_000, 3).totalCents).toBe(37_800);
    expect((await profile(creator.id)).jobs_completed).toBe(1);
    await db()
      .updateTable("bookings")
      .set({ status: "completed" })
      .where("id", "=", first.id)
      .execute();
    expect((await profile(creator.id)).jobs_completed).toBe(2);
    await db().deleteFrom("bookings").where("id", "=", second.id).execute();
    expect((await profile(creator.id)).jobs_completed).toBe(1);
  });

  it("rewrites the creator's row only when a booking enters or leaves 'completed'", async () => {
    const { profile: creator } = await createCreator(db());
    const booking = await createBooking(db(), {
      creatorProfileId: creator.id,
      status: "pending_payment",
    });
    // xmin changes whenever the row is written, even with the same values.
    const version = async () =>
      (
        await sql<{ v: string }>`select xmin::text as v from photographer_profiles
          where id = ${creator.id}`.execute(db())
      ).rows[0]!.v;
    const setStatus = (status: "pending" | "confirmed" | "completed" | "cancelled") =>
      db().updateTable("bookings").set({ status }).where("id", "=", booking.id).execute();
    const before = await version();
    await setStatus("pending");
    await setStatus("confirmed");
    expect(await version()).toBe(before);
    await setStatus("completed");
    expect((await profile(creator.id)).jobs_completed).toBe(1);
    await setStatus("cancelled");
    expect((await profile(creator.id)).jobs_completed).toBe(0);
  });

  it("creates portfolio items in order", async () => {
    const { user } = await createCreator(db());
    const item = await createPortfolioItem(db(), {
      userId: user.id,
      imagePath: `public/portfolio/${user.id}/x`,
      sortOrder: 3,
      caption: "Sunset",
    });
    expect(item).toMatchObject({
      user_id: user.id,
      sort_order: 3,
      caption: "Sunset",
      like_count: 0,
    });
  });

  it("creates applications in every status with matching decision times", async () => {
    const pending = await createApplication(db());
    expect(pending).toMatchObject({ status: "pending", reviewed_at: null, decided_at: null });
    const denied = await createApplication(db(), { status: "denied", full_name: "Dee Nied" });
    expect(denied.full_name).toBe("Dee Nied");
    expect(denied.decided_at).toBeInstanceOf(Date);
    expect(denied.denial_reason).toBeTruthy();
    const converted = await createApplication(db(), { status: "converted" });
    expect(converted.converted_at).toBeInstanceOf(Date);
    const review = await createApplication(db(), { status: "under_review" });
    expect(review.reviewed_at).toBeInstanceOf(Date);
    expect(review.decided_at).toBeNull();
  });
});
