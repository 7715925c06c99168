// The cost of being signed in, on PostgreSQL (TEST_DATABASE_URL, default the local server): three
// built servers on one scratch database, two remembering sessions (the default) and one with
// SESSION_CACHE_SECONDS=0 (every request looks its session up, as before decision 022).
// 1. A signed-in GET doing one small query (/api/hails/current, 200 people taking turns) against
//    the same-sized query anonymous (/api/health, `select 1`), in the same run: requests/s at
//    10 connections (four alternating pairs of runs) and p95 one at a time. Target: signed-in
//    costs ≤ 1.5× anonymous.
// 2. Revocation across processes: signed out through one server, refused by the other; an
//    account deactivated in the database, refused by both. Target: within 5 s.
// Usage: npm run build && npx tsx scripts/bench/signed-in.ts   (or npm run bench -- signed-in)
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../../server/db/database.ts";
import { freePort } from "../../server/test/free-port.ts";
import { createPostgresTestDatabase } from "../../server/test/test-database.ts";
import { type BenchServer, startBenchServer } from "./bench-server.ts";
import { type BenchRow, loadAverage, mintSessions, percentile, printTable } from "./lib.ts";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const AUTH_SECRET = "signed-in-bench-secret-signed-in-bench-0123";
const PUBLIC_ORIGIN = "https://bench.shutterhail.invalid";
const PEOPLE = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 16);
/** Alternating runs of the anonymous and the signed-in load (SECONDS each in all). */
const PAIRS = 4;
const SEQUENTIAL = 1000;
const RATIO_TARGET = 1.5;
const REVOCATION_TARGET_MS = 5000;

const rows: (BenchRow & { bench: string })[] = [];
const row = (r: BenchRow) => rows.push({ ...r, bench: "signed-in" });
const log = (message: string) => console.error(`bench signed-in: ${message}`);
const round = (v: number) => Math.round(v * 100) / 100;

type Load = { path: string; cookies: string[] };

/** Requests/s of `load` at 10 connections for `seconds`, each request the next path and cookie. */
async function throughput(url: string, load: Load, seconds: number) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          const cookie = load.cookies[next % Math.max(1, load.cookies.length)];
          return {
            ...request,
            path: load.path,
            headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
          };
        },
      },
    ],
  });
  if (result.non2xx || result.errors) {
    throw new Error(`${load.path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.requests.average;
}

/**
 * Requests/s of two loads on one server, after a warm-up of each: measured in PAIRS alternating
 * runs (SECONDS in all per load) so that a drift in the machine's speed falls on both alike.
 * `ratios`: each pair's first req/s over its second's (the second's cost in units of the first's).
 */
async function alternating(url: string, first: Load, second: Load) {
  await throughput(url, first, 2);
  await throughput(url, second, 2);
  const firsts: number[] = [];
  const seconds: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    firsts.push(await throughput(url, first, SECONDS / PAIRS));
    seconds.push(await throughput(url, second, SECONDS / PAIRS));
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    first: mean(firsts),
    second: mean(seconds),
    ratios: firsts.map((f, i) => f / seconds[i]!),
  };
}

/** One request at a time: p50 and p95 of the whole exchange. */
async function sequential(url: string, load: Load) {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL + 100; i++) {
    const cookie = load.cookies[i % Math.max(1, load.cookies.length)];
    const started = performance.now();
    const response = await fetch(`${url}${load.path}`, { headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${load.path} answered ${response.status}`);
    if (i >= 100) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Milliseconds until every server answers the cookie with 401 (Infinity past 10 s). */
async function untilRefused(servers: BenchServer[], cookie: string, from: number) {
  const deadline = from + 10_000;
  for (const server of servers) {
    for (;;) {
      const response = await fetch(`${server.url}/api/hails/current`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status === 401) break;
      if (Date.now() > deadline) return Number.POSITIVE_INFINITY;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return Date.now() - from;
}

async function main() {
  const loadAtStart = loadAverage();
  const created = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: "postgres", url: created.url });
  const servers: BenchServer[] = [];
  try {
    log(`seeding ${PEOPLE} signed-in people…`);
    const users = Array.from({ length: PEOPLE + 2 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Person ${i}`,
      email: `person-${i}-${crypto.randomUUID()}@example.test`,
      emailVerified: true,
    }));
    await database.db.insertInto("user").values(users).execute();
    const cookies = await mintSessions(
      database.db,
      users.map((u) => u.id),
      AUTH_SECRET,
    );
    for (const cacheSeconds of ["60", "60", "0"]) {
      const port = await freePort();
      servers.push(
        await startBenchServer(
          {
            DATABASE_URL: created.url,
            DATA_DIR: path.join(os.tmpdir(), `shutterhail-bench-signed-in-${port}`),
            AUTH_SECRET,
            PUBLIC_ORIGIN,
            SESSION_CACHE_SECONDS: cacheSeconds,
            // Production refuses to start without PayPal; nothing here pays.
            NODE_ENV: "test",
          },
          port,
        ),
      );
    }
    const [a, b, uncached] = servers as [BenchServer, BenchServer, BenchServer];
    const anonymous: Load = { path: "/api/health", cookies: [] };
    const signedIn: Load = { path: "/api/hails/current", cookies: cookies.slice(0, PEOPLE) };

    log("requests/s at 10 connections…");
    const paired = await alternating(a.url, anonymous, signedIn);
    const anonRps = paired.first;
    const signedRps = paired.second;
    await throughput(uncached.url, signedIn, 2);
    const uncachedRps = await throughput(uncached.url, signedIn, SECONDS);
    log("one request at a time…");
    const anonSeq = await sequential(a.url, anonymous);
    const signedSeq = await sequential(a.url, signedIn);
    const uncachedSeq = await sequential(uncached.url, signedIn);
    const costRatio = anonRps / signedRps;
    const p95Ratio = signedSeq.p95 / anonSeq.p95;
    row({ name: "anonymous GET, one query (/api/health): req/s @10", value: anonRps, unit: "/s" });
    row({
      name: "signed-in GET, one query (/api/hails/current): req/s @10",
      value: signedRps,
      unit: "/s",
    });
    row({ name: "the same, session cache off: req/s @10", value: uncachedRps, unit: "/s" });
    row({
      name: "signed-in cost ÷ anonymous cost (req/s)",
      value: round(costRatio),
      unit: "×",
      target: `≤ ${RATIO_TARGET}`,
      ok: costRatio <= RATIO_TARGET,
    });
    row({
      name: `the same, the highest of ${PAIRS} alternating pairs of runs`,
      value: round(Math.max(...paired.ratios)),
      unit: `× (each: ${paired.ratios.map((r) => round(r)).join(", ")})`,
    });
    row({ name: "the same, session cache off", value: round(anonRps / uncachedRps), unit: "×" });
    row({
      name: "anonymous GET one at a time: p50 / p95",
      value: round(anonSeq.p95),
      unit: `ms (p50 ${round(anonSeq.p50)})`,
    });
    row({
      name: "signed-in GET one at a time: p95",
      value: round(signedSeq.p95),
      unit: `ms (p50 ${round(signedSeq.p50)})`,
    });
    row({
      name: "the same, session cache off: p95",
      value: round(uncachedSeq.p95),
      unit: `ms (p50 ${round(uncachedSeq.p50)})`,
    });
    row({
      name: "signed-in p50 ÷ anonymous p50",
      value: round(signedSeq.p50 / anonSeq.p50),
      unit: "×",
      target: `≤ ${RATIO_TARGET}`,
      ok: signedSeq.p50 / anonSeq.p50 <= RATIO_TARGET,
    });
    row({
      name: "signed-in p95 ÷ anonymous p95",
      value: round(p95Ratio),
      unit: "×",
      target: `≤ ${RATIO_TARGET}`,
      ok: p95Ratio <= RATIO_TARGET,
    });

    log("revocation across processes…");
    const leaver = cookies[PEOPLE]!;
    for (const server of [a, b, a, b])
      await fetch(`${server.url}/api/hails/current`, { headers: { cookie: leaver } });
    const signOutAt = Date.now();
    const out = await fetch(`${a.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie: leaver, origin: PUBLIC_ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    if (out.status !== 200) throw new Error(`sign-out answered ${out.status}`);
    const signOutMs = await untilRefused([b, a], leaver, signOutAt);
    row({
      name: "signed out on one server → refused by the other",
      value: signOutMs,
      unit: "ms",
      target: `≤ ${REVOCATION_TARGET_MS}`,
      ok: signOutMs <= REVOCATION_TARGET_MS,
    });
    const banned = cookies[PEOPLE + 1]!;
    const bannedId = users[PEOPLE + 1]!.id;
    for (const server of [a, b, a, b])
      await fetch(`${server.url}/api/hails/current`, { headers: { cookie: banned } });
    const deactivatedAt = Date.now();
    // What the back office does (admin/users.ts), straight in the database.
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("user_deactivations")
        .values({
          user_id: bannedId,
          reason: "bench",
          deactivated_by: bannedId,
          deactivated_at: new Date(),
        })
        .execute();
      await trx.deleteFrom("session").where("userId", "=", bannedId).execute();
    });
    const deactivationMs = await untilRefused([a, b], banned, deactivatedAt);
    row({
      name: "account deactivated in the database → refused by both",
      value: deactivationMs,
      unit: "ms",
      target: `≤ ${REVOCATION_TARGET_MS}`,
      ok: deactivationMs <= REVOCATION_TARGET_MS,
    });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    await created.drop();
  }
  printTable(rows);
  console.log(`\n${loadAtStart} at start; ${loadAverage()} at end`);
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

await main();
