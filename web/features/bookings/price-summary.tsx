import type { BookingPrice } from "../../../contracts/booking-pricing.ts";
import { SERVICE_FEE_PERCENT } from "../../../contracts/constants.ts";
import { cn } from "../../lib/cn.ts";
import { formatCents } from "../../lib/format.ts";

function Row({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className={cn("flex justify-between gap-4", strong && "font-bold text-ink-900")}>
      <dt>{label}</dt>
      <dd>{formatCents(cents)}</dd>
    </div>
  );
}

/** Subtotal, fee, total, deposit and remainder of a booking (spec §9), as a description list. */
export function PriceSummary({ price, label = "Price" }: { price: BookingPrice; label?: string }) {
  return (
    <dl aria-label={label} className="flex flex-col gap-2 text-sm text-ink-700">
      <Row label="Subtotal" cents={price.subtotalCents} />
      <Row label={`Service fee (${SERVICE_FEE_PERCENT}%)`} cents={price.feeCents} />
      <Row label="Total" cents={price.totalCents} strong />
      <div className="my-1 border-t border-ink-200" />
      <Row label="Deposit due now" cents={price.depositCents} strong />
      <Row label="Remaining balance" cents={price.remainderCents} />
    </dl>
  );
}
