import { describe, expect, it } from "vitest";
import { PRESENCE } from "../../../contracts/constants.ts";
import { metersBetween, shouldSendPosition } from "./presence-policy.ts";

const here = { lat: 25.7617, lng: -80.1918 };
// 0.001° of latitude is about 111 m.
const north = (meters: number) => ({ lat: here.lat + meters / 111_195, lng: here.lng });
const t0 = 1_000_000;

describe("shouldSendPosition", () => {
  it("sends the first position", () => {
    expect(shouldSendPosition(here, null, t0)).toBe(true);
  });

  it("sends at once after a move of minMoveMeters or more", () => {
    const last = { position: here, atMs: t0 };
    expect(shouldSendPosition(north(PRESENCE.minMoveMeters + 5), last, t0 + 1000)).toBe(true);
    expect(shouldSendPosition(north(PRESENCE.minMoveMeters - 5), last, t0 + 1000)).toBe(false);
  });

  it("sends a small move only once the last sent is maxPositionAgeSeconds old", () => {
    const last = { position: here, atMs: t0 };
    const age = PRESENCE.maxPositionAgeSeconds * 1000;
    expect(shouldSendPosition(north(30), last, t0 + age - 1)).toBe(false);
    expect(shouldSendPosition(north(30), last, t0 + age)).toBe(true);
  });

  it("never sends the same position again, however old", () => {
    expect(shouldSendPosition(here, { position: here, atMs: t0 }, t0 + 3_600_000)).toBe(false);
  });

  it("measures distance in metres", () => {
    expect(metersBetween(here, north(1000))).toBeCloseTo(1000, -1);
    expect(metersBetween(here, here)).toBe(0);
  });
});
