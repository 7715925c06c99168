import { z } from "@hono/zod-openapi";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { getSessionByCookie } from "../../platform/access.ts";
import { connectionCap, STREAMS_PER_ADDRESS } from "../../platform/connection-cap.ts";
import { defineRoute } from "../../platform/define-route.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { createRouter, nodeResponse } from "../../platform/http.ts";
import { ANONYMOUS, type Viewer } from "../../platform/realtime.ts";
import { createRoundRobin, type RoundRobin } from "../../platform/round-robin.ts";
import { type OpenedEventStream, openEventStream, parseLastEventId } from "../../platform/sse.ts";
import { getAdminAccess } from "../staff/service.ts";
import {
  ACTIVITY_TOUCH_MS,
  type ActivityBatch,
  createActivityBatch,
  touchActivity,
} from "./activity.ts";

const eventsRoute = defineRoute({
  access: "public",
  middleware: [connectionCap(STREAMS_PER_ADDRESS)],
  method: "get",
  path: "/events",
  summary: "Server-Sent Events: every realtime event the caller may see, on one stream",
  description: [
    "Each event is authorised on its own: everyone gets",
    `'${REALTIME_TOPICS.creatorPresence}', staff also '${REALTIME_TOPICS.adminNotifications}' and`,
    `'${REALTIME_TOPICS.applications}', a signed-in user also their own topics. Each event's`,
    "`id:` is its position; a `Last-Event-ID` header (or, for a new EventSource, the",
    "`lastEventId` parameter) replays what came after it, or sends",
    "'reset' when that is no longer possible. 'ready' (with the current position as its id)",
    "marks the start of the live stream. Signals (e.g.",
    "'typing') come without an `id:` and are never replayed.",
  ].join(" "),
  tags: ["realtime"],
  request: { query: z.object({ lastEventId: z.string().max(20).optional() }) },
  responses: {
    200: { description: "Event stream", content: { "text/event-stream": { schema: z.string() } } },
  },
});

/** Who reads the stream; staff only when `mayBeStaff` (a stream never gains staff rights). */
async function currentViewer(deps: AppDeps, cookie: string, mayBeStaff: boolean): Promise<Viewer> {
  const session = await getSessionByCookie(deps, cookie);
  if (!session) return ANONYMOUS;
  const admin = mayBeStaff ? await getAdminAccess(deps, session.user.id) : null;
  return { userId: session.user.id, staff: !!admin };
}

/** What a stream's reader is looked up again by: its cookie, not its whole request. */
type Reader = {
  stream: OpenedEventStream;
  cookie: string;
  staffAtOpen: boolean;
  touchedAt: number;
  checking: boolean;
};

/** Records the reader's activity at open, and at most every ACTIVITY_TOUCH_MS after. */
function touch(
  deps: AppDeps,
  reader: Pick<Reader, "touchedAt">,
  userId: string | null,
  batch?: ActivityBatch,
) {
  const now = deps.now().getTime();
  if (!userId || now - reader.touchedAt < ACTIVITY_TOUCH_MS) return;
  reader.touchedAt = now;
  if (batch) batch.touch(userId);
  else
    touchActivity(deps, userId).catch((err) => deps.log.warn({ err }, "recording activity failed"));
}

/**
 * Who is reading is looked up again on an open stream, so a signed-out user or a deactivated
 * admin stops receiving what they may no longer see within seconds. Only staff streams ask for
 * staff access again, and a check still running when the next is due is not doubled: one
 * process holds thousands of streams (docs/performance.md).
 */
function recheck(deps: AppDeps, reader: Reader, activity: ActivityBatch) {
  if (reader.checking || reader.stream.closed) return;
  reader.checking = true;
  currentViewer(deps, reader.cookie, reader.staffAtOpen)
    .then(
      (next) => {
        reader.stream.viewer = next;
        touch(deps, reader, next.userId, activity);
      },
      () => {
        reader.stream.viewer = ANONYMOUS;
      },
    )
    .finally(() => {
      reader.checking = false;
    });
}

export function eventRoutes() {
  // One timer re-checks every stream of this app, each once per STREAM_ACCESS_CHECK_MS.
  let readers: RoundRobin<Reader> | undefined;
  return createRouter().openapi(eventsRoute, async (c) => {
    const { deps } = c.var;
    const outgoing = nodeResponse(c);
    if (!outgoing) throw new Error("event streams need the Node HTTP adapter");
    // A request without a cookie reads as nobody, and always will: it is never looked up again.
    const cookie = c.req.header("cookie");
    const viewer = cookie ? await currentViewer(deps, cookie, true) : ANONYMOUS;
    // EventSource's own reconnection sends the header, which is newer than the parameter.
    const lastEventId = c.req.header("last-event-id") ?? c.req.valid("query").lastEventId;
    const { stream, response } = await openEventStream({
      realtime: deps.realtime,
      openStreams: deps.openStreams,
      outgoing,
      viewer,
      lastEventId: parseLastEventId(lastEventId),
    });
    if (cookie && !stream.closed) {
      const reader = {
        stream,
        cookie,
        staffAtOpen: viewer.staff,
        touchedAt: -Infinity,
        checking: false,
      };
      touch(deps, reader, viewer.userId);
      if (!readers) {
        const activity = createActivityBatch(deps);
        const checkMs = deps.config.streamAccessCheckMs;
        readers = createRoundRobin<Reader>(checkMs, (r) => recheck(deps, r, activity));
      }
      outgoing.once("close", readers.add(reader));
    }
    return response as never;
  });
}
