import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_TOPICS } from "../contracts/realtime.ts";
import { uniqueEmail } from "./db/factories.ts";
import { SAMPLE_CLEANUP_JOB } from "./features/applications/sample-cleanup.ts";
import {
  EVENT_RETENTION_DAYS,
  PRUNE_EVENTS_JOB,
  PRUNE_IDEMPOTENCY_KEYS_JOB,
} from "./job-handlers.ts";
import { jsonRequest } from "./test/sessions.ts";
import { startTestApp, type TestApp } from "./test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe("idempotency key sweep", () => {
  it("runs daily and deletes keys older than seven days at the time it runs", async () => {
    const { rows } = await app.database.pool.query(
      "select cron from pgboss.schedule where name = $1",
      [PRUNE_IDEMPOTENCY_KEYS_JOB],
    );
    expect(rows).toEqual([{ cron: "17 3 * * *" }]);

    const now = new Date("2026-06-10T12:00:00Z");
    const stored = (key: string, age: number) => ({
      scope: "test.sweep",
      key,
      request_hash: "h",
      response_status: 201,
      response_body: "{}",
      created_at: new Date(now.getTime() - age),
    });
    await app.database.db
      .insertInto("idempotency_keys")
      .values([stored("old", 7 * DAY_MS + 60_000), stored("recent", 7 * DAY_MS - 60_000)])
      .execute();
    await app.deps.jobs.run(PRUNE_IDEMPOTENCY_KEYS_JOB, {}, now);
    const left = await app.database.db
      .selectFrom("idempotency_keys")
      .select("key")
      .where("scope", "=", "test.sweep")
      .execute();
    expect(left.map((r) => r.key)).toEqual(["recent"]);
  });
});

describe("realtime event sweep", () => {
  it("runs hourly and deletes events older than the retention at the time it runs", async () => {
    const { rows } = await app.database.pool.query(
      "select cron from pgboss.schedule where name = $1",
      [PRUNE_EVENTS_JOB],
    );
    expect(rows).toEqual([{ cron: "41 * * * *" }]);

    const topic = REALTIME_TOPICS.creatorPresence;
    const old = await app.deps.realtime.publish(topic, { sweep: 1 }, "public");
    const kept = await app.deps.realtime.publish(topic, { sweep: 2 }, "public");
    const retention = EVENT_RETENTION_DAYS * DAY_MS;
    const now = new Date(Date.now() + retention);
    await app.database.db
      .updateTable("realtime_events")
      .set({ created_at: new Date(now.getTime() - retention - 60_000) })
      .where("id", "=", old)
      .execute();
    await app.database.db
      .updateTable("realtime_events")
      .set({ created_at: new Date(now.getTime() - retention + 60_000) })
      .where("id", "=", kept)
      .execute();
    await app.deps.jobs.run(PRUNE_EVENTS_JOB, {}, now);
    const left = await app.database.db
      .selectFrom("realtime_events")
      .select("id")
      .where("id", "in", [old, kept])
      .execute();
    expect(left.map((r) => Number(r.id))).toEqual([Number(kept)]);
  });
});

describe("unattached sample sweep", () => {
  const upload = async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#0af" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "s.png");
    const response = await app.fetch("/api/applications/sample-images", {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { key: string }).key;
  };
  const exists = async (key: string) => (await app.deps.storage.get(`${key}/thumb.webp`)) !== null;

  it("checks each upload a day later and deletes it unless an application names it", async () => {
    const before = Date.now();
    const attached = await upload();
    const abandoned = await upload();
    const submitted = await app.fetch(
      "/api/applications",
      jsonRequest("POST", {
        fullName: "Sam Ple",
        email: uniqueEmail("sweep"),
        sampleImages: [attached],
      }),
    );
    expect(submitted.status).toBe(201);

    const { rows } = await app.database.pool.query<{
      key: string;
      uploadedAt: string;
      start_after: Date;
    }>(
      `select data->>'key' as key, data->>'uploadedAt' as "uploadedAt", start_after
         from pgboss.job where name = $1`,
      [SAMPLE_CLEANUP_JOB],
    );
    expect(rows.map((r) => r.key).sort()).toEqual([attached, abandoned].sort());
    for (const row of rows) {
      expect(new Date(row.start_after).getTime()).toBeGreaterThanOrEqual(before + DAY_MS - 1000);
    }
    // Not due yet: draining the queue leaves both alone.
    await app.deps.jobs.drain();
    expect(await exists(abandoned)).toBe(true);

    const uploaded = new Date(rows.find((r) => r.key === abandoned)!.uploadedAt).getTime();
    const at = (ms: number) => new Date(uploaded + ms);
    const sweep = async (when: Date) => {
      for (const row of rows) {
        await app.deps.jobs.run(
          SAMPLE_CLEANUP_JOB,
          { key: row.key, uploadedAt: row.uploadedAt },
          when,
        );
      }
    };
    // An hour early (a clock running ahead): nothing is deleted.
    await sweep(at(DAY_MS - 60 * 60 * 1000));
    expect(await exists(abandoned)).toBe(true);
    await sweep(at(DAY_MS + 60 * 1000));
    expect(await exists(attached)).toBe(true);
    expect(await exists(abandoned)).toBe(false);
  });
});
