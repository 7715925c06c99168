import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoundRobin } from "./round-robin.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("a round robin", () => {
  it("visits each item once per period, first about a period after it was added, until removed", () => {
    vi.useFakeTimers();
    const visits: string[] = [];
    const robin = createRoundRobin<string>(1000, (item) => visits.push(item));
    const removeA = robin.add("a");
    vi.advanceTimersByTime(500);
    const removeB = robin.add("b");
    vi.advanceTimersByTime(450);
    expect(visits).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(visits).toEqual(["a"]);
    vi.advanceTimersByTime(500);
    expect(visits).toEqual(["a", "b"]);
    vi.advanceTimersByTime(1000);
    expect(visits).toEqual(["a", "b", "a", "b"]);
    removeA();
    vi.advanceTimersByTime(1000);
    expect(visits).toEqual(["a", "b", "a", "b", "b"]);
    removeB();
    removeB();
    expect(vi.getTimerCount()).toBe(0);
  });
});
