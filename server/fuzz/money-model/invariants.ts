import { expect } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "../../../contracts/enums.ts";
import { BEGINNINGS, TRANSITIONS } from "../../features/bookings/lifecycle.ts";
import type { FakePayPal } from "../../test/fake-paypal/server.ts";
import { type MoneyTables, moneyTables } from "../../test/money-model-readers.ts";
import type { World } from "./world.ts";

// What must hold after every step (safety), and once the world is at rest (balance): the
// ledger against the provider's own records, the payout ledger against the money, the creator's
// balance, request ids and the booking lifecycle.

const CAPTURES = ["deposit_capture", "remainder_capture"];
const REFUNDS = ["refund", "remainder_refund", "overcapture_refund"];
const counts = (status: string) => status !== "DECLINED" && status !== "FAILED";
const sum = (lines: { amount_cents: number }[]) => lines.reduce((t, l) => t + l.amount_cents, 0);

/** A booking's money per its ledger (as payments' bookingMoney counts it). */
export function ledgerMoney(tables: Pick<MoneyTables, "ledger" | "orders">, bookingId: string) {
  const mine = tables.ledger.filter((l) => l.booking_id === bookingId && counts(l.status));
  const of = (...kinds: string[]) => sum(mine.filter((l) => kinds.includes(l.kind)));
  const captured = of(...CAPTURES);
  const refunded = of(...REFUNDS);
  const takenBack = of("reversal");
  const remainderOrders = new Set(
    tables.orders.filter((o) => o.purpose === "booking_remainder").map((o) => o.id),
  );
  const remainderTakenBack = sum(
    mine.filter(
      (l) => l.kind === "reversal" && l.payment_order_id && remainderOrders.has(l.payment_order_id),
    ),
  );
  return {
    captured,
    refunded,
    takenBack,
    depositCaptured: of("deposit_capture"),
    depositRefunded: of("refund"),
    depositTakenBack: takenBack - remainderTakenBack,
    remainderCaptured: of("remainder_capture"),
    remainderRefunded: of("remainder_refund"),
    remainderTakenBack,
    netPaid: captured - refunded - takenBack,
  };
}

/** What the client paid for a booking per the fake PayPal's own records. */
export function paidAtFake(fake: FakePayPal, tables: MoneyTables, bookingId: string) {
  let paid = 0;
  for (const order of tables.orders.filter((o) => o.booking_id === bookingId)) {
    const at = order.provider_order_id ? fake.state.orders.get(order.provider_order_id) : null;
    if (!at) continue;
    const captureIds = [
      ...at.captureIds,
      ...at.authorizationIds.flatMap((id) => fake.authorization(id).captureIds),
    ];
    for (const capture of captureIds.map((id) => fake.capture(id))) {
      if (!["COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED"].includes(capture.status)) continue;
      paid += capture.amountCents;
      paid -= sum(capture.refundIds.map((id) => ({ amount_cents: fake.refund(id).amountCents })));
    }
  }
  return paid;
}

function allowedStep(from: string | null, to: string) {
  if (!BOOKING_STATUSES.includes(to as BookingStatus)) return false;
  if (from === null) return Object.values(BEGINNINGS).some((b) => b.to === to);
  if (from === to) return true; // a note on the booking, no change of status
  return Object.values(TRANSITIONS).some(
    (t) => t.to === to && (t.from as readonly string[]).includes(from),
  );
}

/** Each PayPal-Request-Id went with one operation on one object, with one body. */
function requestIdsOneIntent(fake: FakePayPal) {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const r of fake.requests) {
    if (!r.requestId || r.method !== "POST") continue;
    const intent = `${r.path} ${r.body}`;
    const first = seen.get(r.requestId);
    if (first === undefined) seen.set(r.requestId, intent);
    else if (first !== intent) clashes.push(`${r.requestId}: ${first} ≠ ${intent}`);
  }
  return clashes;
}

/** Fails with the whole list in the message (vitest's diff would abbreviate it). */
function none(list: unknown[], what: string) {
  if (list.length) throw new Error(`${what}: ${JSON.stringify(list, null, 1).slice(0, 3000)}`);
}

/** After every step. */
export async function checkSafety(world: World) {
  const { fake } = world;
  const tables = await moneyTables(world.app);
  none(world.serverErrors, "our routes answered 5xx");
  none(fake.violations, "requests off PayPal's schema");
  none(fake.bugs.map(String), "answers off PayPal's schema (the fake's bug)");
  none(fake.requestIdReuse, "a request id reused for another operation");
  none(requestIdsOneIntent(fake), "a request id sent with another body");

  for (const e of tables.events) {
    expect(
      allowedStep(e.from_status, e.to_status),
      `booking ${e.booking_id}: ${e.from_status} → ${e.to_status} (${e.note})`,
    ).toBe(true);
  }
  for (const b of tables.bookings) {
    const last = tables.events.filter((e) => e.booking_id === b.id).at(-1);
    expect(b.status, `booking ${b.id}: its status is its last event's`).toBe(last?.to_status);
    const m = ledgerMoney(tables, b.id);
    const where = `booking ${b.id} (${b.status}): ${JSON.stringify(m)}`;
    expect(m.depositRefunded, where).toBeLessThanOrEqual(m.depositCaptured);
    expect(m.remainderRefunded, where).toBeLessThanOrEqual(m.remainderCaptured);
    expect(m.netPaid, where).toBeGreaterThanOrEqual(0);
    expect(m.captured, where).toBeLessThanOrEqual(b.total_amount_cents);
  }
  // Whatever the ledger says moved, moved at PayPal, by that amount.
  for (const l of tables.ledger) {
    if (!counts(l.status)) continue;
    if (CAPTURES.includes(l.kind)) {
      expect(fake.capture(l.provider_ref).amountCents, `capture line ${l.id}`).toBe(l.amount_cents);
    } else if ([...REFUNDS, "reversal"].includes(l.kind)) {
      expect(fake.refund(l.provider_ref).amountCents, `refund line ${l.id}`).toBe(l.amount_cents);
    }
  }
  checkBalances(tables);
  return tables;
}

/** No negative balance; what payouts under way take is within the balance. */
function checkBalances(tables: MoneyTables) {
  const creators = new Set(tables.lines.map((l) => l.creator_profile_id));
  for (const creator of creators) {
    const balance = sum(
      tables.lines.filter((l) => l.creator_profile_id === creator && l.account === "creator"),
    );
    expect(balance, `creator ${creator}'s balance`).toBeGreaterThanOrEqual(0);
    const bookings = new Set(
      tables.lines.filter((l) => l.creator_profile_id === creator).map((l) => l.booking_id),
    );
    const underWay = sum(
      tables.payouts.filter(
        (p) => bookings.has(p.booking_id) && ["pending", "processing"].includes(p.status),
      ),
    );
    expect(underWay, `creator ${creator}'s payouts under way`).toBeLessThanOrEqual(balance);
  }
}

/**
 * What the client has paid and not had back, by where the booking stands (at rest). Money
 * PayPal gave back (a chargeback) counts toward what the policy returns.
 */
function expectedNet(b: MoneyTables["bookings"][number], m: ReturnType<typeof ledgerMoney>) {
  switch (b.status as BookingStatus) {
    case "pending_payment":
    case "declined":
    case "expired":
      return 0;
    case "pending":
      return b.deposit_amount_cents - m.takenBack;
    case "confirmed":
      return (
        m.depositCaptured + (b.remainder_state === "paid" ? b.remainder_cents : 0) - m.takenBack
      );
    case "completed":
      return b.total_amount_cents - m.takenBack;
    case "cancelled":
      return m.depositCaptured - Math.max(b.deposit_refund_cents ?? 0, m.depositTakenBack);
  }
}

/** Every hold PayPal keeps on a client's card is one we know we hold (else we never release it). */
function noForgottenHolds(fake: FakePayPal, tables: MoneyTables) {
  fake.state.sweep(); // holds past 29 days lapse on PayPal's clock
  const held = new Set(
    tables.orders.filter((o) => o.status === "authorized").map((o) => o.authorization_id),
  );
  const forgotten = [...fake.state.authorizations.values()]
    .filter((a) => a.status === "CREATED" && !a.lapsed && !held.has(a.id))
    .map((a) => ({
      authorization: a.id,
      order: a.orderId,
      ours: tables.orders.find((o) => o.provider_order_id === a.orderId)?.status,
    }));
  none(forgotten, "holds PayPal keeps that we do not");
}

/** Once nothing is in flight: the ledger, PayPal and the payout ledger agree. */
export async function checkBalanced(world: World) {
  const tables = await checkSafety(world);
  noForgottenHolds(world.fake, tables);
  for (const b of tables.bookings) {
    const m = ledgerMoney(tables, b.id);
    const where = `booking ${b.id} (${b.status}, remainder ${b.remainder_state}, deposit refund ${b.deposit_refund_cents}): ${JSON.stringify(m)}`;
    expect(m.netPaid, `${where}: paid per the ledger and per PayPal`).toBe(
      paidAtFake(world.fake, tables, b.id),
    );
    expect(m.netPaid, `${where}: kept by the lifecycle`).toBe(expectedNet(b, m));
    const lines = tables.lines.filter(
      (l) => l.booking_id === b.id && l.kind !== "payout" && l.kind !== "payout_return",
    );
    const ended = ["completed", "cancelled", "declined", "expired"].includes(b.status);
    expect(sum(lines), `${where}: creator net + platform share`).toBe(ended ? m.netPaid : 0);
  }
}
