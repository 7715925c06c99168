import { formatCents } from "../../../contracts/booking-pricing.ts";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import type { NotificationKind } from "../../../contracts/notifications.ts";
import type { notify } from "../notifications/notify.ts";
import type { Actor, LifecycleStep } from "./lifecycle.ts";
import { sessionWhen } from "./mails.ts";
import type { BookingWithParties } from "./queries.ts";

// What each party sees in their notification centre when a booking changes. A party is never
// told about what they did themselves; every notification opens the booking's page.

type NewNotification = Parameters<typeof notify>[1];
type Party = "client" | "creator";
type Line = {
  kind: NotificationKind;
  title: string;
  body: (b: BookingWithParties, refundCents: number) => string;
  /** Told even when this party took the step (a creator taking a hail is told it is booked). */
  evenToActor?: true;
};

const refunded = (b: BookingWithParties, cents: number) =>
  cents > 0 ? ` Your deposit refund of ${formatCents(cents, b.currency)} is on its way.` : "";

const LINES: Partial<Record<LifecycleStep, Partial<Record<Party, Line[]>>>> = {
  hailAccepted: {
    client: [
      {
        kind: "booking_confirmed",
        title: "Booking confirmed",
        body: (b) => `${b.creator_name} took your hail for ${sessionWhen(b)}.`,
      },
    ],
    creator: [
      {
        kind: "booking_confirmed",
        title: "Booking confirmed",
        body: (b) => `You took ${b.client_name}'s hail for ${sessionWhen(b)} at ${b.location}.`,
        evenToActor: true,
      },
    ],
  },
  paid: {
    creator: [
      {
        kind: "booking_requested",
        title: "New booking request",
        body: (b) =>
          `${b.client_name} asked to book you for ${sessionWhen(b)}. Please accept or decline within 24 hours.`,
      },
    ],
    client: [
      {
        kind: "payment_captured",
        title: "Deposit paid",
        body: (b) =>
          `Your deposit of ${formatCents(b.deposit_amount_cents, b.currency)} for ${sessionWhen(b)} with ${b.creator_name} was charged; the request is with the creator.`,
      },
    ],
  },
  paymentLapsed: {
    client: [
      {
        kind: "booking_expired",
        title: "Booking request expired",
        body: (b) =>
          `Your booking with ${b.creator_name} for ${sessionWhen(b)} was not paid within 30 minutes. Nothing was charged.`,
      },
    ],
  },
  paymentCancelled: {
    client: [
      {
        kind: "booking_cancelled",
        title: "Booking not completed",
        body: (b) =>
          `The payment for your booking with ${b.creator_name} for ${sessionWhen(b)} was not completed. Nothing was charged.`,
      },
    ],
  },
  accept: {
    client: [
      {
        kind: "booking_accepted",
        title: "Booking confirmed",
        body: (b) => `${b.creator_name} accepted your booking for ${sessionWhen(b)}.`,
      },
    ],
  },
  decline: {
    client: [
      {
        kind: "booking_declined",
        title: "Booking declined",
        body: (b, refund) =>
          `${b.creator_name} cannot take your booking for ${sessionWhen(b)}.${refunded(b, refund)}`,
      },
    ],
  },
  requestExpired: {
    client: [
      {
        kind: "booking_expired",
        title: "Booking request expired",
        body: (b, refund) =>
          `${b.creator_name} did not answer your request for ${sessionWhen(b)} in time.${refunded(b, refund)}`,
      },
    ],
    creator: [
      {
        kind: "booking_expired",
        title: "Booking request expired",
        body: (b) =>
          `The request from ${b.client_name} for ${sessionWhen(b)} expired without an answer.`,
      },
    ],
  },
  cancelRequest: {
    creator: [
      {
        kind: "booking_cancelled",
        title: "Booking request cancelled",
        body: (b) => `${b.client_name} cancelled the request for ${sessionWhen(b)}.`,
      },
    ],
    client: [
      {
        kind: "booking_cancelled",
        title: "Booking request cancelled",
        body: (b, refund) =>
          `Your request for ${sessionWhen(b)} was cancelled.${refunded(b, refund)}`,
      },
    ],
  },
  cancelConfirmed: {
    creator: [
      {
        kind: "booking_cancelled",
        title: "Booking cancelled",
        body: (b) => `The booking with ${b.client_name} for ${sessionWhen(b)} was cancelled.`,
      },
    ],
    client: [
      {
        kind: "booking_cancelled",
        title: "Booking cancelled",
        body: (b, refund) =>
          `Your booking with ${b.creator_name} for ${sessionWhen(b)} was cancelled.${refunded(b, refund)}`,
      },
    ],
  },
  remainderMissed: {
    client: [
      {
        kind: "booking_cancelled",
        title: "Booking cancelled",
        body: (b) =>
          `The remaining balance for ${sessionWhen(b)} with ${b.creator_name} was not approved before the start, so the booking was cancelled.`,
      },
    ],
    creator: [
      {
        kind: "booking_cancelled",
        title: "Booking cancelled",
        body: (b) =>
          `${b.client_name} did not approve the remaining balance for ${sessionWhen(b)}, so the booking was cancelled.`,
      },
    ],
  },
  paymentWithdrawn: {
    client: [
      {
        kind: "booking_cancelled",
        title: "Booking cancelled",
        body: (b) =>
          `The payment for ${sessionWhen(b)} with ${b.creator_name} was refused or taken back at PayPal.`,
      },
    ],
    creator: [
      {
        kind: "booking_cancelled",
        title: "Booking cancelled",
        body: (b) =>
          `The client's payment for ${sessionWhen(b)} was refused or taken back at PayPal, so the booking was cancelled.`,
      },
    ],
  },
  complete: {
    client: [
      {
        kind: "payment_captured",
        title: "Payment completed",
        body: (b) =>
          `Your session with ${b.creator_name} for ${sessionWhen(b)} is complete and paid.`,
      },
    ],
  },
};

const userOf = (b: BookingWithParties, party: Party) =>
  party === "client" ? b.client_user_id : b.creator_user_id;

/** The notifications a transition taken by `actor` gives each party (never the actor). */
export function transitionNotifications(
  name: LifecycleStep,
  b: BookingWithParties,
  actor: Actor,
  refundCents: number,
): NewNotification[] {
  const parties: Party[] = ["client", "creator"];
  return parties.flatMap((party) =>
    (LINES[name]?.[party] ?? [])
      .filter((line) => party !== actor || line.evenToActor)
      .map((line) => ({
        userId: userOf(b, party),
        kind: line.kind,
        title: line.title,
        body: line.body(b, refundCents),
        link: bookingPagePath(b.id),
      })),
  );
}

/** A hail booking's payment went through when its creator accepted. */
export function hailPaidNotification(b: BookingWithParties): NewNotification {
  return {
    userId: b.client_user_id,
    kind: "payment_captured",
    title: "Payment charged",
    body: `${formatCents(b.total_amount_cents, b.currency)} for ${sessionWhen(b)} with ${b.creator_name} was charged.`,
    link: bookingPagePath(b.id),
  };
}

export function refundNotification(b: BookingWithParties, cents: number): NewNotification {
  return {
    userId: b.client_user_id,
    kind: "payment_refunded",
    title: "Refund issued",
    body: `${formatCents(cents, b.currency)} for your booking with ${b.creator_name} for ${sessionWhen(b)} is on its way back to you.`,
    link: bookingPagePath(b.id),
  };
}

/** The remaining balance can (or must again) be approved. */
export function remainderDueNotification(b: BookingWithParties, again: boolean): NewNotification {
  return {
    userId: b.client_user_id,
    kind: "hold_needs_approval",
    title: again
      ? "Please approve the remaining balance again"
      : "Please approve the remaining balance",
    body: `Approve the remaining ${formatCents(b.remainder_cents, b.currency)} for your session with ${b.creator_name} on ${sessionWhen(b)}.`,
    link: bookingPagePath(b.id),
  };
}

/** The creator learns the balance is secured. */
export function remainderSecuredNotification(b: BookingWithParties): NewNotification {
  return {
    userId: b.creator_user_id,
    kind: "payment_captured",
    title: "Balance approved",
    body: `${b.client_name} approved the remaining balance for ${sessionWhen(b)}.`,
    link: bookingPagePath(b.id),
  };
}
