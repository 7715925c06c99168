import { afterEach, describe, expect, it } from "vitest";
import { REALTIME_CHANNELS } from "../../contracts/realtime.ts";
import type { Database } from "../db/database.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createLogger } from "./logger.ts";
import { createRealtime, type Realtime } from "./realtime.ts";

const log = createLogger("silent");
const CHANNEL = REALTIME_CHANNELS.applications;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function nextEvent(realtime: Realtime): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no event within 5 s")), 5000);
    void realtime.subscribe(CHANNEL, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function setup(): Promise<{ database: Database; realtime: Realtime }> {
  const database = await createTestDatabase();
  const realtime = createRealtime(database, log);
  cleanups.push(
    () => database.close(),
    () => realtime.close(),
  );
  return { database, realtime };
}

describe("realtime", () => {
  it("delivers a published event to subscribers with its JSON payload", async () => {
    const { realtime } = await setup();
    const received = nextEvent(realtime);
    await new Promise((r) => setTimeout(r, 50));
    await realtime.publish(CHANNEL, { id: "a1", status: "approved" });
    expect(await received).toEqual({ id: "a1", status: "approved" });
  });

  it("delivers an event published in a transaction only after it commits", async () => {
    const { database, realtime } = await setup();
    const seen: unknown[] = [];
    await realtime.subscribe(CHANNEL, (p) => seen.push(p));
    await database.db
      .transaction()
      .execute(async (trx) => {
        await realtime.publish(CHANNEL, { rolledBack: true }, trx);
        throw new Error("abort");
      })
      .catch(() => {});
    await database.db.transaction().execute((trx) => realtime.publish(CHANNEL, { ok: 1 }, trx));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([{ ok: 1 }]);
  });
});
