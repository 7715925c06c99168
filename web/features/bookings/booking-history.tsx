import type { BookingDetail } from "../../../contracts/bookings.ts";
import { formatCents, formatDateTimeIn } from "../../lib/format.ts";
import { STATUS_LABELS } from "./strings.ts";

const LEDGER_LABELS: Record<BookingDetail["ledger"][number]["kind"], string> = {
  authorization: "Authorization (hold)",
  deposit_capture: "Deposit charged",
  remainder_capture: "Remainder charged",
  refund: "Refund",
  remainder_refund: "Balance refunded",
  overcapture_refund: "Excess refunded",
  reversal: "Taken back by PayPal",
  void: "Hold released",
  reauthorization: "Hold renewed",
};

const ACTOR_LABELS: Record<BookingDetail["timeline"][number]["actor"], string> = {
  client: "Client",
  creator: "Creator",
  staff: "Staff",
  system: "ShutterHail",
};

/** Every movement of money on the booking, oldest first. */
export function LedgerTable({ booking }: { booking: BookingDetail }) {
  if (!booking.ledger.length) return <p className="text-sm text-ink-600">No payments yet.</p>;
  return (
    // No horizontal scrolling (issue 23): on a phone the date and status go under the line's
    // name, and the table keeps two columns that fit.
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Payments ledger</caption>
      <thead className="text-xs uppercase tracking-wide text-ink-500">
        <tr>
          <th scope="col" className="py-2 pr-3 font-semibold max-sm:hidden">
            When
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            What
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold max-sm:hidden">
            Status
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100">
        {booking.ledger.map((line) => {
          const when = formatDateTimeIn(line.at, booking.timeZone);
          const status = line.status.toLowerCase();
          return (
            <tr key={`${line.kind}-${line.at}-${line.amountCents}`}>
              <td className="py-2 pr-3 text-ink-600 max-sm:hidden">{when}</td>
              <td className="py-2 pr-3 text-ink-900">
                {LEDGER_LABELS[line.kind]}
                <span className="block text-xs text-ink-600 sm:hidden">
                  {when} · <span className="capitalize">{status}</span>
                </span>
              </td>
              <td className="py-2 pr-3 capitalize text-ink-600 max-sm:hidden">{status}</td>
              <td className="py-2 text-right font-semibold whitespace-nowrap text-ink-900">
                {formatCents(line.amountCents)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Who moved the booking to which status, and when. */
export function Timeline({ booking }: { booking: BookingDetail }) {
  return (
    <ol className="relative flex flex-col gap-4 border-l border-ink-200 pl-5">
      {booking.timeline.map((entry) => (
        <li key={`${entry.toStatus}-${entry.at}`} className="relative">
          <span
            className="absolute -left-[1.6rem] top-1.5 size-2.5 rounded-full bg-brand-500"
            aria-hidden
          />
          <p className="text-sm font-semibold text-ink-900">
            {STATUS_LABELS[entry.toStatus]}{" "}
            <span className="font-normal text-ink-600">by {ACTOR_LABELS[entry.actor]}</span>
          </p>
          <p className="text-xs text-ink-500">
            <time dateTime={entry.at}>{formatDateTimeIn(entry.at, booking.timeZone)}</time>
          </p>
          {entry.note ? <p className="mt-1 text-sm text-ink-700">{entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
