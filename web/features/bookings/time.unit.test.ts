import { describe, expect, it } from "vitest";
import { formatCents, formatTimeZone } from "../../lib/format.ts";
import { answerWithin, bookingDate, bookingTimeRange } from "./time.ts";

describe("booking times and money as the web shows them", () => {
  it("cents with their cents", () => {
    expect(formatCents(123_450)).toBe("$1,234.50");
    expect(formatCents(2_250)).toBe("$22.50");
    expect(formatCents(0)).toBe("$0.00");
  });

  it("a zone by its city and exact name", () => {
    expect(formatTimeZone("America/New_York")).toBe("New York time (America/New_York)");
    expect(formatTimeZone("America/Argentina/Buenos_Aires")).toBe(
      "Buenos Aires time (America/Argentina/Buenos_Aires)",
    );
    expect(formatTimeZone("UTC")).toBe("UTC");
  });

  it("date and time range in the booking's zone, not the viewer's", () => {
    const booking = {
      startTime: "2026-12-06T03:30:00.000Z",
      endTime: "2026-12-06T05:30:00.000Z",
      timeZone: "America/Los_Angeles",
    };
    expect(bookingDate(booking)).toBe("Saturday, December 5, 2026");
    expect(bookingTimeRange(booking)).toBe("7:30 PM – 9:30 PM");
  });

  it("the time left to answer a request", () => {
    const now = Date.parse("2026-11-23T15:00:00.000Z");
    expect(answerWithin(null, now)).toBeNull();
    expect(answerWithin("2026-11-24T14:59:00.000Z", now)).toBe("Answer within 23 h");
    expect(answerWithin("2026-11-23T15:45:00.000Z", now)).toBe("Answer within 45 min");
    expect(answerWithin("2026-11-23T14:00:00.000Z", now)).toBe("The time to answer has passed");
  });
});
