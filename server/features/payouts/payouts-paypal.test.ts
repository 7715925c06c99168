import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking, createCreator } from "../../db/factories.ts";
import { type PayPalTestApp, startPayPalApp } from "../../test/paypal-bookings.ts";
import { adminSession, jsonRequest } from "../../test/sessions.ts";
import { paymentProvider } from "../payments/provider-of.ts";
import { PAYPAL_WEBHOOK_PATH } from "../payments/routes.ts";
import { processPayout } from "./payout-service.ts";

// Payouts through the real PayPal adapter against the fake PayPal: a crash between PayPal's
// answer and our write never pays twice, a FAILED item leaves the money in the balance, and
// staff's retry is a new attempt with its own sender_batch_id.

let t: PayPalTestApp;
beforeAll(async () => {
  t = await startPayPalApp();
});
afterAll(() => t?.close());

/** A completed booking with a PayPal payout of $123.45 due now (its earning line included). */
async function duePayout(receiver: string) {
  const db = t.app.database.db;
  const { profile, user } = await createCreator(db, { approved: true });
  const booking = await createBooking(db, { creatorProfileId: profile.id, status: "completed" });
  const id = randomUUID();
  await db
    .insertInto("payouts")
    .values({
      id,
      creator_profile_id: profile.id,
      booking_id: booking.id,
      amount_cents: 12_345,
      method: "paypal",
      status: "pending",
      receiver_email: receiver,
      sender_batch_id: `SH-${id}-1`,
      due_at: new Date(Date.now() - 60_000),
    })
    .execute();
  await db
    .insertInto("payout_lines")
    .values({
      creator_profile_id: profile.id,
      account: "creator",
      kind: "adjustment",
      amount_cents: 12_345,
      note: "test earning",
    })
    .execute();
  return { id, profileId: profile.id, userId: user.id };
}

async function state(payoutId: string, profileId: string) {
  const db = t.app.database.db;
  const payout = await db
    .selectFrom("payouts")
    .select(["status", "attempt", "sender_batch_id", "provider_status"])
    .where("id", "=", payoutId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("payout_lines")
    .select(["kind", "amount_cents"])
    .where("creator_profile_id", "=", profileId)
    .orderBy("id")
    .execute();
  const batches = [...t.fake.payouts.batches.values()].filter((b) =>
    b.senderBatchId.startsWith(`SH-${payoutId}-`),
  );
  return {
    ...payout,
    balance: lines.reduce((s, l) => s + l.amount_cents, 0),
    payoutLines: lines.filter((l) => l.kind === "payout").length,
    returnLines: lines.filter((l) => l.kind === "payout_return").length,
    batches: batches.map((b) => b.senderBatchId),
  };
}

describe("PayPal payouts against the fake PayPal", () => {
  it("survives a crash between PayPal's answer and our write without paying twice", async () => {
    const { id, profileId } = await duePayout("crash@pay.test");
    const payments = paymentProvider(t.app.deps);
    const real = payments.createPayout;
    payments.createPayout = async (input) => {
      await real(input);
      throw new Error("process died before writing");
    };
    await expect(processPayout(t.app.deps, id)).rejects.toThrow("process died");
    payments.createPayout = real;
    expect(await state(id, profileId)).toMatchObject({ status: "processing", balance: 12_345 });

    await processPayout(t.app.deps, id);
    await processPayout(t.app.deps, id);
    expect(await state(id, profileId)).toEqual({
      status: "paid",
      attempt: 1,
      sender_batch_id: `SH-${id}-1`,
      provider_status: "SUCCESS",
      balance: 0,
      payoutLines: 1,
      returnLines: 0,
      batches: [`SH-${id}-1`],
    });
    const posts = t.fake.requests.filter(
      (r) => r.operation === "createPayout" && r.body.includes(`SH-${id}-1`),
    );
    expect(posts).toHaveLength(2);
  });

  it("marks a FAILED item failed with the money still in the balance; staff retry pays it", async () => {
    const receiver = `bad-${randomUUID()}@pay.test`;
    t.fake.payouts.outcomes.set(receiver, "FAILED");
    const { id, profileId } = await duePayout(receiver);
    await processPayout(t.app.deps, id);
    expect(await state(id, profileId)).toMatchObject({
      status: "failed",
      provider_status: "FAILED",
      balance: 12_345,
      payoutLines: 0,
    });

    t.fake.payouts.outcomes.set(receiver, "SUCCESS");
    const admin = await adminSession(t.app);
    const retry = await t.app.fetch(
      `/api/admin/payouts/${id}/retry`,
      jsonRequest("POST", {}, admin.cookie),
    );
    expect(retry.status).toBe(200);
    expect(await state(id, profileId)).toEqual({
      status: "paid",
      attempt: 2,
      sender_batch_id: `SH-${id}-2`,
      provider_status: "SUCCESS",
      balance: 0,
      payoutLines: 1,
      returnLines: 0,
      batches: [`SH-${id}-1`, `SH-${id}-2`],
    });
    const audit = await t.app.database.db
      .selectFrom("staff_audit_log")
      .select("action")
      .where("target_id", "=", id)
      .execute();
    expect(audit).toEqual([{ action: "payout.retry" }]);
  });

  it("keeps an UNCLAIMED item processing, and pays it when PayPal says SUCCESS", async () => {
    const receiver = `later-${randomUUID()}@pay.test`;
    t.fake.payouts.outcomes.set(receiver, "UNCLAIMED");
    const { id, profileId } = await duePayout(receiver);
    await processPayout(t.app.deps, id);
    expect(await state(id, profileId)).toMatchObject({
      status: "processing",
      provider_status: "UNCLAIMED",
      balance: 12_345,
    });
    for (const batch of t.fake.payouts.batches.values()) {
      for (const item of batch.items) if (item.receiver === receiver) item.status = "SUCCESS";
    }
    await processPayout(t.app.deps, id);
    expect(await state(id, profileId)).toMatchObject({
      status: "paid",
      balance: 0,
      payoutLines: 1,
    });
  });

  it("takes back a paid payout PayPal returns: the money is in the balance again, and a retry pays it once more", async () => {
    const receiver = `unclaimed-${randomUUID()}@pay.test`;
    const { id, profileId, userId } = await duePayout(receiver);
    await processPayout(t.app.deps, id);
    expect(await state(id, profileId)).toMatchObject({ status: "paid", balance: 0 });

    // Thirty days unclaimed: PayPal returns the money and says so by webhook.
    const [item] = [...t.fake.payouts.batches.values()].flatMap((b) =>
      b.items.filter((i) => i.receiver === receiver),
    );
    item!.status = "RETURNED";
    const deliver = (eventId: string) =>
      t.fake.deliverWebhook(
        `${t.app.url}${PAYPAL_WEBHOOK_PATH}`,
        "PAYMENT.PAYOUTS-ITEM.RETURNED",
        t.fake.resource("payout-item", item!.id),
        { eventId },
      );
    const eventId = `WH-${randomUUID()}`;
    expect((await deliver(eventId)).status).toBe(200);
    expect(await deliver(eventId).then((r) => r.json())).toMatchObject({ duplicate: true });
    // The same news again under another event id changes nothing either.
    expect((await deliver(`WH-${randomUUID()}`)).status).toBe(200);
    expect(await state(id, profileId)).toMatchObject({
      status: "failed",
      provider_status: "RETURNED",
      balance: 12_345,
      payoutLines: 1,
      returnLines: 1,
    });
    await t.app.deps.jobs.drain();
    const told = await t.app.database.db
      .selectFrom("notifications")
      .select(["title", "body"])
      .where("user_id", "=", userId)
      .execute();
    expect(told).toEqual([
      expect.objectContaining({ title: "Payout sent" }),
      {
        title: "Payout returned",
        body: expect.stringContaining(`sent to PayPal (${receiver}), came back to us`),
      },
    ]);

    const admin = await adminSession(t.app);
    const retry = await t.app.fetch(
      `/api/admin/payouts/${id}/retry`,
      jsonRequest("POST", {}, admin.cookie),
    );
    expect(retry.status).toBe(200);
    expect(await state(id, profileId)).toMatchObject({
      status: "paid",
      attempt: 2,
      balance: 0,
      payoutLines: 2,
      returnLines: 1,
    });
  });
});
