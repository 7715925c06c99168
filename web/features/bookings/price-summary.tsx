import type { BookingPrice } from "../../../contracts/booking-pricing.ts";
import { SERVICE_FEE_PERCENT } from "../../../contracts/constants.ts";
import { cn } from "../../lib/cn.ts";
import { formatCents } from "../../lib/format.ts";

function Row({
  label,
  cents,
  strong,
  className,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn("flex justify-between gap-4", strong && "font-bold text-ink-900", className)}
    >
      <dt>{label}</dt>
      <dd>{formatCents(cents)}</dd>
    </div>
  );
}

export const DEPOSIT_DUE_NOW = "Deposit due now";
export const DEPOSIT_PAID = "Deposit paid";

/**
 * Subtotal, fee, total, deposit and remainder of a booking (spec §9), as a description list.
 * The form says the deposit is due now; a booking whose deposit was captured says it is paid.
 * A creator's view adds the commission and what they earn.
 */
export function PriceSummary({
  price,
  label = "Price",
  depositLabel = DEPOSIT_DUE_NOW,
  earnings,
}: {
  price: BookingPrice;
  label?: string;
  depositLabel?: string;
  earnings?: { netCents: number; commissionPercent: number } | null;
}) {
  return (
    <dl aria-label={label} className="flex flex-col gap-2 text-sm text-ink-700">
      <Row label="Subtotal" cents={price.subtotalCents} />
      <Row label={`Service fee (${SERVICE_FEE_PERCENT}%)`} cents={price.feeCents} />
      <Row label="Total" cents={price.totalCents} strong />
      <Row
        label={depositLabel}
        cents={price.depositCents}
        strong
        className="mt-1 border-t border-ink-200 pt-3"
      />
      <Row label="Remaining balance" cents={price.remainderCents} />
      {earnings ? (
        <>
          <Row
            label={`Commission (${earnings.commissionPercent}% of the subtotal)`}
            cents={price.subtotalCents - earnings.netCents}
            className="mt-1 border-t border-ink-200 pt-3"
          />
          <Row label="You earn" cents={earnings.netCents} strong />
        </>
      ) : null}
    </dl>
  );
}
