import { formatCents } from "../../../contracts/booking-pricing.ts";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import { builtOncePer } from "../../../contracts/built-once.ts";
import type { Mail } from "../../platform/mail.ts";
import type { LifecycleStep } from "./lifecycle.ts";
import type { BookingWithParties } from "./queries.ts";
import { remainderOpensAt } from "./remainder-window.ts";

// What each party is told when a booking changes. Every mail links to the booking's page.

type Party = "client" | "creator";

/** When and where, in the creator's zone with its name. */
export function sessionWhen(b: BookingWithParties): string {
  return `${longDate(b.time_zone).format(b.start_time)} (${b.time_zone}), ${b.duration_minutes / 60} h`;
}

/** A full date and short time in `timeZone`; a formatter is costly to build, so one a zone. */
const longDate = builtOncePer(
  (timeZone: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "full", timeStyle: "short" }),
);

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

/** What the client does about the remaining balance, in words (decision 021). */
export function remainderLine(b: BookingWithParties): string {
  if (b.remainder_cents === 0) return "";
  const opens = longDate(b.time_zone).format(remainderOpensAt(b));
  return ` You approve the remaining ${formatCents(b.remainder_cents, b.currency)} from ${opens} until the session starts; we will remind you. If it is not approved by the start, the booking is cancelled as a late cancellation.`;
}

const MAILS: Partial<Record<LifecycleStep, Partial<Record<Party, Lines>>>> = {
  paid: {
    creator: {
      subject: "New booking request",
      body: (b) =>
        `${b.client_name} asked to book you for ${sessionWhen(b)} at ${b.location}. The deposit is paid; the client approves the rest in the days before the session. Please accept or decline within 24 hours (before the start at the latest).`,
    },
    client: {
      subject: "Deposit received: your request is with the creator",
      category: "payments",
      body: (b) =>
        `We received your deposit of ${formatCents(b.deposit_amount_cents, b.currency)} for ${sessionWhen(b)} with ${b.creator_name}.${remainderLine(b)}`,
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
        `${b.creator_name} cannot take your booking for ${sessionWhen(b)}. ${refundLine(b, refund)}`,
    },
  },
  requestExpired: {
    client: {
      subject: "Your booking request expired",
      body: (b, refund) =>
        `${b.creator_name} did not answer your request for ${sessionWhen(b)} in time. ${refundLine(b, refund)}`,
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
        `The request for ${sessionWhen(b)} was cancelled. ${refundLine(b, refund)}`,
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
        `The booking with ${b.creator_name} for ${sessionWhen(b)} was cancelled. ${refundLine(b, refund)}`,
    },
  },
  remainderMissed: {
    client: {
      subject: "Your booking was cancelled",
      body: (b, refund) =>
        `The remaining balance for your session with ${b.creator_name} on ${sessionWhen(b)} was not approved before the start, so the booking was cancelled as a late cancellation. ${refundLine(b, refund)}`,
    },
    creator: {
      subject: "A booking was cancelled",
      body: (b) =>
        `${b.client_name} did not approve the remaining balance for ${sessionWhen(b)} before the start, so the booking was cancelled. You keep your share of the deposit under the cancellation policy.`,
    },
  },
  paymentWithdrawn: {
    client: {
      subject: "Your booking was cancelled",
      category: "payments",
      body: (b) =>
        `The payment for your booking with ${b.creator_name} for ${sessionWhen(b)} was refused or taken back at PayPal, so the booking was cancelled.`,
    },
    creator: {
      subject: "A booking was cancelled",
      body: (b) =>
        `The client's payment for ${sessionWhen(b)} was refused or taken back at PayPal, so the booking was cancelled. Our staff have been told.`,
    },
  },
  complete: {
    client: {
      subject: "Your session is complete",
      category: "payments",
      body: (b) =>
        `Your session with ${b.creator_name} is complete and paid in full. Thank you for booking on ShutterHail.`,
    },
    creator: {
      subject: "Session completed",
      body: (b) => `The session with ${b.client_name} for ${sessionWhen(b)} is complete and paid.`,
    },
  },
};

export function transitionMails(
  name: LifecycleStep,
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

/** The remaining balance can be approved now (at the window's opening, and before the start). */
export function remainderDueMail(b: BookingWithParties, origin: string, dueBy: Date): Mail {
  const link = `${origin}${bookingPagePath(b.id)}`;
  const by = longDate(b.time_zone).format(dueBy);
  return {
    to: b.client_email,
    subject: "Please approve the remaining balance for your booking",
    category: "payments",
    text: `Hi ${b.client_name},\n\nPlease approve the remaining ${formatCents(b.remainder_cents, b.currency)} for your session with ${b.creator_name} on ${sessionWhen(b)} by ${by}:\n${link}\n\nIt is held on your payment method and charged after the session. If it is not approved by then, the booking is cancelled as a late cancellation.\n\nThe ShutterHail team`,
  };
}
