import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminPayoutsResponse, EarningsResponse } from "../../../contracts/payouts.ts";
import {
  act,
  approveRemainder,
  bookingParties,
  type Party,
  paidBooking,
} from "../../test/bookings.ts";
import { acceptDelivery, setPayoutMethod } from "../../test/payouts.ts";
import { adminSession, jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "../bookings/job-names.ts";
import { SETTLE_BOOKING_JOB } from "../payments/settle.ts";
import { PAYOUT_JOBS } from "./jobs.ts";

// Payouts with the built-in sandbox provider and a controllable clock: paid 24 hours after
// the delivery is accepted, never while disputed; manual payouts for staff to send; the
// creator's earnings and CSV; every route refused to the wrong person.

const T0 = new Date("2030-06-01T12:00:00Z");
const HOUR = 3_600_000;
let clock = T0;
let app: TestApp;
let p: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = T0;
  p = await bookingParties(app, 10_000);
});

const NET = 30_000 - 6_000; // $100 × 3 h, Starter 20 %
const ACCEPTED = new Date("2030-06-23T10:00:00Z");

async function run(job: string, data: object, when: Date) {
  clock = when;
  await app.deps.jobs.run(job, data, when);
  await app.deps.jobs.drain();
}

/** A paid booking the creator accepted: $100 × 3 h on 2030-06-20 at 10:00. */
async function confirmed() {
  const id = await paidBooking(app, p.client, {
    creatorId: p.creatorId,
    date: "2030-06-20",
    startTime: "10:00",
    hours: 3,
  });
  await act(app, p.creator, id, "accept");
  return id;
}

async function completed() {
  const id = await confirmed();
  // The client approves the balance once its window opens (47 h before the session's end).
  clock = new Date("2030-06-18T18:00:00Z");
  await approveRemainder(app, p.client, id);
  await run(BOOKING_JOBS.complete, { bookingId: id }, new Date("2030-06-22T17:00:00Z"));
  return id;
}

async function earnings(party: Party = p.creator) {
  const response = await app.fetch("/api/earnings", { headers: { cookie: party.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as EarningsResponse;
}

async function payoutOf(bookingId: string) {
  return app.database.db
    .selectFrom("payouts")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
}

/** What the creator was told of their payouts: notifications, and mails sent so far. */
async function toldCreator() {
  await app.deps.jobs.drain();
  const db = app.database.db;
  const notes = await db
    .selectFrom("notifications")
    .select(["kind", "body", "link"])
    .where("user_id", "=", p.creator.userId)
    .where("kind", "in", ["payout_sent", "payout_failed"])
    // The test's clock stands still, so a failure and its retry share a time: kind breaks the tie.
    .orderBy("created_at")
    .orderBy("kind")
    .execute();
  const mails = await db
    .selectFrom("mail_outbox")
    .select("subject")
    .where("to_address", "=", p.creator.email)
    .where("subject", "like", "%payout%")
    .orderBy("created_at")
    .orderBy("subject")
    .execute();
  return { notes, subjects: mails.map((m) => m.subject) };
}

describe("PayPal payouts through the sandbox", () => {
  it("pays the net 24 hours after the delivery is accepted, once", async () => {
    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "me@pay.test",
    });
    const id = await completed();
    expect((await earnings()).upcoming).toEqual([
      expect.objectContaining({
        bookingId: id,
        amountCents: NET,
        status: "awaiting_delivery",
        expectedAt: null,
      }),
    ]);
    await acceptDelivery(app, id, ACCEPTED);
    expect((await earnings()).upcoming[0]).toMatchObject({
      status: "pending",
      expectedAt: new Date(ACCEPTED.getTime() + 24 * HOUR).toISOString(),
    });

    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 24 * HOUR - 60_000));
    expect(await payoutOf(id)).toBeUndefined();
    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 24 * HOUR));
    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 25 * HOUR));
    expect(await payoutOf(id)).toMatchObject({
      status: "paid",
      amount_cents: NET,
      sender_batch_id: expect.stringMatching(/^SH-.+-1$/),
      provider_status: "SUCCESS",
    });

    // Told once, though the job ran again after the payout was paid.
    expect(await toldCreator()).toEqual({
      notes: [
        {
          kind: "payout_sent",
          body: expect.stringMatching(
            /^\$240\.00 for your session on .+ was sent to PayPal \(me@pay\.test\)\.$/,
          ),
          link: "/earnings",
        },
      ],
      subjects: ["Your ShutterHail payout of $240.00 is on its way"],
    });

    const after = await earnings();
    expect(after.balanceCents).toBe(0);
    expect(after.upcoming).toEqual([]);
    expect(after.payouts.map((x) => [x.bookingId, x.amountCents, x.status])).toEqual([
      [id, NET, "paid"],
    ]);
    expect(after.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ["payout", -NET],
      ["commission", -6_000],
      ["earning", 21_000],
      ["earning", 9_000],
    ]);
    expect(after.tier).toMatchObject({
      tier: "starter",
      percent: 20,
      next: { tier: "pro", bookingsNeeded: 9 },
    });

    const csv = await app.fetch("/api/earnings/export", { headers: { cookie: p.creator.cookie } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toBe("date,kind,booking,description,amount_usd");
    expect(rows.map((r) => r.split(",").at(-1))).toEqual([
      "amount_usd",
      "90.00",
      "210.00",
      "-60.00",
      "-240.00",
    ]);
  });

  it("tells a creator without a payout method to add one, and pays once they have", async () => {
    await app.database.db
      .updateTable("photographer_profiles")
      .set({ payment_method: null, payout_email: null })
      .where("id", "=", p.creatorId)
      .execute();
    const id = await completed();
    await acceptDelivery(app, id, ACCEPTED);
    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 30 * HOUR));
    expect(await payoutOf(id)).toBeUndefined();
    expect((await earnings()).upcoming).toEqual([
      expect.objectContaining({ bookingId: id, status: "needs_payout_method", expectedAt: null }),
    ]);

    // PayPal chosen but no address yet: still nothing to pay it to.
    await setPayoutMethod(app, p.creatorId, { payment_method: "paypal" });
    expect((await earnings()).upcoming[0]).toMatchObject({ status: "needs_payout_method" });

    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "late@pay.test",
    });
    expect((await earnings()).upcoming[0]).toMatchObject({
      status: "pending",
      expectedAt: new Date(ACCEPTED.getTime() + 24 * HOUR).toISOString(),
    });
    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 31 * HOUR));
    expect(await payoutOf(id)).toMatchObject({ status: "paid", receiver_email: "late@pay.test" });
  });

  it("pays a cancelled booking's kept share 24 hours after its refund settles", async () => {
    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "me@pay.test",
    });
    const id = await confirmed();
    // Three days ahead: half the $90 deposit goes back; the creator keeps the rest less 20 %.
    const cancelled = new Date("2030-06-17T12:00:00Z");
    clock = cancelled;
    expect((await act(app, p.client, id, "cancel", {})).status).toBe(200);
    const kept = 9_000 - 4_500 - (1_800 - 900);
    // Before the refund is in the ledger, nothing is paid: the share is not final yet.
    await run(PAYOUT_JOBS.run, {}, new Date(cancelled.getTime() + 48 * HOUR));
    expect(await payoutOf(id)).toBeUndefined();

    const settled = new Date(cancelled.getTime() + 48 * HOUR);
    const settlement = { bookingId: id, depositRefundCents: 4_500, refundRemainder: true };
    await run(SETTLE_BOOKING_JOB, settlement, settled);
    await run(PAYOUT_JOBS.run, {}, settled);
    expect(await payoutOf(id)).toBeUndefined();
    expect((await earnings()).upcoming).toEqual([
      expect.objectContaining({
        bookingId: id,
        amountCents: kept,
        status: "pending",
        expectedAt: new Date(settled.getTime() + 24 * HOUR).toISOString(),
      }),
    ]);
    await run(PAYOUT_JOBS.run, {}, new Date(settled.getTime() + 24 * HOUR - 60_000));
    expect(await payoutOf(id)).toBeUndefined();
    await run(PAYOUT_JOBS.run, {}, new Date(settled.getTime() + 24 * HOUR));
    expect(await payoutOf(id)).toMatchObject({ status: "paid", amount_cents: kept });
    expect((await earnings()).balanceCents).toBe(0);
  });

  it("never pays while the delivery is disputed", async () => {
    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "me@pay.test",
    });
    const id = await completed();
    await acceptDelivery(app, id, ACCEPTED, true);
    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 72 * HOUR));
    expect(await payoutOf(id)).toBeUndefined();
    expect((await earnings()).upcoming[0]).toMatchObject({ status: "on_hold", amountCents: NET });
  });

  it("marks a failed item failed, keeps the money in the balance, and staff retry it", async () => {
    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "fail@pay.test",
    });
    const id = await completed();
    await acceptDelivery(app, id, ACCEPTED);
    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 30 * HOUR));
    const failed = await payoutOf(id);
    expect(failed).toMatchObject({ status: "failed", provider_status: "FAILED" });
    expect((await earnings()).balanceCents).toBe(NET);
    expect((await toldCreator()).notes.map((n) => [n.kind, n.body])).toEqual([
      ["payout_failed", expect.stringContaining("could not be sent to PayPal (fail@pay.test)")],
    ]);

    const admin = await adminSession(app);
    const list = (await (
      await app.fetch("/api/admin/payouts", { headers: { cookie: admin.cookie } })
    ).json()) as AdminPayoutsResponse;
    expect(list.failed.map((x) => x.id)).toContain(failed!.id);

    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "fixed@pay.test",
    });
    await app.database.db
      .updateTable("payouts")
      .set({ receiver_email: "fixed@pay.test" })
      .where("id", "=", failed!.id)
      .execute();
    const retried = await app.fetch(
      `/api/admin/payouts/${failed!.id}/retry`,
      jsonRequest("POST", {}, admin.cookie),
    );
    expect(retried.status).toBe(200);
    expect(await payoutOf(id)).toMatchObject({
      status: "paid",
      attempt: 2,
      sender_batch_id: `SH-${failed!.id}-2`,
    });
    expect((await earnings()).balanceCents).toBe(0);
    expect(await toldCreator()).toEqual({
      notes: [
        expect.objectContaining({ kind: "payout_failed" }),
        expect.objectContaining({
          kind: "payout_sent",
          body: expect.stringContaining("fixed@pay.test"),
        }),
      ],
      subjects: [
        "Your ShutterHail payout of $240.00 could not be sent",
        "Your ShutterHail payout of $240.00 is on its way",
      ],
    });
    // Sent again (a double click), the retry answers the payout as it is: no third attempt.
    const again = await app.fetch(
      `/api/admin/payouts/${failed!.id}/retry`,
      jsonRequest("POST", {}, admin.cookie),
    );
    expect(again.status).toBe(200);
    expect(await payoutOf(id)).toMatchObject({ status: "paid", attempt: 2 });
    expect((await toldCreator()).notes).toHaveLength(2);
  });
});

describe("manual payouts", () => {
  it("queues direct deposit for staff with the last four digits; marking it sent pays it once", async () => {
    await setPayoutMethod(app, p.creatorId, {
      payment_method: "direct_deposit",
      bank_account_last4: "6789",
    });
    const id = await completed();
    await acceptDelivery(app, id, ACCEPTED);
    await run(PAYOUT_JOBS.run, {}, new Date(ACCEPTED.getTime() + 24 * HOUR));
    const payout = await payoutOf(id);
    expect(payout).toMatchObject({
      status: "manual_pending",
      bank_account_last4: "6789",
      amount_cents: NET,
    });

    const admin = await adminSession(app);
    const response = await app.fetch("/api/admin/payouts", { headers: { cookie: admin.cookie } });
    const text = await response.text();
    expect(text).not.toContain("bank_account_encrypted");
    const list = JSON.parse(text) as AdminPayoutsResponse;
    expect(list.manual.find((x) => x.id === payout!.id)).toMatchObject({
      bankAccountLast4: "6789",
      creatorName: "Test Creator",
      amountCents: NET,
    });

    const notFailed = await app.fetch(
      `/api/admin/payouts/${payout!.id}/retry`,
      jsonRequest("POST", {}, admin.cookie),
    );
    expect(notFailed.status).toBe(409);
    const sent = await app.fetch(
      `/api/admin/payouts/${payout!.id}/mark-sent`,
      jsonRequest("POST", { reason: "ACH 1234" }, admin.cookie),
    );
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { payout: { status: string } }).payout.status).toBe("sent");
    const twice = await app.fetch(
      `/api/admin/payouts/${payout!.id}/mark-sent`,
      jsonRequest("POST", {}, admin.cookie),
    );
    expect(twice.status).toBe(200);
    expect(((await twice.json()) as { payout: { id: string } }).payout.id).toBe(payout!.id);
    expect((await earnings()).balanceCents).toBe(0);
    expect((await toldCreator()).notes.map((n) => [n.kind, n.body])).toEqual([
      ["payout_sent", expect.stringContaining("was sent to your bank account ending in 6789.")],
    ]);
    const audit = await app.database.db
      .selectFrom("staff_audit_log")
      .select(["action", "actor_user_id", "reason"])
      .where("target_id", "=", payout!.id)
      .execute();
    expect(audit).toEqual([
      { action: "payout.mark_sent", actor_user_id: admin.user.id, reason: "ACH 1234" },
    ]);
  });
});

describe("who may call the routes", () => {
  it("refuses earnings to clients and strangers and staff routes to non-staff", async () => {
    const paths = ["/api/earnings", "/api/earnings/export"];
    for (const path of paths) {
      expect((await app.fetch(path)).status).toBe(401);
      expect((await app.fetch(path, { headers: { cookie: p.client.cookie } })).status).toBe(403);
    }
    const fake = "00000000-0000-4000-8000-000000000000";
    for (const cookie of [undefined, p.client.cookie, p.creator.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      expect([401, 403]).toContain((await app.fetch("/api/admin/payouts", { headers })).status);
      for (const action of ["mark-sent", "retry"]) {
        const r = await app.fetch(
          `/api/admin/payouts/${fake}/${action}`,
          jsonRequest("POST", {}, cookie),
        );
        expect([401, 403]).toContain(r.status);
      }
    }
    const admin = await adminSession(app);
    const missing = await app.fetch(
      `/api/admin/payouts/${fake}/mark-sent`,
      jsonRequest("POST", {}, admin.cookie),
    );
    expect(missing.status).toBe(404);
  });

  it("shows a creator only their own earnings", async () => {
    await setPayoutMethod(app, p.creatorId, {
      payment_method: "paypal",
      payout_email: "me@pay.test",
    });
    const id = await completed();
    const other = await bookingParties(app);
    const theirs = await earnings(other.creator);
    expect(theirs.balanceCents).toBe(0);
    expect(theirs.lines).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(id);
  });
});

describe("the earnings history", () => {
  it("is in date order, newest first (the CSV oldest first), whatever order the lines were written in", async () => {
    const line = (note: string, at: string) =>
      app.database.db
        .insertInto("payout_lines")
        .values({
          creator_profile_id: p.creatorId,
          account: "creator",
          kind: "adjustment",
          amount_cents: 100,
          note,
          created_at: new Date(at),
        })
        .execute();
    // Written out of date order (a seed or a back-dated adjustment does).
    await line("March", "2030-03-01T00:00:00Z");
    await line("January", "2030-01-01T00:00:00Z");
    await line("February", "2030-02-01T00:00:00Z");
    expect((await earnings()).lines.map((l) => l.note)).toEqual(["March", "February", "January"]);
    const csv = await app.fetch("/api/earnings/export", { headers: { cookie: p.creator.cookie } });
    const rows = (await csv.text()).trim().split("\r\n").slice(1);
    expect(rows.map((r) => r.split(",")[3])).toEqual(["January", "February", "March"]);
  });
});
