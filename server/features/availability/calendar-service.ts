import pLimit from "p-limit";
import {
  CALENDAR_MESSAGES,
  CALENDARS,
  type ExternalCalendarList,
} from "../../../contracts/calendars.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import {
  httpsUrl,
  SafeFetchError,
  type SafeFetchOptions,
  safeFetchText,
} from "../../platform/safe-fetch.ts";
import { CalendarParseError, readCalendar } from "./calendar-busy.ts";
import * as q from "./calendar-queries.ts";
import { AVAILABILITY_JOBS } from "./job-names.ts";

// A creator's external calendars (issue 25): added by their secret ICS address, fetched by a
// job on add and every CALENDARS.syncEveryMinutes, their busy times stored for the next
// CALENDARS.windowDays days. A failed fetch keeps the last good busy times and shows why.

type Deps = Pick<AppDeps, "database" | "jobs" | "config" | "log">;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listCalendars(
  deps: Pick<AppDeps, "database">,
  profileId: string,
): Promise<ExternalCalendarList> {
  const rows = await q.calendarsOf(deps.database.db, profileId);
  return {
    calendars: rows.map((r) => ({
      id: r.id,
      label: r.label,
      addedAt: new Date(r.created_at).toISOString(),
      lastAttemptAt: iso(r.last_attempt_at),
      lastSyncedAt: iso(r.last_synced_at),
      lastError: r.last_error,
      busyCount: r.busy_count,
    })),
  };
}

/** What a creator sees of a secret address: its server and the path's last few characters. */
function labelOf(url: URL): string {
  const tail = url.pathname.length > 1 ? `/…${url.pathname.slice(-6)}` : "";
  return `${url.hostname}${tail}`;
}

export async function addCalendar(
  deps: Deps,
  profileId: string,
  raw: string,
): Promise<ExternalCalendarList> {
  let url: URL;
  try {
    url = httpsUrl(raw);
  } catch (error) {
    throw new AppError("validation_failed", (error as Error).message);
  }
  await deps.database.db.transaction().execute(async (trx) => {
    if ((await q.countCalendars(trx, profileId)) >= CALENDARS.maxExternal) {
      throw new AppError("validation_failed", CALENDAR_MESSAGES.tooMany);
    }
    const added = await q.insertCalendar(trx, {
      profile_id: profileId,
      url: url.toString(),
      label: labelOf(url),
    });
    if (added) {
      await deps.jobs.send(
        AVAILABILITY_JOBS.syncCalendar,
        { calendarId: added.id },
        { executor: trx },
      );
    }
  });
  return listCalendars(deps, profileId);
}

export async function removeCalendar(
  deps: Pick<AppDeps, "database">,
  profileId: string,
  id: string,
): Promise<ExternalCalendarList> {
  if (!(await q.deleteCalendar(deps.database.db, profileId, id))) {
    throw new AppError("not_found", CALENDAR_MESSAGES.notFound);
  }
  return listCalendars(deps, profileId);
}

function fetchOptions(config: AppDeps["config"]): SafeFetchOptions {
  const test = config.calendarFetchTest;
  return {
    maxBytes: test?.maxBytes ?? CALENDARS.maxBytes,
    timeoutMs: test?.timeoutMs ?? CALENDARS.timeoutMs,
    maxRedirects: CALENDARS.maxRedirects,
    userAgent: "ShutterHail-Calendar/1.0",
    allowedAddresses: test?.allowedAddresses,
    trustedRootsPem: test?.trustedRootsPem,
    resolve: test?.resolve,
  };
}

/** Fetches one calendar and replaces its busy times; a failure is recorded on the calendar. */
export async function syncCalendar(deps: Deps, calendarId: string, now: Date): Promise<void> {
  const db = deps.database.db;
  const calendar = await q.calendarToFetch(db, calendarId);
  if (!calendar) return; // removed meanwhile
  let read: ReturnType<typeof readCalendar>;
  try {
    const text = await safeFetchText(calendar.url, fetchOptions(deps.config));
    const window = {
      from: new Date(now.getTime() - 86_400_000),
      to: new Date(now.getTime() + CALENDARS.windowDays * 86_400_000),
    };
    read = readCalendar(text, window, calendar.time_zone);
  } catch (error) {
    const known = error instanceof SafeFetchError || error instanceof CalendarParseError;
    if (!known) deps.log.warn({ err: error, calendarId }, "external calendar sync failed");
    const message = known ? (error as Error).message : "The calendar could not be read";
    await q.recordSyncError(db, calendarId, message, now);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const locked = await q.lockCalendarForSync(trx, calendarId);
    if (!locked) return;
    const label = read.name ? `${read.name} (${new URL(locked.url).hostname})` : undefined;
    await q.replaceBusyTimes(trx, locked, read.busy, now, label);
  });
}

/** Syncs every calendar not fetched in the last interval, a few at a time. */
export async function syncDueCalendars(deps: Deps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - (CALENDARS.syncEveryMinutes - 1) * 60_000);
  // 200 × 10 s over 4 at a time stays inside the job's 10 minutes; the rest wait for the next run.
  const ids = await q.calendarsDue(deps.database.db, before, 200);
  const limit = pLimit(4);
  await Promise.all(ids.map((id) => limit(() => syncCalendar(deps, id, now))));
  return ids.length;
}
