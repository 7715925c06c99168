import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingDetail } from "../../../contracts/bookings.ts";
import { createAdmin, createVerifiedUser } from "../../test/accounts.ts";
import {
  act,
  approveRemainder,
  bookingParties,
  bookingState,
  type Party,
  paidBooking,
} from "../../test/bookings.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// A problem the client reports holds the remainder back until staff settle it: completing the
// session (the remainder is captured, the booking completes) or refunding the client (cancelled,
// deposit back in full). Staff only, once, one way; the same request again changes nothing.

const T0 = new Date("2030-06-01T12:00:00Z");
const SESSION = { date: "2030-06-20", startTime: "10:00", hours: 2 }; // 14:00Z to 16:00Z
const AFTER_START = new Date("2030-06-20T15:00:00Z");
const AFTER_CAPTURE = new Date("2030-06-21T17:00:00Z");
const BALANCE_OPENS = new Date("2030-06-18T17:00:00Z");
let clock = T0;
let app: TestApp;
let staff: Party;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
  const admin = await createAdmin(app);
  staff = { userId: admin.userId, email: admin.email, cookie: admin.cookie };
});
afterAll(() => app?.close());
beforeEach(() => {
  clock = T0;
});

/** A confirmed booking whose client reported a problem after the session, with its parties. */
async function reported() {
  const p = await bookingParties(app);
  const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
  expect((await act(app, p.creator, id, "accept")).status).toBe(200);
  clock = BALANCE_OPENS;
  expect(await approveRemainder(app, p.client, id)).toContain("payment=approved");
  clock = AFTER_START;
  const report = await act(app, p.client, id, "report-problem", { description: "Half the shots" });
  expect(report.status).toBe(200);
  clock = AFTER_CAPTURE;
  // The completion job passes it by while the problem is open.
  await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, clock);
  await app.deps.jobs.drain();
  expect(await bookingState(app, id)).toMatchObject({
    status: "confirmed",
    remainderState: "held",
  });
  return { id, ...p };
}

const resolve = (party: Party | undefined, id: string, body: object) =>
  app.fetch(`/api/bookings/${id}/resolve-problem`, jsonRequest("POST", body, party?.cookie));

async function detail(party: Party, id: string) {
  const r = await app.fetch(`/api/bookings/${id}`, { headers: { cookie: party.cookie } });
  expect(r.status).toBe(200);
  return (await r.json()) as BookingDetail;
}

describe("resolving a reported problem", () => {
  it("is offered to staff only, and refused to the parties, strangers and the signed-out", async () => {
    const b = await reported();
    expect((await detail(staff, b.id)).actions).toContain("resolve_problem");
    expect((await detail(b.client, b.id)).actions).not.toContain("resolve_problem");
    const stranger = await createVerifiedUser(app);
    const body = { outcome: "complete", resolution: "Checked the photos" };
    expect((await resolve(undefined, b.id, body)).status).toBe(401);
    for (const party of [b.client, b.creator, stranger]) {
      expect((await resolve(party, b.id, body)).status).toBe(403);
    }
    const bad = await resolve(staff, b.id, { outcome: "halve", resolution: "" });
    expect(bad.status).toBe(400);
    expect(await bookingState(app, b.id)).toMatchObject({ status: "confirmed" });
  });

  it("completes the session: the remainder is captured, once, and the problem is closed", async () => {
    const b = await reported();
    const before = await bookingState(app, b.id);
    const body = { outcome: "complete", resolution: "The creator delivered all the shots" };
    const r = await resolve(staff, b.id, body);
    expect(r.status, await r.clone().text()).toBe(200);
    await app.deps.jobs.drain();
    const client = await detail(b.client, b.id);
    expect(client).toMatchObject({
      status: "completed",
      problemResolution: { outcome: "complete", text: body.resolution },
    });
    expect(client.payment.remainderCapturedCents).toBeGreaterThan(0);
    expect(client.payment.refundedCents).toBe(0);
    const after = await bookingState(app, b.id);
    // The resolution's own event and the completion; one more ledger line (the capture).
    expect(after).toMatchObject({ events: before.events + 2, ledger: before.ledger + 1 });

    // Sent again: the booking as it is, nothing moved; the other outcome is refused.
    expect((await resolve(staff, b.id, body)).status).toBe(200);
    const other = await resolve(staff, b.id, { outcome: "refund", resolution: "No" });
    expect(other.status).toBe(409);
    await app.deps.jobs.drain();
    expect(await bookingState(app, b.id)).toEqual(after);
    const audit = await app.database.db
      .selectFrom("staff_audit_log")
      .select(["action", "reason"])
      .where("target_id", "=", b.id)
      .execute();
    expect(audit).toEqual([{ action: "booking.resolve_problem", reason: body.resolution }]);
  });

  it("refunds the client: cancelled, the deposit back in full and the hold released", async () => {
    const b = await reported();
    const r = await resolve(staff, b.id, { outcome: "refund", resolution: "No-show confirmed" });
    expect(r.status, await r.clone().text()).toBe(200);
    await app.deps.jobs.drain();
    const client = await detail(b.client, b.id);
    expect(client).toMatchObject({
      status: "cancelled",
      problemResolution: { outcome: "refund" },
    });
    expect(client.payment.refundedCents).toBe(client.payment.depositPaidCents);
    expect(client.payment.remainderCapturedCents).toBe(0);
    expect(await bookingState(app, b.id)).toMatchObject({ remainderState: "released" });
  });

  it("is refused for a booking without an open problem", async () => {
    const p = await bookingParties(app);
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    const r = await resolve(staff, id, { outcome: "complete", resolution: "Nothing to do" });
    expect(r.status).toBe(409);
    expect(await bookingState(app, id)).toMatchObject({ status: "confirmed" });
  });
});
