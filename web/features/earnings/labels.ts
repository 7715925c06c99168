import type { UpcomingPayout } from "../../../contracts/payouts.ts";

export const LINE_LABELS: Record<string, string> = {
  earning: "Earning",
  commission: "Commission",
  service_fee: "Service fee",
  refund: "Refund",
  adjustment: "Adjustment",
  payout: "Payout",
  payout_return: "Payout returned",
};

export const UPCOMING_LABELS: Record<UpcomingPayout["status"], string> = {
  awaiting_delivery: "After the client accepts your photos",
  on_hold: "On hold: the client reported a problem",
  needs_payout_method: "Add a payout method to get paid",
  pending: "Scheduled",
  processing: "Sending",
  failed: "Failed — our team is on it",
  manual_pending: "Being sent by our team",
  paid: "Paid",
  sent: "Sent",
};

export const METHOD_LABELS: Record<string, string> = {
  paypal: "PayPal",
  direct_deposit: "Direct deposit",
  stripe: "Stripe",
};
