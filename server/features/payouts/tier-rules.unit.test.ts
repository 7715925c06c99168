import { describe, expect, it } from "vitest";
import { percentOf } from "../../../contracts/booking-pricing.ts";
import { signedDollars } from "./earnings.ts";
import { eliteRatingKept, eliteWindowStart, progressOf, tierFor } from "./tier-rules.ts";

const kept = { vip: false, eliteRatingKept: true };

describe("tier rules at every boundary", () => {
  it("Starter under 10 completed bookings, Pro at 10 with a rating of 4.5", () => {
    expect(tierFor({ ...kept, jobsCompleted: 9, rating: 5 })).toBe("starter");
    expect(tierFor({ ...kept, jobsCompleted: 10, rating: 4.5 })).toBe("pro");
    expect(tierFor({ ...kept, jobsCompleted: 10, rating: 4.49 })).toBe("starter");
  });
  it("Elite at 50 with 4.8 kept; 49 bookings or 4.79 is Pro", () => {
    expect(tierFor({ ...kept, jobsCompleted: 50, rating: 4.8 })).toBe("elite");
    expect(tierFor({ ...kept, jobsCompleted: 49, rating: 4.8 })).toBe("pro");
    expect(tierFor({ ...kept, jobsCompleted: 50, rating: 4.79 })).toBe("pro");
    expect(tierFor({ ...kept, jobsCompleted: 50, rating: 4.8, eliteRatingKept: false })).toBe(
      "pro",
    );
  });
  it("VIP by invitation outranks everything", () => {
    expect(tierFor({ jobsCompleted: 0, rating: 0, vip: true, eliteRatingKept: false })).toBe("vip");
    expect(tierFor({ jobsCompleted: 80, rating: 5, vip: true, eliteRatingKept: true })).toBe("vip");
  });
});

describe("the 6-month window", () => {
  it("starts on the same date six months earlier, clamped to the month's end", () => {
    expect(eliteWindowStart("2030-11-25")).toBe("2030-05-25");
    expect(eliteWindowStart("2030-08-31")).toBe("2030-02-28");
    expect(eliteWindowStart("2031-03-15")).toBe("2030-09-15");
  });
  it("needs a history reaching the window's first day and no day below 4.8 in it", () => {
    const windowStart = "2030-05-25";
    const base = { windowStart, ratingToday: 4.9, lowestRatingInWindow: 4.8 };
    expect(eliteRatingKept({ ...base, oldestDay: "2030-05-25" })).toBe(true);
    expect(eliteRatingKept({ ...base, oldestDay: "2030-05-26" })).toBe(false);
    expect(eliteRatingKept({ ...base, oldestDay: null })).toBe(false);
    expect(eliteRatingKept({ ...base, oldestDay: "2030-01-01", lowestRatingInWindow: 4.79 })).toBe(
      false,
    );
    expect(eliteRatingKept({ ...base, oldestDay: "2030-01-01", ratingToday: 4.79 })).toBe(false);
  });
});

describe("progress to the next tier", () => {
  it("counts the bookings a Starter needs for Pro", () => {
    const p = progressOf("starter", {
      jobsCompleted: 7,
      rating: 4.6,
      keptSince: null,
      today: "2030-11-25",
    });
    expect(p.next).toMatchObject({ tier: "pro", bookingsNeeded: 3, minRating: 4.5 });
  });
  it("counts a Pro's bookings and days to Elite", () => {
    const p = progressOf("pro", {
      jobsCompleted: 42,
      rating: 4.85,
      keptSince: "2030-10-26",
      today: "2030-11-25",
    });
    expect(p.next).toMatchObject({ tier: "elite", bookingsNeeded: 8, daysNeeded: 184 - 30 });
    expect(
      progressOf("elite", { jobsCompleted: 60, rating: 4.9, keptSince: null, today: "2030-11-25" })
        .next,
    ).toBeNull();
  });
});

describe("money", () => {
  it("rounds commission half up to the cent", () => {
    expect(percentOf(10_003, 15)).toBe(1500); // 1500.45
    expect(percentOf(10_010, 15)).toBe(1502); // 1501.5 → 1502
    expect(percentOf(333, 5)).toBe(17); // 16.65 → 17
  });
  it("writes cents as decimal dollars without floating point", () => {
    expect(signedDollars(123_456)).toBe("1234.56");
    expect(signedDollars(-5)).toBe("-0.05");
    expect(signedDollars(0)).toBe("0.00");
  });
});
