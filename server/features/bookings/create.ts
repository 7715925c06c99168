import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import {
  type BookingTimes,
  SLOT_TAKEN_MESSAGE,
  type ZCreateBookingRequest,
} from "../../../contracts/bookings.ts";
import {
  BOOKING_TIMINGS,
  PAYMENT_MINIMUM_CENTS,
  UNPAID_BOOKINGS_MAX,
} from "../../../contracts/constants.ts";
import type { AppDeps, DatabaseDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { claimIdempotencyKeyWith, requestHash } from "../../platform/idempotency.ts";
import { addHours, LocalTimeError, localDate, zonedInstant } from "../../platform/time.ts";
import {
  assertBookable,
  freeTimeAround,
  offeredStartTimes,
  scheduleOwner,
} from "../availability/schedule-service.ts";
import { noMoneyYet, type PaymentOrderRow, paymentProvider } from "../payments/service.ts";
import { openDeposit, openPreparedDeposit, prepareDeposit } from "./booking-payments.ts";
import * as q from "./queries.ts";
import { bookingDetail } from "./read.ts";
import { applyTransition, beginBooking } from "./transition.ts";

type CreateInput = z.output<typeof ZCreateBookingRequest>;

const CREATE_SCOPE = "bookings.create";
const CREATOR_NOT_FOUND = "Creator not found";

/** Exclusion constraint bookings_no_overlap: another live booking holds that time. */
const isOverlap = (error: unknown) => (error as { code?: string }).code === "23P01";

async function bookableCreator(deps: DatabaseDeps, creatorId: string) {
  const creator = await q.findBookableCreator(deps.database.db, creatorId);
  if (!creator) throw new AppError("not_found", CREATOR_NOT_FOUND);
  return creator;
}

export const UNPAID_LIMIT_MESSAGE = `You have ${UNPAID_BOOKINGS_MAX} bookings waiting for payment. Pay for or cancel one of them before booking again.`;

/** PayPal charges no less than $1.00 at once: the deposit, and the balance if there is one. */
function assertChargeable(price: ReturnType<typeof priceBooking>) {
  const tooSmall = (cents: number) => cents > 0 && cents < PAYMENT_MINIMUM_CENTS;
  if (price.depositCents < PAYMENT_MINIMUM_CENTS || tooSmall(price.remainderCents)) {
    throw new AppError(
      "validation_failed",
      "This booking's deposit or remaining balance would be under $1.00, the smallest amount we can charge. Please book more hours.",
    );
  }
}

/**
 * Books a creator: prices the booking from the stored rate, holds the time (the exclusion
 * constraint decides between concurrent clients), and creates the provider order for the
 * total. The idempotency key makes a double click or a retried request one booking: the first
 * request records the booking under the key before it calls the provider, so a repeat resumes
 * it instead of booking again.
 */
export async function createBooking(
  deps: AppDeps,
  clientUserId: string,
  input: CreateInput,
  idempotencyKey: string | undefined,
) {
  const creator = await q.findBookingParties(deps.database.db, input.creatorId, clientUserId);
  if (!creator) throw new AppError("not_found", CREATOR_NOT_FOUND);
  if (creator.user_id === clientUserId) {
    throw new AppError("bad_request", "You cannot book yourself.");
  }
  if (!creator.hourly_rate_cents) {
    throw new AppError(
      "bad_request",
      "This creator has not set an hourly rate yet, so they cannot be booked.",
    );
  }
  let start: Date;
  try {
    start = zonedInstant(input.date, input.startTime, creator.time_zone);
  } catch (error) {
    if (error instanceof LocalTimeError) throw new AppError("validation_failed", error.message);
    throw error;
  }
  const now = deps.now();
  if (start <= now)
    throw new AppError(
      "validation_failed",
      "That start time has already passed. Please pick a later time.",
    );
  const price = priceBooking(creator.hourly_rate_cents, input.hours);
  assertChargeable(price);
  const hash = requestHash({ clientUserId, ...input });
  const scope = `${CREATE_SCOPE}:${clientUserId}`;
  // The booking's id is drawn here so that its idempotency key is stored, answer and all, in
  // the statement that claims it.
  const newId = randomUUID();

  const made = await deps.realtime.transaction(async (trx) => {
    if (idempotencyKey) {
      const earlier = await claimIdempotencyKeyWith(trx, scope, idempotencyKey, hash, {
        status: 201,
        body: { bookingId: newId },
      });
      if (earlier) return { bookingId: (earlier.body as { bookingId: string }).bookingId };
    }
    // Each unpaid booking holds a creator's time for its payment window: a client holds a few
    // (counted before the transaction; a repeat of a made booking above is never refused).
    if (creator.client_unpaid >= UNPAID_BOOKINGS_MAX) {
      throw new AppError("conflict", UNPAID_LIMIT_MESSAGE);
    }
    const end = addHours(start, input.hours);
    // The creator's schedule, notice and buffer decide, under the creator's schedule lock, so
    // two clients cannot both squeeze into the buffer between sessions.
    await assertBookable(trx, creator.id, { date: input.date, start, end }, now);
    const booking = await beginBooking(
      deps,
      trx,
      "requested",
      {
        id: newId,
        client_user_id: clientUserId,
        creator_profile_id: creator.id,
        start_time: start,
        end_time: end,
        duration_minutes: input.hours * 60,
        location: input.location,
        notes: input.notes,
        event_type: creator.primary_specialty ? `${creator.primary_specialty} session` : "Session",
        currency: creator.currency,
        hourly_rate_cents: creator.hourly_rate_cents!,
        subtotal_cents: price.subtotalCents,
        fee_cents: price.feeCents,
        total_amount_cents: price.totalCents,
        deposit_amount_cents: price.depositCents,
        remainder_cents: price.remainderCents,
        payment_provider: paymentProvider(deps).name,
        pay_by: new Date(now.getTime() + BOOKING_TIMINGS.paymentWindowMinutes * 60_000),
      },
      CLIENT(clientUserId),
    ).catch((error: unknown) => {
      if (isOverlap(error)) throw new AppError("conflict", SLOT_TAKEN_MESSAGE);
      throw error;
    });
    // The deposit's order row commits with the booking: a repeat finds it and resumes.
    const order = await prepareDeposit(deps, trx, booking);
    return { bookingId: booking.id, made: { booking, order } };
  });

  if (made.made) return openNewBooking(deps, made.made.booking, made.made.order, now);
  return resumeBooking(deps, made.bookingId);
}

const CLIENT = (userId: string) => ({ role: "client" as const, userId });

/** No order, no payment: free the time rather than hold it for 30 minutes. */
async function releaseUnordered(
  deps: AppDeps,
  booking: q.BookingWithParties,
  error: unknown,
): Promise<never> {
  if (!(error instanceof AppError) || error.code !== "unavailable") throw error;
  await applyTransition(
    deps,
    booking,
    "paymentCancelled",
    { role: "system", userId: null },
    { note: "The payment provider could not create the order" },
  );
  throw error;
}

/**
 * A booking just made: its deposit's order goes to the provider, and the answer is built from
 * what was written (the booking, its one event, no money yet) rather than read back.
 */
async function openNewBooking(
  deps: AppDeps,
  booking: q.BookingWithParties,
  row: PaymentOrderRow,
  at: Date,
) {
  let opened: Awaited<ReturnType<typeof openPreparedDeposit>>;
  try {
    opened = await openPreparedDeposit(deps, booking, row);
  } catch (error) {
    return releaseUnordered(deps, booking, error);
  }
  if (!opened.noted) {
    // It moved on before the provider answered: show where it is now.
    const now = (await q.findBooking(deps.database.db, booking.id)) ?? booking;
    return { booking: await bookingDetail(deps, now, "client"), order: opened.order };
  }
  const event = {
    from_status: null,
    to_status: booking.status,
    actor_role: "client",
    note: null,
    created_at: at,
  };
  const detail = await bookingDetail(
    deps,
    { ...booking, paypal_order_id: opened.order.id },
    "client",
    { events: [event], money: noMoneyYet() },
  );
  return { booking: detail, order: opened.order };
}

/** A repeat of a create request (same idempotency key): the booking it made, resumed. */
async function resumeBooking(deps: AppDeps, bookingId: string) {
  const booking = await q.findBooking(deps.database.db, bookingId);
  if (!booking) throw new AppError("not_found", CREATOR_NOT_FOUND);
  if (booking.status !== "pending_payment") {
    // A repeat of a request whose booking has moved on: answer with where it is now.
    return {
      booking: await bookingDetail(deps, booking, "client"),
      order: { id: booking.paypal_order_id ?? "", links: [] },
    };
  }
  let order: Awaited<ReturnType<typeof openDeposit>>;
  try {
    order = await openDeposit(deps, booking);
  } catch (error) {
    return releaseUnordered(deps, booking, error);
  }
  const fresh = (await q.findBooking(deps.database.db, bookingId)) ?? booking;
  return { booking: await bookingDetail(deps, fresh, "client"), order };
}

/**
 * The start times of a date for a booking of `hours`, in the creator's zone: offered when the
 * whole session fits the creator's free time (schedule, minus bookings with their buffer,
 * minus the minimum notice).
 */
export async function bookingTimes(
  deps: AppDeps,
  creatorId: string,
  query: { date?: string | undefined; hours: number },
): Promise<BookingTimes> {
  const creator = await bookableCreator(deps, creatorId);
  const db = deps.database.db;
  const now = deps.now();
  const date = query.date ?? localDate(now, creator.time_zone);
  const { free } = await freeTimeAround(db, await scheduleOwner(db, creator.id), date, now);
  return {
    timeZone: creator.time_zone,
    hourlyRateCents: creator.hourly_rate_cents,
    times: offeredStartTimes(free, date, creator.time_zone, query.hours, now),
  };
}
