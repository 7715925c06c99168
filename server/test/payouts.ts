import { sql } from "kysely";
import type { TestApp } from "./test-app.ts";

// Reading the payout ledger against the payments ledger, and the delivery's acceptance (the
// delivery domain's to write; tests set it up directly).

/** A booking's payout lines and provider movements, summed. */
export async function ledgerSums(app: TestApp, bookingId: string) {
  const db = app.database.db;
  const lines = await db
    .selectFrom("payout_lines")
    .select(["account", "kind", "amount_cents", "payment_ledger_id"])
    .where("booking_id", "=", bookingId)
    .orderBy("id")
    .execute();
  const moves = await db
    .selectFrom("payment_ledger")
    .select(["id", "kind", "amount_cents"])
    .where("booking_id", "=", bookingId)
    .execute();
  const sum = (list: { amount_cents: number }[]) => list.reduce((s, l) => s + l.amount_cents, 0);
  const movementIds = new Set(moves.map((m) => Number(m.id)));
  return {
    lines: lines.map((l) => `${l.account} ${l.kind} ${l.amount_cents}`),
    creatorNet: sum(lines.filter((l) => l.account === "creator" && l.kind !== "payout")),
    platformCommission: sum(
      lines.filter((l) => l.account === "platform" && l.kind !== "service_fee"),
    ),
    platformFee: sum(lines.filter((l) => l.kind === "service_fee")),
    captured: sum(
      moves.filter((m) => m.kind === "deposit_capture" || m.kind === "remainder_capture"),
    ),
    refunded: sum(moves.filter((m) => m.kind === "refund")),
    /** Every booking line names one of this booking's provider movements. */
    traced: lines
      .filter((l) => l.kind !== "payout")
      .every((l) => l.payment_ledger_id !== null && movementIds.has(Number(l.payment_ledger_id))),
  };
}

export async function acceptDelivery(app: TestApp, bookingId: string, at: Date, disputed = false) {
  await sql`insert into deliveries (booking_id, status, delivered_at, accepted_at, accepted_by,
      problem_reported_at)
    values (${bookingId}, ${disputed ? "disputed" : "accepted"}, ${at}, ${disputed ? null : at},
      ${disputed ? null : "client"}, ${disputed ? at : null})`.execute(app.database.db);
}

export async function setPayoutMethod(
  app: TestApp,
  profileId: string,
  method: {
    payment_method: string;
    payout_email?: string | null;
    bank_account_last4?: string | null;
  },
) {
  await app.database.db
    .updateTable("photographer_profiles")
    .set({ payout_email: null, bank_account_last4: null, ...method })
    .where("id", "=", profileId)
    .execute();
}

export async function creatorFigures(
  app: TestApp,
  profileId: string,
  jobs: number,
  rating: number,
) {
  await app.database.db
    .updateTable("photographer_profiles")
    .set({ jobs_completed: jobs, rating_avg: String(rating) })
    .where("id", "=", profileId)
    .execute();
}
