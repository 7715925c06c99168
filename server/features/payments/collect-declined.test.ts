import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../../contracts/bookings.ts";
import { act, bookingParties, getBooking } from "../../test/bookings.ts";
import {
  bookAhead,
  bookingRow,
  CAPABILITY_CORNERS,
  checkoutAtFake,
  moneyAtFake,
  type PayPalTestApp,
  startPayPalApp,
} from "../../test/paypal-bookings.ts";
import { BOOKING_JOBS } from "../bookings/job-names.ts";
import { captureAt, remainderOpensAt } from "../bookings/remainder-window.ts";

// A held balance whose capture PayPal declines after the session: the hold is voided at PayPal
// (it would otherwise stay on the client's card while they approve the balance again, a second
// hold beside it). The money model checks for it at rest ("no hold PayPal keeps that we do
// not"); this is the case itself.

const [, everyCapability] = CAPABILITY_CORNERS;

describe("a declined capture of a held balance", () => {
  let env: PayPalTestApp;
  beforeAll(async () => {
    env = await startPayPalApp({ capabilities: everyCapability.capabilities });
  });
  afterAll(() => env?.close());

  it("voids the hold, and the client is asked to approve the balance again", async () => {
    const parties = await bookingParties(env.app);
    const created = await bookAhead(env.app, parties.client, parties.creatorId, 10);
    await checkoutAtFake(created.order);
    const id = created.booking.id;
    expect((await act(env.app, parties.creator, id, "accept")).status).toBe(200);
    const row = await bookingRow(env.app, id);
    env.shift(remainderOpensAt(row).getTime() - Date.now() + 60_000);
    const opened = await act(env.app, parties.client, id, "approve-remainder");
    const { order } = (await opened.json()) as { order: CreateBookingResponse["order"] };
    await checkoutAtFake(order);
    expect(moneyAtFake(env.fake, order.id).authorizations.map((a) => a.status)).toEqual([
      "CREATED",
    ]);

    env.shift(captureAt(row.end_time).getTime() - Date.now() + 60_000);
    env.fake.failNext("capture", "declined");
    await env.app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, env.app.deps.now());
    await env.app.deps.jobs.drain();

    const balance = moneyAtFake(env.fake, order.id);
    expect(balance.captures.map((c) => c.status)).toEqual(["DECLINED"]);
    expect(balance.authorizations.map((a) => a.status)).toEqual(["VOIDED"]);
    expect(await getBooking(env.app, parties.client, id)).toMatchObject({
      status: "confirmed",
      remainderState: "awaiting",
    });
  });
});
