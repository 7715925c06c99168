import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HOLD_LIFETIME } from "../../../../contracts/constants.ts";
import type { Database } from "../../../db/database.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import type { PaymentErrorReason, PaymentProvider } from "../provider.ts";
import { createSandboxProvider, LAPSING_HOLD_MS } from "./sandbox.ts";
import { approveCheckout } from "./sandbox-checkout.ts";
import type { SandboxOutcome } from "./sandbox-store.ts";

const DAY = 24 * 60 * 60 * 1000;
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

async function refusal(promise: Promise<unknown>): Promise<PaymentErrorReason> {
  const error = await promise.then(
    () => {
      throw new Error("expected a PaymentError");
    },
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ name: "PaymentError" });
  return (error as { reason: PaymentErrorReason }).reason;
}

async function newOrder(amountCents = 15_000) {
  return provider.createOrder({
    requestId: rid(),
    referenceId: "booking-1",
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

const capture = (id: string, amountCents: number, finalCapture = false, requestId = rid()) =>
  provider.captureAuthorization(id, { amountCents, currency: "USD", finalCapture, requestId });
/**
 * Opens several pool connections, so that concurrent calls really run side by side on
 * PostgreSQL instead of one finishing while the next connection opens. (PGlite has one.)
 */
async function warmPool() {
  await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.02)`.execute(database.db)));
}

const reauthorize = (id: string, amountCents: number) =>
  provider.reauthorize(id, { amountCents, currency: "USD", requestId: rid() });

describe("orders", () => {
  it("are created awaiting approval on our own checkout page", async () => {
    const order = await newOrder();
    expect(order).toMatchObject({
      status: "CREATED",
      amountCents: 15_000,
      currency: "USD",
      referenceId: "booking-1",
      approveUrl: `${ORIGIN}/sandbox/checkout/${order.id}`,
      authorizations: [],
      captures: [],
    });
    expect(order.id).toMatch(/^SBX-[0-9A-F]{16}$/);
    expect(await provider.getOrder(order.id)).toEqual(order);
    expect(await refusal(provider.getOrder("SBX-NOPE"))).toBe("not_found");
  });

  it("cannot be authorized before the buyer approves, nor twice", async () => {
    const order = await newOrder();
    expect(await refusal(provider.authorizeOrder(order.id, rid()))).toBe("not_approved");
    await approveCheckout(database, order.id, "approve", clock);
    expect((await provider.getOrder(order.id)).status).toBe("APPROVED");
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
    expect(read).toMatchObject({ status: "COMPLETED", approveUrl: null });
    expect(read.authorizations).toEqual([authorization]);
  });

  it("declines the card when the buyer chose that outcome", async () => {
    const order = await newOrder();
    await approveCheckout(database, order.id, "decline", clock);
    expect(await refusal(provider.authorizeOrder(order.id, rid()))).toBe("declined");
    expect((await provider.getOrder(order.id)).authorizations).toEqual([]);
  });
});

describe("captures", () => {
  it("take the deposit, then the rest with the final capture", async () => {
    const { order, authorization } = await authorized();
    const deposit = await capture(authorization.id, 4_500);
    expect(deposit).toMatchObject({ status: "COMPLETED", amountCents: 4_500 });
    expect((await provider.getOrder(order.id)).authorizations[0]!.status).toBe(
      "PARTIALLY_CAPTURED",
    );
    expect(await refusal(capture(authorization.id, 10_501, true))).toBe("rejected");
    const rest = await capture(authorization.id, 10_500, true);
    const read = await provider.getOrder(order.id);
    expect(read.authorizations[0]!.status).toBe("CAPTURED");
    expect(read.captures).toEqual([deposit, rest]);
    expect(await refusal(capture(authorization.id, 1))).toBe("already_done");
  });

  it("release what is left on a final capture of less", async () => {
    const { authorization } = await authorized();
    await capture(authorization.id, 1_000, true);
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

  it("fail once the authorization has expired (day 30), which then reads EXPIRED", async () => {
    const { order, authorization } = await authorized();
    at(30 * DAY);
    expect(await refusal(capture(authorization.id, 100))).toBe("authorization_expired");
    expect((await provider.getOrder(order.id)).authorizations[0]!.status).toBe("EXPIRED");
    expect(await refusal(capture(authorization.id, 100))).toBe("authorization_expired");
  });

  it("with the lapse outcome: the deposit works, the remainder 10 minutes later does not", async () => {
    const { authorization } = await authorized(15_000, "lapse");
    expect(authorization.expiresAt).toEqual(new Date(START.getTime() + LAPSING_HOLD_MS));
    expect(authorization.honoredUntil).toEqual(authorization.expiresAt);
    await capture(authorization.id, 4_500);
    at(LAPSING_HOLD_MS + 1_000);
    expect(await refusal(capture(authorization.id, 10_500, true))).toBe("authorization_expired");
    expect(await refusal(reauthorize(authorization.id, 10_500))).toBe("authorization_expired");
  });
});

describe("voids", () => {
  it("release a hold before any capture, once", async () => {
    const { order, authorization } = await authorized();
    await provider.voidAuthorization(authorization.id, rid());
    expect((await provider.getOrder(order.id)).authorizations[0]!.status).toBe("VOIDED");
    expect(await refusal(provider.voidAuthorization(authorization.id, rid()))).toBe("already_done");
    expect(await refusal(capture(authorization.id, 100))).toBe("already_done");
  });

  it("release the rest after a partial capture, but not after the final one", async () => {
    const partial = await authorized();
    await capture(partial.authorization.id, 4_500);
    await provider.voidAuthorization(partial.authorization.id, rid());
    expect(await refusal(capture(partial.authorization.id, 100))).toBe("already_done");

    const full = await authorized();
    await capture(full.authorization.id, 15_000, true);
    expect(await refusal(provider.voidAuthorization(full.authorization.id, rid()))).toBe(
      "already_done",
    );
  });
});

describe("reauthorization", () => {
  it("is refused in the honor period (day 2), allowed once on day 5, and replaces the original", async () => {
    const { order, authorization } = await authorized();
    await capture(authorization.id, 4_500);
    at(2 * DAY);
    expect(await refusal(reauthorize(authorization.id, 10_500))).toBe("rejected");
    at(5 * DAY);
    const renewed = await reauthorize(authorization.id, 10_500);
    expect(renewed).toMatchObject({ status: "CREATED", amountCents: 10_500 });
    expect(renewed.id).not.toBe(authorization.id);
    expect(renewed.honoredUntil).toEqual(new Date(START.getTime() + 8 * DAY));
    expect(renewed.expiresAt).toEqual(authorization.expiresAt);
    const read = await provider.getOrder(order.id);
    expect(read.authorizations.map((a) => [a.id, a.status])).toEqual([
      [authorization.id, "VOIDED"],
      [renewed.id, "CREATED"],
    ]);
    // Once per original, and a reauthorization cannot itself be reauthorized.
    expect(await refusal(reauthorize(authorization.id, 10_500))).toBe("rejected");
    at(9 * DAY);
    expect(await refusal(reauthorize(renewed.id, 10_500))).toBe("rejected");
    expect(await refusal(capture(authorization.id, 100))).toBe("already_done");
    await capture(renewed.id, 10_500, true);
    expect((await provider.getOrder(order.id)).captures).toHaveLength(2);
  });

  it("allows at most 115 % of the original and $75 more", async () => {
    const small = await authorized(10_000);
    at(4 * DAY);
    expect(await refusal(reauthorize(small.authorization.id, 11_501))).toBe("rejected");
    expect((await reauthorize(small.authorization.id, 11_500)).amountCents).toBe(11_500);

    at(0);
    const large = await authorized(100_000);
    at(4 * DAY);
    // 115 % would be 115,000; the $75 cap is lower.
    expect(await refusal(reauthorize(large.authorization.id, 107_501))).toBe("rejected");
    expect((await reauthorize(large.authorization.id, 107_500)).amountCents).toBe(107_500);
  });

  it("is refused after the 29 days", async () => {
    const { authorization } = await authorized();
    at(30 * DAY);
    expect(await refusal(reauthorize(authorization.id, 15_000))).toBe("authorization_expired");
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

    const created = await provider.createOrder({
      requestId: "same-order",
      referenceId: "b",
      amountCents: 100,
      currency: "USD",
      description: "x",
      returnUrl: ORIGIN,
      cancelUrl: ORIGIN,
    });
    const repeated = await provider.createOrder({
      requestId: "same-order",
      referenceId: "b",
      amountCents: 100,
      currency: "USD",
      description: "x",
      returnUrl: ORIGIN,
      cancelUrl: ORIGIN,
    });
    expect(repeated.id).toBe(created.id);
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
