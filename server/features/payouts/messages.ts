import type { Kysely } from "kysely";
import { formatCents } from "../../../contracts/booking-pricing.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import type { DB } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { sessionWhen } from "../bookings/mails.ts";
import { bookingWithParties } from "../bookings/read.ts";
import { notify } from "../notifications/notify.ts";
import type { PayoutRow } from "./payout-queries.ts";

// What a creator hears of their payouts: a notification and a mail (a payment mail, which no
// setting turns off) when one is paid or sent, when PayPal refused one, and when PayPal took a
// paid one back.

const where = (p: PayoutRow) =>
  p.method === "paypal"
    ? `PayPal (${p.receiver_email ?? "your PayPal account"})`
    : p.method === "stripe"
      ? "your Stripe account"
      : `your bank account ending in ${p.bank_account_last4 ?? "••••"}`;

const TOLD = {
  paid: {
    kind: "payout_sent",
    title: "Payout sent",
    subject: (amount: string) => `Your ShutterHail payout of ${amount} is on its way`,
    body: (amount: string, p: PayoutRow, session: string) =>
      `${amount} for your session on ${session} was sent to ${where(p)}.`,
  },
  failed: {
    kind: "payout_failed",
    title: "Payout failed",
    subject: (amount: string) => `Your ShutterHail payout of ${amount} could not be sent`,
    body: (amount: string, p: PayoutRow, session: string) =>
      `${amount} for your session on ${session} could not be sent to ${where(p)}. Please check your payout details in Profile Setup; our team will send it again.`,
  },
  returned: {
    kind: "payout_failed",
    title: "Payout returned",
    subject: (amount: string) => `Your ShutterHail payout of ${amount} came back`,
    body: (amount: string, p: PayoutRow, session: string) =>
      `${amount} for your session on ${session}, sent to ${where(p)}, came back to us, so it is in your balance again. Please check your payout details in Profile Setup; our team will send it again.`,
  },
} as const;

/** Tells the creator of a payout that was paid (or sent by staff), failed, or came back. */
export async function tellCreatorOfPayout(
  deps: AppDeps,
  payout: PayoutRow,
  outcome: keyof typeof TOLD,
  trx: Kysely<DB>,
) {
  const booking = await bookingWithParties(trx, payout.booking_id);
  if (!booking) return;
  const told = TOLD[outcome];
  const amount = formatCents(payout.amount_cents, payout.currency);
  const body = told.body(amount, payout, sessionWhen(booking));
  await deps.mailer.send(
    {
      to: booking.creator_email,
      subject: told.subject(amount),
      category: "payments",
      text: `Hi ${booking.creator_name},\n\n${body}\n\nYour earnings: ${siteOrigin(deps.config)}${PAGE_ROUTES.earnings}\n\nThe ShutterHail team`,
    },
    trx,
  );
  await notify(
    deps,
    {
      userId: booking.creator_user_id,
      kind: told.kind,
      title: told.title,
      body,
      link: PAGE_ROUTES.earnings,
    },
    trx,
  );
}
