export {};

// Bookings under load, on PostgreSQL (TEST_DATABASE_URL, default the local server): the real
// server as its own process on a fresh scratch database, real HTTP, the built-in sandbox
// provider. Accounts and creators are made beforehand by an app in this process on the same
// database (same AUTH_SECRET, so its sessions are valid there).
// 1. Baseline in the same run: 20 clients at once GET /api/hails/current (signed in, one small
//    query), ten rounds: its p95.
// 2. 20 clients book 20 distinct creators at once, nothing else running (as the baseline),
//    then all 20 approve in the sandbox at once; five such rounds after four warm-up rounds:
//    latency of creation (target p95 ≤ 100 ms, and its ratio to the baseline) and of the
//    payment return. Beside it, no target: 20
//    other clients book at once and each pays as soon as its booking is answered, so the late
//    creations meet the early ones' payments.
// 3. Commits per booking, over 10 bookings made one at a time (the least of 3 rounds): the
//    commits in the WAL (pg_walinspect) that changed the scratch database, the sandbox
//    provider's (touching its tables) apart from ShutterHail's own (target ≤ 2); and the
//    unlogged rate counter's transaction ids (pg_snapshot_xmax of the current snapshot,
//    cluster-wide) on 10 refused bodies, which pass the rate limit first.
// 4. 200 clients try one creator's same slot at once: exactly one 201, all others 409, no 5xx.
// Usage: npm run build && npx tsx scripts/bench/bookings.ts   (or npm run bench -- bookings)
// The server is the build (dist/server/main.js). BENCH_SERVER_LOG=info prints its request log
// (its own timings); DATABASE_POOL_SIZE is handed to it; BENCH_SERVER_NODE_FLAGS gives it Node
// flags ("--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_PORT picks its port.
// Before the test helpers load: test-database.ts reads these when it is imported.
process.env.TEST_DB_KIND = "postgres";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const { createCreator } = await import("../../server/db/factories.ts");
const { createVerifiedUser } = await import("../../server/test/accounts.ts");
const { bookingBody, freshKey, payInSandbox, requestBooking } = await import(
  "../../server/test/bookings.ts"
);
const { freePort } = await import("../../server/test/free-port.ts");
const { startBenchServer } = await import("./bench-server.ts");
const { rmSync } = await import("node:fs");
const { startTestApp } = await import("../../server/test/test-app.ts");
const { sql } = await import("kysely");
const { createKeepAliveClient, loadAverage, percentile, printTable } = await import("./lib.ts");
type Party = import("../../server/test/bookings.ts").Party;
type TestApp = import("../../server/test/test-app.ts").TestApp;
type BenchRow = import("./lib.ts").BenchRow;
type SandboxOrder = Parameters<typeof payInSandbox>[1];

const CONCURRENT_CLIENTS = 20;
const SLOT_ATTEMPTS = 200;
const CREATE_P95_TARGET_MS = 100;
const BASELINE_ROUNDS = 10;
/** Rounds of 20 bookings at once (each round paid before the next): the p95 is over them all. */
const CREATE_ROUNDS = 5;
/** Rounds of 20 bookings before those measured (see warmUp). */
const WARM_UP_ROUNDS = 4;
const COMMIT_SAMPLE = 10;
const COMMIT_ROUNDS = 3;
const COMMITS_TARGET = 2;
/** The timed requests' client: one kept-alive connection per concurrent client (lib.ts). */
const lean = createKeepAliveClient(CONCURRENT_CLIENTS);

type Row = BenchRow & { bench: string };
type Db = TestApp["database"]["db"];
const row = (r: BenchRow): Row => ({ ...r, bench: "bookings" });
const round = (v: number) => Math.round(v * 100) / 100;

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

/** Signed-in GETs doing one small query, `n` at a time for some rounds: their p95. */
async function baselineP95(app: TestApp, people: Party[]) {
  const times: number[] = [];
  for (let r = 0; r <= BASELINE_ROUNDS; r++) {
    await Promise.all(
      people.map(async (person) => {
        const started = performance.now();
        const { status } = await lean.get(`${app.url}/api/hails/current`, {
          cookie: person.cookie,
        });
        if (status !== 200) throw new Error(`/api/hails/current answered ${status}`);
        // The first round warms the route up.
        if (r > 0) times.push(performance.now() - started);
      }),
    );
  }
  return percentile(times, 95);
}

/** POST /api/bookings through the lean client, as requestBooking does through fetch. */
const createOne = (app: TestApp, client: Party, input: { creatorId: string; date: string }) =>
  lean.post(
    `${app.url}/api/bookings`,
    { cookie: client.cookie, "Idempotency-Key": freshKey() },
    bookingBody(input),
  );

/** Each client books its own creator, all at once: the creations' latencies and statuses. */
async function createAll(app: TestApp, people: Party[], creatorIds: string[], date: string) {
  return Promise.all(
    people.map(async (client, i) => {
      const started = performance.now();
      const { status, json } = await createOne(app, client, { creatorId: creatorIds[i]!, date });
      if (status !== 201) throw new Error(`create answered ${status}`);
      return { ms: performance.now() - started, order: (json as { order: SandboxOrder }).order };
    }),
  );
}

/** Each booking's client approves in the sandbox, all at once: latency of approve + return. */
async function payAll(app: TestApp, orders: SandboxOrder[]) {
  return Promise.all(
    orders.map(async (order) => {
      const started = performance.now();
      const landing = await payInSandbox(app, order);
      if (!landing.includes("payment=approved")) throw new Error(`payment landed on ${landing}`);
      return performance.now() - started;
    }),
  );
}

/**
 * Warm-up, as a server that has been running is: the first request of each kind pays for lazy
 * module set-up, each pooled connection prepares the booking's statements and compiles its
 * functions once, PostgreSQL plans each statement afresh for its first five runs on each
 * connection, and V8 optimizes the hot code. Measured round by round (20 at once, 20 rounds):
 * server CPU per booking 6.5, 5.0, 4.5, 3.0 ms in the first four rounds, then about 3.0;
 * PostgreSQL's 9.5, 5.5, 4.5, 4.0, then about 3.0. So four rounds of twenty (other clients,
 * other days), each paid; the first round's p95 is reported beside the target.
 */
async function warmUp(app: TestApp, people: Party[], creatorIds: string[]) {
  let coldP95 = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    const created = await createAll(app, people, creatorIds, `2031-01-0${round + 2}`);
    if (round === 0)
      coldP95 = percentile(
        created.map((c) => c.ms),
        95,
      );
    await payAll(
      app,
      created.map((c) => c.order),
    );
  }
  return coldP95;
}

/**
 * 20 clients book at once (the target: like the baseline, nothing else running), then all pay;
 * then 20 others book at once and each pays as soon as its booking answers, so creations meet
 * the others' payments (shown beside, no target).
 */
async function concurrentCreates(
  app: TestApp,
  db: Db,
  people: Party[],
  others: Party[],
  creatorIds: string[],
) {
  const createMs: number[] = [];
  const returnMs: number[] = [];
  for (let round = 0; round < CREATE_ROUNDS; round++) {
    const created = await createAll(app, people, creatorIds, `2031-03-1${round}`);
    createMs.push(...created.map((c) => c.ms));
    returnMs.push(
      ...(await payAll(
        app,
        created.map((c) => c.order),
      )),
    );
    await settleJobs(db);
  }
  const mixed = await Promise.all(
    others.map(async (client, i) => {
      const [made] = await createAll(app, [client], [creatorIds[i]!], "2031-03-05");
      await payAll(app, [made!.order]);
      return made!.ms;
    }),
  );
  return { createMs, returnMs, mixedMs: mixed };
}

const nextXid = async (db: Db) =>
  Number(
    (
      await sql<{
        x: string;
      }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(db)
    ).rows[0]!.x,
  );
const walPosition = async (db: Db) =>
  (await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db)).rows[0]!
    .lsn;

/**
 * Commits since `from` in the WAL (pg_walinspect) that changed this database: the sandbox
 * provider's (they touch its tables) and the rest. An unlogged table's change writes no WAL.
 */
async function walCommits(db: Db, from: string) {
  const { rows } = await sql<{ own: string; sandbox: string }>`
    with r as (select xid, resource_manager, record_type, block_ref
               from pg_get_wal_records_info_till_end_of_wal(${from}::pg_lsn)),
    here as (select (select oid from pg_database where datname = current_database())::text as db,
                    '(' || pg_relation_filenode('sandbox_payments') || '|'
                        || pg_relation_filenode('sandbox_payment_requests') || ')' as sandbox),
    touched as (select r.xid, bool_or(r.block_ref ~ ('rel [0-9]+/' || here.db || '/' || here.sandbox || ' ')) as sandbox
                from r, here where r.block_ref ~ ('rel [0-9]+/' || here.db || '/')
                group by r.xid)
    select count(*) filter (where not sandbox)::text as own,
           count(*) filter (where sandbox)::text as sandbox
    from touched
    where xid in (select xid from r where resource_manager = 'Transaction' and record_type like 'COMMIT%')
  `.execute(db);
  return { own: Number(rows[0]!.own), sandbox: Number(rows[0]!.sandbox) };
}

async function refusedBody(app: TestApp, person: Party) {
  const response = await app.fetch("/api/bookings", {
    method: "POST",
    headers: { cookie: person.cookie, "content-type": "application/json" },
    body: "{}",
  });
  await response.arrayBuffer();
  if (response.status < 400 || response.status === 429 || response.status >= 500) {
    throw new Error(`a refused body answered ${response.status}`);
  }
}

/**
 * Waits (at most a minute) until the server has run every job that is due: the payments of
 * the concurrent rounds leave some, whose commits would otherwise land in the sample.
 */
async function settleJobs(db: Db) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ due: number }>`
      select count(*)::int as due from pgboss.job
      where state = 'active' or (state in ('created', 'retry') and start_after <= now())`.execute(
      db,
    );
    if (rows[0]!.due === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Transaction ids assigned per call of `act`, one call at a time over `people`. */
async function xidsPerCall(db: Db, people: Party[], act: (p: Party, i: number) => Promise<void>) {
  const from = await nextXid(db);
  for (const [i, person] of people.entries()) await act(person, i);
  return ((await nextXid(db)) - from) / people.length;
}

/**
 * Per booking, one booking at a time: the rate counter's transaction ids (cluster-wide, so the
 * least of a few rounds: other writers only ever add to it) and the WAL's commits in this
 * database, the sandbox provider's apart.
 */
async function commitsPerBooking(app: TestApp, db: Db, people: Party[], creatorIds: string[]) {
  await sql`create extension if not exists pg_walinspect`.execute(db);
  await settleJobs(db);
  const rateCounter: number[] = [];
  const wal: { own: number; sandbox: number }[] = [];
  const aloneMs: number[] = [];
  for (let r = 0; r < COMMIT_ROUNDS; r++) {
    const group = people.slice(r * COMMIT_SAMPLE, (r + 1) * COMMIT_SAMPLE);
    rateCounter.push(await xidsPerCall(db, group, (person) => refusedBody(app, person)));
    const from = await walPosition(db);
    for (const [i, person] of group.entries()) {
      const input = { creatorId: creatorIds[i]!, date: `2031-04-1${r}` };
      const started = performance.now();
      const { status } = await createOne(app, person, input);
      aloneMs.push(performance.now() - started);
      if (status !== 201) throw new Error(`create answered ${status}`);
    }
    wal.push(await walCommits(db, from));
  }
  const least = (pick: (w: { own: number; sandbox: number }) => number) =>
    Math.min(...wal.map(pick)) / COMMIT_SAMPLE;
  return {
    rateCounter: Math.min(...rateCounter),
    own: least((w) => w.own),
    sandbox: least((w) => w.sandbox),
    aloneMs,
  };
}

async function oneSlot(app: TestApp, people: Party[], creatorId: string): Promise<Row[]> {
  const statuses = await Promise.all(
    people.map(async (client) => {
      const response = await requestBooking(app, client, { creatorId, date: "2031-05-06" });
      await response.body?.cancel();
      return response.status;
    }),
  );
  const count = (s: number) => statuses.filter((x) => x === s).length;
  const serverErrors = statuses.filter((s) => s >= 500).length;
  return [
    row({
      name: `one slot, ${people.length} attempts: booked`,
      value: count(201),
      unit: "",
      target: "= 1",
      ok: count(201) === 1,
    }),
    row({
      name: "one slot: refused 409",
      value: count(409),
      unit: "",
      target: `= ${people.length - 1}`,
      ok: count(409) === people.length - 1,
    }),
    row({
      name: "one slot: 5xx",
      value: serverErrors,
      unit: "",
      target: "= 0",
      ok: serverErrors === 0,
    }),
  ];
}

async function measure(app: TestApp, db: Db, people: Party[], creatorIds: string[]) {
  const clients = people.slice(0, CONCURRENT_CLIENTS);
  const coldP95 = await warmUp(
    app,
    people.slice(2 * CONCURRENT_CLIENTS + 30, 3 * CONCURRENT_CLIENTS + 30),
    creatorIds.slice(1),
  );
  await settleJobs(db);
  const baseline = await baselineP95(app, clients);
  // The slot's clients are fresh (they have booked nothing yet); the commit sample takes the
  // first 30 of them, these the next 20.
  const others = people.slice(CONCURRENT_CLIENTS + 30, 2 * CONCURRENT_CLIENTS + 30);
  const { createMs, returnMs, mixedMs } = await concurrentCreates(
    app,
    db,
    clients,
    others,
    creatorIds.slice(1),
  );
  const p95 = percentile(createMs, 95);
  // Fresh clients (the slot's, who have booked nothing yet) on the concurrent run's creators.
  const commits = await commitsPerBooking(
    app,
    db,
    people.slice(CONCURRENT_CLIENTS),
    creatorIds.slice(1),
  );
  const own = commits.own;
  const at = `${CONCURRENT_CLIENTS} concurrent`;
  return [
    row({
      name: `baseline: signed-in GET /api/hails/current p95 (${at})`,
      value: round(baseline),
      unit: "ms",
    }),
    row({
      name: `create p50 (${at}, ${CREATE_ROUNDS} rounds)`,
      value: round(percentile(createMs, 50)),
      unit: "ms",
    }),
    row({
      name: `create p95 (${at}, ${CREATE_ROUNDS} rounds)`,
      value: round(p95),
      unit: "ms",
      target: `≤ ${CREATE_P95_TARGET_MS}`,
      ok: p95 <= CREATE_P95_TARGET_MS,
    }),
    row({ name: "create p95 ÷ baseline p95", value: round(p95 / baseline), unit: "×" }),
    row({
      name: `create p95, the first ${CONCURRENT_CLIENTS} at once after the server starts`,
      value: round(coldP95),
      unit: "ms",
    }),
    row({
      name: `create p95 (${at}, each paying as soon as it is answered)`,
      value: round(percentile(mixedMs, 95)),
      unit: "ms",
    }),
    row({
      name: `create one at a time: p95 (${commits.aloneMs.length})`,
      value: round(percentile(commits.aloneMs, 95)),
      unit: `ms (p50 ${round(percentile(commits.aloneMs, 50))})`,
    }),
    row({
      name: "sandbox approve + return p95",
      value: round(percentile(returnMs, 95)),
      unit: "ms",
    }),
    row({
      name: "per booking: rate counter's transaction ids (unlogged, no WAL flush)",
      value: commits.rateCounter,
      unit: "",
    }),
    row({
      name: "per booking: sandbox provider's order commits (stands in for PayPal)",
      value: commits.sandbox,
      unit: "",
    }),
    row({
      name: "per booking: ShutterHail's own WAL-flushing commits",
      value: own,
      unit: "",
      target: `≤ ${COMMITS_TARGET}`,
      ok: own <= COMMITS_TARGET,
    }),
    ...(await oneSlot(app, people.slice(CONCURRENT_CLIENTS), creatorIds[0]!)),
  ];
}

/**
 * The setup app is only here to make accounts and, at the end, to read the WAL: from then on its
 * job workers (polling each queue every second) and its realtime listener (reading every event
 * the server publishes) would run on the measured server's two cores. Stopped, the bench's own
 * process took 0.7–0.8 ms of CPU per booking instead of 1.0–1.2, and twenty at once answered
 * at a median of 100–108 ms instead of 112–116 (two runs each, alternating).
 */
async function quietSetup(setup: TestApp) {
  await setup.deps.jobs.stop();
  await setup.deps.realtime.close();
}

async function main() {
  const loadAtStart = loadAverage();
  const setup = await startTestApp({ LOG_LEVEL: "silent" });
  let rows: Row[] = [];
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const dataDir = `.test-data/bench-bookings-${port}`;
  if (!setup.database.url) throw new Error("the bookings bench runs on PostgreSQL");
  // The built server (BENCH_SERVER_NODE_FLAGS profiles it), in test mode: bookings are paid
  // on the built-in sandbox, which production never runs on.
  const server = await startBenchServer(
    {
      NODE_ENV: "test",
      DATABASE_URL: setup.database.url,
      DATA_DIR: dataDir,
      AUTH_SECRET: setup.deps.config.authSecret,
      PAYMENT_DATA_KEY: setup.deps.config.paymentDataKey.toString("base64"),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? "warn",
      ...(process.env.DATABASE_POOL_SIZE
        ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }
        : {}),
    },
    port,
    // Mail stays in the outbox: a dead SMTP address would retry every mail meanwhile.
    { mail: "outbox" },
  );
  const app = {
    url: server.url,
    fetch: (path, init) => fetch(`${server.url}${path}`, init),
  } as TestApp;
  try {
    console.error("bench bookings: creating accounts…");
    const people = await clients(setup, CONCURRENT_CLIENTS + SLOT_ATTEMPTS);
    const creators = await Promise.all(
      Array.from({ length: CONCURRENT_CLIENTS + 1 }, () => createCreator(setup.database.db)),
    );
    await quietSetup(setup);
    rows = await measure(
      app,
      setup.database.db,
      people,
      creators.map((c) => c.profile.id),
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await setup.close();
  }
  lean.close();
  printTable(rows);
  console.log(`\n${loadAtStart} at start; ${loadAverage()} at end`);
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

await main();
