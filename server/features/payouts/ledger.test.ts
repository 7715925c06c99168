import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import {
  act,
  approveRemainder,
  bookingParties,
  type Party,
  paidBooking,
  payInSandbox,
} from "../../test/bookings.ts";
import {
  hail,
  hailClient,
  northOf,
  offerAction,
  onlineCreator,
  readHail,
} from "../../test/hail.ts";
import { creatorFigures, ledgerSums } from "../../test/payouts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "../bookings/job-names.ts";
import { PAYOUT_JOBS } from "./jobs.ts";

// The payout ledger on every booking path, against the provider's movements: creator net +
// platform commission + platform fee = captured − refunded, and each line names the movement
// it comes from. The tier is fixed when the booking is confirmed.

const T0 = new Date("2030-06-01T12:00:00Z");
let clock = T0;
let app: TestApp;
let p: { creatorId: string; creator: Party; client: Party };

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(async () => {
  clock = T0;
  // $150.15/h: commission on odd cents shows the rounding.
  p = await bookingParties(app, 15_015);
});

const SESSION = { date: "2030-06-20", startTime: "10:00", hours: 3 };
const CAPTURE = new Date("2030-06-22T17:00:00Z");
const PRICE = priceBooking(15_015, 3);

async function run(job: string, data: object, when: Date) {
  clock = when;
  await app.deps.jobs.run(job, data, when);
  await app.deps.jobs.drain();
}

async function commissionOf(id: string) {
  return app.database.db
    .selectFrom("bookings")
    .select(["commission_tier", "commission_percent"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

function expectBalanced(s: Awaited<ReturnType<typeof ledgerSums>>) {
  expect(s.creatorNet + s.platformCommission + s.platformFee).toBe(s.captured - s.refunded);
  expect(s.traced).toBe(true);
}

describe("a completed booking", () => {
  it("earns the subtotal less the commission of the tier at confirmation; the fee is the platform's", async () => {
    await creatorFigures(app, p.creatorId, 10, 4.5);
    await run(PAYOUT_JOBS.tiers, {}, T0);
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.creator, id, "accept")).status).toBe(200);
    expect(await commissionOf(id)).toEqual({ commission_tier: "pro", commission_percent: 15 });

    // A later change of tier does not change this booking's rate.
    await creatorFigures(app, p.creatorId, 3, 4.5);
    await run(PAYOUT_JOBS.tiers, {}, new Date("2030-06-10T00:05:00Z"));
    clock = new Date("2030-06-18T18:00:00Z");
    await approveRemainder(app, p.client, id);
    await run(BOOKING_JOBS.complete, { bookingId: id }, CAPTURE);
    await run(BOOKING_JOBS.complete, { bookingId: id }, CAPTURE);

    // 45,045 × 15 % = 6,756.75 → 6,757 (half up).
    const s = await ledgerSums(app, id);
    expect(s.lines).toEqual([
      `creator earning ${PRICE.depositCents}`,
      `creator earning ${PRICE.subtotalCents - PRICE.depositCents}`,
      "creator commission -6757",
      "platform commission 6757",
      `platform service_fee ${PRICE.feeCents}`,
    ]);
    expect(s.creatorNet).toBe(45_045 - 6_757);
    expect(s.platformFee).toBe(PRICE.feeCents);
    expect(s.refunded).toBe(0);
    expectBalanced(s);
  });
});

describe("a cancelled booking", () => {
  it("keeps half the deposit for the creator less commission when the client cancels 3 days ahead", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    await act(app, p.creator, id, "accept");
    expect(await commissionOf(id)).toEqual({ commission_tier: "starter", commission_percent: 20 });
    clock = new Date("2030-06-17T12:00:00Z");
    expect((await act(app, p.client, id, "cancel", {})).status).toBe(200);
    await app.deps.jobs.drain();
    await run(PAYOUT_JOBS.run, {}, clock);
    await run(PAYOUT_JOBS.run, {}, clock);

    const s = await ledgerSums(app, id);
    const refund = Math.floor((PRICE.depositCents + 1) / 2);
    expect(s.refunded).toBe(refund);
    expect(s.captured).toBe(PRICE.depositCents);
    expect(s.lines).toEqual([
      `creator earning ${PRICE.depositCents}`,
      `creator commission -${Math.floor((PRICE.depositCents * 20 + 50) / 100)}`,
      `platform commission ${Math.floor((PRICE.depositCents * 20 + 50) / 100)}`,
      `creator refund -${refund - Math.floor((refund * 20 + 50) / 100)}`,
      `platform refund -${Math.floor((refund * 20 + 50) / 100)}`,
    ]);
    expectBalanced(s);
  });

  it("keeps the deposit for the creator less commission when the balance is never approved", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    await act(app, p.creator, id, "accept");
    // The session starts (10:00 New York) with the balance still unapproved: a late cancellation.
    await run(BOOKING_JOBS.remainderDeadline, { bookingId: id }, new Date("2030-06-20T14:00:00Z"));
    await run(PAYOUT_JOBS.run, {}, clock);
    const s = await ledgerSums(app, id);
    const commission = Math.floor((PRICE.depositCents * 20 + 50) / 100);
    expect(s.lines).toEqual([
      `creator earning ${PRICE.depositCents}`,
      `creator commission ${-commission}`,
      `platform commission ${commission}`,
    ]);
    expect(s.captured - s.refunded).toBe(PRICE.depositCents);
    expectBalanced(s);
  });

  it("writes nothing when the deposit goes back in full (the creator cancels)", async () => {
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    await act(app, p.creator, id, "accept");
    expect((await act(app, p.creator, id, "cancel", {})).status).toBe(200);
    await app.deps.jobs.drain();
    await run(PAYOUT_JOBS.run, {}, clock);
    const s = await ledgerSums(app, id);
    expect(s.lines).toEqual([]);
    expect(s.captured - s.refunded).toBe(0);
    expectBalanced(s);
  });
});

describe("a hail booking", () => {
  it("fixes the tier when the hail is accepted and balances at completion", async () => {
    const point = { lat: 40, lng: -110 };
    const creator = await onlineCreator(app, {
      base: northOf(point, 1),
      seenAt: clock,
      rateCents: 10_000,
    });
    await creatorFigures(app, creator.profileId, 12, 4.7);
    await run(PAYOUT_JOBS.tiers, {}, clock);
    const client = await hailClient(app);
    const created = await hail(app, client, { ...point });
    await payInSandbox(app, created.order);
    expect((await offerAction(app, creator, created.hail.id, "accept")).status).toBe(200);
    await app.deps.jobs.drain();
    const { bookingId } = await readHail(app, client, created.hail.id);
    expect(await commissionOf(bookingId!)).toEqual({
      commission_tier: "pro",
      commission_percent: 15,
    });

    await run(BOOKING_JOBS.complete, { bookingId }, new Date(clock.getTime() + 3 * 86_400_000));
    const s = await ledgerSums(app, bookingId!);
    const price = priceBooking(10_000, 2);
    expect(s.creatorNet).toBe(
      price.subtotalCents - Math.floor((price.subtotalCents * 15 + 50) / 100),
    );
    expect(s.platformFee).toBe(price.feeCents);
    expectBalanced(s);
  });
});
