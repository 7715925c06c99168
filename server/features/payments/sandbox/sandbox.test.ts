import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HOLD_LIFETIME } from "../../../../contracts/constants.ts";
import type { Database } from "../../../db/database.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import {
  type OrderIntent,
  PaymentError,
  type PaymentErrorReason,
  type PaymentProvider,
} from "../provider.ts";
import { createSandboxProvider, LAPSING_HOLD_MS } from "./sandbox.ts";
import { approveCheckout } from "./sandbox-checkout.ts";
import type { SandboxOutcome } from "./sandbox-store.ts";

// The built-in sandbox provider on the test database, as PayPal answers: both intents, the
// buyer's test outcomes (a declined card sends the order back to the buyer), the 3-hour window
// of an order, and a lapsed hold that reads VOIDED.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const START = new Date("2026-03-02T10:00:00Z");
const ORIGIN = "http://shop.test";

let database: Database;
let provider: PaymentProvider;
let clock: Date;
let counter = 0;
const rid = () => `req-${++counter}`;
const at = (ms: number) => {
  clock = new Date(START.getTime() + ms);
};

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createSandboxProvider({ database, now: () => clock, origin: () => ORIGIN });
});
afterAll(() => database?.close());
beforeEach(() => at(0));

async function failure(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a PaymentError");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

async function refusal(promise: Promise<unknown>): Promise<PaymentErrorReason> {
  return (await failure(promise)).reason;
}

/** The refusal's reason and PayPal's issue name. */
async function refused(promise: Promise<unknown>) {
  const error = await failure(promise);
  return [error.reason, error.providerIssue];
}

async function newOrder(amountCents = 15_000, intent: OrderIntent = "AUTHORIZE") {
  return provider.createOrder({
    requestId: rid(),
    intent,
    referenceId: "booking-1",
    customId: "payment-order-1",
    amountCents,
    currency: "USD",
    description: "Portrait session",
    returnUrl: `${ORIGIN}/bookings/1?paid=1`,
    cancelUrl: `${ORIGIN}/bookings/1`,
  });
}

/** An order the buyer approved with `outcome`, authorized at the current clock. */
async function authorized(amountCents = 15_000, outcome: SandboxOutcome = "approve") {
  const order = await newOrder(amountCents);
  await approveCheckout(database, order.id, outcome, clock);
  return { order, authorization: await provider.authorizeOrder(order.id, rid()) };
}

/** A CAPTURE order the buyer approved with `outcome`. */
async function approvedCaptureOrder(amountCents = 15_000, outcome: SandboxOutcome = "approve") {
  const order = await newOrder(amountCents, "CAPTURE");
  await approveCheckout(database, order.id, outcome, clock);
  return order;
}

const capture = (id: string, amountCents: number, finalCapture = false, requestId = rid()) =>
  provider.captureAuthorization(id, { amountCents, currency: "USD", finalCapture, requestId });
/**
 * Opens several pool connections, so that concurrent calls really run side by side on
 * PostgreSQL instead of one finishing while the next connection opens. (PGlite has one.)
 */
async function warmPool() {
  await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.02)`.execute(database.db)));
}

describe("orders", () => {
  it.each(["AUTHORIZE", "CAPTURE"] as const)(
    "%s orders are created awaiting approval on our own checkout page",
    async (intent) => {
      const order = await newOrder(15_000, intent);
      expect(order).toEqual({
        id: expect.stringMatching(/^SBX-[0-9A-F]{16}$/),
        status: "CREATED",
        intent,
        amountCents: 15_000,
        currency: "USD",
        referenceId: "booking-1",
        customId: "payment-order-1",
        approveUrl: `${ORIGIN}/sandbox/checkout/${order.id}`,
        authorizations: [],
        captures: [],
      });
      expect(await provider.getOrder(order.id)).toEqual(order);
      expect(await refusal(provider.getOrder("SBX-NOPE"))).toBe("not_found");
    },
  );

  it("cannot be authorized before the buyer approves, nor twice", async () => {
    const order = await newOrder();
    expect(await refused(provider.authorizeOrder(order.id, rid()))).toEqual([
      "not_approved",
      "ORDER_NOT_APPROVED",
    ]);
    await approveCheckout(database, order.id, "approve", clock);
    expect(await provider.getOrder(order.id)).toMatchObject({
      status: "APPROVED",
      approveUrl: null,
    });
    await provider.authorizeOrder(order.id, rid());
    expect(await refusal(provider.authorizeOrder(order.id, rid()))).toBe("already_done");
    expect(await refusal(provider.authorizeOrder("SBX-NOPE", rid()))).toBe("not_found");
  });

  it("authorizes the whole amount, honoured 3 days and valid 29", async () => {
    const { order, authorization } = await authorized();
    expect(authorization).toMatchObject({ status: "CREATED", amountCents: 15_000 });
    expect(authorization.honoredUntil).toEqual(
      new Date(START.getTime() + HOLD_LIFETIME.honoredDays * DAY),
    );
    expect(authorization.expiresAt).toEqual(
      new Date(START.getTime() + HOLD_LIFETIME.validDays * DAY),
    );
    const read = await provider.getOrder(order.id);
    expect(read).toMatchObject({ status: "COMPLETED", intent: "AUTHORIZE", approveUrl: null });
    expect(read.authorizations).toEqual([authorization]);
    expect(await provider.getAuthorization(authorization.id)).toEqual(authorization);
  });

  it("refuse the action their intent does not allow", async () => {
    const toCapture = await approvedCaptureOrder();
    expect(await refused(provider.authorizeOrder(toCapture.id, rid()))).toEqual([
      "rejected",
      "ACTION_DOES_NOT_MATCH_INTENT",
    ]);
    const toHold = await newOrder();
    await approveCheckout(database, toHold.id, "approve", clock);
    expect(await refused(provider.captureOrder(toHold.id, rid()))).toEqual([
      "rejected",
      "ACTION_DOES_NOT_MATCH_INTENT",
    ]);
    // Neither was used up.
    expect((await provider.captureOrder(toCapture.id, rid())).status).toBe("COMPLETED");
    expect((await provider.authorizeOrder(toHold.id, rid())).status).toBe("CREATED");
  });

  it("go back to the buyer when the card is declined, and go through once approved again", async () => {
    const order = await newOrder();
    await approveCheckout(database, order.id, "decline", clock);
    const requestId = rid();
    const declined = await failure(provider.authorizeOrder(order.id, requestId));
    expect([declined.reason, declined.providerIssue]).toEqual(["declined", "INSTRUMENT_DECLINED"]);
    expect(declined.payerActionUrl).toBe(`${ORIGIN}/sandbox/checkout/${order.id}`);
    expect(await provider.getOrder(order.id)).toMatchObject({
      status: "CREATED",
      approveUrl: declined.payerActionUrl,
      authorizations: [],
    });
    // The refused request is not kept: sent again under its id once the buyer approved, it acts.
    await approveCheckout(database, order.id, "approve", clock);
    expect((await provider.authorizeOrder(order.id, requestId)).status).toBe("CREATED");
  });

  it("are gone when not approved within 3 hours of their creation", async () => {
    const order = await newOrder();
    at(3 * HOUR);
    expect((await provider.getOrder(order.id)).status).toBe("CREATED");
    at(3 * HOUR + 1_000);
    expect(await refused(provider.getOrder(order.id))).toEqual(["not_found", "RESOURCE_NOT_FOUND"]);
    expect(await approveCheckout(database, order.id, "approve", clock)).toBeUndefined();
    expect(await refused(provider.authorizeOrder(order.id, rid()))).toEqual([
      "order_expired",
      "ORDER_EXPIRED",
    ]);
  });

  it("are gone when not authorized or captured within 3 hours of the buyer's approval", async () => {
    const toHold = await newOrder();
    const toCapture = await newOrder(15_000, "CAPTURE");
    at(2 * HOUR);
    await approveCheckout(database, toHold.id, "approve", clock);
    await approveCheckout(database, toCapture.id, "approve", clock);
    // Past the creation's 3 hours, within the approval's.
    at(4 * HOUR);
    expect((await provider.getOrder(toHold.id)).status).toBe("APPROVED");
    const late = await newOrder(15_000, "CAPTURE");
    await approveCheckout(database, late.id, "approve", clock);
    expect((await provider.captureOrder(late.id, rid())).status).toBe("COMPLETED");
    at(5 * HOUR + 1_000);
    expect(await refusal(provider.getOrder(toHold.id))).toBe("not_found");
    expect(await refused(provider.authorizeOrder(toHold.id, rid()))).toEqual([
      "order_expired",
      "ORDER_EXPIRED",
    ]);
    expect(await refused(provider.captureOrder(toCapture.id, rid()))).toEqual([
      "order_expired",
      "ORDER_EXPIRED",
    ]);
    // A completed order stays.
    at(30 * DAY);
    expect((await provider.getOrder(late.id)).status).toBe("COMPLETED");
  });
});

describe("CAPTURE orders", () => {
  it("capture the whole amount once the buyer approves, and read the capture back", async () => {
    const order = await newOrder(15_000, "CAPTURE");
    expect(await refused(provider.captureOrder(order.id, rid()))).toEqual([
      "not_approved",
      "ORDER_NOT_APPROVED",
    ]);
    await approveCheckout(database, order.id, "approve", clock);
    const captured = await provider.captureOrder(order.id, rid());
    expect(captured).toEqual({
      id: expect.stringMatching(/^SBXCAP-[0-9A-F]{16}$/),
      status: "COMPLETED",
      amountCents: 15_000,
    });
    expect(await provider.getOrder(order.id)).toMatchObject({
      status: "COMPLETED",
      intent: "CAPTURE",
      approveUrl: null,
      authorizations: [],
      captures: [captured],
    });
    expect(await provider.getCapture(captured.id)).toEqual(captured);
    const refund = await provider.refundCapture(captured.id, {
      amountCents: 5_000,
      currency: "USD",
      requestId: rid(),
    });
    expect(refund).toMatchObject({ status: "COMPLETED", amountCents: 5_000 });
    expect(await provider.getCapture(captured.id)).toEqual({
      ...captured,
      status: "PARTIALLY_REFUNDED",
    });
  });

  it("answer a repeated request id with the same capture, and another one already_done", async () => {
    const order = await approvedCaptureOrder();
    const first = await provider.captureOrder(order.id, "same-capture-order");
    expect(await provider.captureOrder(order.id, "same-capture-order")).toEqual(first);
    expect(await refused(provider.captureOrder(order.id, rid()))).toEqual([
      "already_done",
      "ORDER_ALREADY_CAPTURED",
    ]);
    expect((await provider.getOrder(order.id)).captures).toEqual([first]);
  });

  it("go back to the buyer when the card is declined, and capture once approved again", async () => {
    const order = await approvedCaptureOrder(15_000, "decline");
    const requestId = rid();
    const declined = await failure(provider.captureOrder(order.id, requestId));
    expect([declined.reason, declined.providerIssue]).toEqual(["declined", "INSTRUMENT_DECLINED"]);
    expect(declined.payerActionUrl).toBe(`${ORIGIN}/sandbox/checkout/${order.id}`);
    expect(await provider.getOrder(order.id)).toMatchObject({ status: "CREATED", captures: [] });
    await approveCheckout(database, order.id, "approve", clock);
    expect(await provider.captureOrder(order.id, requestId)).toMatchObject({
      status: "COMPLETED",
      amountCents: 15_000,
    });
  });

  it("answer not_found for what is not a capture, or not an authorization", async () => {
    const { authorization } = await authorized();
    const captured = await capture(authorization.id, 15_000, true);
    expect(await refusal(provider.getCapture("SBXCAP-NOPE"))).toBe("not_found");
    expect(await refusal(provider.getCapture(authorization.id))).toBe("not_found");
    expect(await refusal(provider.getAuthorization("SBXAUTH-NOPE"))).toBe("not_found");
    expect(await refusal(provider.getAuthorization(captured.id))).toBe("not_found");
  });
});

describe("captures", () => {
  it("take the deposit, then the rest with the final capture", async () => {
    const { order, authorization } = await authorized();
    const deposit = await capture(authorization.id, 4_500);
    expect(deposit).toMatchObject({ status: "COMPLETED", amountCents: 4_500 });
    expect((await provider.getAuthorization(authorization.id)).status).toBe("PARTIALLY_CAPTURED");
    expect(await refusal(capture(authorization.id, 10_501, true))).toBe("rejected");
    const rest = await capture(authorization.id, 10_500, true);
    const read = await provider.getOrder(order.id);
    expect(read.authorizations[0]!.status).toBe("CAPTURED");
    expect(read.captures).toEqual([deposit, rest]);
    expect(await provider.getCapture(rest.id)).toEqual(rest);
    expect(await refused(capture(authorization.id, 1))).toEqual([
      "already_done",
      "AUTHORIZATION_ALREADY_CAPTURED",
    ]);
  });

  it("release what is left on a final capture of less", async () => {
    const { authorization } = await authorized();
    await capture(authorization.id, 1_000, true);
    expect((await provider.getAuthorization(authorization.id)).status).toBe("CAPTURED");
    expect(await refusal(capture(authorization.id, 1_000))).toBe("already_done");
  });

  it("refuse amounts that are not positive cents, and another currency", async () => {
    const { authorization } = await authorized();
    expect(await refusal(capture(authorization.id, 0))).toBe("rejected");
    expect(await refusal(capture(authorization.id, 10.5))).toBe("rejected");
    const euros = provider.captureAuthorization(authorization.id, {
      amountCents: 100,
      currency: "EUR",
      finalCapture: false,
      requestId: rid(),
    });
    expect(await refusal(euros)).toBe("rejected");
    expect(await refusal(capture("SBXAUTH-NOPE", 100))).toBe("not_found");
  });

  it("fail once the authorization lapsed (day 30), which then reads VOIDED", async () => {
    const { order, authorization } = await authorized();
    at(29 * DAY);
    expect((await provider.getAuthorization(authorization.id)).status).toBe("CREATED");
    at(30 * DAY);
    // Read as VOIDED before any call found it so: PayPal has no EXPIRED authorization.
    expect((await provider.getAuthorization(authorization.id)).status).toBe("VOIDED");
    expect((await provider.getOrder(order.id)).authorizations[0]!.status).toBe("VOIDED");
    expect(await refused(capture(authorization.id, 100))).toEqual([
      "authorization_expired",
      "AUTHORIZATION_EXPIRED",
    ]);
    expect(await refused(capture(authorization.id, 100))).toEqual([
      "authorization_expired",
      "AUTHORIZATION_EXPIRED",
    ]);
    expect((await provider.getOrder(order.id)).authorizations[0]!.status).toBe("VOIDED");
    expect(await refusal(provider.voidAuthorization(authorization.id, rid()))).toBe("already_done");
  });

  it("with the lapse outcome: the deposit works, the remainder 10 minutes later does not", async () => {
    const { authorization } = await authorized(15_000, "lapse");
    expect(authorization.expiresAt).toEqual(new Date(START.getTime() + LAPSING_HOLD_MS));
    expect(authorization.honoredUntil).toEqual(authorization.expiresAt);
    await capture(authorization.id, 4_500);
    at(LAPSING_HOLD_MS + 1_000);
    expect((await provider.getAuthorization(authorization.id)).status).toBe("VOIDED");
    expect(await refusal(capture(authorization.id, 10_500, true))).toBe("authorization_expired");
  });
});

describe("voids", () => {
  it("release a hold before any capture, once", async () => {
    const { order, authorization } = await authorized();
    await provider.voidAuthorization(authorization.id, rid());
    expect((await provider.getOrder(order.id)).authorizations[0]!.status).toBe("VOIDED");
    expect((await provider.getAuthorization(authorization.id)).status).toBe("VOIDED");
    expect(await refused(provider.voidAuthorization(authorization.id, rid()))).toEqual([
      "already_done",
      "PREVIOUSLY_VOIDED",
    ]);
    // A voided hold cannot be captured: a new approval is needed.
    expect(await refused(capture(authorization.id, 100))).toEqual([
      "authorization_expired",
      "AUTHORIZATION_VOIDED",
    ]);
  });

  it("release the rest after a partial capture, but not after the final one", async () => {
    const partial = await authorized();
    await capture(partial.authorization.id, 4_500);
    await provider.voidAuthorization(partial.authorization.id, rid());
    expect(await refusal(capture(partial.authorization.id, 100))).toBe("authorization_expired");

    const full = await authorized();
    await capture(full.authorization.id, 15_000, true);
    expect(await refused(provider.voidAuthorization(full.authorization.id, rid()))).toEqual([
      "already_done",
      "PREVIOUSLY_CAPTURED",
    ]);
  });

  it("answer a repeated request id with the first answer", async () => {
    const { authorization } = await authorized();
    await provider.voidAuthorization(authorization.id, "same-void");
    await provider.voidAuthorization(authorization.id, "same-void");
    expect((await provider.getAuthorization(authorization.id)).status).toBe("VOIDED");
  });
});

describe("refunds", () => {
  it("return part of a capture, then the rest, and no more", async () => {
    const { order, authorization } = await authorized();
    const deposit = await capture(authorization.id, 4_500);
    const refund = (amountCents: number | null) =>
      provider.refundCapture(deposit.id, { amountCents, currency: "USD", requestId: rid() });
    expect(await refusal(refund(4_501))).toBe("rejected");
    expect(await refund(2_000)).toMatchObject({ status: "COMPLETED", amountCents: 2_000 });
    expect((await provider.getOrder(order.id)).captures[0]!.status).toBe("PARTIALLY_REFUNDED");
    expect(await refusal(refund(2_501))).toBe("rejected");
    expect(await refund(null)).toMatchObject({ status: "COMPLETED", amountCents: 2_500 });
    expect((await provider.getOrder(order.id)).captures[0]!.status).toBe("REFUNDED");
    expect(await refusal(refund(null))).toBe("already_done");
    expect(await refusal(refund(1))).toBe("already_done");
  });
});

describe("request ids", () => {
  it("answer a repeated call with the first result, acting once", async () => {
    const { order, authorization } = await authorized();
    const first = await capture(authorization.id, 4_500, false, "same-capture");
    const again = await capture(authorization.id, 4_500, false, "same-capture");
    expect(again).toEqual(first);
    expect((await provider.getOrder(order.id)).captures).toEqual([first]);

    const input = {
      requestId: "same-order",
      intent: "CAPTURE" as const,
      referenceId: "b",
      customId: "c",
      amountCents: 100,
      currency: "USD",
      description: "x",
      returnUrl: ORIGIN,
      cancelUrl: ORIGIN,
    };
    const created = await provider.createOrder(input);
    const repeated = await provider.createOrder(input);
    expect(repeated).toEqual(created);
  });

  it("return a stored authorization with its dates, and refuse an id used for another call", async () => {
    const order = await newOrder();
    await approveCheckout(database, order.id, "approve", clock);
    const first = await provider.authorizeOrder(order.id, "same-authorize");
    at(DAY);
    expect(await provider.authorizeOrder(order.id, "same-authorize")).toEqual(first);
    expect(await refusal(capture(first.id, 100, false, "same-authorize"))).toBe("rejected");
  });

  it("let a refused call be tried again under its id", async () => {
    const order = await newOrder();
    expect(await refusal(provider.authorizeOrder(order.id, "retry-authorize"))).toBe(
      "not_approved",
    );
    await approveCheckout(database, order.id, "approve", clock);
    expect((await provider.authorizeOrder(order.id, "retry-authorize")).amountCents).toBe(15_000);
  });

  it("capture once when the same request arrives twice at the same time", async () => {
    const { order, authorization } = await authorized();
    await warmPool();
    const [a, b] = await Promise.all([
      capture(authorization.id, 4_500, false, "concurrent-same"),
      capture(authorization.id, 4_500, false, "concurrent-same"),
    ]);
    expect(a).toEqual(b);
    expect((await provider.getOrder(order.id)).captures).toHaveLength(1);
  });

  it("let only one of two concurrent captures through when only one fits", async () => {
    const { order, authorization } = await authorized();
    await warmPool();
    const results = await Promise.allSettled([
      capture(authorization.id, 10_000),
      capture(authorization.id, 10_000),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ reason: "rejected" });
    expect((await provider.getOrder(order.id)).captures).toHaveLength(1);
  });
});

it("verifies no webhook: the sandbox sends none", async () => {
  expect(await provider.verifyWebhook(new Headers(), new Uint8Array())).toBeNull();
});
