import type { Selectable } from "kysely";
import { HOLD_LIFETIME } from "../../../contracts/constants.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import { insertRow, newId, type Trx } from "../../platform/payments/sandbox-store.ts";
import { createBooking, type Db } from "../factories.ts";
import type { Bookings } from "../schema.ts";

// Demo bookings paid through the built-in sandbox provider, with the provider's records, the
// payment ledger and the timeline a real booking would have, so every action works on them.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type DemoBooking = {
  creatorProfileId: string;
  clientUserId: string;
  /** Start, relative to now. */
  startsInMs: number;
  hours: number;
  location: string;
  eventType: string;
  notes?: string;
  /** When the client booked and paid, relative to now (negative). */
  bookedAgoMs: number;
  /** Where the booking stands, and how it got there. */
  story:
    | "awaiting_payment"
    | "awaiting_creator"
    | "confirmed"
    | "confirmed_renewed_hold"
    | "completed"
    | "declined"
    | "cancelled_by_client"
    | "request_expired";
};

const STATUS: Record<DemoBooking["story"], BookingStatus> = {
  awaiting_payment: "pending_payment",
  awaiting_creator: "pending",
  confirmed: "confirmed",
  confirmed_renewed_hold: "confirmed",
  completed: "completed",
  declined: "declined",
  cancelled_by_client: "cancelled",
  request_expired: "expired",
};

type Row = Selectable<Bookings>;

export async function seedDemoBooking(db: Db, demo: DemoBooking, nowMs = Date.now()) {
  const bookedAt = new Date(nowMs + demo.bookedAgoMs);
  const start = new Date(nowMs + demo.startsInMs);
  start.setUTCMinutes(0, 0, 0);
  const booking = await createBooking(db, {
    creatorProfileId: demo.creatorProfileId,
    clientUserId: demo.clientUserId,
    startTime: start,
    hours: demo.hours,
    status: STATUS[demo.story],
    location: demo.location,
    eventType: demo.eventType,
    notes: demo.notes ?? null,
    createdAt: bookedAt,
  });
  const events: Array<[BookingStatus | null, BookingStatus, string, string | null, Date]> = [
    [null, "pending_payment", "client", null, bookedAt],
  ];
  if (demo.story === "awaiting_payment") {
    // Its order awaits the client's approval, as every unpaid booking's does: Pay Deposit.
    const orderId = await sandboxOrderAwaitingApproval(db as Trx, booking, bookedAt);
    await db
      .updateTable("bookings")
      .set({
        pay_by: new Date(bookedAt.getTime() + 30 * 60 * 1000),
        payment_provider: "sandbox",
        paypal_order_id: orderId,
      })
      .where("id", "=", booking.id)
      .execute();
    await writeEvents(db, booking.id, demo.clientUserId, events);
    return booking;
  }
  const paid = await paySandbox(db as Trx, booking, bookedAt);
  const respondBy = new Date(Math.min(bookedAt.getTime() + 24 * HOUR, start.getTime()));
  events.push([
    "pending_payment",
    "pending",
    "system",
    "Deposit captured; the remainder is held",
    new Date(bookedAt.getTime() + 60_000),
  ]);
  const answeredAt = new Date(bookedAt.getTime() + 3 * HOUR);
  const patch: Partial<Row> = { ...paid.columns, respond_by: respondBy };
  const ledger: LedgerLine[] = [...paid.ledger];
  const voidHold = () => {
    ledger.push(["void", booking.remainder_cents, paid.authorizationId, "VOIDED", answeredAt]);
    patch.hold_state = "voided";
  };
  const refund = (cents: number) => {
    ledger.push(["refund", cents, newId("SBXREF"), "COMPLETED", answeredAt]);
    patch.deposit_refund_cents = cents;
  };
  switch (demo.story) {
    case "confirmed":
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      break;
    case "confirmed_renewed_hold": {
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      const renewedAt = new Date(bookedAt.getTime() + (HOLD_LIFETIME.honoredDays + 1) * DAY);
      const renewal = await reauthorizeSandbox(db as Trx, booking, paid.authorizationId, renewedAt);
      ledger.push(["reauthorization", booking.remainder_cents, renewal.id, "CREATED", renewedAt]);
      Object.assign(patch, {
        hold_authorization_id: renewal.id,
        hold_honored_until: renewal.honoredUntil,
        hold_reauthorized: true,
      });
      break;
    }
    case "completed":
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      events.push([
        "confirmed",
        "completed",
        "system",
        "Remainder captured after the session",
        new Date(booking.end_time.getTime() + DAY),
      ]);
      ledger.push([
        "remainder_capture",
        booking.remainder_cents,
        newId("SBXCAP"),
        "COMPLETED",
        new Date(booking.end_time.getTime() + DAY),
      ]);
      patch.hold_state = "captured";
      break;
    case "declined":
      events.push(["pending", "declined", "creator", null, answeredAt]);
      voidHold();
      refund(booking.deposit_amount_cents);
      break;
    case "cancelled_by_client":
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      events.push(["confirmed", "cancelled", "client", "Plans changed", answeredAt]);
      voidHold();
      refund(booking.deposit_amount_cents);
      patch.cancelled_by = "client";
      break;
    case "request_expired":
      events.push([
        "pending",
        "expired",
        "system",
        "The creator did not answer in time",
        respondBy,
      ]);
      voidHold();
      refund(booking.deposit_amount_cents);
      break;
    case "awaiting_creator":
      break;
  }
  await db.updateTable("bookings").set(patch).where("id", "=", booking.id).execute();
  const providerStatus = { voided: "VOIDED", captured: "CAPTURED" }[patch.hold_state as string];
  if (providerStatus) {
    await db
      .updateTable("sandbox_payments")
      .set({ status: providerStatus })
      .where("id", "=", paid.authorizationId)
      .execute();
  }
  await writeEvents(db, booking.id, demo.clientUserId, events);
  await writeLedger(db, booking, ledger);
  return booking;
}

type LedgerLine = [
  "authorization" | "deposit_capture" | "remainder_capture" | "refund" | "void" | "reauthorization",
  number,
  string,
  string,
  Date,
];

/** The sandbox provider's record of an order the buyer has not approved yet. */
async function sandboxOrderAwaitingApproval(trx: Trx, b: Row, at: Date) {
  const orderId = newId("SBX");
  await insertRow(
    trx,
    {
      id: orderId,
      kind: "order",
      parent_id: null,
      status: "CREATED",
      amount_cents: b.total_amount_cents,
      currency: b.currency,
      expires_at: null,
      data: {
        description: "Demo booking",
        referenceId: b.id,
        returnUrl: "/api/payments/return",
        cancelUrl: "/api/payments/cancel",
      },
    },
    at,
  );
  return orderId;
}

/** The sandbox provider's records of an approved order: authorized, deposit captured. */
async function paySandbox(trx: Trx, b: Row, at: Date) {
  const orderId = newId("SBX");
  const authorizationId = newId("SBXAUTH");
  const captureId = newId("SBXCAP");
  const honoredUntil = new Date(at.getTime() + HOLD_LIFETIME.honoredDays * DAY);
  const validUntil = new Date(at.getTime() + HOLD_LIFETIME.validDays * DAY);
  const common = { currency: b.currency, expires_at: null };
  await insertRow(
    trx,
    {
      ...common,
      id: orderId,
      kind: "order",
      parent_id: null,
      status: "COMPLETED",
      amount_cents: b.total_amount_cents,
      data: {
        description: "Demo booking",
        referenceId: b.id,
        returnUrl: "/api/payments/return",
        cancelUrl: "/api/payments/cancel",
        outcome: "approve",
      },
    },
    at,
  );
  await insertRow(
    trx,
    {
      ...common,
      id: authorizationId,
      kind: "authorization",
      parent_id: orderId,
      status: "PARTIALLY_CAPTURED",
      amount_cents: b.total_amount_cents,
      expires_at: validUntil,
      data: {
        orderId,
        honoredUntil: honoredUntil.toISOString(),
        capturedCents: b.deposit_amount_cents,
      },
    },
    at,
  );
  await insertRow(
    trx,
    {
      ...common,
      id: captureId,
      kind: "capture",
      parent_id: authorizationId,
      status: "COMPLETED",
      amount_cents: b.deposit_amount_cents,
      data: { authorizationId, refundedCents: 0 },
    },
    at,
  );
  return {
    authorizationId,
    columns: {
      payment_provider: "sandbox",
      paypal_order_id: orderId,
      deposit_capture_id: captureId,
      hold_authorization_id: authorizationId,
      hold_state: "active",
      hold_honored_until: honoredUntil,
      hold_valid_until: validUntil,
      hold_reauthorized: false,
    } satisfies Partial<Row>,
    ledger: [
      ["authorization", b.total_amount_cents, authorizationId, "CREATED", at],
      ["deposit_capture", b.deposit_amount_cents, captureId, "COMPLETED", at],
    ] as LedgerLine[],
  };
}

async function reauthorizeSandbox(trx: Trx, b: Row, originalId: string, at: Date) {
  const id = newId("SBXAUTH");
  const honoredUntil = new Date(at.getTime() + HOLD_LIFETIME.honoredDays * DAY);
  const original = await trx
    .selectFrom("sandbox_payments")
    .select(["parent_id", "expires_at", "data"])
    .where("id", "=", originalId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("sandbox_payments")
    .set({
      status: "VOIDED",
      data: JSON.stringify({ ...(original.data as object), reauthorizedBy: id }),
    })
    .where("id", "=", originalId)
    .execute();
  await insertRow(
    trx,
    {
      id,
      kind: "authorization",
      parent_id: original.parent_id,
      status: "CREATED",
      amount_cents: b.remainder_cents,
      currency: b.currency,
      expires_at: original.expires_at,
      data: {
        orderId: original.parent_id ?? "",
        honoredUntil: honoredUntil.toISOString(),
        capturedCents: 0,
        reauthorizationOf: originalId,
      },
    },
    at,
  );
  return { id, honoredUntil };
}

async function writeEvents(
  db: Db,
  bookingId: string,
  clientId: string,
  events: Array<[BookingStatus | null, BookingStatus, string, string | null, Date]>,
) {
  for (const [from, to, actor, note, at] of events) {
    await db
      .insertInto("booking_events")
      .values({
        booking_id: bookingId,
        from_status: from,
        to_status: to,
        actor_role: actor,
        actor_user_id: actor === "client" ? clientId : null,
        note,
        created_at: at,
      })
      .execute();
  }
}

async function writeLedger(db: Db, b: Row, lines: LedgerLine[]) {
  for (const [kind, amount, ref, status, at] of lines) {
    await db
      .insertInto("payment_ledger")
      .values({
        booking_id: b.id,
        kind,
        amount_cents: amount,
        currency: b.currency,
        provider: "sandbox",
        provider_ref: ref,
        status,
        created_at: at,
      })
      .execute();
  }
}
