const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** Whole-dollar price from integer cents, e.g. 15000 → "$150". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
