import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS } from "../../../contracts/constants.ts";
import {
  NOTIFICATION_NOT_FOUND,
  type NotificationEvent,
  type NotificationsResponse,
} from "../../../contracts/notifications.ts";
import { EVENTS_PATH, REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { jsonRequest, userSession } from "../../test/sessions.ts";
import { openSseStream, type SseMessage } from "../../test/sse-client.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { notify } from "./notify.ts";

// The notification centre over HTTP: only the caller's own rows, newest first, paged by id;
// marking read answers the new count and tells the caller's other tabs, nobody else's.

let clock = new Date("2031-01-01T10:00:00Z");
const tick = () => {
  clock = new Date(clock.getTime() + 1000);
};
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());

type Session = Awaited<ReturnType<typeof userSession>>;

async function add(user: Session, title: string, groupKey?: string) {
  tick();
  await notify(app.deps, {
    userId: user.user.id,
    kind: groupKey ? "message" : "booking_accepted",
    title,
    body: `${title} body`,
    link: "/bookings",
    groupKey,
  });
}

async function list(user: Session, query = "") {
  const response = await app.fetch(`/api/notifications${query}`, {
    headers: { cookie: user.cookie },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as NotificationsResponse;
}

const post = (path: string, cookie?: string) =>
  app.fetch(path, jsonRequest("POST", undefined, cookie, { origin: app.url }));

describe("notification routes", () => {
  it("refuse anonymous callers", async () => {
    const id = crypto.randomUUID();
    expect((await app.fetch("/api/notifications")).status).toBe(401);
    expect((await post(`/api/notifications/${id}/read`)).status).toBe(401);
    expect((await post("/api/notifications/read-all")).status).toBe(401);
  });

  it("show each person only their own, and 404 on someone else's", async () => {
    const [alice, bob] = [await userSession(app), await userSession(app)];
    await add(alice, "For Alice");
    const mine = await list(alice);
    expect(mine.notifications.map((n) => n.title)).toEqual(["For Alice"]);
    expect((await list(bob)).notifications).toEqual([]);
    const id = mine.notifications[0]!.id;
    const refused = await post(`/api/notifications/${id}/read`, bob.cookie);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toBe(NOTIFICATION_NOT_FOUND);
    // Bob's paging cursor cannot be Alice's row either.
    const cursor = await app.fetch(`/api/notifications?before=${id}`, {
      headers: { cookie: bob.cookie },
    });
    expect(cursor.status).toBe(404);
    expect((await list(alice)).unreadCount).toBe(1);
    expect(
      (await post(`/api/notifications/${crypto.randomUUID()}/read`, alice.cookie)).status,
    ).toBe(404);
    expect((await post("/api/notifications/not-an-id/read", alice.cookie)).status).toBe(404);
  });

  it("page newest first by `before`, with hasMore", async () => {
    const user = await userSession(app);
    const total = NOTIFICATIONS.pageSize + 3;
    for (let i = 0; i < total; i++) await add(user, `N${i}`);
    const first = await list(user);
    expect(first.notifications).toHaveLength(NOTIFICATIONS.pageSize);
    expect(first.notifications[0]!.title).toBe(`N${total - 1}`);
    expect(first.hasMore).toBe(true);
    expect(first.unreadCount).toBe(total);
    const second = await list(user, `?before=${first.notifications.at(-1)!.id}`);
    expect(second.notifications.map((n) => n.title)).toEqual(["N2", "N1", "N0"]);
    expect(second.hasMore).toBe(false);
    const small = await list(user, "?limit=2");
    expect(small.notifications.map((n) => n.title)).toEqual([`N${total - 1}`, `N${total - 2}`]);
    expect(small.hasMore).toBe(true);
    const bad = await app.fetch("/api/notifications?limit=0", { headers: { cookie: user.cookie } });
    expect(bad.status).toBe(400);
  });

  it("mark one and all read, answering the unread count", async () => {
    const user = await userSession(app);
    for (const title of ["A", "B", "C"]) await add(user, title);
    const { notifications } = await list(user);
    const one = await post(`/api/notifications/${notifications[0]!.id}/read`, user.cookie);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ unreadCount: 2 });
    // Again: still read, same count.
    const again = await post(`/api/notifications/${notifications[0]!.id}/read`, user.cookie);
    expect(await again.json()).toEqual({ unreadCount: 2 });
    const after = await list(user);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false, false]);
    const all = await post("/api/notifications/read-all", user.cookie);
    expect(all.status).toBe(200);
    expect(await all.json()).toEqual({ unreadCount: 0 });
    expect((await list(user)).notifications.every((n) => n.read)).toBe(true);
  });

  it("publish the change to the user's own streams only", async () => {
    const [user, other] = [await userSession(app), await userSession(app)];
    const isReady = (m: SseMessage) => m.event === "ready";
    const mine = await openSseStream(`${app.url}${EVENTS_PATH}`, { cookie: user.cookie });
    const theirs = await openSseStream(`${app.url}${EVENTS_PATH}`, { cookie: other.cookie });
    await mine.readUntil(isReady);
    await theirs.readUntil(isReady);
    const TOPIC = REALTIME_TOPICS.notifications;
    const next = async (stream: typeof mine) => {
      const [m] = (await stream.readUntil((x) => x.event === TOPIC)).filter(
        (x) => x.event === TOPIC,
      );
      return JSON.parse(m!.data) as NotificationEvent;
    };

    await add(user, "Live one");
    const added = await next(mine);
    expect(added.notification?.title).toBe("Live one");
    expect(added.unreadCount).toBe(1);

    const read = await post(`/api/notifications/${added.notification!.id}/read`, user.cookie);
    expect(read.status).toBe(200);
    const readEvent = await next(mine);
    expect(readEvent).toMatchObject({ notification: { id: added.notification!.id, read: true } });
    expect(readEvent.unreadCount).toBe(0);

    await add(user, "Second");
    await next(mine);
    expect((await post("/api/notifications/read-all", user.cookie)).status).toBe(200);
    expect(await next(mine)).toEqual({ notification: null, unreadCount: 0 });

    // The other user's stream saw none of it: its next event is its own.
    await add(other, "Theirs");
    const own = await next(theirs);
    expect(own.notification?.title).toBe("Theirs");
    mine.close();
    theirs.close();
  });
});

describe("notify() with a groupKey", () => {
  it("folds into one unread row, counting up; after reading, a new one starts", async () => {
    const user = await userSession(app);
    await add(user, "Message 1", "conversation:x");
    await add(user, "Message 2", "conversation:x");
    await add(user, "Other", "conversation:y");
    await add(user, "Message 3", "conversation:x");
    let page = await list(user);
    expect(page.notifications.map((n) => [n.title, n.count])).toEqual([
      ["Message 3", 3],
      ["Other", 1],
    ]);
    expect(page.unreadCount).toBe(2);
    const grouped = page.notifications[0]!;
    expect(grouped.updatedAt > grouped.createdAt).toBe(true);

    await post(`/api/notifications/${grouped.id}/read`, user.cookie);
    await add(user, "Message 4", "conversation:x");
    page = await list(user);
    expect(page.notifications.map((n) => [n.title, n.count, n.read])).toEqual([
      ["Message 4", 1, false],
      ["Message 3", 3, true],
      ["Other", 1, false],
    ]);
    expect(page.unreadCount).toBe(2);
  });
});
