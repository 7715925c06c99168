import type { BookingDetail } from "../../../contracts/bookings.ts";
import { formatCents, formatDateTimeIn } from "../../lib/format.ts";

/** The payment of a booking in words: deposit, the hold on the remainder, captures, refunds. */
export function paymentLines(booking: BookingDetail): string[] {
  const { payment, holdState, timeZone } = booking;
  const lines: string[] = [];
  if (payment.depositPaidCents)
    lines.push(`Deposit paid: ${formatCents(payment.depositPaidCents)}`);
  else if (booking.status === "pending_payment") lines.push("Deposit not paid yet");
  if (holdState === "active") {
    const until = payment.holdHonoredUntil ?? payment.holdValidUntil;
    lines.push(
      until
        ? `Hold of ${formatCents(payment.holdCents)} active until ${formatDateTimeIn(until, timeZone)}`
        : `Hold of ${formatCents(payment.holdCents)} active`,
    );
  }
  if (holdState === "renewal_needed") lines.push("Hold needs your approval");
  if (holdState === "captured" || payment.remainderCapturedCents) {
    lines.push(`Remainder captured: ${formatCents(payment.remainderCapturedCents)}`);
  }
  if (holdState === "voided") lines.push("Hold on the remainder released");
  if (payment.refundedCents) lines.push(`Refunded: ${formatCents(payment.refundedCents)}`);
  const resolved = booking.problemResolution;
  if (resolved) {
    lines.push(
      `Problem resolved by our team: ${resolved.outcome === "complete" ? "the session is completed" : "the booking is cancelled and the deposit refunded"}`,
    );
  } else if (booking.problemReportedAt) {
    lines.push("Problem reported: the remainder is not captured");
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
