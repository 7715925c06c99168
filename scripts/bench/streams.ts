export {};

// Open event streams on one process (issue 24), on PostgreSQL (TEST_DATABASE_URL, default the
// local server): ONE built server (dist/server/main.js, test mode: production requires PayPal)
// on a fresh scratch database. People and their sessions are written in bulk SQL (cookies
// signed with the server's AUTH_SECRET, as Better Auth signs them: no password hashing). This
// process holds every stream (node:http, no pooling limit), each from its own address
// (X-Forwarded-For with TRUST_PROXY: the per-address cap of 6 streams is per browser, and
// 10,000 people are not one address). First 100 streams, then 10,000 (the first 100 stay open).
// For each: the server's RSS (VmRSS) and CPU with the streams open and idle, then one event per
// person, published in one statement through realtime's publishMany from a second app (this
// process) on the same database, so it reaches the server through LISTEN/NOTIFY as in
// production: time from publishing to each stream receiving its own event, p50/p95/max, lost.
// Targets at 10,000: RSS ≤ 1 GB, p95 ≤ 1 s.
// Usage: npm run build && npx tsx scripts/bench/streams.ts   (or npm run bench -- streams)
// BENCH_STREAMS (default 10,000) the large count; BENCH_ROUNDS (default 3) events per count.
process.env.TEST_DB_KIND = "postgres";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const { readFileSync, rmSync } = await import("node:fs");
const os = await import("node:os");
const path = await import("node:path");
const { REALTIME_TOPICS } = await import("../../contracts/realtime.ts");
const { openDatabase } = await import("../../server/db/database.ts");
const { createLogger } = await import("../../server/platform/logger.ts");
const { createRealtime } = await import("../../server/platform/realtime.ts");
const { createPostgresTestDatabase } = await import("../../server/test/test-database.ts");
const { freePort } = await import("../../server/test/free-port.ts");
const { startBenchServer } = await import("./bench-server.ts");
const { benchAddress, loadAverage, mintSessions, openEventStream, percentile, printTable } =
  await import("./lib.ts");
type BenchRow = import("./lib.ts").BenchRow;
type EventStream = import("./lib.ts").EventStream;
type Database = import("../../server/db/database.ts").Database;
type Realtime = import("../../server/platform/realtime.ts").Realtime;

const AUTH_SECRET = "streams-bench-secret-streams-bench-secret-01";
const BASELINE = 100;
const LARGE = Number(process.env.BENCH_STREAMS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Streams opening at once while the bench connects them. */
const OPENING = 100;
/** Idle time with the streams open before measuring: every stream's access recheck (5 s) runs. */
const SETTLE_MS = 12_000;
const DELIVERY_TIMEOUT_MS = 30_000;
const RSS_TARGET_MB = 1024;
const P95_TARGET_MS = 1000;

const rows: (BenchRow & { bench: string })[] = [];
const row = (r: BenchRow) => rows.push({ ...r, bench: "streams" });
const log = (message: string) => console.error(`bench streams: ${message}`);
const round = (v: number) => Math.round(v * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Person = { userId: string; cookie: string; ip: string };

/** `count` people with one session each, in a few statements. */
async function seedPeople(database: Database, count: number): Promise<Person[]> {
  const { rows: users } = await database.pool.query<{ id: string }>(
    `insert into "user" (id, name, email, "emailVerified")
     select gen_random_uuid()::text, 'Stream Person ' || g, 'stream-' || g || '@example.test', true
     from generate_series(1, $1::int) g
     order by g
     returning id`,
    [count],
  );
  const cookies = await mintSessions(
    database.db,
    users.map((u) => u.id),
    AUTH_SECRET,
  );
  return users.map((u, i) => ({
    userId: u.id,
    cookie: cookies[i]!,
    ip: benchAddress(i),
  }));
}

/** The server's resident memory (VmRSS) and CPU time so far (user + system), from /proc. */
function processUsage(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024, cpuSeconds: ticks / 100 };
}

/** Round `r`'s event → when it reached each person's stream (by user id). */
const arrivals = new Map<number, Map<string, number>>();

function received(userId: string, event: { event: string; data: string; at: number }) {
  if (event.event !== REALTIME_TOPICS.notifications) return;
  const { benchRound } = JSON.parse(event.data) as { benchRound?: number };
  if (benchRound === undefined) return;
  const seen = arrivals.get(benchRound) ?? new Map<string, number>();
  arrivals.set(benchRound, seen);
  if (!seen.has(userId)) seen.set(userId, event.at);
}

/** Opens the streams of `people`, OPENING at a time; answers the streams and the refusals. */
async function openStreams(url: string, people: Person[]) {
  const opened: EventStream[] = [];
  const refused: string[] = [];
  for (let i = 0; i < people.length; i += OPENING) {
    const results = await Promise.allSettled(
      people
        .slice(i, i + OPENING)
        .map((p) =>
          openEventStream(
            `${url}/api/events`,
            { cookie: p.cookie, "x-forwarded-for": p.ip },
            (event) => received(p.userId, event),
          ),
        ),
    );
    for (const r of results) {
      if (r.status === "fulfilled") opened.push(r.value);
      else refused.push(String(r.reason));
    }
  }
  return { opened, refused };
}

/** Publishes one event per person in one statement; answers when each stream got its own. */
async function deliverOnce(realtime: Realtime, people: Person[], benchRound: number) {
  const started = performance.now();
  await realtime.publishMany(
    people.map((p) => ({
      topic: REALTIME_TOPICS.notifications,
      payload: { benchRound },
      audience: { userId: p.userId },
    })),
  );
  const committed = performance.now() - started;
  const deadline = started + DELIVERY_TIMEOUT_MS;
  const seen = () => arrivals.get(benchRound)?.size ?? 0;
  while (seen() < people.length && performance.now() < deadline) await sleep(20);
  const got = arrivals.get(benchRound) ?? new Map<string, number>();
  const latencies = people.flatMap((p) => {
    const at = got.get(p.userId);
    return at === undefined ? [] : [at - started];
  });
  return { latencies, lost: people.length - latencies.length, committed };
}

/** Opens streams up to `count`, lets them idle, measures the server, then ROUNDS deliveries. */
async function measure(
  ctx: { url: string; pid: number; realtime: Realtime; people: Person[]; streams: EventStream[] },
  count: number,
  firstRound: number,
) {
  const label = count.toLocaleString("en");
  log(`opening streams up to ${label}…`);
  const openStarted = performance.now();
  const { opened, refused } = await openStreams(
    ctx.url,
    ctx.people.slice(ctx.streams.length, count),
  );
  ctx.streams.push(...opened);
  const openSeconds = (performance.now() - openStarted) / 1000;
  if (refused.length) log(`${refused.length} refused, e.g. ${refused.slice(0, 3).join("; ")}`);
  row({
    name: `${label}: streams open`,
    value: ctx.streams.length,
    unit: "",
    target: `= ${count}`,
    ok: ctx.streams.length === count,
  });
  row({ name: `${label}: opening them took`, value: round(openSeconds), unit: "s" });
  const before = processUsage(ctx.pid);
  await sleep(SETTLE_MS);
  const idle = processUsage(ctx.pid);
  const cpuIdle = ((idle.cpuSeconds - before.cpuSeconds) / (SETTLE_MS / 1000)) * 100;
  const latencies: number[] = [];
  let lost = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const once = await deliverOnce(ctx.realtime, ctx.people.slice(0, count), firstRound + r);
    log(
      `${label}, round ${r + 1}: publish ${round(once.committed)} ms, p95 ${round(percentile(once.latencies, 95))} ms, lost ${once.lost}`,
    );
    latencies.push(...once.latencies);
    lost += once.lost;
    await sleep(1000);
  }
  const after = processUsage(ctx.pid);
  return { label, idle, cpuIdle, after, latencies, lost };
}

type Measured = Awaited<ReturnType<typeof measure>>;

function report(m: Measured, large: boolean) {
  const rss = round(m.idle.rssMb);
  row({
    name: `${m.label}: server RSS, streams open and idle`,
    value: rss,
    unit: "MB",
    ...(large ? { target: `≤ ${RSS_TARGET_MB}`, ok: rss <= RSS_TARGET_MB } : {}),
  });
  row({
    name: `${m.label}: server RSS after the events (peak)`,
    value: round(m.after.rssMb),
    unit: `MB (${round(m.after.peakMb)})`,
  });
  row({ name: `${m.label}: server CPU while idle`, value: round(m.cpuIdle), unit: "% of a core" });
  const p95 = percentile(m.latencies, 95);
  row({
    name: `${m.label}: publish → stream p50`,
    value: round(percentile(m.latencies, 50)),
    unit: "ms",
  });
  row({
    name: `${m.label}: publish → stream p95 (${ROUNDS} events each)`,
    value: round(p95),
    unit: "ms",
    ...(large ? { target: `≤ ${P95_TARGET_MS}`, ok: p95 <= P95_TARGET_MS } : {}),
  });
  row({
    name: `${m.label}: publish → stream max`,
    value: round(Math.max(...m.latencies)),
    unit: "ms",
  });
  row({ name: `${m.label}: lost`, value: m.lost, unit: "", target: "= 0", ok: m.lost === 0 });
  return { rss, p95 };
}

async function main() {
  const benchStarted = Date.now();
  const loadAtStart = loadAverage();
  const created = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: "postgres", url: created.url });
  const realtime = createRealtime(database, createLogger("warn"));
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `shutterhail-bench-streams-${port}`);
  const streams: EventStream[] = [];
  let server: import("./bench-server.ts").BenchServer | undefined;
  let failed = false;
  try {
    log(`seeding ${LARGE.toLocaleString("en")} people with sessions…`);
    const people = await seedPeople(database, LARGE);
    server = await startBenchServer(
      {
        DATABASE_URL: created.url,
        DATA_DIR: dataDir,
        AUTH_SECRET,
        // Each simulated browser has its own X-Forwarded-For (the per-address stream cap).
        TRUST_PROXY: "true",
        // Production refuses to start without PayPal; nothing here pays.
        NODE_ENV: "test",
      },
      port,
    );
    const ctx = { url: server.url, pid: server.pid, realtime, people, streams };
    const baseline = report(await measure(ctx, BASELINE, 0), false);
    const large = report(await measure(ctx, LARGE, ROUNDS), true);
    row({
      name: `RSS ${LARGE.toLocaleString("en")} ÷ ${BASELINE}`,
      value: round(large.rss / baseline.rss),
      unit: "×",
    });
    row({
      name: `p95 ${LARGE.toLocaleString("en")} ÷ ${BASELINE}`,
      value: round(large.p95 / baseline.p95),
      unit: "×",
    });
  } catch (error) {
    failed = true;
    console.error("bench streams failed:", error);
  } finally {
    for (const s of streams) s.close();
    await server?.stop();
    await realtime.close();
    await database.close();
    await created.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(rows);
  console.log(
    `\nat start ${loadAtStart}; at end ${loadAverage()}; ${Math.round((Date.now() - benchStarted) / 1000)} s`,
  );
  const correctness = rows.filter((r) => r.ok === false && r.unit === "");
  const missed = rows.filter((r) => r.ok === false && r.unit !== "");
  if (missed.length) console.log(`targets missed: ${missed.map((r) => r.name).join("; ")}`);
  if (failed || correctness.length) {
    if (correctness.length)
      console.log(`FAILED checks: ${correctness.map((r) => r.name).join("; ")}`);
    process.exitCode = 1;
  }
}

await main();
