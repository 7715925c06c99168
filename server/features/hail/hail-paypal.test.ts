import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import type { Hail } from "../../../contracts/hail.ts";
import {
  hail,
  hailClient,
  northOf,
  offerAction,
  onlineCreator,
  readHail,
} from "../../test/hail.ts";
import {
  CAPABILITY_CORNERS,
  checkoutAtFake,
  DAY_MS,
  ledgerRows,
  moneyAtFake,
  type PayPalTestApp,
  startPayPalApp,
} from "../../test/paypal-bookings.ts";
import { BOOKING_JOBS } from "../bookings/job-names.ts";

// A hail paid through the real PayPal adapter against the strict fake PayPal, at both corners
// of the merchant's capabilities: the order covers the dearest creator reached; the cheaper one
// wins and only their total is taken, once, when they accept — from a hold (a final capture that
// releases the rest) or, without holds, by capturing the approved order and refunding the excess
// at once.

describe.each(CAPABILITY_CORNERS)("a hail paid at PayPal on $corner", ({ capabilities }) => {
  const holds = capabilities.authCapture;
  let env: PayPalTestApp;
  beforeAll(async () => {
    env = await startPayPalApp({ capabilities });
  });
  afterAll(() => env?.close());

  it("covers the highest total, takes the winner's once when they accept", async () => {
    const app = env.app;
    const point = { lat: 41.5, lng: -95.5 };
    const cheap = await onlineCreator(app, {
      base: northOf(point, 1),
      seenAt: new Date(),
      rateCents: 10_000,
    });
    await onlineCreator(app, { base: northOf(point, 2), seenAt: new Date(), rateCents: 25_000 });
    const client = await hailClient(app);
    const created = await hail(app, client, { ...point, hours: 3 });
    const max = priceBooking(25_000, 3);
    const won = priceBooking(10_000, 3);
    expect(env.fake.order(created.order.id)).toMatchObject({
      intent: holds ? "AUTHORIZE" : "CAPTURE",
      referenceId: created.hail.id,
      amountCents: max.totalCents,
    });

    const { back, landing } = await checkoutAtFake(created.order);
    expect(back).toContain(`${app.url}/api/payments/return?token=${created.order.id}`);
    expect(landing).toBe(`/hail?hail=${created.hail.id}&payment=approved`);
    expect((await readHail(app, client, created.hail.id)).status).toBe("live");
    // Nothing is charged until a creator accepts.
    expect(moneyAtFake(env.fake, created.order.id).captures).toEqual([]);

    expect((await offerAction(app, cheap, created.hail.id, "accept")).status).toBe(200);
    const accepted: Hail = await readHail(app, client, created.hail.id);
    expect(accepted.status).toBe("accepted");
    const bookingId = accepted.bookingId!;
    const money = moneyAtFake(env.fake, created.order.id);
    const net =
      money.captures.reduce((s, c) => s + c.amountCents, 0) -
      money.refunds.reduce((s, r) => s + r.amountCents, 0);
    expect(net).toBe(won.totalCents);
    const rows = (await ledgerRows(app, bookingId)).map((l) => [l.kind, l.amount_cents]);
    if (holds) {
      expect(money.authorizations.map((a) => [a.amountCents, a.status])).toEqual([
        [max.totalCents, "CAPTURED"],
      ]);
      expect(money.captures.map((c) => [c.amountCents, c.finalCapture])).toEqual([
        [won.totalCents, true],
      ]);
      expect(rows).toEqual([
        ["authorization", max.totalCents],
        ["deposit_capture", won.depositCents],
        ["remainder_capture", won.remainderCents],
      ]);
    } else {
      expect(money.captures.map((c) => c.amountCents)).toEqual([max.totalCents]);
      expect(money.refunds.map((r) => r.amountCents)).toEqual([max.totalCents - won.totalCents]);
      expect(rows).toEqual([
        ["deposit_capture", won.depositCents],
        ["remainder_capture", max.totalCents - won.depositCents],
        ["overcapture_refund", max.totalCents - won.totalCents],
      ]);
    }

    // A day and a bit after the session it completes; nothing more is taken.
    const captures = money.captures.length;
    env.shift(DAY_MS + 5 * 60 * 60 * 1000);
    await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId }, app.deps.now());
    expect(moneyAtFake(env.fake, created.order.id).captures).toHaveLength(captures);
    env.shift(0);
    expect(env.fake.violations).toEqual([]);
    expect(env.fake.requestIdReuse).toEqual([]);
  });
});
