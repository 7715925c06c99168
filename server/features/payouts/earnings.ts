import type { Kysely } from "kysely";
import { PAYOUTS } from "../../../contracts/constants.ts";
import type { EarningsResponse, Payout, UpcomingPayout } from "../../../contracts/payouts.ts";
import type { DB } from "../../db/schema.ts";
import { centsToDecimal } from "../payments/paypal/paypal-money.ts";
import {
  balanceOf,
  bookingsAwaitingPayout,
  creatorLines,
  payoutMethodOf,
  payoutsWithBookings,
} from "./earnings-queries.ts";
import type { PayoutRow } from "./payout-queries.ts";
import { tierProgress } from "./tiers.ts";

// What a creator sees on /earnings, and the CSV of their ledger.

type Db = Kysely<DB>;
const HOUR_MS = 3_600_000;

export function bookingLabel(b: { event_type: string | null; start_time: Date }) {
  const day = b.start_time.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return `${b.event_type ?? "Session"} · ${day}`;
}

export const payoutJson = (
  p: PayoutRow & { event_type: string | null; start_time: Date },
): Payout => ({
  id: p.id,
  bookingId: p.booking_id,
  bookingLabel: bookingLabel(p),
  amountCents: p.amount_cents,
  method: p.method as Payout["method"],
  status: p.status as Payout["status"],
  dueAt: p.due_at.toISOString(),
  paidAt: p.paid_at?.toISOString() ?? null,
  failureReason: p.failure_reason,
});

/** Whether a payout could be sent today: a method, and for PayPal an address to send it to. */
async function hasPayoutMethod(db: Db, profileId: string): Promise<boolean> {
  const p = await payoutMethodOf(db, profileId);
  return Boolean(p?.payment_method && (p.payment_method !== "paypal" || p.payout_email));
}

function waitingStatus(
  w: { status: string; delivery: string | null; payable_since: Date | null },
  payable: boolean,
): UpcomingPayout["status"] {
  if (w.delivery === "disputed") return "on_hold";
  // Payable: the next payout run takes it once it is due, "Scheduled" as a payout row is. A
  // cancelled booking waits only for its refund to settle (minutes), so it is scheduled too.
  if (w.payable_since || w.status === "cancelled")
    return payable ? "pending" : "needs_payout_method";
  return "awaiting_delivery";
}

async function upcomingOf(db: Db, profileId: string, now: Date): Promise<UpcomingPayout[]> {
  const payable = await hasPayoutMethod(db, profileId);
  const waiting = await bookingsAwaitingPayout(db, profileId);
  const open = await payoutsWithBookings(db)
    .where("x.creator_profile_id", "=", profileId)
    .where("x.status", "in", ["pending", "processing", "failed", "manual_pending"])
    .orderBy("x.due_at")
    .execute();
  return [
    ...open.map((p) => ({
      bookingId: p.booking_id,
      bookingLabel: bookingLabel(p),
      amountCents: p.amount_cents,
      expectedAt: (p.due_at > now ? p.due_at : now).toISOString(),
      status: p.status as UpcomingPayout["status"],
    })),
    ...waiting
      .filter((w) => w.net > 0)
      .map((w) => ({
        bookingId: w.id,
        bookingLabel: bookingLabel(w),
        amountCents: w.net,
        expectedAt:
          w.payable_since && payable
            ? new Date(
                w.payable_since.getTime() + PAYOUTS.minHoursAfterAcceptance * HOUR_MS,
              ).toISOString()
            : null,
        status: waitingStatus(w, payable),
      })),
  ];
}

export async function earningsOf(db: Db, profileId: string, now: Date): Promise<EarningsResponse> {
  const [tier, balanceCents, upcoming, payouts, lines] = await Promise.all([
    tierProgress(db, profileId, now),
    balanceOf(db, profileId),
    upcomingOf(db, profileId, now),
    payoutsWithBookings(db)
      .where("x.creator_profile_id", "=", profileId)
      .where("x.status", "in", ["paid", "sent"])
      .orderBy("x.paid_at", "desc")
      .limit(100)
      .execute(),
    creatorLines(db, profileId),
  ]);
  return {
    tier,
    balanceCents,
    upcoming,
    payouts: payouts.map(payoutJson),
    lines: lines.map((l) => ({
      id: Number(l.id),
      kind: l.kind as EarningsResponse["lines"][number]["kind"],
      amountCents: l.amount_cents,
      bookingId: l.booking_id,
      bookingLabel:
        l.event_type && l.start_time
          ? bookingLabel({ event_type: l.event_type, start_time: l.start_time })
          : null,
      note: l.note,
      createdAt: l.created_at.toISOString(),
    })),
  };
}

/** Signed cents as a decimal string, on the digits (PayPal's own conversion): -1234 → "-12.34". */
export function signedDollars(cents: number): string {
  return `${cents < 0 ? "-" : ""}${centsToDecimal(Math.abs(cents))}`;
}

const csvCell = (value: string) => {
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export async function earningsCsv(db: Db, profileId: string): Promise<string> {
  const lines = await creatorLines(db, profileId);
  const rows = [["date", "kind", "booking", "description", "amount_usd"]];
  for (const l of [...lines].reverse()) {
    rows.push([
      l.created_at.toISOString(),
      l.kind,
      l.event_type && l.start_time
        ? bookingLabel({ event_type: l.event_type, start_time: l.start_time })
        : "",
      l.note ?? "",
      signedDollars(l.amount_cents),
    ]);
  }
  return `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
