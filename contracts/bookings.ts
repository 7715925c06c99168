import { z } from "zod";
import { bookingStartTimes } from "./booking-pricing.ts";
import { idParam, optionalText } from "./common.ts";
import { BOOKING_HOURS } from "./constants.ts";
import { DELIVERY_STATUSES } from "./delivery.ts";
import { BOOKING_STATUSES } from "./enums.ts";

export const MISSING_INFO_TITLE = "Missing info";
export const MISSING_INFO_MESSAGE = "Please fill date, start time, duration, and full address.";
export const SLOT_TAKEN_MESSAGE = "That time was just booked. Please pick another time.";
export const BOOKING_NOT_FOUND = "Booking not found";
export const BOOKING_IDEMPOTENCY_HEADER = "Idempotency-Key";
export const ADDRESS_PLACEHOLDER = "Street, city, state, ZIP";
export const DEFAULT_LOCATION_LABEL = "TBD";

const START_TIMES = new Set(bookingStartTimes());

export const ZCreateBookingRequest = z.object({
  creatorId: z.uuid("Creator not found"),
  date: z.iso.date(MISSING_INFO_MESSAGE),
  startTime: z
    .string(MISSING_INFO_MESSAGE)
    .refine((t) => START_TIMES.has(t), "Pick a start time between 6:00 AM and 10:45 PM"),
  hours: z.coerce
    .number(MISSING_INFO_MESSAGE)
    .int("Hours must be a whole number")
    .min(BOOKING_HOURS.min, `Hours must be between ${BOOKING_HOURS.min} and ${BOOKING_HOURS.max}`)
    .max(BOOKING_HOURS.max, `Hours must be between ${BOOKING_HOURS.min} and ${BOOKING_HOURS.max}`),
  location: z.string(MISSING_INFO_MESSAGE).trim().min(1, MISSING_INFO_MESSAGE).max(300),
  notes: optionalText(2000),
});
export type CreateBookingRequest = z.input<typeof ZCreateBookingRequest>;

export const ZBookingIdParam = idParam(BOOKING_NOT_FOUND);

/** Who the viewer is on a booking. */
export const BOOKING_ROLES = ["client", "creator", "staff"] as const;
export type BookingRole = (typeof BOOKING_ROLES)[number];

export const BOOKING_ACTIONS = [
  /** Client: approve the deposit at the provider (an unpaid booking). */
  "pay",
  "accept",
  "decline",
  "cancel",
  /** Client: approve the remaining balance at the provider (in the days before the session). */
  "approve_remainder",
  /** Client: something went wrong at the session; the remainder is not captured. */
  "report_problem",
  /** Staff: settle a reported problem (complete the session, or refund the client). */
  "resolve_problem",
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** complete: the remainder is captured and the booking completes; refund: cancelled, deposit back. */
export const PROBLEM_OUTCOMES = ["complete", "refund"] as const;
export type ProblemOutcome = (typeof PROBLEM_OUTCOMES)[number];

/** The remaining balance (docs/decisions/021): approved by the client before the session. */
export const REMAINDER_STATES = [
  /** Nothing to collect. */
  "none",
  /** The client has to approve it (see remainder.opensAt / dueBy). */
  "awaiting",
  /** PayPal is processing the approval or the capture. */
  "processing",
  /** Held on the client's payment method, captured after the session. */
  "held",
  /** Charged. */
  "paid",
  /** The booking ended: released, or refunded if it was charged. */
  "released",
  /** Never collected; staff follow it up. */
  "unpaid",
] as const;
export type RemainderState = (typeof REMAINDER_STATES)[number];

/** A booking as a card on My Bookings. Times are instants; timeZone is the creator's. */
export const ZBookingCard = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  viewerRole: z.enum(BOOKING_ROLES),
  creator: z.object({ id: z.uuid(), name: z.string(), imageKey: z.string().nullable() }),
  clientName: z.string(),
  eventType: z.string(),
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  timeZone: z.string(),
  location: z.string().nullable(),
  totalCents: z.number().int(),
  currency: z.string(),
  /** An unanswered request's deadline. */
  respondBy: z.iso.datetime().nullable(),
  /** An unpaid booking's deadline. */
  payBy: z.iso.datetime().nullable(),
  remainderState: z.enum(REMAINDER_STATES),
  actions: z.array(z.enum(BOOKING_ACTIONS)),
  /**
   * The creator's pay for the session after their tier's commission, shown to the creator only
   * (null for anyone else): at the tier fixed when the booking was confirmed, before that at
   * their tier of today.
   */
  creatorEarnings: z
    .object({ netCents: z.number().int(), commissionPercent: z.number().int() })
    .nullable(),
  /**
   * A session that has ended (confirmed or completed): how its photos stand ("none" until the
   * creator starts a delivery), whether the creator has been paid, and whether the viewer has
   * reviewed it. Null before the session ends and for bookings that never took place.
   */
  afterSession: z
    .object({
      delivery: z.enum(["none", ...DELIVERY_STATUSES]),
      paidOut: z.boolean(),
      reviewed: z.boolean(),
    })
    .nullable(),
});
export type BookingCard = z.infer<typeof ZBookingCard>;
export type AfterSession = NonNullable<BookingCard["afterSession"]>;

export const LEDGER_KINDS = [
  "authorization",
  "deposit_capture",
  "remainder_capture",
  "refund",
  "remainder_refund",
  "overcapture_refund",
  "void",
  "reauthorization",
  "reversal",
] as const;

export const ZLedgerLine = z.object({
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.number().int(),
  status: z.string(),
  at: z.iso.datetime(),
});

export const ZTimelineEntry = z.object({
  fromStatus: z.enum(BOOKING_STATUSES).nullable(),
  toStatus: z.enum(BOOKING_STATUSES),
  actor: z.enum(["client", "creator", "staff", "system"]),
  note: z.string().nullable(),
  at: z.iso.datetime(),
});

export const ZBookingDetail = ZBookingCard.extend({
  hours: z.number().int(),
  notes: z.string().nullable(),
  hourlyRateCents: z.number().int(),
  subtotalCents: z.number().int(),
  feeCents: z.number().int(),
  depositCents: z.number().int(),
  remainderCents: z.number().int(),
  payment: z.object({
    depositPaidCents: z.number().int(),
    remainderCapturedCents: z.number().int(),
    refundedCents: z.number().int(),
    /** What the booking's end granted back of the deposit (paid by a job, maybe not yet). */
    refundDueCents: z.number().int(),
    /** The balance held on the client's payment method now (captured after the session). */
    holdCents: z.number().int(),
    /** What the client has paid and not had back. */
    netPaidCents: z.number().int(),
  }),
  /** When the client approves the balance, and how: a hold, or a charge at approval. */
  remainder: z.object({
    opensAt: z.iso.datetime(),
    dueBy: z.iso.datetime(),
    mode: z.enum(["hold", "charge"]),
  }),
  problemReportedAt: z.iso.datetime().nullable(),
  /** How staff settled the reported problem, once they have. */
  problemResolution: z
    .object({
      at: z.iso.datetime(),
      outcome: z.enum(PROBLEM_OUTCOMES),
      text: z.string(),
    })
    .nullable(),
  ledger: z.array(ZLedgerLine),
  timeline: z.array(ZTimelineEntry),
  /** The policy in words, and what the viewer's cancellation would refund now. */
  cancellation: z.object({
    policy: z.array(z.string()),
    refundNowCents: z.number().int().nullable(),
  }),
});
export type BookingDetail = z.infer<typeof ZBookingDetail>;

export const ZBookingList = z.object({
  /**
   * Bookings the viewer made. Upcoming: live ones (awaiting payment, awaiting the creator or
   * confirmed) starting now or later, soonest first; past: the rest, most recent first.
   */
  upcoming: z.array(ZBookingCard),
  past: z.array(ZBookingCard),
  /** Creators only: requests awaiting their answer, and their confirmed schedule ahead. */
  requests: z.array(ZBookingCard),
  schedule: z.array(ZBookingCard),
  /** Creators only: their sessions that have ended (confirmed or completed), most recent first. */
  sessions: z.array(ZBookingCard),
});
export type BookingList = z.infer<typeof ZBookingList>;

/** The provider order the browser opens, in the shape the spec reads (links[], rel approve). */
export const ZPaymentOrder = z.object({
  id: z.string(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })),
});

export const ZCreateBookingResponse = z.object({
  booking: ZBookingDetail,
  order: ZPaymentOrder,
});
export type CreateBookingResponse = z.infer<typeof ZCreateBookingResponse>;

export const ZBookingActionResponse = z.object({ booking: ZBookingDetail });
export const ZBookingPayResponse = z.object({ booking: ZBookingDetail, order: ZPaymentOrder });

export const ZCancelBookingRequest = z.object({ reason: optionalText(500) });
export const ZReportProblemRequest = z.object({
  description: z.string().trim().min(1, "Tell us what went wrong").max(2000),
});

export const ZResolveProblemRequest = z.object({
  outcome: z.enum(PROBLEM_OUTCOMES, "Choose how to resolve it"),
  resolution: z.string().trim().min(1, "Say how it was resolved").max(2000),
});
export type ResolveProblemRequest = z.infer<typeof ZResolveProblemRequest>;

export const ZBookingTimesQuery = z.object({
  /** Defaults to today in the creator's time zone. */
  date: z.iso.date("Pick a date").optional(),
  hours: z.coerce.number().int().min(BOOKING_HOURS.min).max(BOOKING_HOURS.max).default(1),
});
/** Start times on a date in the creator's zone; taken ones overlap a live booking. */
export const ZBookingTimes = z.object({
  timeZone: z.string(),
  hourlyRateCents: z.number().int().nullable(),
  times: z.array(z.object({ time: z.string(), available: z.boolean() })),
});
export type BookingTimes = z.infer<typeof ZBookingTimes>;

/** Sent to both parties of a booking whenever it changes (status, payment, hold). */
export const ZBookingChangedEvent = z.object({ id: z.uuid(), status: z.enum(BOOKING_STATUSES) });

export const ZOpenRequestCount = z.object({ openRequests: z.number().int() });

export const bookingsApiPath = "/bookings";
export const openRequestsApiPath = "/bookings/open-requests";
export const bookingApiPath = (id: string) => `/bookings/${id}`;
export const bookingTimesApiPath = (creatorId: string) => `/creators/${creatorId}/booking-times`;
/** Where the web shows one booking (the provider's return lands here too). */
export const bookingPagePath = (id: string) => `/bookings/${id}`;
export const bookingPhotosPath = (id: string) => `/bookings/${id}/photos`;
export const bookingReviewPath = (id: string) => `/bookings/${id}/review`;
