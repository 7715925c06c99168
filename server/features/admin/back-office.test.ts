import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentOf } from "../../../contracts/booking-pricing.ts";
import { createApplication, createBooking, createCreator } from "../../db/factories.ts";
import { ACCOUNT_DEACTIVATED_MESSAGE } from "../../platform/auth.ts";
import { createAdmin, createVerifiedUser, jsonInit, TEST_PASSWORD } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { writeCompletionLines } from "../payouts/booking-lines.ts";
import { recordStaffAction } from "../staff/audit.ts";

const NOW = new Date("2026-03-18T12:00:00Z"); // a Wednesday
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => NOW });
  admin = await createAdmin(app, { name: "Olive Staff" });
});
afterAll(() => app?.close());

const get = (path: string, cookie = admin.cookie) =>
  app.fetch(path, jsonInit(app, "GET", undefined, cookie));
const post = (path: string, body: unknown, cookie = admin.cookie) =>
  app.fetch(path, jsonInit(app, "POST", body, cookie));

type Line = { kind: string; amount: number; at: Date; ref?: string };
async function ledger(bookingId: string, lines: Line[]) {
  for (const [i, l] of lines.entries()) {
    await app.database.db
      .insertInto("payment_ledger")
      .values({
        booking_id: bookingId,
        kind: l.kind,
        amount_cents: l.amount,
        provider: "sandbox",
        provider_ref: l.ref ?? `ref-${bookingId}-${i}`,
        status: "COMPLETED",
        created_at: l.at,
      })
      .execute();
  }
}

describe("GET /api/admin/figures", () => {
  it("counts bookings, revenue (captures minus refunds) and fees per period, and weekly", async () => {
    const { profile } = await createCreator(app.database.db, { fullName: "Figures Creator" });
    const other = await createCreator(app.database.db, { fullName: "Old Creator" });
    const recent = await createBooking(app.database.db, {
      creatorProfileId: profile.id,
      status: "completed",
    });
    const refunded = await createBooking(app.database.db, {
      creatorProfileId: profile.id,
      status: "cancelled",
    });
    const old = await createBooking(app.database.db, {
      creatorProfileId: other.profile.id,
      status: "confirmed",
    });
    await ledger(recent.id, [
      { kind: "authorization", amount: 99_999, at: ago(2) },
      { kind: "deposit_capture", amount: 3000, at: ago(2) },
      { kind: "remainder_capture", amount: 12_000, at: ago(1) },
    ]);
    await ledger(refunded.id, [
      { kind: "deposit_capture", amount: 4000, at: ago(20) },
      { kind: "refund", amount: 1000, at: ago(19) },
    ]);
    await ledger(old.id, [{ kind: "deposit_capture", amount: 5000, at: ago(100) }]);
    // The completed booking's payout-ledger lines: the platform's commission at Starter's 20 %.
    await writeCompletionLines(app.database.db, recent.id, ago(1));
    const commission = percentOf(recent.subtotal_cents, 20);

    const figures = async (period: string) => {
      const response = await get(`/api/admin/figures?period=${period}`);
      expect(response.status).toBe(200);
      return response.json();
    };
    const week = await figures("7d");
    expect(week).toMatchObject({
      bookings: 1,
      bookedCreators: 1,
      revenueCents: 15_000,
      platformFeeCents: recent.fee_cents,
      commissionCents: commission,
      from: ago(7).toISOString(),
      to: NOW.toISOString(),
    });
    const month = await figures("30d");
    expect(month).toMatchObject({ bookings: 2, revenueCents: 18_000, bookedCreators: 1 });
    // The cancelled booking's fee is not the platform's.
    expect(month.platformFeeCents).toBe(recent.fee_cents);
    expect(await figures("90d")).toMatchObject({ bookings: 2, revenueCents: 18_000 });
    const year = await figures("12m");
    expect(year).toMatchObject({ bookings: 3, revenueCents: 23_000, bookedCreators: 2 });
    expect(year.platformFeeCents).toBe(recent.fee_cents + old.fee_cents);
    expect(await figures("all")).toMatchObject({
      bookings: 3,
      revenueCents: 23_000,
      commissionCents: commission,
      from: null,
    });
    expect(year.activeCreators).toBeGreaterThanOrEqual(2);

    // Weeks start on Monday (UTC); every week of the period is there, empty ones as zero.
    expect(month.weeks[0].weekStart).toBe("2026-02-16T00:00:00.000Z");
    expect(month.weeks.at(-1)).toEqual({
      weekStart: "2026-03-16T00:00:00.000Z",
      bookings: 1,
      revenueCents: 15_000,
    });
    expect(month.weeks).toHaveLength(5);
    expect(month.weeks[2]).toEqual({
      weekStart: "2026-03-02T00:00:00.000Z",
      bookings: 0,
      revenueCents: 0,
    });
    expect(month.weeks[1]).toEqual({
      weekStart: "2026-02-23T00:00:00.000Z",
      bookings: 1,
      revenueCents: 3000,
    });
    const all = await figures("all");
    expect(all.weeks[0].weekStart).toBe("2025-12-08T00:00:00.000Z");
    expect(
      all.weeks.reduce((sum: number, w: { revenueCents: number }) => sum + w.revenueCents, 0),
    ).toBe(23_000);
  });

  it("refuses an unknown period", async () => {
    expect((await get("/api/admin/figures?period=5y")).status).toBe(400);
  });
});

describe("back-office bookings", () => {
  it("finds a booking by a party's name or email or its id, and shows its detail", async () => {
    const client = await createVerifiedUser(app, { name: "Quinn Searchable" });
    const { profile, user } = await createCreator(app.database.db, { fullName: "Rowan Lens" });
    const booking = await createBooking(app.database.db, {
      creatorProfileId: profile.id,
      clientUserId: client.userId,
      status: "confirmed",
    });
    await createBooking(app.database.db, { creatorProfileId: profile.id, status: "pending" });
    await ledger(booking.id, [{ kind: "deposit_capture", amount: 2500, at: ago(3) }]);
    await app.database.db
      .insertInto("booking_events")
      .values([
        {
          booking_id: booking.id,
          to_status: "pending",
          actor_role: "client",
          actor_user_id: client.userId,
          created_at: ago(4),
        },
        {
          booking_id: booking.id,
          from_status: "pending",
          to_status: "confirmed",
          actor_role: "creator",
          actor_user_id: user.id,
          note: "See you there",
          created_at: ago(3),
        },
      ])
      .execute();
    await app.database.db
      .insertInto("deliveries")
      .values({ booking_id: booking.id, status: "delivered", delivered_at: ago(1) })
      .execute();
    const conversation = await app.database.db
      .insertInto("conversations")
      .values({
        client_user_id: client.userId,
        creator_profile_id: profile.id,
        context_booking_id: booking.id,
        last_message_at: ago(2),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const report = await app.database.db
      .insertInto("conversation_reports")
      .values({ conversation_id: conversation.id, reporter_user_id: client.userId, reason: "Rude" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordStaffAction(
      app.database.db,
      {
        actorUserId: admin.userId,
        action: "booking.note",
        targetType: "booking",
        targetId: booking.id,
        reason: "Checked",
      },
      ago(1),
    );

    const ids = async (query: string) => {
      const response = await get(`/api/admin/bookings?${query}`);
      expect(response.status).toBe(200);
      return (await response.json()).items.map((b: { id: string }) => b.id);
    };
    expect(await ids("q=searchable")).toEqual([booking.id]);
    expect(await ids(`q=${encodeURIComponent(client.email.toUpperCase())}`)).toEqual([booking.id]);
    expect(await ids("q=rowan%20lens")).toHaveLength(2);
    expect(await ids("q=rowan%20lens&status=confirmed")).toEqual([booking.id]);
    expect(await ids(`q=${booking.id}`)).toEqual([booking.id]);
    expect(await ids("q=nobody-like-this%25")).toEqual([]);

    const response = await get(`/api/admin/bookings/${booking.id}`);
    expect(response.status).toBe(200);
    const detail = await response.json();
    expect(detail).toMatchObject({
      id: booking.id,
      status: "confirmed",
      client: { userId: client.userId, name: "Quinn Searchable", email: client.email },
      creator: { profileId: profile.id, name: "Rowan Lens" },
      feeCents: booking.fee_cents,
      ledger: [{ kind: "deposit_capture", amountCents: 2500, at: ago(3).toISOString() }],
      delivery: { status: "delivered", deliveredAt: ago(1).toISOString() },
      conversation: {
        id: conversation.id,
        lastMessageAt: ago(2).toISOString(),
        reports: [{ id: report.id, open: true }],
      },
      audit: [{ action: "booking.note", reason: "Checked", actor: { name: "Olive Staff" } }],
    });
    expect(detail.timeline).toEqual([
      expect.objectContaining({
        toStatus: "pending",
        actor: "client",
        actorName: "Quinn Searchable",
      }),
      expect.objectContaining({ toStatus: "confirmed", actor: "creator", note: "See you there" }),
    ]);
    expect((await get(`/api/admin/bookings/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("reported problems", () => {
  it("lists disputed deliveries, booking problems and repeat hail cancellers, newest first", async () => {
    const { profile } = await createCreator(app.database.db);
    const disputed = await createBooking(app.database.db, {
      creatorProfileId: profile.id,
      status: "completed",
    });
    const problem = await createBooking(app.database.db, {
      creatorProfileId: profile.id,
      status: "confirmed",
    });
    await app.database.db
      .insertInto("deliveries")
      .values({
        booking_id: disputed.id,
        status: "disputed",
        delivered_at: ago(3),
        problem_reported_at: ago(2),
        problem_text: "Blurry",
      })
      .execute();
    await app.database.db
      .updateTable("bookings")
      .set({ problem_reported_at: ago(1) })
      .where("id", "=", problem.id)
      .execute();
    const canceller = await createVerifiedUser(app, { name: "Cal Canceller" });
    for (const daysAgo of [1, 5, 40]) {
      await app.database.db
        .insertInto("hails")
        .values({
          client_user_id: canceller.userId,
          hours: 1,
          lat: 25.7,
          lng: -80.2,
          location: "Miami, FL",
          min_total_cents: 10_000,
          max_total_cents: 20_000,
          pay_by: ago(daysAgo),
          payment_provider: "sandbox",
          radius_miles: 5,
          service: "Photography",
          status: "cancelled",
          updated_at: ago(daysAgo),
        })
        .execute();
    }
    const cancellers = async () =>
      ((await (await get("/api/admin/problems")).json()).items as { key: string }[]).filter(
        (p) => p.key === `canceller:${canceller.userId}`,
      );
    // Two cancels within the window are not yet a pattern; the third is.
    expect(await cancellers()).toEqual([]);
    await app.database.db
      .updateTable("hails")
      .set({ updated_at: ago(2) })
      .where("client_user_id", "=", canceller.userId)
      .where("updated_at", "<", ago(30))
      .execute();
    expect(await cancellers()).toEqual([
      expect.objectContaining({
        kind: "repeat_canceller",
        open: true,
        detail: "3 hails cancelled in the last 30 days",
      }),
    ]);
    const response = await get("/api/admin/problems");
    expect(response.status).toBe(200);
    const { items } = await response.json();
    const mine = items.filter((p: { key: string }) =>
      [`delivery:${disputed.id}`, `booking:${problem.id}`].includes(p.key),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        kind: "booking_problem",
        open: true,
        link: `/admin/bookings/${problem.id}`,
      }),
      expect.objectContaining({
        kind: "delivery_dispute",
        open: true,
        detail: "Blurry",
        link: `/bookings/${disputed.id}/photos`,
      }),
    ]);
  });
});

describe("deactivating a user", () => {
  it("signs them out at once, blocks sign-in, unlists a creator, and is audited", async () => {
    const person = await createVerifiedUser(app, { name: "Dana Deactivated" });
    await createCreator(app.database.db, { userId: person.userId, fullName: "Dana Deactivated" });
    const listed = async () => {
      const response = await get("/api/admin/figures?period=7d");
      return (await response.json()).activeCreators as number;
    };
    const before = await listed();
    expect((await get("/api/notifications", person.cookie)).status).toBe(200);

    const path = `/api/admin/users/${person.userId}/deactivate`;
    expect((await post(path, { reason: "   " })).status).toBe(400);
    const response = await post(path, { reason: "Fake listings" });
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({
      role: "creator",
      deactivated: { reason: "Fake listings", byName: "Olive Staff" },
    });
    expect((await get("/api/notifications", person.cookie)).status).toBe(401);
    const signIn = await app.fetch(
      "/api/auth/sign-in/email",
      jsonInit(app, "POST", { email: person.email, password: TEST_PASSWORD }),
    );
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ message: ACCOUNT_DEACTIVATED_MESSAGE });
    expect(await listed()).toBe(before - 1);
    expect((await post(path, { reason: "Again" })).status).toBe(409);

    const back = await post(`/api/admin/users/${person.userId}/reactivate`, {});
    expect(back.status).toBe(200);
    expect((await back.json()).user.deactivated).toBeNull();
    expect(await listed()).toBe(before);
    const again = await app.fetch(
      "/api/auth/sign-in/email",
      jsonInit(app, "POST", { email: person.email, password: TEST_PASSWORD }),
    );
    expect(again.status).toBe(200);

    const audit = await get(`/api/admin/audit?targetType=user&targetId=${person.userId}`);
    const entries = (await audit.json()).items;
    expect(entries).toEqual([
      expect.objectContaining({
        action: "user.reactivate",
        reason: null,
        actor: expect.objectContaining({ userId: admin.userId }),
      }),
      expect.objectContaining({ action: "user.deactivate", reason: "Fake listings" }),
    ]);
    const byAction = await (await get("/api/admin/audit?action=user.deactivate")).json();
    expect(byAction.items.every((e: { action: string }) => e.action === "user.deactivate")).toBe(
      true,
    );
  });

  it("finds users by name or email, and never deactivates staff", async () => {
    const other = await createAdmin(app, { name: "Sam Colleague" });
    const found = await (await get("/api/admin/users?q=sam%20colleague")).json();
    expect(found.items).toEqual([expect.objectContaining({ id: other.userId, role: "staff" })]);
    const response = await post(`/api/admin/users/${other.userId}/deactivate`, { reason: "No" });
    expect(response.status).toBe(403);
    expect((await post(`/api/admin/users/nobody/deactivate`, { reason: "x" })).status).toBe(404);
  });
});

describe("application decisions are audited", () => {
  it("writes application.approve and application.deny with the reason", async () => {
    const approved = await createApplication(app.database.db);
    const denied = await createApplication(app.database.db);
    expect((await post(`/api/admin/applications/${approved.id}/approve`, {})).status).toBe(200);
    expect(
      (await post(`/api/admin/applications/${denied.id}/deny`, { reason: "Too few photos" }))
        .status,
    ).toBe(200);
    const entries = (await (await get("/api/admin/audit?targetType=application")).json()).items;
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "application.approve", targetId: approved.id }),
        expect.objectContaining({
          action: "application.deny",
          targetId: denied.id,
          reason: "Too few photos",
        }),
      ]),
    );
  });
});

describe("every back-office route, as the wrong person", () => {
  it("answers 401 signed out and 403 to a client or a creator", async () => {
    const client = await createVerifiedUser(app);
    const creator = await createVerifiedUser(app);
    await createCreator(app.database.db, { userId: creator.userId });
    const id = crypto.randomUUID();
    const routes: [string, string][] = [
      ["GET", "/api/admin/figures"],
      ["GET", "/api/admin/bookings"],
      ["GET", `/api/admin/bookings/${id}`],
      ["GET", "/api/admin/problems"],
      ["GET", "/api/admin/users"],
      ["POST", `/api/admin/users/${client.userId}/deactivate`],
      ["POST", `/api/admin/users/${client.userId}/reactivate`],
      ["GET", "/api/admin/audit"],
    ];
    for (const [method, path] of routes) {
      const body = method === "POST" ? { reason: "x" } : undefined;
      expect((await app.fetch(path, jsonInit(app, method, body))).status, path).toBe(401);
      expect((await app.fetch(path, jsonInit(app, method, body, client.cookie))).status, path).toBe(
        403,
      );
      expect(
        (await app.fetch(path, jsonInit(app, method, body, creator.cookie))).status,
        path,
      ).toBe(403);
    }
    const rows = await app.database.db
      .selectFrom("user_deactivations")
      .select("user_id")
      .where("user_id", "=", client.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});
