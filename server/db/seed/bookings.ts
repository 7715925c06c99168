import type { Selectable } from "kysely";
import type { BookingStatus } from "../../../contracts/enums.ts";
import {
  seedSandboxAwaitingOrder,
  seedSandboxPayment,
  seedSandboxRefund,
} from "../../features/payments/sandbox/sandbox-seed.ts";
import type { Trx } from "../../features/payments/sandbox/sandbox-store.ts";
import { createBooking, type Db } from "../factories.ts";
import type { Bookings } from "../schema.ts";

// Demo bookings paid through the built-in sandbox provider, with the provider's records, the
// payments domain's orders and ledger, and the timeline a real booking would have, so every
// action works on them.

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
    | "confirmed_balance_held"
    | "completed"
    | "declined"
    | "cancelled_by_client"
    | "request_expired";
};

const STATUS: Record<DemoBooking["story"], BookingStatus> = {
  awaiting_payment: "pending_payment",
  awaiting_creator: "pending",
  confirmed: "confirmed",
  confirmed_balance_held: "confirmed",
  completed: "completed",
  declined: "declined",
  cancelled_by_client: "cancelled",
  request_expired: "expired",
};

type Row = Selectable<Bookings>;
type Booking = Awaited<ReturnType<typeof createBooking>>;
type EventRow = [BookingStatus | null, BookingStatus, string, string | null, Date];

/** What a story's steps share: the booking, its timeline so far and the patch it ends with. */
type Story = {
  db: Db;
  trx: Trx;
  demo: DemoBooking;
  booking: Booking;
  events: EventRow[];
  patch: Partial<Row>;
  bookedAt: Date;
  answeredAt: Date;
  respondBy: Date;
  depositCaptureId: string;
  nowMs: number;
};

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
  const events: EventRow[] = [[null, "pending_payment", "client", null, bookedAt]];
  const trx = db as Trx;
  if (demo.story === "awaiting_payment") {
    await seedAwaitingPayment(db, trx, booking, bookedAt);
    await writeEvents(db, booking.id, demo.clientUserId, events);
    return booking;
  }
  const paidAt = new Date(bookedAt.getTime() + 60_000);
  const deposit = await seedSandboxPayment(trx, {
    purpose: "booking_deposit",
    booking,
    amountCents: booking.deposit_amount_cents,
    state: "captured",
    at: paidAt,
  });
  const respondBy = new Date(Math.min(bookedAt.getTime() + 24 * HOUR, start.getTime()));
  events.push(["pending_payment", "pending", "system", "Deposit charged", paidAt]);
  const story: Story = {
    db,
    trx,
    demo,
    booking,
    events,
    patch: { paypal_order_id: deposit.orderId, respond_by: respondBy, remainder_state: "awaiting" },
    bookedAt,
    answeredAt: new Date(bookedAt.getTime() + 3 * HOUR),
    respondBy,
    depositCaptureId: deposit.captureId,
    nowMs,
  };
  await tellStory(story);
  await db.updateTable("bookings").set(story.patch).where("id", "=", booking.id).execute();
  await writeEvents(db, booking.id, demo.clientUserId, events);
  return booking;
}

/** Its order awaits the client's approval, as every unpaid booking's does: Pay Deposit. */
async function seedAwaitingPayment(db: Db, trx: Trx, booking: Booking, bookedAt: Date) {
  const orderId = await seedSandboxAwaitingOrder(trx, {
    booking,
    amountCents: booking.deposit_amount_cents,
    at: bookedAt,
  });
  await db
    .updateTable("bookings")
    .set({
      pay_by: new Date(bookedAt.getTime() + 30 * 60 * 1000),
      payment_provider: "sandbox",
      paypal_order_id: orderId,
    })
    .where("id", "=", booking.id)
    .execute();
}

/** The steps after the deposit that bring a paid booking to its story's status. */
async function tellStory(story: Story) {
  const { events, answeredAt } = story;
  switch (story.demo.story) {
    case "confirmed":
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      break;
    case "confirmed_balance_held":
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      await holdBalance(story);
      break;
    case "completed":
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      await captureBalanceAfterSession(story);
      break;
    case "declined":
      events.push(["pending", "declined", "creator", null, answeredAt]);
      await refundDeposit(story);
      break;
    case "cancelled_by_client":
      events.push(["pending", "confirmed", "creator", null, answeredAt]);
      events.push(["confirmed", "cancelled", "client", "Plans changed", answeredAt]);
      await refundDeposit(story);
      story.patch.cancelled_by = "client";
      break;
    case "request_expired":
      events.push([
        "pending",
        "expired",
        "system",
        "The creator did not answer in time",
        story.respondBy,
      ]);
      await refundDeposit(story);
      break;
    case "awaiting_creator":
    case "awaiting_payment":
      break;
  }
}

async function holdBalance({ trx, booking, events, patch, bookedAt, nowMs }: Story) {
  const heldAt = new Date(Math.max(bookedAt.getTime(), nowMs - 2 * HOUR));
  await seedSandboxPayment(trx, {
    purpose: "booking_remainder",
    booking,
    amountCents: booking.remainder_cents,
    state: "authorized",
    at: heldAt,
  });
  events.push([
    "confirmed",
    "confirmed",
    "system",
    "The client approved the remaining balance",
    heldAt,
  ]);
  patch.remainder_state = "held";
}

async function captureBalanceAfterSession({ trx, booking, events, patch }: Story) {
  const capturedAt = new Date(booking.end_time.getTime() + DAY);
  await seedSandboxPayment(trx, {
    purpose: "booking_remainder",
    booking,
    amountCents: booking.remainder_cents,
    state: "captured_hold",
    at: new Date(booking.start_time.getTime() - DAY),
    capturedAt,
  });
  events.push([
    "confirmed",
    "completed",
    "system",
    "Remaining balance captured after the session",
    capturedAt,
  ]);
  patch.remainder_state = "paid";
}

async function refundDeposit({ trx, booking, patch, depositCaptureId, answeredAt }: Story) {
  await seedSandboxRefund(trx, booking, depositCaptureId, booking.deposit_amount_cents, answeredAt);
  patch.deposit_refund_cents = booking.deposit_amount_cents;
  patch.remainder_state = "released";
}

async function writeEvents(db: Db, bookingId: string, clientId: string, events: EventRow[]) {
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
