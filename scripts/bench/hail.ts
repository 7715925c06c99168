export {};

// Hail at scale, on PostgreSQL (TEST_DATABASE_URL, default the local server): TWO built servers
// (dist/server/main.js, test mode, as production refuses the sandbox) as their own processes on
// one fresh scratch database, real HTTP, the built-in sandbox provider. Accounts, creators,
// presence rows and sessions are written straight into the database (sessions signed with the
// servers' AUTH_SECRET, as Better Auth signs its cookie), so thousands of accounts cost no password hashing.
// 1. 500 creators online around one point, all offering Photography, each holding an event
//    stream (half on each server). One hail goes live: latency from going live (live_until −
//    HAIL.liveSeconds, the server's clock) to each reached creator's stream receiving hail_offer
//    (target p95 ≤ 200 ms). A hail reaches at most HAIL.maxOffers (the nearest), so then
//    10 hails from 10 clients go live at once, one per cluster of 50: all 500 streams.
// 2. The 50 creators of one hail accept at once, half through each server: exactly one 200,
//    49 × 409, one booking (a failed check fails the bench).
// 3. Presence heartbeats of 5,000 creators (one each per 30 s, ~167/s, both servers) while
//    searches are measured one at a time: search p95 with and without that load (≤ 1.2×).
// Usage: npm run build && npx tsx scripts/bench/hail.ts   (or npm run bench -- hail)
// BENCH_MARKET (default 20,000) background creators across the US for search to wade through;
// BENCH_LOAD_SECONDS (default 40) length of the heartbeat run.
process.env.TEST_DB_KIND = "postgres";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const { randomBytes, randomUUID } = await import("node:crypto");
const http = await import("node:http");
const { readFileSync, rmSync } = await import("node:fs");
const os = await import("node:os");
const path = await import("node:path");
const { HAIL, PRESENCE } = await import("../../contracts/constants.ts");
const { openDatabase } = await import("../../server/db/database.ts");
const { createPostgresTestDatabase } = await import("../../server/test/test-database.ts");
const { freePort } = await import("../../server/test/free-port.ts");
const { startBenchServer } = await import("./bench-server.ts");
const { benchZips, generateCreators } = await import("./search-data.ts");
const { benchAddress, createKeepAliveClient, mintSessions, printTable } = await import("./lib.ts");
type BenchRow = import("./lib.ts").BenchRow;
type BenchServer = import("./bench-server.ts").BenchServer;
type Database = import("../../server/db/database.ts").Database;

const AUTH_SECRET = "hail-bench-secret-hail-bench-secret-0123456";
const PUBLIC_ORIGIN = "https://bench.shutterhail.invalid";
const CLUSTERS = 10;
const PER_CLUSTER = 50;
const STREAMING = CLUSTERS * PER_CLUSTER;
const HEARTBEATERS = Number(process.env.BENCH_HEARTBEATERS ?? 5000);
// BENCH_PARTS=hails,race,heartbeats (the default: all) runs only some parts.
const PARTS = new Set((process.env.BENCH_PARTS ?? "hails,race,heartbeats").split(","));
const MARKET = Number(process.env.BENCH_MARKET ?? 20_000);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 40);
const BASELINE_SECONDS = 12;
const OFFER_P95_TARGET_MS = 300;
const SEARCH_P95_TARGET_MS = 10;
// Issue 24: heartbeats may slow search's p95 by at most this factor.
const HEARTBEAT_SEARCH_RATIO = 1.2;
/** Miami Beach (33139): the point the hail creators gather around. */
const POINT = { lat: 25.7825, lng: -80.1341 };
const MILE_LAT = 1 / 69.05;
const MILE_LNG = 1 / (69.05 * Math.cos((POINT.lat * Math.PI) / 180));

const rows: (BenchRow & { bench: string })[] = [];
const row = (r: BenchRow) => rows.push({ ...r, bench: "hail" });
const log = (message: string) => console.error(`bench hail: ${message}`);

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
};
const round = (v: number) => Math.round(v * 10) / 10;

/** A point `miles` from `from` at `angle` radians (flat-earth, fine over a few miles). */
const offset = (from: { lat: number; lng: number }, miles: number, angle: number) => ({
  lat: from.lat + miles * Math.sin(angle) * MILE_LAT,
  lng: from.lng + miles * Math.cos(angle) * MILE_LNG,
});
/** Cluster centres on a 4-mile circle around POINT: 2.5 miles apart, each 50 within 0.4 mile. */
const clusterCentre = (k: number) => offset(POINT, 4, (2 * Math.PI * k) / CLUSTERS);

type Person = { userId: string; cookie: string; ip: string; profileId?: string };
let addressCount = 0;
const nextAddress = () => benchAddress(++addressCount);

/** Users (with sessions), and for creators their listed profile, all in a few statements. */
async function seedPeople(
  database: Database,
  label: string,
  places: ({ lat: number; lng: number; type: "photographer" | "videographer" } | null)[],
): Promise<Person[]> {
  const { db } = database;
  const people: Person[] = [];
  for (let start = 0; start < places.length; start += 500) {
    const batch = places.slice(start, start + 500);
    const users = batch.map((place, i) => ({
      id: randomUUID(),
      name: `${label} ${start + i}`,
      email: `${label}-${start + i}-${randomBytes(3).toString("hex")}@example.test`,
      emailVerified: true,
      signedUpAs: place ? "creator" : "client",
    }));
    await db.insertInto("user").values(users).execute();
    const cookies = await mintSessions(
      db,
      users.map((u) => u.id),
      AUTH_SECRET,
    );
    const creators = batch.flatMap((place, i) => (place ? [{ place, user: users[i]! }] : []));
    const profiles = creators.length
      ? await db
          .insertInto("photographer_profiles")
          .values(
            creators.map(({ place, user }, i) => ({
              user_id: user.id,
              full_name: user.name,
              bio: "Online now.",
              specialties:
                place.type === "photographer"
                  ? ["Photography", "Portrait"]
                  : ["Videography", "Event"],
              creator_type: place.type,
              city: "Miami, FL",
              hourly_rate_cents: 10_000 + ((start + i) % 16) * 1_000,
              travel_radius: 25,
              base_lat: place.lat,
              base_lng: place.lng,
              travel_lat: place.lat,
              travel_lng: place.lng,
              available_now: true,
              // Hails for right now reach only creators who take work at no notice.
              min_notice_minutes: 0,
              is_published: true,
              approved: true,
              is_complete: true,
              completion_percent: 100,
              setup_step: 5,
            })),
          )
          .returning(["id", "user_id"])
          .execute()
      : [];
    if (profiles.length) {
      const now = new Date();
      await db
        .insertInto("creator_presence")
        .values(
          profiles.map((p) => ({
            profile_id: p.id,
            online_since: now,
            last_seen_at: now,
            position_at: now,
          })),
        )
        .execute();
    }
    const profileOf = new Map(profiles.map((p) => [p.user_id, p.id]));
    for (const [i, u] of users.entries()) {
      people.push({
        userId: u.id,
        cookie: cookies[i]!,
        ip: nextAddress(),
        profileId: profileOf.get(u.id),
      });
    }
  }
  return people;
}

/** A fresh heartbeat for everyone online (as if their browsers had been beating all along). */
async function refreshPresence(database: Database) {
  await database.pool.query("update creator_presence set last_seen_at = now()");
}

function headers(person: Person, extra: Record<string, string> = {}) {
  return {
    cookie: person.cookie,
    "x-forwarded-for": person.ip,
    origin: PUBLIC_ORIGIN,
    ...extra,
  };
}

/** The server's URL for a link the app made with its public origin. */
const local = (server: BenchServer, href: string) => {
  const u = new URL(href, PUBLIC_ORIGIN);
  return `${server.url}${u.pathname}${u.search}`;
};

// ── Event streams ────────────────────────────────────────────────────────────────────────────
// node:http rather than fetch: 500 long-lived responses, each chunk stamped as it arrives.
type Stream = { server: number; close(): void };
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
/** hail id → user id → when its `offered` hail_offer arrived (Date.now()). */
const offerArrivals = new Map<string, Map<string, number>>();

function openStream(server: BenchServer, index: number, person: Person): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/events`,
      {
        agent: streamAgent,
        headers: {
          accept: "text/event-stream",
          cookie: person.cookie,
          "x-forwarded-for": person.ip,
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`event stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding("utf8");
        let text = "";
        let ready = false;
        response.on("data", (chunk: string) => {
          const at = Date.now();
          text += chunk;
          const blocks = text.split("\n\n");
          text = blocks.pop() ?? "";
          for (const block of blocks) {
            let event = "message";
            let data = "";
            for (const line of block.split("\n")) {
              if (line.startsWith("event:")) event = line.slice(6).trim();
              else if (line.startsWith("data:")) data += line.slice(5).trim();
            }
            if (event === "ready" && !ready) {
              ready = true;
              resolve({ server: index, close: () => request.destroy() });
            } else if (event === "hail_offer") {
              const offer = JSON.parse(data) as { hailId: string; status: string };
              if (offer.status !== "offered") continue;
              let arrivals = offerArrivals.get(offer.hailId);
              if (!arrivals) {
                arrivals = new Map();
                offerArrivals.set(offer.hailId, arrivals);
              }
              if (!arrivals.has(person.userId)) arrivals.set(person.userId, at);
            }
          }
        });
        response.on("error", () => {});
      },
    );
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
    request.setTimeout(0);
  });
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  }
  return out;
}

// ── Hails ────────────────────────────────────────────────────────────────────────────────────
type Created = { hailId: string; approveHref: string };

async function sendHail(server: BenchServer, client: Person, at: { lat: number; lng: number }) {
  const response = await fetch(`${server.url}/api/hails`, {
    method: "POST",
    headers: headers(client, {
      "content-type": "application/json",
      "Idempotency-Key": randomUUID(),
    }),
    body: JSON.stringify({
      service: "Photography",
      hours: 2,
      location: "1 Ocean Dr, Miami, FL 33139",
      ...at,
      startInMinutes: 0,
      radiusMiles: 10,
    }),
  });
  if (response.status !== 201) throw new Error(`hail: ${response.status} ${await response.text()}`);
  const { hail, order } = (await response.json()) as {
    hail: { id: string };
    order: { links: { rel: string; href: string }[] };
  };
  return { hailId: hail.id, approveHref: order.links.find((l) => l.rel === "approve")!.href };
}

/** The buyer approves on the sandbox page; answers the return URL the browser would follow. */
async function approve(server: BenchServer, created: Created) {
  const checkout = await fetch(local(server, created.approveHref), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_ORIGIN },
    body: new URLSearchParams({ action: "approve", outcome: "approve" }).toString(),
    redirect: "manual",
  });
  const back = checkout.headers.get("location");
  await checkout.body?.cancel();
  if (checkout.status !== 303 || !back) throw new Error(`checkout answered ${checkout.status}`);
  return local(server, back);
}

/** Follows the return URL: the hail goes live. Answers when the request was sent/answered. */
async function complete(returnUrl: string, hailId: string) {
  const sent = Date.now();
  const landing = await fetch(returnUrl, { redirect: "manual" });
  const answered = Date.now();
  await landing.body?.cancel();
  const where = landing.headers.get("location") ?? "";
  if (where !== `/hail?hail=${hailId}&payment=approved`) {
    throw new Error(`payment return landed on ${where} (${landing.status})`);
  }
  return { sent, answered };
}

async function liveAt(database: Database, hailId: string) {
  const hail = await database.db
    .selectFrom("hails")
    .select(["live_until", "status", "reached_count"])
    .where("id", "=", hailId)
    .executeTakeFirstOrThrow();
  if (!hail.live_until) throw new Error(`hail ${hailId} is ${hail.status}, not live`);
  return hail.live_until.getTime() - HAIL.liveSeconds * 1000;
}

/** The users a hail's offers went to. */
async function reachedUsers(database: Database, hailId: string) {
  const offers = await database.db
    .selectFrom("hail_offers as o")
    .innerJoin("photographer_profiles as p", "p.id", "o.profile_id")
    .select(["p.user_id", "p.id"])
    .where("o.hail_id", "=", hailId)
    .execute();
  return offers;
}

/** Waits until every reached user's stream saw the offer (or `timeoutMs` passed). */
async function waitArrivals(expected: Map<string, string[]>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const missing = () =>
    [...expected].reduce(
      (n, [hailId, users]) => n + users.filter((u) => !offerArrivals.get(hailId)?.has(u)).length,
      0,
    );
  while (missing() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return missing();
}

// ── Searches and heartbeats ──────────────────────────────────────────────────────────────────
function searchPaths(n: number): string[] {
  const zips = benchZips();
  const near = ["33139", "33140", "33141", "33130", "33131", "33132", "33137", "33127", "33125"];
  const services = ["Photography", "Videography", "Content Creation"];
  return Array.from({ length: n }, (_, i) => {
    // Half where the online creators are, half anywhere the market is.
    const zip = i % 2 === 0 ? near[i % near.length]! : zips[(i * 7919) % zips.length]!.zip;
    const q = new URLSearchParams({ zip });
    if (i % 3 === 0) q.set("service", services[i % 3]!);
    if (i % 5 === 0) {
      const day = new Date(Date.now() + (1 + (i % 60)) * 86_400_000);
      q.set("date", day.toISOString().slice(0, 10));
    }
    return `/api/search?${q}`;
  });
}

// The load's own requests go through lib.ts's lean client: on two shared cores, fetch's extra
// CPU per request (undici) would land in the very search latencies measured. Searches go one at
// a time; heartbeats are an open loop, so they get many connections.
const searchClient = createKeepAliveClient(1);
const heartbeatClient = createKeepAliveClient(200);

/** Searches one at a time until `until` (after `warmup` unmeasured ones); their latencies. */
async function searchUntil(server: BenchServer, paths: string[], until: number, warmup = 0) {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; ; i++) {
    if (i >= warmup && Date.now() >= until) break;
    const started = performance.now();
    const { status } = await searchClient.get(`${server.url}${paths[i % paths.length]}`, {});
    if (status !== 200) errors++;
    if (i >= warmup) times.push(performance.now() - started);
  }
  return { times, errors };
}

/** One heartbeat, answered 200. */
async function heartbeat(server: BenchServer, creator: Person) {
  const { status } = await sendHeartbeat(server, creator);
  if (status !== 200) throw new Error(`heartbeat answered ${status}`);
}

const sendHeartbeat = (server: BenchServer, creator: Person) =>
  heartbeatClient.post(`${server.url}/api/availability/heartbeat`, headers(creator), {});

/**
 * Every creator heartbeats once per PRESENCE.heartbeatSeconds, staggered evenly (an open loop:
 * a slow answer does not slow the next), alternating servers; for `seconds`.
 */
async function heartbeatLoad(servers: BenchServer[], creators: Person[], seconds: number) {
  const periodMs = PRESENCE.heartbeatSeconds * 1000;
  const intervalMs = periodMs / creators.length;
  const total = Math.floor((seconds * 1000) / intervalMs);
  const started = Date.now();
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const inFlight: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const due = started + k * intervalMs;
    const wait = due - Date.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const creator = creators[k % creators.length]!;
    const server = servers[k % servers.length]!;
    const t0 = performance.now();
    inFlight.push(
      sendHeartbeat(server, creator)
        .then((r) => {
          times.push(performance.now() - t0);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        })
        .catch(() => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }),
    );
  }
  await Promise.all(inFlight);
  return { times, statuses, sent: total, rate: total / ((Date.now() - started) / 1000) };
}

// ── CPU and WAL flushes ────────────────────────────────────────────────────────────────────
// The machine is shared: wall-clock latencies move with other people's load, CPU per operation
// much less. A process's CPU so far (user + system, fields 14 and 15 of /proc/<pid>/stat).
function cpuMs(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0; // gone (a closed backend): its CPU since the last reading is lost
  }
}

type Usage = { node: number; postgres: Map<number, number>; walSyncs: number; at: number };

/**
 * The servers' CPU, the CPU of each client backend on the scratch database (autovacuum, which
 * also shows there, is not the bench's), and the WAL flushes so far (the whole server's: a
 * shared server counts other databases' too).
 */
async function usage(database: Database, servers: BenchServer[]): Promise<Usage> {
  const { rows } = await database.pool.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend'`,
  );
  const wal = await database.pool.query<{ syncs: string }>(
    "select wal_sync as syncs from pg_stat_wal",
  );
  return {
    node: servers.reduce((sum, s) => sum + cpuMs(s.pid), 0),
    postgres: new Map(rows.map((r) => [r.pid, cpuMs(r.pid)])),
    walSyncs: Number(wal.rows[0]?.syncs ?? 0),
    at: performance.now(),
  };
}

/** CPU ms of the servers and of PostgreSQL, and WAL flushes, between two readings. */
function spent(before: Usage, after: Usage) {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return {
    node: after.node - before.node,
    postgres,
    walSyncs: after.walSyncs - before.walSyncs,
    seconds: (after.at - before.at) / 1000,
  };
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────
async function main() {
  const benchStarted = Date.now();
  const loadAtStart = os.loadavg().map((v) => v.toFixed(2));
  const created = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: "postgres", url: created.url });
  const servers: BenchServer[] = [];
  const dataDirs: string[] = [];
  const streams: Stream[] = [];
  let failed = false;
  try {
    log(`seeding ${MARKET.toLocaleString()} background creators for search…`);
    await generateCreators(database.pool, MARKET);
    log(`seeding ${STREAMING} hail creators, ${HEARTBEATERS} heartbeating creators, clients…`);
    const hailPlaces = Array.from({ length: STREAMING }, (_, i) => {
      const k = Math.floor(i / PER_CLUSTER);
      const j = i % PER_CLUSTER;
      // Golden-angle spiral inside 0.4 mile of the cluster centre.
      const at = offset(clusterCentre(k), 0.4 * Math.sqrt((j + 0.5) / PER_CLUSTER), j * 2.39996);
      return { ...at, type: "photographer" as const };
    });
    const hailCreators = await seedPeople(database, "Hail Creator", hailPlaces);
    // Videographers across South Florida: online, found by search, never matched by the
    // Photography hails.
    const beaters = await seedPeople(
      database,
      "Beating Creator",
      Array.from({ length: HEARTBEATERS }, (_, i) => ({
        ...offset(POINT, 1 + (i % 40), i * 2.39996),
        type: "videographer" as const,
      })),
    );
    const clients = await seedPeople(
      database,
      "Hail Client",
      Array.from({ length: CLUSTERS + 3 }, () => null),
    );
    await database.pool.query("analyze");

    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = path.join(os.tmpdir(), `shutterhail-bench-hail-${port}`);
      dataDirs.push(dataDir);
      servers.push(
        await startBenchServer(
          {
            DATABASE_URL: created.url,
            DATA_DIR: dataDir,
            AUTH_SECRET,
            PUBLIC_ORIGIN,
            // Each simulated device has its own X-Forwarded-For (per-address stream cap).
            TRUST_PROXY: "true",
            // Hails are paid on the built-in sandbox, which production never runs on.
            NODE_ENV: "test",
          },
          port,
          // Mail stays in the outbox: a dead SMTP address would retry every mail meanwhile.
          { mail: "outbox" },
        ),
      );
    }
    const [a, b] = servers as [BenchServer, BenchServer];
    const check = await fetch(`${a.url}/api/hail-offers`, { headers: headers(hailCreators[0]!) });
    if (check.status !== 200) throw new Error(`a seeded session is refused: ${check.status}`);
    await check.body?.cancel();

    if (PARTS.has("hails")) {
      log(`opening ${STREAMING} event streams, half on each server…`);
      const streamOpenStarted = performance.now();
      streams.push(
        ...(await inBatches(hailCreators, 50, (c, i) => openStream(servers[i % 2]!, i % 2, c))),
      );
      log(`streams open in ${Math.round(performance.now() - streamOpenStarted)} ms`);
      const streamServer = new Map(hailCreators.map((c, i) => [c.userId, i % 2]));

      // Warm-up: one hail end to end (lazy modules, plans, pools), then cancelled.
      await refreshPresence(database);
      const warmer = clients[CLUSTERS + 2]!;
      const warm = await sendHail(b, warmer, POINT);
      await complete(await approve(b, warm), warm.hailId);
      await new Promise((r) => setTimeout(r, 1000));
      await cancel(b, warmer, warm.hailId);
      await new Promise((r) => setTimeout(r, 500));

      // 1a. One hail at the point: the nearest HAIL.maxOffers.
      log("one hail…");
      await refreshPresence(database);
      const single = await sendHail(a, clients[0]!, POINT);
      const singleReturn = await approve(a, single);
      const singleTimes = await complete(singleReturn, single.hailId);
      const singleLive = await liveAt(database, single.hailId);
      const singleReached = await reachedUsers(database, single.hailId);
      const singleMissing = await waitArrivals(
        new Map([[single.hailId, singleReached.map((r) => r.user_id)]]),
        10_000,
      );
      const singleLat = singleReached.flatMap((r) => {
        const at = offerArrivals.get(single.hailId)?.get(r.user_id);
        return at === undefined ? [] : [at - singleLive];
      });
      const singleP95 = percentile(singleLat, 95);
      row({
        name: "1 hail: creators reached (nearest, cap)",
        value: singleReached.length,
        unit: "",
        target: `= ${HAIL.maxOffers}`,
        ok: singleReached.length === HAIL.maxOffers,
      });
      row({
        name: "1 hail: streams that missed the offer",
        value: singleMissing,
        unit: "",
        target: "= 0",
        ok: singleMissing === 0,
      });
      row({
        name: "1 hail: live → hail_offer p50",
        value: round(percentile(singleLat, 50)),
        unit: "ms",
      });
      row({
        name: "1 hail: live → hail_offer p95",
        value: round(singleP95),
        unit: "ms",
        target: `≤ ${OFFER_P95_TARGET_MS}`,
        ok: singleP95 <= OFFER_P95_TARGET_MS,
      });
      row({
        name: "1 hail: live → hail_offer max",
        value: round(Math.max(...singleLat)),
        unit: "ms",
      });
      row({
        name: "1 hail: payment return (goes live) took",
        value: singleTimes.answered - singleTimes.sent,
        unit: "ms",
      });

      // What matching costs (GET /api/hails/quote runs the same query a hail goes live with):
      // one at a time, then CLUSTERS at once, as the simultaneous hails below run it.
      const quote = (i: number) => {
        const at = clusterCentre(i % CLUSTERS);
        const q = new URLSearchParams({
          service: "Photography",
          hours: "2",
          lat: String(at.lat),
          lng: String(at.lng),
          radiusMiles: "10",
        });
        const started = performance.now();
        return fetch(`${servers[i % 2]!.url}/api/hails/quote?${q}`, {
          headers: headers(clients[i % clients.length]!),
        }).then(async (r) => {
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`quote answered ${r.status}`);
          return performance.now() - started;
        });
      };
      const quotesAlone: number[] = [];
      for (let i = 0; i < 20; i++) quotesAlone.push(await quote(i));
      const quotesStarted = performance.now();
      await Promise.all(Array.from({ length: CLUSTERS }, (_, i) => quote(i)));
      const quotesAtOnce = performance.now() - quotesStarted;
      row({
        name: "hail quote (the matching query) alone p50",
        value: round(percentile(quotesAlone, 50)),
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} quotes at once: all answered`,
        value: Math.round(quotesAtOnce),
        unit: "ms",
      });

      // 1b. 10 clients, one hail each at a cluster centre, going live at once: 500 streams.
      log(`${CLUSTERS} hails at once…`);
      await refreshPresence(database);
      const many = await Promise.all(
        Array.from({ length: CLUSTERS }, (_, k) =>
          sendHail(servers[k % 2]!, clients[k + 1]!, clusterCentre(k)),
        ),
      );
      const returns = await Promise.all(many.map((h, k) => approve(servers[k % 2]!, h)));
      const manyBefore = await usage(database, servers);
      const manyTimes = await Promise.all(many.map((h, k) => complete(returns[k]!, h.hailId)));
      const expected = new Map<string, string[]>();
      const liveAts = new Map<string, number>();
      for (const h of many) {
        liveAts.set(h.hailId, await liveAt(database, h.hailId));
        expected.set(
          h.hailId,
          (await reachedUsers(database, h.hailId)).map((r) => r.user_id),
        );
      }
      const manyMissing = await waitArrivals(expected, 10_000);
      const manyCost = spent(manyBefore, await usage(database, servers));
      const manyLat: number[] = [];
      const sameLat: number[] = [];
      const otherLat: number[] = [];
      const distinct = new Set<string>();
      many.forEach((h, k) => {
        for (const user of expected.get(h.hailId)!) {
          distinct.add(user);
          const at = offerArrivals.get(h.hailId)?.get(user);
          if (at === undefined) continue;
          const latency = at - liveAts.get(h.hailId)!;
          manyLat.push(latency);
          (streamServer.get(user) === k % 2 ? sameLat : otherLat).push(latency);
        }
      });
      const manyP95 = percentile(manyLat, 95);
      // Each hail's own median: a staircase (fastest ≈ one hail alone, slowest ≈ 10×) says the
      // hails' go-live transactions ran one after another.
      const perHail = many
        .map((h) =>
          percentile(
            [...(offerArrivals.get(h.hailId)?.values() ?? [])].map(
              (at) => at - liveAts.get(h.hailId)!,
            ),
            50,
          ),
        )
        .sort((x, y) => x - y);
      const firstLive = Math.min(...liveAts.values());
      const lastLive = Math.max(...liveAts.values());
      row({
        name: `${CLUSTERS} hails at once: distinct streams reached`,
        value: distinct.size,
        unit: "",
        target: `= ${STREAMING}`,
        ok: distinct.size === STREAMING,
      });
      row({
        name: `${CLUSTERS} hails: streams that missed the offer`,
        value: manyMissing,
        unit: "",
        target: "= 0",
        ok: manyMissing === 0,
      });
      row({
        name: `${CLUSTERS} hails: live → hail_offer p50`,
        value: round(percentile(manyLat, 50)),
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} hails: live → hail_offer p95`,
        value: round(manyP95),
        unit: "ms",
        target: `≤ ${OFFER_P95_TARGET_MS}`,
        ok: manyP95 <= OFFER_P95_TARGET_MS,
      });
      row({
        name: `${CLUSTERS} hails: live → hail_offer max`,
        value: round(Math.max(...manyLat)),
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} hails: per-hail median, fastest hail`,
        value: round(perHail[0]!),
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} hails: per-hail median, slowest hail`,
        value: round(perHail.at(-1)!),
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} hails: p95, stream on the completing server`,
        value: round(percentile(sameLat, 95)),
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} hails: p95, stream on the other server`,
        value: round(percentile(otherLat, 95)),
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} hails: spread of their go-live moments`,
        value: lastLive - firstLive,
        unit: "ms",
      });
      row({
        name: `${CLUSTERS} hails going live → every offer: CPU Node / PostgreSQL`,
        value: Math.round(manyCost.node),
        unit: `ms / ${Math.round(manyCost.postgres)} ms`,
      });
      row({
        name: `${CLUSTERS} hails: payment return p95`,
        value: percentile(
          manyTimes.map((t) => t.answered - t.sent),
          95,
        ),
        unit: "ms",
      });

      // Done with these hails: withdraw them so their expiry does not land in part 3.
      await Promise.all(
        [single, ...many].map((h, i) => cancel(servers[i % 2]!, clients[i]!, h.hailId)),
      );
    }
    if (PARTS.has("race")) {
      // 2. One hail, its 50 creators accept at once through both servers.
      log("50 accepts at once…");
      await refreshPresence(database);
      const racer = clients[CLUSTERS + 1]!;
      const race = await sendHail(a, racer, clusterCentre(0));
      await complete(await approve(a, race), race.hailId);
      const raceReached = await reachedUsers(database, race.hailId);
      const byProfile = new Map(hailCreators.map((c) => [c.profileId!, c]));
      const raceStarted = performance.now();
      const statuses = await Promise.all(
        raceReached.map((r, i) =>
          fetch(`${servers[i % 2]!.url}/api/hail-offers/${race.hailId}/accept`, {
            method: "POST",
            headers: headers(byProfile.get(r.id)!, { "content-type": "application/json" }),
            body: "{}",
          }).then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          }),
        ),
      );
      const raceMs = performance.now() - raceStarted;
      const count = (s: number) => statuses.filter((x) => x === s).length;
      const bookings = await database.db
        .selectFrom("bookings")
        .select("status")
        .where("client_user_id", "=", racer.userId)
        .execute();
      row({
        name: "race: creators accepting at once",
        value: raceReached.length,
        unit: "",
        target: `= ${PER_CLUSTER}`,
        ok: raceReached.length === PER_CLUSTER,
      });
      row({
        name: "race: 200 (winner)",
        value: count(200),
        unit: "",
        target: "= 1",
        ok: count(200) === 1,
      });
      row({
        name: "race: 409 (taken)",
        value: count(409),
        unit: "",
        target: `= ${raceReached.length - 1}`,
        ok: count(409) === raceReached.length - 1,
      });
      row({
        name: "race: bookings made",
        value: bookings.length,
        unit: "",
        target: "= 1",
        ok: bookings.length === 1,
      });
      row({ name: "race: wall time, all answered", value: Math.round(raceMs), unit: "ms" });
    }
    for (const s of streams.splice(0)) s.close();

    if (PARTS.has("heartbeats")) {
      // 3. Search p95 without, then with HEARTBEATERS creators heartbeating.
      const paths = searchPaths(4000);
      // Their browsers have been beating all along: each server has met its creators' sessions
      // (remembered for SESSION_CACHE_SECONDS, 600), as it would in the steady state.
      log(`one heartbeat from each of ${HEARTBEATERS} creators, unmeasured…`);
      // Many at once: a server writes its heartbeats at most once a second (HEARTBEAT_FLUSH_MS),
      // and the seeded rows must not go stale (the sweep) before this pass is done.
      await refreshPresence(database);
      await inBatches(beaters, 250, (creator, k) =>
        heartbeat(servers[k % servers.length]!, creator),
      );
      log(`searching ${BASELINE_SECONDS} s without heartbeats…`);
      await refreshPresence(database);
      const quietBefore = await usage(database, servers);
      const quiet = await searchUntil(a, paths, Date.now() + BASELINE_SECONDS * 1000, 20);
      const quietCost = spent(quietBefore, await usage(database, servers));
      // A heartbeat's own cost: one at a time, nothing else running, each server's a second
      // apart (a heartbeat sooner after another waits for that server's next write).
      const alone: number[] = [];
      for (const [i, creator] of beaters.slice(0, 30).entries()) {
        const started = performance.now();
        await heartbeat(servers[i % 2]!, creator);
        alone.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 550));
      }
      log(`searching ${LOAD_SECONDS} s with ${HEARTBEATERS} creators heartbeating…`);
      await refreshPresence(database);
      const loadDone = heartbeatLoad(servers, beaters, LOAD_SECONDS);
      // The first 3 s open the load's connections; measured after.
      await new Promise((r) => setTimeout(r, 3000));
      const loadedBefore = await usage(database, servers);
      const loaded = await searchUntil(
        a,
        paths.slice(1000),
        Date.now() + (LOAD_SECONDS - 4) * 1000,
      );
      const loadedCost = spent(loadedBefore, await usage(database, servers));
      const beats = await loadDone;
      const ok200 = beats.statuses.get(200) ?? 0;
      const quietP95 = percentile(quiet.times, 95);
      const loadedP95 = percentile(loaded.times, 95);
      row({
        name: `search p50, no heartbeats (${quiet.times.length})`,
        value: round(percentile(quiet.times, 50)),
        unit: "ms",
      });
      row({
        name: "search p95, no heartbeats",
        value: round(quietP95),
        unit: "ms",
        target: `≤ ${SEARCH_P95_TARGET_MS}`,
        ok: quietP95 <= SEARCH_P95_TARGET_MS,
      });
      row({
        name: `search p50, heartbeats (${loaded.times.length})`,
        value: round(percentile(loaded.times, 50)),
        unit: "ms",
      });
      row({
        name: "search p95, heartbeats",
        value: round(loadedP95),
        unit: "ms",
        target: `≤ ${SEARCH_P95_TARGET_MS}`,
        ok: loadedP95 <= SEARCH_P95_TARGET_MS,
      });
      row({
        name: "search p95 with heartbeats ÷ without",
        value: round(loadedP95 / quietP95),
        unit: "×",
        target: `≤ ${HEARTBEAT_SEARCH_RATIO}`,
        ok: loadedP95 / quietP95 <= HEARTBEAT_SEARCH_RATIO,
      });
      row({
        name: "search errors",
        value: quiet.errors + loaded.errors,
        unit: "",
        target: "= 0",
        ok: quiet.errors + loaded.errors === 0,
      });
      // What the heartbeats cost: CPU per second beyond the searches' own (per search, quiet).
      const perSearch = (ms: number) => ms / quiet.times.length;
      const extra = (pick: (c: typeof quietCost) => number) =>
        (pick(loadedCost) - perSearch(pick(quietCost)) * loaded.times.length) / loadedCost.seconds;
      const beatsPerSecond = beats.sent / LOAD_SECONDS;
      row({
        name: "heartbeats: Node CPU per heartbeat (both servers)",
        value: round(extra((c) => c.node) / beatsPerSecond),
        unit: "ms",
      });
      row({
        // Batched writes (one per process a second) cost less than this estimate's noise,
        // which can make it negative: 0 then.
        name: "heartbeats: PostgreSQL CPU per heartbeat (0: below the noise)",
        value: Math.max(0, round(extra((c) => c.postgres) / beatsPerSecond)),
        unit: "ms",
      });
      row({
        name: "WAL flushes per second (whole server), no heartbeats / heartbeats",
        value: round(quietCost.walSyncs / quietCost.seconds),
        unit: `/s / ${round(loadedCost.walSyncs / loadedCost.seconds)}/s`,
      });
      row({
        name: "CPU per search, quiet: Node / PostgreSQL",
        value: round(perSearch(quietCost.node)),
        unit: `ms / ${round(perSearch(quietCost.postgres))} ms`,
      });
      row({ name: `heartbeats sent (${LOAD_SECONDS} s)`, value: beats.sent, unit: "" });
      row({
        name: "heartbeat rate achieved",
        value: round(beats.rate),
        unit: "/s",
        target: `≈ ${round(HEARTBEATERS / PRESENCE.heartbeatSeconds)}`,
      });
      row({
        name: "heartbeat alone (one at a time) p50",
        value: round(percentile(alone, 50)),
        unit: "ms",
      });
      row({
        name: "heartbeat alone (one at a time) p95",
        value: round(percentile(alone, 95)),
        unit: "ms",
      });
      row({
        name: "heartbeat under load p50",
        value: round(percentile(beats.times, 50)),
        unit: "ms",
      });
      row({
        name: "heartbeat under load p95",
        value: round(percentile(beats.times, 95)),
        unit: "ms",
      });
      row({
        name: "heartbeats not 200",
        value: beats.sent - ok200,
        unit: "",
        target: "= 0",
        ok: beats.sent === ok200,
      });
      if (beats.sent !== ok200) log(`heartbeat statuses: ${JSON.stringify([...beats.statuses])}`);
    }
  } catch (error) {
    failed = true;
    console.error("bench hail failed:", error);
  } finally {
    for (const s of streams) s.close();
    searchClient.close();
    heartbeatClient.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    await created.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  printTable(rows);
  const load = os.loadavg().map((v) => v.toFixed(2));
  console.log(
    `\nload average at start ${loadAtStart.join(", ")}, at end ${load.join(", ")} (1, 5, 15 min) on ${os.cpus().length} cores; ${Math.round((Date.now() - benchStarted) / 1000)} s`,
  );
  const correctness = rows.filter((r) => r.ok === false && r.unit !== "ms" && r.unit !== "×");
  const slow = rows.filter((r) => r.ok === false && (r.unit === "ms" || r.unit === "×"));
  if (slow.length)
    console.log(`latency targets missed (not a failure): ${slow.map((r) => r.name).join("; ")}`);
  if (failed || correctness.length) {
    if (correctness.length)
      console.log(`FAILED checks: ${correctness.map((r) => r.name).join("; ")}`);
    process.exitCode = 1;
  }
}

async function cancel(server: BenchServer, client: Person, hailId: string) {
  const response = await fetch(`${server.url}/api/hails/${hailId}/cancel`, {
    method: "POST",
    headers: headers(client, { "content-type": "application/json" }),
    body: "{}",
  });
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`cancel answered ${response.status}`);
}

await main();
