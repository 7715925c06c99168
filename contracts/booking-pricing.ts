import { builtOncePer } from "./built-once.ts";
import { BOOKING_START_TIMES, DEPOSIT_PERCENT, SERVICE_FEE_PERCENT } from "./constants.ts";

export type BookingPrice = {
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
  depositCents: number;
  remainderCents: number;
};

/** `cents × percent / 100`, rounded half up to a whole cent, in integers only. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * The spec's pricing (§9) in integer cents: subtotal = rate × hours; fee 5 % of subtotal;
 * total = subtotal + fee; deposit 30 % of subtotal; remainder = max(0, total − deposit).
 * Percentages round half up to the cent. The server stores what this returns; the web only
 * previews it.
 */
export function priceBooking(hourlyRateCents: number, hours: number): BookingPrice {
  if (!Number.isSafeInteger(hourlyRateCents) || hourlyRateCents < 0) {
    throw new RangeError("hourly rate must be a whole number of cents");
  }
  if (!Number.isInteger(hours) || hours < 1) throw new RangeError("hours must be a whole number");
  const subtotalCents = hourlyRateCents * hours;
  const feeCents = percentOf(subtotalCents, SERVICE_FEE_PERCENT);
  const totalCents = subtotalCents + feeCents;
  const depositCents = percentOf(subtotalCents, DEPOSIT_PERCENT);
  return {
    subtotalCents,
    feeCents,
    totalCents,
    depositCents,
    remainderCents: Math.max(0, totalCents - depositCents),
  };
}

/** The start times a booking may take: 06:00 to 22:45 in 15-minute steps ("HH:MM", 24 h). */
export function bookingStartTimes(): string[] {
  const toMinutes = (time: string) => {
    const [h = 0, m = 0] = time.split(":").map(Number);
    return h * 60 + m;
  };
  const times: string[] = [];
  const last = toMinutes(BOOKING_START_TIMES.last);
  for (
    let minutes = toMinutes(BOOKING_START_TIMES.first);
    minutes <= last;
    minutes += BOOKING_START_TIMES.stepMinutes
  ) {
    const h = String(Math.floor(minutes / 60)).padStart(2, "0");
    const m = String(minutes % 60).padStart(2, "0");
    times.push(`${h}:${m}`);
  }
  return times;
}

/** "14:30" → "2:30 PM", the way the form shows start times. */
export function twelveHourTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** How much of an amount formatCents shows: all of it, whole units (a rate), or short (a chart). */
export type MoneyStyle = "exact" | "whole" | "compact";

const MONEY_STYLES: Record<MoneyStyle, Intl.NumberFormatOptions> = {
  exact: {},
  whole: { maximumFractionDigits: 0 },
  compact: { notation: "compact", maximumFractionDigits: 1 },
};

// A booking's answer and its mails format a dozen amounts: one formatter per style and currency.
const moneyFormats = Object.fromEntries(
  Object.entries(MONEY_STYLES).map(([style, options]) => [
    style,
    builtOncePer(
      (currency: string) =>
        new Intl.NumberFormat("en-US", { style: "currency", currency, ...options }),
    ),
  ]),
) as Record<MoneyStyle, (currency: string) => Intl.NumberFormat>;

/**
 * The one money formatter, server and web: integer cents in the locale the product is written
 * in. 47250 → "$472.50"; "whole" → "$473" (an hourly rate); "compact" → "$12.3K" (an axis).
 */
export function formatCents(cents: number, currency = "USD", style: MoneyStyle = "exact"): string {
  return moneyFormats[style](currency).format(cents / 100);
}
