import { randomUUID } from "node:crypto";
import {
  createAdmin,
  createBooking,
  createCreator,
  enrolTwoFactor,
} from "../../server/db/factories.ts";
import { writeCompletionLines } from "../../server/features/payouts/booking-lines.ts";
import { insertPayoutLine } from "../../server/features/payouts/payout-queries.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";

export const PASSWORD = "e2e-password-123";
export const TOTP_SECRET = "e2e-payouts-staff!";

export type PayoutsWorld = {
  app: TestApp;
  creator: { email: string };
  adminEmail: string;
  /** The direct-deposit creator whose payout waits for staff. */
  manualCreatorName: string;
};

type Db = TestApp["database"]["db"];

/** A completed $100 × 2 h booking with its captures and payout lines; its creator's net. */
async function completedBooking(db: Db, creatorProfileId: string, daysAgo: number) {
  const start = new Date(Date.now() - daysAgo * 86_400_000);
  const booking = await createBooking(db, {
    creatorProfileId,
    startTime: start,
    hours: 2,
    status: "completed",
    hourlyRateCents: 10_000,
    eventType: "Portrait session",
  });
  const capturedAt = new Date(start.getTime() + 86_400_000);
  await db
    .insertInto("payment_ledger")
    .values([
      {
        booking_id: booking.id,
        kind: "deposit_capture",
        amount_cents: booking.deposit_amount_cents,
        provider: "sandbox",
        provider_ref: `SBXCAP-${randomUUID().slice(0, 8)}`,
        status: "COMPLETED",
      },
      {
        booking_id: booking.id,
        kind: "remainder_capture",
        amount_cents: booking.remainder_cents,
        provider: "sandbox",
        provider_ref: `SBXCAP-${randomUUID().slice(0, 8)}`,
        status: "COMPLETED",
      },
    ])
    .execute();
  await db
    .updateTable("bookings")
    .set({ commission_tier: "starter", commission_percent: 20 })
    .where("id", "=", booking.id)
    .execute();
  await writeCompletionLines(db, booking.id, capturedAt);
  return { id: booking.id, net: 20_000 - 4_000 };
}

async function payout(
  db: Db,
  creatorProfileId: string,
  booking: { id: string; net: number },
  status: "paid" | "manual_pending",
) {
  const id = randomUUID();
  const paid = status === "paid";
  await db
    .insertInto("payouts")
    .values({
      id,
      creator_profile_id: creatorProfileId,
      booking_id: booking.id,
      amount_cents: booking.net,
      method: paid ? "paypal" : "direct_deposit",
      status,
      receiver_email: paid ? "sofia@pay.test" : null,
      bank_account_last4: paid ? null : "4821",
      sender_batch_id: paid ? `SH-${id}-1` : null,
      due_at: new Date(Date.now() - 3_600_000),
      paid_at: paid ? new Date() : null,
    })
    .execute();
  if (paid) {
    const line = {
      id,
      creator_profile_id: creatorProfileId,
      booking_id: booking.id,
      amount_cents: booking.net,
      currency: "USD",
      attempt: 1,
    };
    await insertPayoutLine(db, line, "Paid to PayPal sofia@pay.test", new Date());
  }
}

export async function startPayoutsWorld(): Promise<PayoutsWorld> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const db = app.database.db;
  const sofia = await createCreator(db, {
    fullName: "Sofia Martinez",
    hourlyRateCents: 10_000,
    paymentMethod: "paypal",
    payoutEmail: "sofia@pay.test",
    user: { password: PASSWORD, emailVerified: true },
  });
  const paid = await completedBooking(db, sofia.profile.id, 20);
  await payout(db, sofia.profile.id, paid, "paid");
  await completedBooking(db, sofia.profile.id, 3);

  const marcus = await createCreator(db, {
    fullName: "Marcus Webb",
    paymentMethod: "direct_deposit",
  });
  const owed = await completedBooking(db, marcus.profile.id, 5);
  await payout(db, marcus.profile.id, owed, "manual_pending");

  const admin = await createAdmin(db, { password: PASSWORD });
  await enrolTwoFactor(db, {
    userId: admin.id,
    totpSecret: TOTP_SECRET,
    authSecret: app.deps.config.authSecret,
  });
  return {
    app,
    creator: { email: sofia.user.email },
    adminEmail: admin.email,
    manualCreatorName: "Marcus Webb",
  };
}
