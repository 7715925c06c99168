import { describe, expect, it } from "vitest";
import { formatCents } from "../../contracts/booking-pricing.ts";
import { findInWeb } from "./scan.ts";

// One money formatter for server and web: contracts' formatCents (re-exported by
// web/lib/format.ts). No screen formats an amount itself.

const CURRENCY_FORMAT = /style:\s*["']currency["']/;
const NUMBER_FORMAT = /\bIntl\.NumberFormat\b/;
const CENTS_TO_DOLLARS = /\/\s*100\s*\)?\s*\.toFixed\(|[cC]ents\)?\s*\.toFixed\(/;
const OTHER_FORMATTERS = /\b(formatUsd|formatMoney|formatDollars|formatPrice|formatAmount)\b/;

describe("the web's one money formatter", () => {
  it("is the only currency formatting", () => {
    expect(findInWeb(CURRENCY_FORMAT)).toEqual([]);
    expect(findInWeb(OTHER_FORMATTERS)).toEqual([]);
  });

  it("leaves number formatting to web/lib/format.ts", () => {
    expect(findInWeb(NUMBER_FORMAT, ["lib/format.ts"])).toEqual([]);
  });

  it("turns cents into dollars by hand only for a form's text field", () => {
    expect(findInWeb(CENTS_TO_DOLLARS, ["lib/form-inputs.ts"])).toEqual([]);
  });

  it("recognises what it forbids", () => {
    expect(CURRENCY_FORMAT.test('{ style: "currency", currency: "USD" }')).toBe(true);
    expect(CENTS_TO_DOLLARS.test("(payout.amountCents / 100).toFixed(2)")).toBe(true);
    expect(CENTS_TO_DOLLARS.test("rating.toFixed(2)")).toBe(false);
    expect(OTHER_FORMATTERS.test("formatUsd(rate)")).toBe(true);
  });

  it("shows cents, whole units or a short amount", () => {
    expect(formatCents(123_450)).toBe("$1,234.50");
    expect(formatCents(15_000, "USD", "whole")).toBe("$150");
    expect(formatCents(1_234_500, "USD", "compact")).toBe("$12.3K");
  });
});
