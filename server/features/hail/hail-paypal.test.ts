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
  checkoutAtFake,
  DAY_MS,
  ledgerRows,
  moneyAtFake,
  type PayPalTestApp,
  startPayPalApp,
} from "../../test/paypal-bookings.ts";
import { BOOKING_JOBS } from "../bookings/job-names.ts";

// A hail paid through the real PayPal adapter against the fake PayPal server: the order is
// authorized for the dearest creator reached; the cheaper one wins and only their total is ever
// captured — the deposit at once, the remainder after the session with final capture, which
// releases the rest of the authorization.

let env: PayPalTestApp;
beforeAll(async () => {
  env = await startPayPalApp();
});
afterAll(() => env?.close());

describe("a hail paid at PayPal", () => {
  it("authorizes the highest total, captures the winner's once when they accept", async () => {
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
      referenceId: created.hail.id,
      amountCents: max.totalCents,
    });

    const { back, landing } = await checkoutAtFake(created.order);
    expect(back).toBe(`${app.url}/api/payments/return?token=${created.order.id}`);
    expect(landing).toBe(`/hail?hail=${created.hail.id}&payment=approved`);
    expect((await readHail(app, client, created.hail.id)).status).toBe("live");

    expect((await offerAction(app, cheap, created.hail.id, "accept")).status).toBe(200);
    const accepted: Hail = await readHail(app, client, created.hail.id);
    expect(accepted.status).toBe("accepted");
    const bookingId = accepted.bookingId!;
    let money = moneyAtFake(env.fake, created.order.id);
    expect(money.authorizations.map((a) => a.amountCents)).toEqual([max.totalCents]);
    // One final capture of the winner's total: the rest of the hold is released with it.
    expect(money.captures.map((c) => c.amountCents)).toEqual([won.totalCents]);
    expect(money.authorizations[0]!.status).toBe("CAPTURED");
    expect((await ledgerRows(app, bookingId)).map((l) => [l.kind, l.amount_cents])).toEqual([
      ["authorization", max.totalCents],
      ["deposit_capture", won.depositCents],
      ["remainder_capture", won.remainderCents],
    ]);

    // A day and a bit after the session it completes; nothing more is captured.
    env.shift(DAY_MS + 5 * 60 * 60 * 1000);
    await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId }, app.deps.now());
    money = moneyAtFake(env.fake, created.order.id);
    expect(money.captures.map((c) => c.amountCents)).toEqual([won.totalCents]);
    env.shift(0);
  });
});
