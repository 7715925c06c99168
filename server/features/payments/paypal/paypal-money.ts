// PayPal writes money as decimal strings ("150.00"); we keep integer cents. Both directions work
// on the digits, never through floating point, so 0.1 + 0.2 style errors cannot creep in.
// Two-decimal currencies only (USD, EUR, …): the marketplace charges in USD.

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`amount must be a non-negative integer of cents, got ${cents}`);
  }
  const digits = String(cents).padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

export function decimalToCents(value: string): number {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a two-decimal amount: ${JSON.stringify(value)}`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount too large: ${value}`);
  return cents;
}
