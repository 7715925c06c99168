import type { AdminBookingDetail } from "../../../contracts/back-office.ts";
import { formatCents, formatDateTime } from "../../lib/format.ts";
import { STATUS_LABELS } from "../bookings/strings.ts";

const LEDGER_LABELS: Record<AdminBookingDetail["ledger"][number]["kind"], string> = {
  authorization: "Hold placed",
  deposit_capture: "Deposit captured",
  remainder_capture: "Remainder captured",
  refund: "Refund",
  remainder_refund: "Balance refunded",
  overcapture_refund: "Excess refunded",
  reversal: "Taken back by PayPal",
  void: "Hold released",
  reauthorization: "Hold renewed",
};

/** The booking's payments ledger: every provider movement, oldest first. */
export function LedgerLines({ booking }: { booking: AdminBookingDetail }) {
  if (booking.ledger.length === 0) {
    return <p className="px-4 pb-4 text-sm text-ink-600 sm:px-6">No money has moved yet.</p>;
  }
  return (
    <ul className="divide-y divide-ink-100" aria-label="Payments ledger">
      {booking.ledger.map((line) => (
        <li
          key={`${line.kind}-${line.providerRef}`}
          className="flex items-start justify-between gap-4 px-4 py-3 sm:px-6"
        >
          <div className="min-w-0">
            <p className="font-medium text-ink-900">{LEDGER_LABELS[line.kind]}</p>
            <p className="text-xs text-ink-500">
              {formatDateTime(line.at)} · {line.status} ·{" "}
              <span className="break-all font-mono">{line.providerRef}</span>
            </p>
          </div>
          <span
            className={
              line.kind === "refund"
                ? "shrink-0 font-semibold text-red-700"
                : "shrink-0 font-semibold text-ink-900"
            }
          >
            {line.kind === "refund" ? "−" : ""}
            {formatCents(line.amountCents, booking.currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}

const ACTOR_LABELS = {
  client: "Client",
  creator: "Creator",
  staff: "Staff",
  system: "System",
} as const;

/** Every status change, who made it and when. */
export function Timeline({ booking }: { booking: AdminBookingDetail }) {
  if (booking.timeline.length === 0) {
    return <p className="px-4 pb-4 text-sm text-ink-600 sm:px-6">No events yet.</p>;
  }
  return (
    <ol className="flex flex-col gap-4 px-4 pb-4 sm:px-6" aria-label="Timeline">
      {booking.timeline.map((e) => (
        <li key={`${e.at}-${e.toStatus}`} className="relative border-l-2 border-ink-200 pl-4">
          <p className="font-medium text-ink-900">
            {e.fromStatus ? `${STATUS_LABELS[e.fromStatus]} → ` : ""}
            {STATUS_LABELS[e.toStatus]}
          </p>
          <p className="text-xs text-ink-500">
            {formatDateTime(e.at)} · {ACTOR_LABELS[e.actor]}
            {e.actorName ? ` (${e.actorName})` : ""}
          </p>
          {e.note ? <p className="mt-1 text-sm text-ink-700">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
