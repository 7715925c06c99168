import type { BookingDetail } from "../../../contracts/bookings.ts";
import { formatCents, formatDateTimeIn } from "../../lib/format.ts";

/** The remaining balance in words (docs/decisions/021). */
function remainderLine(booking: BookingDetail): string | null {
  const { payment, remainder, remainderState, remainderCents, timeZone } = booking;
  const amount = formatCents(remainderCents);
  switch (remainderState) {
    case "awaiting": {
      if (booking.status !== "pending" && booking.status !== "confirmed") return null;
      const opens = new Date(remainder.opensAt) > new Date();
      const due = formatDateTimeIn(remainder.dueBy, timeZone);
      return opens
        ? `Remaining balance of ${amount}: approve it from ${formatDateTimeIn(remainder.opensAt, timeZone)} until ${due}`
        : `Remaining balance of ${amount}: approve it by ${due}`;
    }
    case "processing":
      return `Remaining balance of ${amount}: PayPal is processing it`;
    case "held":
      return `Remaining balance of ${formatCents(payment.holdCents)} held on your payment method, charged after the session`;
    case "paid":
      return `Remaining balance paid: ${formatCents(payment.remainderCapturedCents)}`;
    case "released":
      return "Remaining balance released";
    case "unpaid":
      return `Remaining balance of ${amount} not paid`;
    default:
      return null;
  }
}

/** The payment of a booking in words: deposit, the remaining balance, refunds. */
export function paymentLines(booking: BookingDetail): string[] {
  const { payment } = booking;
  const lines: string[] = [];
  if (payment.depositPaidCents)
    lines.push(`Deposit paid: ${formatCents(payment.depositPaidCents)}`);
  else if (booking.status === "pending_payment") lines.push("Deposit not paid yet");
  const remainder = remainderLine(booking);
  if (remainder) lines.push(remainder);
  if (payment.refundedCents) lines.push(`Refunded: ${formatCents(payment.refundedCents)}`);
  const resolved = booking.problemResolution;
  if (resolved) {
    lines.push(
      `Problem resolved by our team: ${resolved.outcome === "complete" ? "the session is completed" : "the booking is cancelled and the deposit refunded"}`,
    );
  } else if (booking.problemReportedAt) {
    lines.push("Problem reported: the remaining balance is not charged");
  }
  return lines;
}

export function PaymentState({ booking }: { booking: BookingDetail }) {
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-ink-800" aria-label="Payment">
      {paymentLines(booking).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
