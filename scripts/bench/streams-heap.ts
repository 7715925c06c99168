export {};

// Heap per open event stream, deterministically: one built server (test mode, PostgreSQL), its
// memory read after two full collections (a preloaded probe, `--expose-gc`) with 100 and then
// STREAMS_HEAP_LARGE (default 2,000) streams open and idle past one access re-check.
// STREAMS_HEAP_SNAPSHOT_DIR: also write a heap snapshot there at each reading. Then the
// server's CPU time per delivered event (one `notification` per person, three times).
// Usage: npm run build:server && npx tsx scripts/bench/streams-heap.ts
process.env.TEST_DB_KIND = "postgres";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const { readFileSync, rmSync, writeFileSync, existsSync } = await import("node:fs");
const os = await import("node:os");
const path = await import("node:path");
const { openDatabase } = await import("../../server/db/database.ts");
const { createPostgresTestDatabase } = await import("../../server/test/test-database.ts");
const { startBenchServer } = await import("./bench-server.ts");
const { createLogger } = await import("../../server/platform/logger.ts");
const { createRealtime } = await import("../../server/platform/realtime.ts");
const { benchAddress, loadAverage, mintSessions, openEventStream } = await import("./lib.ts");

const AUTH_SECRET = "streams-bench-secret-streams-bench-secret-01";
const LARGE = Number(process.env.STREAMS_HEAP_LARGE ?? 2000);
const PORT = Number(process.env.STREAMS_HEAP_PORT ?? 45150);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dir = path.join(os.tmpdir(), `streams-heap-${PORT}`);
rmSync(dir, { recursive: true, force: true });
const probe = path.join(dir, "probe.cjs");
const out = path.join(dir, "probe.json");
const { mkdirSync } = await import("node:fs");
mkdirSync(dir, { recursive: true });
writeFileSync(
  probe,
  `const fs = require("node:fs");
process.on("SIGUSR2", () => {
  const before = process.memoryUsage();
  global.gc(); global.gc();
  const m = process.memoryUsage();
  m["rss before gc"] = before.rss; m["heapTotal before gc"] = before.heapTotal; m["heapUsed before gc"] = before.heapUsed;
  for (const space of require("node:v8").getHeapSpaceStatistics()) m["physical " + space.space_name] = space.physical_space_size;
  const rss = Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
  if (process.env.STREAMS_HEAP_SNAPSHOT_DIR) require("node:v8").writeHeapSnapshot(require("node:path").join(process.env.STREAMS_HEAP_SNAPSHOT_DIR, "streams-" + Date.now() + ".heapsnapshot"));
  fs.writeFileSync(${JSON.stringify(out)}, JSON.stringify({ ...m, vmrss: rss }));
});`,
);
process.env.BENCH_SERVER_NODE_FLAGS = `--expose-gc --require ${probe}`;

async function read(pid: number) {
  rmSync(out, { force: true });
  process.kill(pid, "SIGUSR2");
  while (!existsSync(out)) await sleep(50);
  await sleep(50);
  return JSON.parse(readFileSync(out, "utf8")) as Record<string, number>;
}

const created = await createPostgresTestDatabase();
const database = await openDatabase({ kind: "postgres", url: created.url });
const { rows: users } = await database.pool.query<{ id: string }>(
  `insert into "user" (id, name, email, "emailVerified")
   select gen_random_uuid()::text, 'P ' || g, 'heap-' || g || '@example.test', true
   from generate_series(1, $1::int) g order by g returning id`,
  [LARGE],
);
const cookies = await mintSessions(
  database.db,
  users.map((u) => u.id),
  AUTH_SECRET,
);
const server = await startBenchServer(
  {
    DATABASE_URL: created.url,
    DATA_DIR: path.join(dir, "data"),
    AUTH_SECRET,
    TRUST_PROXY: "true",
    NODE_ENV: "test",
  },
  PORT,
);
const streams: { close(): void }[] = [];
let arrived = 0;
/** The server's CPU time so far (user + system, fields 14 and 15 of /proc/<pid>/stat). */
const cpuSeconds = () => {
  const stat = readFileSync(`/proc/${server.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const realtime = createRealtime(database, createLogger("warn"));
const readings: Record<number, Record<string, number>> = {};
try {
  for (const count of [100, LARGE]) {
    for (let i = streams.length; i < count; i += 100) {
      const batch = await Promise.all(
        users.slice(i, Math.min(i + 100, count)).map((_, j) =>
          openEventStream(
            `${server.url}/api/events`,
            { cookie: cookies[i + j]!, "x-forwarded-for": benchAddress(i + j) },
            (event) => {
              if (event.event === "notification") arrived += 1;
            },
          ),
        ),
      );
      streams.push(...batch);
    }
    await sleep(7000); // past one access re-check (5 s)
    readings[count] = await read(server.pid);
  }
  // Server CPU per delivered event: one event for each of the LARGE people, three times.
  const cpu: number[] = [];
  for (let round = 0; round < 3; round++) {
    arrived = 0;
    const before = cpuSeconds();
    await realtime.publishMany(
      users.map((u) => ({
        topic: "notification" as const,
        payload: { round },
        audience: { userId: u.id },
      })),
    );
    const deadline = Date.now() + 60_000;
    while (arrived < LARGE && Date.now() < deadline) await sleep(20);
    cpu.push(((cpuSeconds() - before) / LARGE) * 1e6);
  }
  console.log(`server CPU per delivered event (µs, 3 fan-outs): ${cpu.map(Math.round).join(", ")}`);
  const mb = (v: number) => (v / 2 ** 20).toFixed(1);
  const per = (k: string) =>
    ((readings[LARGE]![k]! - readings[100]![k]!) / (LARGE - 100) / 1024).toFixed(1);
  for (const k of Object.keys(readings[LARGE]!)) {
    console.log(
      `${k}: 100 → ${mb(readings[100]![k]!)} MB, ${LARGE} → ${mb(readings[LARGE]![k]!)} MB; per stream ${per(k)} KB`,
    );
  }
  console.log(loadAverage());
} finally {
  for (const s of streams) s.close();
  await server.stop();
  await realtime.close();
  await database.close();
  await created.drop();
  rmSync(dir, { recursive: true, force: true });
}
