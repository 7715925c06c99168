import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left.ts";

const NOW = new Date("2030-01-01T00:00:00Z");
const inMs = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 60 * 60 * 1000;

describe("timeLeft", () => {
  it("counts whole days, then hours, then minutes", () => {
    expect(timeLeft(inMs(14 * 24 * HOUR - 1), NOW)).toBe("13 days left");
    expect(timeLeft(inMs(24 * HOUR), NOW)).toBe("1 day left");
    expect(timeLeft(inMs(5.5 * HOUR), NOW)).toBe("5 hours left");
    expect(timeLeft(inMs(HOUR), NOW)).toBe("1 hour left");
    expect(timeLeft(inMs(90_000), NOW)).toBe("1 minute left");
    expect(timeLeft(inMs(30_000), NOW)).toBe("Less than a minute left");
  });
});
