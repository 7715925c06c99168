import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  NOT_ONLINE_MESSAGE,
  type PresenceState,
  type PresenceUpdate,
  STAY_AREA_NOT_FOUND_MESSAGE,
  STAY_NO_POSITION_MESSAGE,
  STAY_UNTIL_PAST_MESSAGE,
  STAY_UNTIL_TOO_FAR_MESSAGE,
  type ZStayAvailableRequest,
} from "../../../contracts/availability.ts";
import { PRESENCE } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { geocodePlace } from "../../platform/geo.ts";
import { setLivePresence } from "../profiles/live-presence.ts";
import { heartbeatsWritten, refreshInBatch } from "./heartbeat-batch.ts";
import {
  backdatePresence,
  deletePresence,
  deleteStalePresence,
  findLiveState,
  findSweepable,
  upsertPresence,
} from "./queries.ts";

// Live presence (docs/decisions/018). A creator is online while available_now is set on their
// profile; while they are, their browser heartbeats into creator_presence, and the sweep turns
// off anyone silent for PRESENCE.staleAfterSeconds. Every write locks the profile row first
// (the sweep too), so a heartbeat and the sweep never deadlock and never both win.

type Deps = Pick<AppDeps, "database" | "now">;
type LiveState = NonNullable<Awaited<ReturnType<typeof findLiveState>>>;

function toState(profileId: string, state: LiveState): PresenceState {
  const known = state.travel_lat !== null && state.travel_lng !== null;
  return {
    profileId,
    online: state.available_now,
    position: known ? { lat: state.travel_lat!, lng: state.travel_lng! } : null,
    lastSeenAt: state.available_now && state.last_seen_at ? state.last_seen_at.toISOString() : null,
    heartbeatSeconds: PRESENCE.heartbeatSeconds,
    availableUntil:
      state.available_now && state.available_until ? state.available_until.toISOString() : null,
  };
}

const positionOf = (update: PresenceUpdate) =>
  update.lat !== undefined && update.lng !== undefined
    ? { lat: update.lat, lng: update.lng }
    : undefined;

async function inTransaction<T>(
  deps: Deps,
  profileId: string,
  work: (trx: Kysely<DB>, state: LiveState) => Promise<T>,
): Promise<PresenceState> {
  return deps.database.db.transaction().execute(async (trx) => {
    const state = await findLiveState(trx, profileId, true);
    if (!state) throw new AppError("not_found", "Creator profile not found");
    await work(trx, state);
    return toState(profileId, (await findLiveState(trx, profileId))!);
  });
}

export async function getPresence(deps: Deps, profileId: string): Promise<PresenceState> {
  const state = await findLiveState(deps.database.db, profileId);
  if (!state) throw new AppError("not_found", "Creator profile not found");
  return toState(profileId, state);
}

/** Online (again): available now, at the given position if any. Repeating it is harmless. */
export function goOnline(deps: Deps, profileId: string, update: PresenceUpdate) {
  const now = deps.now();
  const position = positionOf(update);
  return inTransaction(deps, profileId, async (trx) => {
    await setLivePresence(trx, profileId, { availableNow: true, position });
    await upsertPresence(trx, profileId, now, position !== undefined);
  });
}

/** Offline: no longer available; the last position stays (the map shows it grey). */
export function goOffline(deps: Deps, profileId: string) {
  return inTransaction(deps, profileId, async (trx, state) => {
    await deletePresence(trx, profileId);
    if (state.available_now || state.available_until) {
      await setLivePresence(trx, profileId, { availableNow: false, availableUntil: null });
    }
  });
}

type StayInput = z.output<typeof ZStayAvailableRequest>;

/** Where a creator staying available is placed: the point or area given, else the last one. */
function stayPosition(input: StayInput, state: LiveState) {
  if (input.lat !== undefined && input.lng !== undefined) return { lat: input.lat, lng: input.lng };
  if (input.place) {
    const place = geocodePlace(input.place);
    if (!place) throw new AppError("validation_failed", STAY_AREA_NOT_FOUND_MESSAGE);
    return { lat: place.lat, lng: place.lng };
  }
  if (state.travel_lat === null || state.travel_lng === null) {
    throw new AppError("validation_failed", STAY_NO_POSITION_MESSAGE);
  }
  return undefined;
}

/**
 * Available for hails until `until` with no tab open (hails reach the creator by push): online
 * at the area or point given, else the last known position; the sweep leaves them on without
 * heartbeats until then, and the map marks them not live-tracked. Repeating it moves the time.
 * An open tab's heartbeats go on as before.
 */
export function stayAvailable(deps: Deps, profileId: string, input: StayInput) {
  const now = deps.now();
  const until = new Date(input.until);
  if (until.getTime() <= now.getTime() + 60_000) {
    throw new AppError("validation_failed", STAY_UNTIL_PAST_MESSAGE);
  }
  if (until.getTime() > now.getTime() + PRESENCE.maxStayAvailableHours * 3_600_000) {
    throw new AppError("validation_failed", STAY_UNTIL_TOO_FAR_MESSAGE);
  }
  return inTransaction(deps, profileId, async (trx, state) => {
    const position = stayPosition(input, state);
    await setLivePresence(trx, profileId, {
      availableNow: true,
      availableUntil: until,
      ...(position ? { position } : {}),
    });
    await upsertPresence(trx, profileId, now, position !== undefined);
  });
}

/**
 * A page of the creator went away: closed, reloaded, or left for another address. The browser
 * cannot tell which, so the creator stays online for PRESENCE.leaveGraceSeconds: a reloaded
 * page (or another open tab) heartbeats within it and nothing changes; otherwise the sweep
 * turns them offline. Done by making the last heartbeat look that much older than the sweep's
 * limit.
 */
export async function pageLeft(deps: Deps, profileId: string) {
  // A heartbeat this process holds for its next batch came before: it must not undo this.
  await heartbeatsWritten(deps.database, profileId);
  const graceLeft = PRESENCE.staleAfterSeconds - PRESENCE.leaveGraceSeconds;
  await backdatePresence(
    deps.database.db,
    profileId,
    new Date(deps.now().getTime() - graceLeft * 1000),
  );
}

/**
 * Keeps an online creator online. A position is written only when it differs from the stored
 * one and the last written is at least PRESENCE.minPositionIntervalSeconds old; otherwise the
 * heartbeat still counts. A creator who is offline (swept, or gone offline elsewhere) gets 409.
 */
export async function heartbeat(
  deps: Deps & Pick<AppDeps, "config">,
  profileId: string,
  update: PresenceUpdate,
) {
  const now = deps.now();
  const position = positionOf(update);
  // Most heartbeats only say "still here": batched, no lock on the profile (issue 24).
  const refreshed = await refreshInBatch(
    deps.database,
    {
      profileId,
      now,
      position,
      positionDueBefore: new Date(now.getTime() - PRESENCE.minPositionIntervalSeconds * 1000),
    },
    deps.config.heartbeatFlushMs,
  );
  if (refreshed) return toState(profileId, refreshed);
  return inTransaction(deps, profileId, async (trx, state) => {
    if (!state.available_now) throw new AppError("conflict", NOT_ONLINE_MESSAGE);
    const moved =
      position !== undefined &&
      (position.lat !== state.travel_lat || position.lng !== state.travel_lng);
    const due =
      !state.position_at ||
      now.getTime() - state.position_at.getTime() >= PRESENCE.minPositionIntervalSeconds * 1000;
    const write = moved && due;
    if (write) await setLivePresence(trx, profileId, { position });
    // A demo creator seeded 'available now' has no row yet: the first heartbeat adopts them.
    await upsertPresence(trx, profileId, now, write);
  });
}

/**
 * Turns offline every creator whose last heartbeat is older than PRESENCE.staleAfterSeconds at
 * `now`, unless they chose to stay available until later; the presence trigger then tells
 * every map. A creator whose chosen time has passed is turned offline the same way, or, with a
 * tab still heartbeating, back to live presence only. Only creators with a heartbeat row are
 * considered: demo creators seeded 'available now' (no row) stay on until they go online and
 * off themselves. Safe to run concurrently (profiles being written are skipped: they are
 * alive). Returns the profiles turned offline.
 */
export async function sweepPresence(deps: Pick<AppDeps, "database">, now: Date) {
  const cutoff = new Date(now.getTime() - PRESENCE.staleAfterSeconds * 1000);
  return deps.database.db.transaction().execute(async (trx) => {
    const { stale, ended } = await findSweepable(trx, cutoff, now);
    const ids = await deleteStalePresence(trx, cutoff, stale);
    await setLivePresence(trx, ids, { availableNow: false, availableUntil: null });
    await setLivePresence(
      trx,
      ended.filter((id) => !ids.includes(id)),
      { availableUntil: null },
    );
    return ids;
  });
}
