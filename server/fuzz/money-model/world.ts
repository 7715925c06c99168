import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { createCreator } from "../../db/factories.ts";
import { startJobs } from "../../job-handlers.ts";
import { type AppDeps, createDeps } from "../../platform/deps.ts";
import { createLogger } from "../../platform/logger.ts";
import { createAdmin, createVerifiedUser } from "../../test/accounts.ts";
import type { Party } from "../../test/bookings.ts";
import type { Capabilities } from "../../test/fake-paypal/model.ts";
import { type FakePayPal, startFakePayPal } from "../../test/fake-paypal/server.ts";
import type { TestApp } from "../../test/test-app.ts";
import { createTestDatabase } from "../../test/test-database.ts";

// One world per capability corner and database: the strict fake PayPal and the real app on one
// database, both on one clock that moves only when the model says so. The app process can be
// dropped and built again on the same database (a process killed between steps): the HTTP
// listener stays, the deps, job workers and provider adapter are new.

export type World = {
  app: TestApp;
  fake: FakePayPal;
  now(): Date;
  advance(ms: number): void;
  /** Drops the app's process state (jobs, caches, registries) and starts it again. */
  restart(): Promise<void>;
  /** 5xx answers our own routes gave (never allowed, except a webhook PayPal will resend). */
  serverErrors: string[];
  parties: { creatorId: string; creator: Party; client: Party; staff: Party };
  close(): Promise<void>;
};

/** Minutes are enough resolution; the clock starts at real time (the fake's certificates). */
const startOfMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

export async function startWorld(capabilities: Capabilities): Promise<World> {
  let at = startOfMinute();
  const now = () => at;
  const fake = await startFakePayPal({ now, capabilities, onBug: () => {} });
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-money-model-"));
  const serverErrors: string[] = [];
  let deps: AppDeps | undefined;
  let handler: ReturnType<typeof createApp> | undefined;
  const server = serve({
    fetch: async (request, env) => {
      const response = await handler!.fetch(request, env);
      if (response.status >= 500) {
        serverErrors.push(
          `${request.method} ${new URL(request.url).pathname} → ${response.status}`,
        );
      }
      return response;
    },
    port: 0,
    hostname: "127.0.0.1",
  }) as unknown as Server;
  if (!server.listening) await new Promise<void>((r) => server.once("listening", () => r()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const loaded = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_ORIGIN: url,
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PAYPAL_CLIENT_ID: fake.config.clientId,
    PAYPAL_CLIENT_SECRET: fake.config.clientSecret,
    PAYPAL_API_BASE: fake.config.apiBase,
    PAYPAL_WEBHOOK_ID: fake.webhookId,
    PAYPAL_HOLDS: capabilities.authCapture ? "on" : "off",
  });
  const config = {
    ...loaded,
    paypal: loaded.paypal && {
      ...loaded.paypal,
      webhookTrustedRootsPem: [fake.rootCertificatePem],
    },
  };

  async function build() {
    deps = createDeps({ config, database, log: createLogger(config.logLevel), now });
    await startJobs(deps);
    handler = createApp(deps);
  }
  async function drop() {
    await deps?.jobs.stop();
    await deps?.realtime.close();
  }
  await build();

  const app: TestApp = {
    url,
    get deps() {
      return deps!;
    },
    database,
    fetch: (p, init) => fetch(`${url}${p}`, init),
    close: async () => {},
  };

  const creator = await createVerifiedUser(app);
  const profile = await createCreator(database.db, {
    userId: creator.userId,
    hourlyRateCents: 15_000,
    paymentMethod: "paypal",
    payoutEmail: `payee-${creator.userId.slice(0, 8)}@example.com`,
  });
  const client = await createVerifiedUser(app);
  const staff = await createAdmin(app);
  const party = (a: { userId: string; email: string; cookie: string }): Party => ({
    userId: a.userId,
    email: a.email,
    cookie: a.cookie,
  });

  return {
    app,
    fake,
    now,
    advance(ms) {
      at = new Date(at.getTime() + ms);
    },
    async restart() {
      await drop();
      await build();
    },
    serverErrors,
    parties: {
      creatorId: profile.profile.id,
      creator: party(creator),
      client: party(client),
      staff: party(staff),
    },
    async close() {
      try {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await drop();
        await fake.close();
      } finally {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
