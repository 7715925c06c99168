import { createHash, createHmac, randomBytes } from "node:crypto";
import type { CalendarFeed } from "../../../contracts/calendars.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { feedCalendar } from "./ics.ts";
import * as q from "./queries.ts";

// A person's private calendar feed (issue 25). The URL's token is an HMAC of the server's
// secret over the user and a random nonce; the database keeps the nonce and the token's
// SHA-256 only (the lookup key), so a copy of the database opens no feed, yet the owner can
// copy their URL again at any time. Replacing draws a new nonce (the old URL stops working);
// revoking deletes the row.

type Deps = Pick<AppDeps, "database" | "config" | "now">;

/** Bookings that ended more than this long ago drop out of the feed. */
const PAST_DAYS = 180;
const MAX_EVENTS = 1_000;

export const FEED_PATH_PREFIX = "/calendar/";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function tokenOf(deps: Deps, userId: string, nonce: string) {
  return createHmac("sha256", deps.config.authSecret)
    .update(`calendar-feed:${userId}:${nonce}`)
    .digest("base64url");
}

const feedUrl = (deps: Deps, token: string) =>
  `${siteOrigin(deps.config)}${FEED_PATH_PREFIX}${token}.ics`;

function view(
  deps: Deps,
  row: { user_id: string; nonce: string; created_at: Date } | undefined,
): CalendarFeed {
  if (!row) return { url: null, createdAt: null };
  return {
    url: feedUrl(deps, tokenOf(deps, row.user_id, row.nonce)),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function getFeed(deps: Deps, userId: string): Promise<CalendarFeed> {
  return view(deps, await q.feedOf(deps.database.db, userId));
}

/** Turns the feed on (`replace` false: keeps an existing URL) or gives it a new URL. */
export async function openFeed(
  deps: Deps,
  userId: string,
  replace: boolean,
): Promise<CalendarFeed> {
  const nonce = randomBytes(16).toString("base64url");
  const row = await q.upsertFeed(
    deps.database.db,
    {
      user_id: userId,
      nonce,
      token_hash: hashToken(tokenOf(deps, userId, nonce)),
      created_at: deps.now(),
    },
    replace,
  );
  return view(deps, row);
}

export async function revokeFeed(deps: Deps, userId: string): Promise<CalendarFeed> {
  await q.deleteFeed(deps.database.db, userId);
  return { url: null, createdAt: null };
}

/** The ICS text of the feed whose token this is, or null (unknown or revoked). */
export async function renderFeed(deps: Deps, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const feed = await q.feedByTokenHash(deps.database.db, hashToken(token));
  if (!feed) return null;
  const now = deps.now();
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const bookings = await q.bookingsOfPerson(deps.database.db, feed.user_id, since, MAX_EVENTS);
  return feedCalendar(bookings, siteOrigin(deps.config), now);
}
