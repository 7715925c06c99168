import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, expect, it } from "vitest";
import { EVENTS_PATH } from "../../../contracts/realtime.ts";
import { createApp } from "../../app.ts";
import { openDatabase } from "../../db/database.ts";
import { createApplication } from "../../db/factories.ts";
import { createDeps } from "../../platform/deps.ts";
import { createLogger } from "../../platform/logger.ts";
import { adminSession, jsonRequest } from "../../test/sessions.ts";
import { startTestApp } from "../../test/test-app.ts";

// PostgreSQL only: a change made through one server process reaches the admins' event
// streams on another process sharing the database.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

it("streams a change made on another server process", async () => {
  const first = await startTestApp();
  cleanups.push(() => first.close());
  const database = await openDatabase({ kind: "postgres", url: first.database.url! });
  const deps = createDeps({ config: first.deps.config, database, log: createLogger("silent") });
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  cleanups.push(async () => {
    (server as import("node:http").Server).closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await deps.realtime.close();
    await database.close();
  });
  const secondUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const admin = await adminSession(first);
  const application = await createApplication(first.database.db);
  const controller = new AbortController();
  const stream = await fetch(`${secondUrl}${EVENTS_PATH}`, {
    headers: { cookie: admin.cookie },
    signal: controller.signal,
  });
  const reader = stream.body!.getReader();
  let text = "";
  const readUntil = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  };
  await readUntil("event: ready");
  const approved = await first.fetch(
    `/api/admin/applications/${application.id}/approve`,
    jsonRequest("POST", undefined, admin.cookie),
  );
  expect(approved.status).toBe(200);
  await readUntil(application.id);
  expect(text).toContain(`"status":"approved"`);
  controller.abort();
});
