import type { Position } from "../../../contracts/availability.ts";
import { PRESENCE } from "../../../contracts/constants.ts";

// When the browser reports a new position (pure, so it is unit-tested): after a meaningful
// move at once, and after any move once the last one sent is old; never for GPS noise alone.

const EARTH_RADIUS_METERS = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function metersBetween(a: Position, b: Position): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type SentPosition = { position: Position; atMs: number };

export function shouldSendPosition(
  current: Position,
  lastSent: SentPosition | null,
  nowMs: number,
): boolean {
  if (!lastSent) return true;
  const moved = metersBetween(lastSent.position, current);
  if (moved >= PRESENCE.minMoveMeters) return true;
  return moved > 0 && nowMs - lastSent.atMs >= PRESENCE.maxPositionAgeSeconds * 1000;
}
