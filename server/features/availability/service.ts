import type { Kysely } from "kysely";
import {
  NOT_ONLINE_MESSAGE,
  type PresenceState,
  type PresenceUpdate,
} from "../../../contracts/availability.ts";
import { PRESENCE } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { setLivePresence } from "../profiles/live-presence.ts";
import { refreshInBatch } from "./heartbeat-batch.ts";
import {
  backdatePresence,
  deletePresence,
  deleteStalePresence,
  findLiveState,
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
    if (state.available_now) await setLivePresence(trx, profileId, { availableNow: false });
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
export async function heartbeat(deps: Deps, profileId: string, update: PresenceUpdate) {
  const now = deps.now();
  const position = positionOf(update);
  // Most heartbeats only say "still here": batched, no lock on the profile (issue 24).
  const refreshed = await refreshInBatch(deps.database, {
    profileId,
    now,
    position,
    positionDueBefore: new Date(now.getTime() - PRESENCE.minPositionIntervalSeconds * 1000),
  });
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
 * `now`; the presence trigger then tells every map. Only creators with a heartbeat row are
 * considered: demo creators seeded 'available now' (no row) stay on until they go online and
 * off themselves. Safe to run concurrently (profiles being written are skipped: they are
 * alive). Returns the profiles turned offline.
 */
export async function sweepPresence(deps: Pick<AppDeps, "database">, now: Date) {
  const cutoff = new Date(now.getTime() - PRESENCE.staleAfterSeconds * 1000);
  return deps.database.db.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom("photographer_profiles as p")
      .innerJoin("creator_presence as cp", "cp.profile_id", "p.id")
      .select("p.id")
      .where("cp.last_seen_at", "<", cutoff)
      .forUpdate("p")
      .skipLocked()
      .execute();
    const ids = await deleteStalePresence(
      trx,
      cutoff,
      stale.map((r) => r.id),
    );
    await setLivePresence(trx, ids, { availableNow: false });
    return ids;
  });
}
