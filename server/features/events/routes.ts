import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { getSession } from "../../platform/access.ts";
import { connectionCap, STREAMS_PER_ADDRESS } from "../../platform/connection-cap.ts";
import { defineRoute } from "../../platform/define-route.ts";
import type { AppEnv } from "../../platform/http.ts";
import { createRouter } from "../../platform/http.ts";
import { ANONYMOUS, type Viewer } from "../../platform/realtime.ts";
import { parseLastEventId, streamEvents } from "../../platform/sse.ts";
import { getAdminAccess } from "../staff/service.ts";
import { ACTIVITY_TOUCH_MS, touchActivity } from "./activity.ts";

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
async function currentViewer(c: Context<AppEnv>, mayBeStaff = true): Promise<Viewer> {
  const session = await getSession(c);
  if (!session) return ANONYMOUS;
  const admin = mayBeStaff ? await getAdminAccess(c.var.deps, session.user.id) : null;
  return { userId: session.user.id, staff: !!admin };
}

export function eventRoutes() {
  return createRouter().openapi(eventsRoute, async (c) => {
    const { deps } = c.var;
    let viewer = await currentViewer(c);
    const staffAtOpen = viewer.staff;
    let touchedAt = Number.NEGATIVE_INFINITY;
    const touch = (userId: string | null) => {
      const now = deps.now().getTime();
      if (!userId || now - touchedAt < ACTIVITY_TOUCH_MS) return;
      touchedAt = now;
      touchActivity(deps, userId).catch((err) =>
        deps.log.warn({ err }, "recording activity failed"),
      );
    };
    touch(viewer.userId);
    // Who is reading is looked up again on an open stream, so a signed-out user or a
    // deactivated admin stops receiving what they may no longer see within seconds. Only
    // staff streams ask for staff access again, and a check still running when the next is
    // due is not doubled: one process holds thousands of streams (docs/performance.md).
    let checking = false;
    const recheck = setInterval(() => {
      if (checking) return;
      checking = true;
      currentViewer(c, staffAtOpen)
        .then(
          (next) => {
            viewer = next;
            touch(next.userId);
          },
          () => {
            viewer = ANONYMOUS;
          },
        )
        .finally(() => {
          checking = false;
        });
    }, deps.config.streamAccessCheckMs);
    c.req.raw.signal.addEventListener("abort", () => clearInterval(recheck));
    // EventSource's own reconnection sends the header, which is newer than the parameter.
    const lastEventId = c.req.header("last-event-id") ?? c.req.valid("query").lastEventId;
    return streamEvents(c, () => viewer, parseLastEventId(lastEventId)) as never;
  });
}
