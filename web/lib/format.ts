import { formatCents } from "../../contracts/booking-pricing.ts";

// Every date, number and money amount the web shows is formatted here, for US English (the
// marketplace prices in USD).
const LOCALE = "en-US";

const date = new Intl.DateTimeFormat(LOCALE, { year: "numeric", month: "short", day: "numeric" });
const longDate = new Intl.DateTimeFormat(LOCALE, {
  year: "numeric",
  month: "long",
  day: "numeric",
});
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const count = new Intl.NumberFormat(LOCALE);
const wholeUsd = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** e.g. "Nov 23, 2026". */
export const formatDate = (value: string | Date) => date.format(toDate(value));

/** e.g. "November 23, 2026". */
export const formatLongDate = (value: string | Date) => longDate.format(toDate(value));

/** e.g. "Nov 23, 2026, 2:05 PM". */
export const formatDateTime = (value: string | Date) => dateTime.format(toDate(value));

/** e.g. 12345 → "12,345". */
export const formatCount = (value: number) => count.format(value);

/** Whole-dollar price from integer cents, e.g. 15000 → "$150". */
export const formatUsd = (cents: number) => wholeUsd.format(cents / 100);

/** An amount in integer cents of any currency, with its cents, e.g. 123456 USD → "$1,234.56". */
export const formatMoney = (cents: number, currency: string) => formatCents(cents, currency);
