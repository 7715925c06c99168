import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { TIER_PERCENT, type TierName } from "../../../contracts/payouts.ts";
import { writeCompletionLines } from "../../features/payouts/booking-lines.ts";
import { insertPayoutLine } from "../../features/payouts/payout-queries.ts";
import { recordTierOfDay } from "../../features/payouts/tiers.ts";
import { createBooking, type Db } from "../factories.ts";
import type { SeededCreator } from "./creators.ts";

// The demo world's earnings: every completed booking's captures in the payments ledger and its
// payout lines; the best-rated creator (Sofia when she qualifies) brought to Pro with paid
// payouts and one upcoming; Marcus paid by direct deposit, with one payout for staff to send;
// everyone else paid for all but their last few days' work.

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function topUpCompleted(db: Db, creator: SeededCreator, target: number) {
  const row = await db
    .selectFrom("photographer_profiles")
    .select("jobs_completed")
    .where("id", "=", creator.profile.id)
    .executeTakeFirstOrThrow();
  for (let i = row.jobs_completed; i < target; i++) {
    const start = new Date(Date.now() - (40 + i * 9) * DAY);
    start.setUTCHours(15, 0, 0, 0);
    await createBooking(db, {
      creatorProfileId: creator.profile.id,
      startTime: start,
      hours: 2,
      status: "completed",
      eventType: "Portrait session",
      location: creator.demo.city,
      createdAt: new Date(start.getTime() - 7 * DAY),
    });
  }
}

/** Completed bookings the factories made without money: their deposit and remainder captures. */
async function recordCaptures(db: Db) {
  const bare = await db
    .selectFrom("bookings as b")
    .select(["b.id", "b.deposit_amount_cents", "b.remainder_cents", "b.end_time", "b.start_time"])
    .where("b.status", "=", "completed")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("payment_ledger as l").select("l.id").whereRef("l.booking_id", "=", "b.id"),
        ),
      ),
    )
    .execute();
  for (const b of bare) {
    const paidAt = new Date(b.start_time.getTime() - 5 * DAY);
    const capturedAt = new Date(b.end_time.getTime() + DAY);
    const ref = () => `SBXCAP-SEED${randomUUID().replaceAll("-", "").slice(0, 11).toUpperCase()}`;
    await db
      .insertInto("payment_ledger")
      .values([
        {
          booking_id: b.id,
          kind: "deposit_capture",
          amount_cents: b.deposit_amount_cents,
          provider: "sandbox",
          provider_ref: ref(),
          status: "COMPLETED",
          created_at: paidAt,
        },
        {
          booking_id: b.id,
          kind: "remainder_capture",
          amount_cents: b.remainder_cents,
          provider: "sandbox",
          provider_ref: ref(),
          status: "COMPLETED",
          created_at: capturedAt,
        },
      ])
      .execute();
    await db
      .updateTable("bookings")
      .set({ completed_at: capturedAt, remainder_state: "paid" })
      .where("id", "=", b.id)
      .execute();
  }
}

async function payOut(
  db: Db,
  creator: SeededCreator,
  booking: { id: string; net: number; completedAt: Date },
  how: {
    method: "paypal" | "direct_deposit";
    status: "paid" | "sent" | "pending" | "manual_pending";
    dueAt: Date;
    email?: string | null;
    last4?: string | null;
  },
) {
  const id = randomUUID();
  const paid = how.status === "paid" || how.status === "sent";
  await db
    .insertInto("payouts")
    .values({
      id,
      creator_profile_id: creator.profile.id,
      booking_id: booking.id,
      amount_cents: booking.net,
      method: how.method,
      status: how.status,
      receiver_email: how.email ?? null,
      bank_account_last4: how.last4 ?? null,
      sender_batch_id: how.method === "paypal" ? `SH-${id}-1` : null,
      provider_batch_id: how.status === "paid" ? `SBXPAYOUT-SH-${id}-1` : null,
      provider_status: how.status === "paid" ? "SUCCESS" : null,
      due_at: how.dueAt,
      paid_at: paid ? new Date(how.dueAt.getTime() + HOUR) : null,
      created_at: how.dueAt,
      updated_at: how.dueAt,
    })
    .execute();
  if (paid) {
    const line = {
      id,
      creator_profile_id: creator.profile.id,
      booking_id: booking.id,
      amount_cents: booking.net,
      currency: "USD",
      attempt: 1,
    };
    const note =
      how.method === "paypal"
        ? `Paid to PayPal ${how.email ?? ""}`.trim()
        : "Sent by staff (direct deposit)";
    await insertPayoutLine(db, line, note, new Date(how.dueAt.getTime() + HOUR));
  }
}

async function completedWithNet(db: Db, creator: SeededCreator) {
  const rows = await db
    .selectFrom("bookings as b")
    .select([
      "b.id",
      "b.completed_at",
      sql<number>`coalesce((select sum(l.amount_cents) from payout_lines l where l.booking_id = b.id and l.account = 'creator'), 0)::integer`.as(
        "net",
      ),
    ])
    .where("b.creator_profile_id", "=", creator.profile.id)
    .where("b.status", "=", "completed")
    .orderBy("b.end_time", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, net: r.net, completedAt: r.completed_at ?? new Date() }));
}

export async function seedPayouts(db: Db, creators: SeededCreator[]) {
  const now = new Date();
  const ratings = await db
    .selectFrom("photographer_profiles")
    .select(["id", "rating_avg"])
    .where(
      "id",
      "in",
      creators.map((c) => c.profile.id),
    )
    .execute();
  const ratingOf = (c: SeededCreator) =>
    Number(ratings.find((r) => r.id === c.profile.id)?.rating_avg ?? 0);
  const [sofia, marcus] = creators as [SeededCreator, SeededCreator];
  const pro =
    ratingOf(sofia) >= 4.5 ? sofia : [...creators].sort((a, b) => ratingOf(b) - ratingOf(a))[0]!;
  await topUpCompleted(db, pro, 12);
  await recordCaptures(db);

  for (const c of creators) await recordTierOfDay(db, c.profile.id, now);
  // Bookings confirmed before tiers existed take their creator's tier of today.
  const tiers = await db
    .selectFrom("creator_tiers")
    .select(["creator_profile_id", "tier"])
    .execute();
  for (const t of tiers) {
    await db
      .updateTable("bookings")
      .set({ commission_tier: t.tier, commission_percent: TIER_PERCENT[t.tier as TierName] })
      .where("creator_profile_id", "=", t.creator_profile_id)
      .where("status", "in", ["confirmed", "completed"])
      .where("commission_tier", "is", null)
      .execute();
  }
  const completed = await db
    .selectFrom("bookings")
    .select(["id", "completed_at", "end_time"])
    .where("status", "=", "completed")
    .execute();
  for (const b of completed)
    await writeCompletionLines(db, b.id, b.completed_at ?? new Date(b.end_time.getTime() + DAY));

  // The Pro creator: paid for everything but the latest booking, which is due tomorrow.
  const [latest, ...older] = await completedWithNet(db, pro);
  const email = `payouts+${pro.profile.id.slice(0, 8)}@shutterhail.local`;
  for (const b of older) {
    await payOut(db, pro, b, {
      method: "paypal",
      status: "paid",
      dueAt: new Date(b.completedAt.getTime() + 2 * DAY),
      email,
    });
  }
  if (latest) {
    await payOut(db, pro, latest, {
      method: "paypal",
      status: "pending",
      dueAt: new Date(now.getTime() + 20 * HOUR),
      email,
    });
  }
  // Marcus is paid by direct deposit: his latest payout waits for staff to send it.
  if (marcus !== pro) {
    await db
      .updateTable("photographer_profiles")
      .set({ payment_method: "direct_deposit", payout_email: null, bank_account_last4: "4821" })
      .where("id", "=", marcus.profile.id)
      .execute();
    const [mLatest, ...mOlder] = await completedWithNet(db, marcus);
    for (const b of mOlder) {
      await payOut(db, marcus, b, {
        method: "direct_deposit",
        status: "sent",
        dueAt: new Date(b.completedAt.getTime() + 2 * DAY),
        last4: "4821",
      });
    }
    if (mLatest) {
      await payOut(db, marcus, mLatest, {
        method: "direct_deposit",
        status: "manual_pending",
        dueAt: new Date(now.getTime() - 2 * HOUR),
        last4: "4821",
      });
    }
  }
  // Everyone else was paid by PayPal as their work fell due, as the payout job would have done
  // (else its first run pays them all at once); the last 3 days' work is left for the job.
  for (const c of creators) {
    if (c === pro || c === marcus) continue;
    const profile = await db
      .selectFrom("photographer_profiles")
      .select("payout_email")
      .where("id", "=", c.profile.id)
      .executeTakeFirstOrThrow();
    for (const b of await completedWithNet(db, c)) {
      if (b.net <= 0 || b.completedAt.getTime() > now.getTime() - 3 * DAY) continue;
      await payOut(db, c, b, {
        method: "paypal",
        status: "paid",
        dueAt: new Date(b.completedAt.getTime() + 2 * DAY),
        email: profile.payout_email,
      });
    }
  }
}
