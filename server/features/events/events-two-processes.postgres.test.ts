import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { IDEMPOTENCY_HEADER } from "../../../contracts/applications.ts";
import { EVENTS_PATH, REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { createAdmin, uniqueEmail } from "../../db/factories.ts";
import { cookieFrom } from "../../test/accounts.ts";
import { SERVER_STARTUP_MS, serverFleet } from "../../test/server-fleet.ts";
import { openSseStream, type SseMessage } from "../../test/sse-client.ts";
import { createTestDatabase } from "../../test/test-database.ts";

// PostgreSQL only: two real server processes on one database. A browser's stream to the first
// is cut, 20 applications are submitted through the second, and the browser's reconnection with
// Last-Event-ID receives exactly those events, in order, nothing twice.

const fleet = serverFleet();

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

it(
  "replays exactly the 20 events a cut stream missed, published by another server process",
  async () => {
    const database = await createTestDatabase();
    fleet.also(() => database.close());
    const [first, second] = await Promise.all([fleet.start(database), fleet.start(database)]);
    const password = "events password 1";
    const admin = await createAdmin(database.db, { email: uniqueEmail("staff"), password });
    const cookie = await signIn(first, admin.email, password);

    const stream = await openSseStream(`${first}${EVENTS_PATH}`, { cookie });
    const [ready] = await stream.readUntil((m) => m.event === "ready");
    stream.close();

    const submitted: string[] = [];
    const submit = async (i: number) => {
      const response = await fetch(`${second}/api/applications`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: second,
          [IDEMPOTENCY_HEADER]: randomUUID(),
          "x-forwarded-for": `10.0.0.${i + 1}`,
        },
        body: JSON.stringify({ fullName: `Applicant ${i}`, email: uniqueEmail(`a${i}`) }),
      });
      expect(response.status).toBe(201);
      submitted.push(((await response.json()) as { application: { id: string } }).application.id);
    };
    for (let i = 0; i < 20; i++) await submit(i);

    const again = await openSseStream(`${first}${EVENTS_PATH}`, {
      cookie,
      lastEventId: ready!.id,
    });
    const received = await again.readUntil((m) => m.event === "ready");
    const changes = (messages: SseMessage[]) =>
      messages.filter((m) => m.event === REALTIME_TOPICS.applications);
    const applicationIds = (messages: SseMessage[]) =>
      changes(messages).map((m) => (JSON.parse(m.data) as { id: string }).id);
    expect(applicationIds(received)).toEqual(submitted);
    expect(received.filter((m) => m.event === REALTIME_TOPICS.adminNotifications)).toHaveLength(20);

    // Then live: the next change made through the second process arrives once, after them.
    await submit(20);
    received.push(
      ...(await again.readUntil(
        (m) => m.event === REALTIME_TOPICS.applications && m.data.includes(submitted[20]!),
      )),
    );
    again.close();
    expect(applicationIds(received)).toEqual(submitted);
    const ids = received.filter((m) => m.event !== "ready").map((m) => Number(m.id));
    expect(ids[0]).toBeGreaterThan(Number(ready!.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  },
  SERVER_STARTUP_MS * 2,
);
