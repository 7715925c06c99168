import { formatCents } from "../../../contracts/booking-pricing.ts";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import type { Mail } from "../../platform/mail.ts";
import type { TransitionName } from "./lifecycle.ts";
import type { BookingWithParties } from "./queries.ts";

// What each party is told when a booking changes. Every mail links to the booking's page.

type Party = "client" | "creator";

/** When and where, in the creator's zone with its name. */
export function sessionWhen(b: BookingWithParties): string {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: b.time_zone,
    dateStyle: "full",
    timeStyle: "short",
  });
  return `${format.format(b.start_time)} (${b.time_zone}), ${b.duration_minutes / 60} h`;
}

type Lines = {
  subject: string;
  body: (b: BookingWithParties, refundCents: number) => string;
  /** Money taken: a payment mail, which always goes. Otherwise a booking update. */
  category?: "payments";
};

const refundLine = (b: BookingWithParties, cents: number) =>
  cents > 0
    ? `Your deposit refund of ${formatCents(cents, b.currency)} is on its way.`
    : "Nothing was charged for it.";

const MAILS: Partial<Record<TransitionName, Partial<Record<Party, Lines>>>> = {
  paid: {
    creator: {
      subject: "New booking request",
      body: (b) =>
        `${b.client_name} asked to book you for ${sessionWhen(b)} at ${b.location}. The deposit is paid and the rest is on hold. Please accept or decline within 24 hours (before the start at the latest).`,
    },
    client: {
      subject: "Deposit received: your request is with the creator",
      category: "payments",
      body: (b) =>
        `We received your deposit of ${formatCents(b.deposit_amount_cents, b.currency)} for ${sessionWhen(b)} with ${b.creator_name}. The remaining ${formatCents(b.remainder_cents, b.currency)} is held on your payment method and captured after the session.`,
    },
  },
  paymentLapsed: {
    client: {
      subject: "Your booking request expired",
      body: (b) =>
        `Your booking with ${b.creator_name} for ${sessionWhen(b)} was not paid within 30 minutes, so the time was released. Nothing was charged.`,
    },
  },
  paymentCancelled: {
    client: {
      subject: "Your booking was not completed",
      body: (b) =>
        `The payment for your booking with ${b.creator_name} for ${sessionWhen(b)} was not completed, so the time was released. Nothing was charged.`,
    },
  },
  accept: {
    client: {
      subject: "Your booking is confirmed",
      body: (b) =>
        `${b.creator_name} accepted your booking for ${sessionWhen(b)} at ${b.location}.`,
    },
  },
  decline: {
    client: {
      subject: "Your booking request was declined",
      body: (b, refund) =>
        `${b.creator_name} cannot take your booking for ${sessionWhen(b)}. The hold on your payment method is released. ${refundLine(b, refund)}`,
    },
  },
  requestExpired: {
    client: {
      subject: "Your booking request expired",
      body: (b, refund) =>
        `${b.creator_name} did not answer your request for ${sessionWhen(b)} in time. The hold is released. ${refundLine(b, refund)}`,
    },
    creator: {
      subject: "A booking request expired",
      body: (b) =>
        `The request from ${b.client_name} for ${sessionWhen(b)} expired without an answer; the client's deposit is refunded.`,
    },
  },
  cancelRequest: {
    creator: {
      subject: "A booking request was cancelled",
      body: (b) => `${b.client_name} cancelled the request for ${sessionWhen(b)}.`,
    },
    client: {
      subject: "Your booking request was cancelled",
      body: (b, refund) =>
        `The request for ${sessionWhen(b)} was cancelled. The hold is released. ${refundLine(b, refund)}`,
    },
  },
  cancelConfirmed: {
    creator: {
      subject: "A booking was cancelled",
      body: (b) => `The booking with ${b.client_name} for ${sessionWhen(b)} was cancelled.`,
    },
    client: {
      subject: "Your booking was cancelled",
      body: (b, refund) =>
        `The booking with ${b.creator_name} for ${sessionWhen(b)} was cancelled. The hold is released. ${refundLine(b, refund)}`,
    },
  },
  complete: {
    client: {
      subject: "Your session is complete",
      category: "payments",
      body: (b) =>
        `The remaining ${formatCents(b.remainder_cents, b.currency)} for your session with ${b.creator_name} was charged. Thank you for booking on ShutterHail.`,
    },
    creator: {
      subject: "Session completed",
      body: (b) => `The session with ${b.client_name} for ${sessionWhen(b)} is complete and paid.`,
    },
  },
};

export function transitionMails(
  name: TransitionName,
  b: BookingWithParties,
  skip: Party | null,
  refundCents: number,
  origin: string,
): Mail[] {
  const link = `${origin}${bookingPagePath(b.id)}`;
  const parties: Party[] = ["client", "creator"];
  return parties.flatMap((party) => {
    const lines = MAILS[name]?.[party];
    if (!lines || party === skip) return [];
    const name_ = party === "client" ? b.client_name : b.creator_name;
    return [
      {
        to: party === "client" ? b.client_email : b.creator_email,
        subject: lines.subject,
        category: lines.category ?? "bookings",
        text: `Hi ${name_},\n\n${lines.body(b, refundCents)}\n\nSee the booking: ${link}\n\nThe ShutterHail team`,
      },
    ];
  });
}

/** The hold on the remainder could not be kept: the client approves a new one. */
export function holdRenewalMails(b: BookingWithParties, origin: string): Mail[] {
  const link = `${origin}${bookingPagePath(b.id)}`;
  return [
    {
      to: b.client_email,
      subject: "Please approve the hold for your booking again",
      category: "payments",
      text: `Hi ${b.client_name},\n\nThe hold on the remaining ${formatCents(b.remainder_cents, b.currency)} for your session with ${b.creator_name} on ${sessionWhen(b)} could not be kept by the payment provider. Please approve it again here:\n${link}\n\nThe ShutterHail team`,
    },
    {
      to: b.creator_email,
      subject: "A client is asked to renew a payment hold",
      category: "payments",
      text: `Hi ${b.creator_name},\n\nThe payment hold for your session with ${b.client_name} on ${sessionWhen(b)} lapsed; we asked the client to approve it again. The booking stands.\n\nSee the booking: ${link}\n\nThe ShutterHail team`,
    },
  ];
}
