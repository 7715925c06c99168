import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookingStartTimes, percentOf, priceBooking, twelveHourTime } from "./booking-pricing.ts";
import { BOOKING_HOURS } from "./constants.ts";

// The spec's pricing (§9) as properties over every rate a creator could set and every length
// a booking may have.
const rates = fc.integer({ min: 1, max: 10_000_000 });
const hours = fc.integer({ min: BOOKING_HOURS.min, max: BOOKING_HOURS.max });

describe("priceBooking", () => {
  it("keeps deposit + remainder = total = subtotal + fee, in whole non-negative cents", () => {
    fc.assert(
      fc.property(rates, hours, (rate, h) => {
        const p = priceBooking(rate, h);
        expect(p.subtotalCents).toBe(rate * h);
        expect(p.totalCents).toBe(p.subtotalCents + p.feeCents);
        expect(p.depositCents + p.remainderCents).toBe(p.totalCents);
        for (const value of Object.values(p)) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        }
      }),
    );
  });

  it("rounds the 5 % fee and the 30 % deposit half up to the cent, the same way every time", () => {
    fc.assert(
      fc.property(rates, hours, (rate, h) => {
        const p = priceBooking(rate, h);
        const exactFee = (p.subtotalCents * 5) / 100;
        const exactDeposit = (p.subtotalCents * 30) / 100;
        expect(Math.abs(p.feeCents - exactFee)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(p.depositCents - exactDeposit)).toBeLessThanOrEqual(0.5);
        expect(priceBooking(rate, h)).toEqual(p);
      }),
    );
    // Half a cent goes up: 5 % of 10 cents is 0.5 → 1; 30 % of 5 cents is 1.5 → 2.
    expect(percentOf(10, 5)).toBe(1);
    expect(percentOf(5, 30)).toBe(2);
    expect(percentOf(9, 5)).toBe(0);
  });

  it("prices the spec's example: $150 an hour for 3 hours", () => {
    expect(priceBooking(15_000, 3)).toEqual({
      subtotalCents: 45_000,
      feeCents: 2_250,
      totalCents: 47_250,
      depositCents: 13_500,
      remainderCents: 33_750,
    });
  });

  it("refuses fractional cents and fractional hours", () => {
    expect(() => priceBooking(150.5, 1)).toThrow(RangeError);
    expect(() => priceBooking(15_000, 1.5)).toThrow(RangeError);
    expect(() => priceBooking(-1, 1)).toThrow(RangeError);
  });
});

describe("start times", () => {
  it("run from 6:00 AM to 10:45 PM in 15-minute steps, shown in 12-hour format", () => {
    const times = bookingStartTimes();
    expect(times).toHaveLength(68);
    expect(times[0]).toBe("06:00");
    expect(times.at(-1)).toBe("22:45");
    expect(times.map(twelveHourTime).slice(0, 2)).toEqual(["6:00 AM", "6:15 AM"]);
    expect(twelveHourTime("12:00")).toBe("12:00 PM");
    expect(twelveHourTime("22:45")).toBe("10:45 PM");
  });
});
