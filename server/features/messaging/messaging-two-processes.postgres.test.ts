import { expect, it } from "vitest";
import type { Conversation, Message } from "../../../contracts/messages.ts";
import { REALTIME_SIGNALS, REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { createCreator, createUser, uniqueEmail } from "../../db/factories.ts";
import { cookieFrom } from "../../test/accounts.ts";
import { SERVER_STARTUP_MS, serverFleet } from "../../test/server-fleet.ts";
import { openSseStream, type SseMessage } from "../../test/sse-client.ts";
import { createTestDatabase } from "../../test/test-database.ts";

// PostgreSQL only: two real server processes on one database. Messages sent through process A
// reach the creator's stream on process B (and the client's own other tab) exactly once and in
// order; a stream cut mid-conversation catches up from Last-Event-ID; typing signals cross too.

const fleet = serverFleet();
let address = 0;

function post(url: string, path: string, cookie: string | undefined, body: unknown) {
  address += 1;
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: url,
      "x-forwarded-for": `10.2.${Math.floor(address / 250)}.${address % 250}`,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function signIn(url: string, email: string, password: string) {
  const response = await post(url, "/api/auth/sign-in/email", undefined, { email, password });
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

const isMessage = (m: SseMessage) => m.event === REALTIME_TOPICS.messages;
const bodies = (messages: SseMessage[]) =>
  messages.filter(isMessage).map((m) => (JSON.parse(m.data) as Message).body);

it(
  "delivers messages across processes exactly once, in order, and catches up a cut stream",
  async () => {
    const database = await createTestDatabase();
    fleet.also(() => database.close());
    const [a, b] = await Promise.all([fleet.start(database), fleet.start(database)]);
    const password = "messaging fleet password 1";
    const clientUser = await createUser(database.db, {
      email: uniqueEmail("chat-client"),
      password,
      name: "Fleet Client",
    });
    const creatorUser = await createUser(database.db, {
      email: uniqueEmail("chat-creator"),
      password,
    });
    const { profile } = await createCreator(database.db, { userId: creatorUser.id });
    const clientCookie = await signIn(a!, clientUser.email, password);
    const creatorCookie = await signIn(b!, creatorUser.email, password);
    // Each test process has its own secret: the client's tab on B signs in there.
    const clientCookieOnB = await signIn(b!, clientUser.email, password);

    const creatorStream = await openSseStream(`${b}/api/events`, { cookie: creatorCookie });
    const clientOtherTab = await openSseStream(`${b}/api/events`, { cookie: clientCookieOnB });
    await creatorStream.readUntil((m) => m.event === "ready");
    await clientOtherTab.readUntil((m) => m.event === "ready");

    const opened = await post(a!, "/api/conversations", clientCookie, { creatorId: profile.id });
    expect(opened.status).toBe(201);
    const { conversation } = (await opened.json()) as { conversation: Conversation };
    const sendThroughA = async (body: string) => {
      const response = await post(
        a!,
        `/api/conversations/${conversation.id}/messages`,
        clientCookie,
        {
          id: crypto.randomUUID(),
          body,
        },
      );
      expect(response.status).toBe(201);
    };

    const first = Array.from({ length: 10 }, (_, i) => `first ${i}`);
    for (const body of first) await sendThroughA(body);
    let count = 0;
    const received = await creatorStream.readUntil((m) => isMessage(m) && ++count === first.length);
    expect(bodies(received)).toEqual(first);
    const ids = received.filter(isMessage).map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    count = 0;
    const ownTab = await clientOtherTab.readUntil((m) => isMessage(m) && ++count === first.length);
    expect(bodies(ownTab)).toEqual(first);
    clientOtherTab.close();

    // The creator's connection drops; the conversation goes on without them.
    creatorStream.close();
    const lastSeen = received.filter(isMessage).at(-1)!.id!;
    const missed = Array.from({ length: 8 }, (_, i) => `while away ${i}`);
    for (const body of missed) await sendThroughA(body);

    const resumed = await openSseStream(`${b}/api/events`, {
      cookie: creatorCookie,
      lastEventId: lastSeen,
    });
    const caughtUp = await resumed.readUntil((m) => m.event === "ready");
    expect(caughtUp.some((m) => m.event === "reset")).toBe(false);
    expect(bodies(caughtUp)).toEqual(missed);
    // Live again: one more, once.
    await sendThroughA("back live");
    const live = await resumed.readUntil(isMessage);
    expect(bodies(live)).toEqual(["back live"]);
    // The typing signal crosses processes too, live only (no id).
    const typing = await post(a!, `/api/conversations/${conversation.id}/typing`, clientCookie, {});
    expect(typing.status).toBe(204);
    const signalled = await resumed.readUntil((m) => m.event === REALTIME_SIGNALS.typing);
    expect(signalled.at(-1)!.id).toBeUndefined();
    resumed.close();
  },
  SERVER_STARTUP_MS * 2,
);
