export {};

// Bookings under load, on PostgreSQL (TEST_DATABASE_URL, default the local server): the real
// server as its own process on a fresh scratch database, real HTTP, the built-in sandbox
// provider. Accounts and creators are made beforehand by an app in this process on the same
// database (same AUTH_SECRET, so its sessions are valid there).
// 1. 20 clients book 20 distinct creators at once, then approve in the sandbox: latency of
//    creation (target p95 ≤ 50 ms) and of the payment return.
// 2. 200 clients try one creator's same slot at once: exactly one 201, all others 409, no 5xx.
// Usage: npx tsx scripts/bench/bookings.ts   (or npm run bench -- bookings)
// BENCH_SERVER_LOG=info prints the server's request log (its own timings); DATABASE_POOL_SIZE
// is handed to the server.
// Before the test helpers load: test-database.ts reads these when it is imported.
process.env.TEST_DB_KIND = "postgres";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const { createCreator } = await import("../../server/db/factories.ts");
const { createVerifiedUser } = await import("../../server/test/accounts.ts");
const { payInSandbox, requestBooking } = await import("../../server/test/bookings.ts");
const { freePort } = await import("../../server/test/free-port.ts");
const { startServerProcess, waitHealthy } = await import("../../server/test/server-process.ts");
const { startTestApp } = await import("../../server/test/test-app.ts");
const { printTable } = await import("./lib.ts");
type Party = import("../../server/test/bookings.ts").Party;
type TestApp = import("../../server/test/test-app.ts").TestApp;
type BenchRow = import("./lib.ts").BenchRow;

const CONCURRENT_CLIENTS = 20;
const SLOT_ATTEMPTS = 200;
const CREATE_P95_TARGET_MS = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function clients(app: TestApp, n: number) {
  const parties: Party[] = [];
  // Sign-ups hash passwords (argon2): a few at a time keeps both cores busy without thrashing.
  for (let i = 0; i < n; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, n - i) }, () => createVerifiedUser(app)),
    );
    parties.push(...batch.map((a) => ({ userId: a.userId, email: a.email, cookie: a.cookie })));
  }
  return parties;
}

async function main() {
  const setup = await startTestApp({ LOG_LEVEL: "silent" });
  const rows: (BenchRow & { bench: string })[] = [];
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    logLevel: process.env.BENCH_SERVER_LOG ?? "warn",
    dataDir: `.test-data/bench-bookings-${port}`,
    port,
    databaseUrl: setup.database.url ?? "",
    env: {
      AUTH_SECRET: setup.deps.config.authSecret,
      PAYMENT_DATA_KEY: setup.deps.config.paymentDataKey.toString("base64"),
      PUBLIC_ORIGIN: origin,
      ...(process.env.DATABASE_POOL_SIZE
        ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }
        : {}),
    },
  });
  if (!setup.database.url) throw new Error("the bookings bench runs on PostgreSQL");
  const app = { url: origin, fetch: (path, init) => fetch(`${origin}${path}`, init) } as TestApp;
  try {
    await waitHealthy(server, 60_000);
    console.error("bench bookings: creating accounts…");
    const people = await clients(setup, CONCURRENT_CLIENTS + SLOT_ATTEMPTS);
    const creators = await Promise.all(
      Array.from({ length: CONCURRENT_CLIENTS + 1 }, () => createCreator(setup.database.db)),
    );
    // Warm-up: the first request of each kind pays for lazy module and plan setup.
    await requestBooking(app, people[0]!, {
      creatorId: creators[0]!.profile.id,
      date: "2031-01-02",
    });

    const createMs: number[] = [];
    const returnMs: number[] = [];
    await Promise.all(
      people.slice(0, CONCURRENT_CLIENTS).map(async (client, i) => {
        const started = performance.now();
        const response = await requestBooking(app, client, {
          creatorId: creators[i + 1]!.profile.id,
          date: "2031-03-04",
        });
        createMs.push(performance.now() - started);
        if (response.status !== 201) throw new Error(`create answered ${response.status}`);
        const { order } = await response.json();
        const paid = performance.now();
        const landing = await payInSandbox(app, order);
        returnMs.push(performance.now() - paid);
        if (!landing.includes("payment=approved")) throw new Error(`payment landed on ${landing}`);
      }),
    );
    const p95 = percentile(createMs, 95);
    rows.push(
      {
        bench: "bookings",
        name: `create p50 (${CONCURRENT_CLIENTS} concurrent)`,
        value: percentile(createMs, 50),
        unit: "ms",
      },
      {
        bench: "bookings",
        name: `create p95 (${CONCURRENT_CLIENTS} concurrent)`,
        value: p95,
        unit: "ms",
        target: `≤ ${CREATE_P95_TARGET_MS}`,
        ok: p95 <= CREATE_P95_TARGET_MS,
      },
      {
        bench: "bookings",
        name: "sandbox approve + return p95",
        value: percentile(returnMs, 95),
        unit: "ms",
      },
    );

    const slotCreator = creators[0]!.profile.id;
    const statuses = await Promise.all(
      people.slice(CONCURRENT_CLIENTS).map(async (client) => {
        const response = await requestBooking(app, client, {
          creatorId: slotCreator,
          date: "2031-05-06",
        });
        await response.body?.cancel();
        return response.status;
      }),
    );
    const count = (s: number) => statuses.filter((x) => x === s).length;
    const serverErrors = statuses.filter((s) => s >= 500).length;
    rows.push(
      {
        bench: "bookings",
        name: `one slot, ${SLOT_ATTEMPTS} attempts: booked`,
        value: count(201),
        unit: "",
        target: "= 1",
        ok: count(201) === 1,
      },
      {
        bench: "bookings",
        name: "one slot: refused 409",
        value: count(409),
        unit: "",
        target: `= ${SLOT_ATTEMPTS - 1}`,
        ok: count(409) === SLOT_ATTEMPTS - 1,
      },
      {
        bench: "bookings",
        name: "one slot: 5xx",
        value: serverErrors,
        unit: "",
        target: "= 0",
        ok: serverErrors === 0,
      },
    );
  } finally {
    server.child.kill("SIGTERM");
    const { output } = await server.exited;
    if (process.env.BENCH_SERVER_LOG) console.error(output);
    await setup.close();
  }
  printTable(rows);
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

await main();
