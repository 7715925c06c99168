export {};

// Messaging at scale, on PostgreSQL (TEST_DATABASE_URL, default the local server): TWO built
// servers (dist/server/main.js, test mode: production requires PayPal) on one fresh scratch database, real HTTP.
// People come from the factories with sessions written straight into the database (no password
// hashing); conversations are opened through the API.
// 1. 200 client–creator pairs, each person holding an event stream (half on each server, the
//    two of a pair on different ones), chat at 20 messages/s in total, each send to the other
//    server than the last: latency from the send's 201 to the `message` event on the OTHER
//    party's stream (target p95 ≤ 100 ms); every message reaches both parties' streams exactly
//    once and in order.
// 2. One creator's stream is cut, 100 clients send them one message each (the per-user rate
//    limit allows 30 a minute), the stream reconnects with Last-Event-ID: time until all 100
//    arrived (target ≤ 500 ms).
// 3. 1,000,000 messages (2,000 conversations of 450 and one of 100,000, interleaved), VACUUM ANALYZE,
//    then GET …/messages (the latest 50) one request at a time (target p95 ≤ 10 ms), and the
//    page query's own time from EXPLAIN ANALYZE.
// Usage: npm run build && npx tsx scripts/bench/messages.ts   (or npm run bench -- messages)
// BENCH_CHAT_SECONDS (default 30) length of the chat; BENCH_MESSAGES_HISTORY_ONLY=1 runs part 3
// alone (no streams, chat or catch-up before it).
process.env.TEST_DB_KIND = "postgres";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const { randomUUID } = await import("node:crypto");
const { rmSync } = await import("node:fs");
const os = await import("node:os");
const path = await import("node:path");
const { openDatabase } = await import("../../server/db/database.ts");
const { createCreator, createUser } = await import("../../server/db/factories.ts");
const { createPostgresTestDatabase } = await import("../../server/test/test-database.ts");
const { freePort } = await import("../../server/test/free-port.ts");
const { startBenchServer } = await import("./bench-server.ts");
const {
  createKeepAliveClient,
  loadAverage,
  mintSessions,
  openEventStream,
  percentile,
  printTable,
} = await import("./lib.ts");
type BenchRow = import("./lib.ts").BenchRow;
type BenchServer = import("./bench-server.ts").BenchServer;
type EventStream = import("./lib.ts").EventStream;
type SseEvent = import("./lib.ts").SseEvent;
type Message = import("../../contracts/messages.ts").Message;
type Database = import("../../server/db/database.ts").Database;

const AUTH_SECRET = "messages-bench-secret-messages-bench-secret";
const PUBLIC_ORIGIN = "https://bench.shutterhail.invalid";
const PAIRS = 200;
const RATE = 20;
const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
const HISTORY_ONLY = process.env.BENCH_MESSAGES_HISTORY_ONLY === "1";
const MISSED = 100;
const HISTORY_CONVERSATIONS = 2000;
const HISTORY_MESSAGES = 1_000_000;
/** Every 10th message of the history goes to the one long conversation. */
const LONG_EVERY = 10;
const HISTORY_REQUESTS = 200;
const DELIVERY_P95_TARGET_MS = 100;
const CATCH_UP_TARGET_MS = 500;
const HISTORY_P95_TARGET_MS = 10;

const rows: (BenchRow & { bench: string })[] = [];
const row = (r: BenchRow) => rows.push({ ...r, bench: "messages" });
/** A count that must be exactly `expected` (a correctness check). */
const exactly = (name: string, value: number, expected: number) =>
  row({ name, value, unit: "", target: `= ${expected}`, ok: value === expected });
/** A time in ms, with its target when it has one. */
const time = (name: string, value: number, target?: number) =>
  row({
    name,
    value: round(value),
    unit: "ms",
    ...(target === undefined ? {} : { target: `≤ ${target}`, ok: value <= target }),
  });
const log = (message: string) => console.error(`bench messages: ${message}`);
const round = (v: number) => Math.round(v * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Person = { userId: string; cookie: string; ip: string; server: number };
type Pair = { client: Person; creator: Person; creatorId: string; conversationId: string };

const headers = (person: Person) => ({
  cookie: person.cookie,
  "x-forwarded-for": person.ip,
  origin: PUBLIC_ORIGIN,
  "content-type": "application/json",
});

async function api(
  server: BenchServer,
  person: Person,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: headers(person),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { response, json: (await response.json()) as Record<string, unknown> };
}

// ── What the streams received ────────────────────────────────────────────────────────────────
/** `${messageId} ${userId}` → when each copy of that message reached that person's stream. */
const arrivals = new Map<string, number[]>();
/** `${userId} ${conversationId}` → the highest seq seen; a lower one is out of order. */
const lastSeq = new Map<string, number>();
let outOfOrder = 0;

function received(userId: string, event: SseEvent) {
  if (event.event !== "message") return;
  const message = JSON.parse(event.data) as Message;
  const key = `${message.id} ${userId}`;
  const copies = arrivals.get(key) ?? [];
  arrivals.set(key, [...copies, event.at]);
  const order = `${userId} ${message.conversationId}`;
  if (!copies.length && message.seq <= (lastSeq.get(order) ?? 0)) outOfOrder += 1;
  lastSeq.set(order, Math.max(message.seq, lastSeq.get(order) ?? 0));
}

const openStream = (servers: BenchServer[], person: Person, lastEventId?: string) =>
  openEventStream(
    `${servers[person.server]!.url}/api/events`,
    {
      cookie: person.cookie,
      "x-forwarded-for": person.ip,
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    },
    (event) => received(person.userId, event),
  );

/** Waits until `keys` all arrived (or `timeoutMs` passed); answers how many did not. */
async function waitFor(keys: string[], timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  const missing = () => keys.filter((k) => !arrivals.has(k)).length;
  while (missing() > 0 && performance.now() < deadline) await sleep(10);
  return missing();
}

// ── Setup ────────────────────────────────────────────────────────────────────────────────────
async function seedPairs(database: Database) {
  const made: { clientId: string; creatorUserId: string; creatorId: string }[] = [];
  for (let i = 0; i < PAIRS; i += 20) {
    made.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const client = await createUser(database.db, { name: `Chat Client ${i + j}` });
          const creator = await createCreator(database.db, { fullName: `Chat Creator ${i + j}` });
          return {
            clientId: client.id,
            creatorUserId: creator.user.id,
            creatorId: creator.profile.id,
          };
        }),
      )),
    );
  }
  const cookies = await mintSessions(
    database.db,
    made.flatMap((m) => [m.clientId, m.creatorUserId]),
    AUTH_SECRET,
  );
  return made.map((m, i) => ({
    // The two of a pair stream from different servers; half the streams on each.
    client: {
      userId: m.clientId,
      cookie: cookies[2 * i]!,
      ip: `10.1.${i >> 8}.${i & 255}`,
      server: i % 2,
    },
    creator: {
      userId: m.creatorUserId,
      cookie: cookies[2 * i + 1]!,
      ip: `10.2.${i >> 8}.${i & 255}`,
      server: (i + 1) % 2,
    },
    creatorId: m.creatorId,
  }));
}

async function openConversation(server: BenchServer, client: Person, creatorId: string) {
  const { response, json } = await api(server, client, "POST", "/conversations", { creatorId });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`opening a conversation answered ${response.status} ${JSON.stringify(json)}`);
  }
  return (json.conversation as { id: string }).id;
}

type Sent = {
  id: string;
  sender: Person;
  recipient: Person;
  /** The server the send went to. */
  via: number;
  started: number;
  accepted: number;
};

/** Sends one message through `server`; answers its id and when the 201 came back. */
async function send(
  servers: BenchServer[],
  via: number,
  sender: Person,
  recipient: Person,
  conversationId: string,
) {
  const id = randomUUID();
  const started = performance.now();
  const response = await fetch(
    `${servers[via]!.url}/api/conversations/${conversationId}/messages`,
    {
      method: "POST",
      headers: headers(sender),
      body: JSON.stringify({ id, body: `Bench message ${id.slice(0, 8)}` }),
    },
  );
  const accepted = performance.now();
  const text = await response.text();
  if (response.status !== 201) throw new Error(`send answered ${response.status} ${text}`);
  return { id, sender, recipient, via, started, accepted } satisfies Sent;
}

// ── 3. History ───────────────────────────────────────────────────────────────────────────────
/** 2,000 more conversations among the pairs' people and one long one; 1,000,000 messages. */
async function seedHistory(database: Database, pairs: Pair[]) {
  // Client i with creators i+1 … i+10 (never their own, never one they already talk to), and
  // client 0 with creator 11: the long one, last.
  const parties = [
    ...pairs.flatMap((p, i) =>
      Array.from({ length: HISTORY_CONVERSATIONS / PAIRS }, (_, d) => ({
        client: p.client,
        creator: pairs[(i + d + 1) % PAIRS]!,
      })),
    ),
    { client: pairs[0]!.client, creator: pairs[11]! },
  ].map((c) => ({ ...c, id: randomUUID() }));
  for (let i = 0; i < parties.length; i += 500) {
    const batch = parties.slice(i, i + 500);
    await database.db
      .insertInto("conversations")
      .values(
        batch.map((c) => ({
          id: c.id,
          client_user_id: c.client.userId,
          creator_profile_id: c.creator.creatorId,
        })),
      )
      .execute();
    await database.db
      .insertInto("conversation_members")
      .values(
        batch.flatMap((c) => [
          { conversation_id: c.id, user_id: c.client.userId, role: "client" },
          { conversation_id: c.id, user_id: c.creator.creator.userId, role: "creator" },
        ]),
      )
      .execute();
  }
  // One statement: message g goes to the long conversation (index 2,000) when g is a multiple
  // of LONG_EVERY, else to conversation (g / LONG_EVERY) mod 2,000; senders alternate.
  await database.pool.query(
    `with h as (
       select (row_number() over (order by ord) - 1)::int as idx, id, client_user_id, creator_user_id
       from unnest($1::uuid[], $2::text[], $3::text[]) with ordinality
         as t(id, client_user_id, creator_user_id, ord))
     insert into messages (id, conversation_id, sender_user_id, body, created_at)
     select gen_random_uuid(), h.id,
       case when g % 2 = 0 then h.client_user_id else h.creator_user_id end,
       'History message ' || g || ': see you at the shoot, bring the reflector.',
       now() - ($4 - g) * interval '1 second'
     from generate_series(1, $4::int) g
     join h on h.idx = case when g % ${LONG_EVERY} = 0 then ${HISTORY_CONVERSATIONS}
                            else (g / ${LONG_EVERY}) % ${HISTORY_CONVERSATIONS} end
     order by g`,
    [
      parties.map((c) => c.id),
      parties.map((c) => c.client.userId),
      parties.map((c) => c.creator.creator.userId),
      HISTORY_MESSAGES,
    ],
  );
  await database.pool.query(
    `update conversations c set last_message_at = l.at
     from (select conversation_id, max(created_at) as at from messages group by 1) l
     where l.conversation_id = c.id`,
  );
  // A settled database: vacuumed and analysed, its dirty pages written, so neither autovacuum
  // nor a checkpoint of the million new rows runs during the measurement.
  await database.pool.query("vacuum analyze");
  await database.pool.query("checkpoint");
  return parties;
}

/** Parts 1 and 2: every person's stream, the chat, then the catch-up of a cut stream. */
async function chatAndCatchUp(
  servers: BenchServer[],
  pairs: Pair[],
  streams: Map<string, EventStream>,
) {
  // For part 2: clients 1…100 each open a conversation with creator 0.
  const victim = pairs[0]!.creator;
  const toVictim = await Promise.all(
    pairs
      .slice(1, MISSED + 1)
      .map((p, i) => openConversation(servers[i % 2]!, p.client, pairs[0]!.creatorId)),
  );

  log(`opening ${2 * PAIRS} event streams, half on each server…`);
  const people = pairs.flatMap((p) => [p.client, p.creator]);
  for (let i = 0; i < people.length; i += 50) {
    const batch = people.slice(i, i + 50);
    const opened = await Promise.all(batch.map((p) => openStream(servers, p)));
    for (const [j, p] of batch.entries()) streams.set(p.userId, opened[j]!);
  }

  // Warm-up: each server sends a few messages (lazy modules, plans, pools), unmeasured.
  for (let k = 0; k < 10; k++) {
    const p = pairs[PAIRS - 1 - k]!;
    await send(servers, k % 2, p.client, p.creator, p.conversationId);
  }
  await sleep(1000);

  // 1. The chat: an open loop (a slow answer does not delay the next send), pair k mod 200,
  //    client and creator taking turns, servers alternating.
  const total = RATE * CHAT_SECONDS;
  log(`chatting: ${total} messages over ${CHAT_SECONDS} s…`);
  const started = performance.now();
  const inFlight: Promise<Sent | Error>[] = [];
  for (let k = 0; k < total; k++) {
    const wait = started + (k * 1000) / RATE - performance.now();
    if (wait > 1) await sleep(wait);
    const p = pairs[k % PAIRS]!;
    const [from, to] = Math.floor(k / PAIRS) % 2 ? [p.creator, p.client] : [p.client, p.creator];
    inFlight.push(send(servers, k % 2, from, to, p.conversationId).catch((e: Error) => e));
  }
  const outcomes = await Promise.all(inFlight);
  const achievedRate = total / ((performance.now() - started) / 1000);
  const sent = outcomes.filter((o): o is Sent => !(o instanceof Error));
  const errors = outcomes.filter((o) => o instanceof Error);
  if (errors.length)
    log(
      `send errors: ${errors
        .slice(0, 3)
        .map((e) => e.message)
        .join("; ")}`,
    );
  const expected = sent.flatMap((s) => [
    `${s.id} ${s.recipient.userId}`,
    `${s.id} ${s.sender.userId}`,
  ]);
  const lost = await waitFor(expected, 10_000);
  const duplicated = expected.reduce(
    (n, k) => n + Math.max(0, (arrivals.get(k)?.length ?? 0) - 1),
    0,
  );
  const latency = (s: Sent, from: number) =>
    arrivals.get(`${s.id} ${s.recipient.userId}`)![0]! - from;
  const delivered = sent.filter((s) => arrivals.has(`${s.id} ${s.recipient.userId}`));
  const fromAccepted = delivered.map((s) => Math.max(0, latency(s, s.accepted)));
  const beforeAccepted = delivered.filter((s) => latency(s, s.accepted) < 0).length;
  const fromStarted = delivered.map((s) => latency(s, s.started));
  exactly("chat: messages sent (201)", sent.length, total);
  row({
    name: "chat: send rate achieved",
    value: round(achievedRate),
    unit: "/s",
    target: `≈ ${RATE}`,
  });
  time(
    "chat: send round trip p95",
    percentile(
      sent.map((s) => s.accepted - s.started),
      95,
    ),
  );
  exactly("chat: lost (either party's stream)", lost, 0);
  exactly("chat: duplicated", duplicated, 0);
  exactly("chat: out of order", outOfOrder, 0);
  time("chat: 201 → other party's stream p50", percentile(fromAccepted, 50));
  time(
    "chat: 201 → other party's stream p95",
    percentile(fromAccepted, 95),
    DELIVERY_P95_TARGET_MS,
  );
  time("chat: 201 → other party's stream p99", percentile(fromAccepted, 99));
  time("chat: 201 → other party's stream max", Math.max(...fromAccepted));
  row({ name: "chat: delivered before the 201 came back", value: beforeAccepted, unit: "" });
  time("chat: send started → delivered p95", percentile(fromStarted, 95));
  for (const same of [true, false]) {
    const where = delivered.filter((s) => (s.recipient.server === s.via) === same);
    time(
      `chat: p95, recipient on the ${same ? "sending" : "other"} server`,
      percentile(
        where.map((s) => Math.max(0, latency(s, s.accepted))),
        95,
      ),
    );
  }

  // 2. Catch-up: creator 0's stream is cut, 100 clients write to them, it reconnects.
  log(`catch-up: ${MISSED} messages to a cut stream…`);
  await sleep(500);
  const cut = streams.get(victim.userId)!;
  const lastEventId = cut.lastEventId();
  cut.close();
  const missed: Sent[] = [];
  for (let i = 0; i < MISSED; i += 20) {
    missed.push(
      ...(await Promise.all(
        toVictim
          .slice(i, i + 20)
          .map((c, j) => send(servers, (i + j) % 2, pairs[i + j + 1]!.client, victim, c)),
      )),
    );
  }
  const keys = missed.map((s) => `${s.id} ${victim.userId}`);
  const reconnected = performance.now();
  streams.set(victim.userId, await openStream(servers, victim, lastEventId));
  const missing = await waitFor(keys, 5000);
  const caughtUp = Math.max(...keys.flatMap((k) => arrivals.get(k) ?? [])) - reconnected;
  const twice = keys.filter((k) => (arrivals.get(k)?.length ?? 0) > 1).length;
  exactly(`catch-up: ${MISSED} missed messages received`, MISSED - missing, MISSED);
  exactly("catch-up: received twice", twice, 0);
  time("catch-up: reconnect → all received", caughtUp, CATCH_UP_TARGET_MS);
  for (const s of streams.values()) s.close();
  streams.clear();
}

type History = Awaited<ReturnType<typeof seedHistory>>;
type Get = (
  url: string,
  headers: Record<string, string>,
) => Promise<{ status: number; json: unknown }>;

/**
 * One GET at a time (after 20 unmeasured), alternating servers; each check()s its answer. With
 * several clients, each makes every request in turn (the same load for all of them).
 */
async function timeGets(
  servers: BenchServer[],
  pick: (r: number) => History[number],
  url: (c: History[number]) => string,
  check: (json: unknown) => boolean,
  gets: Get[],
) {
  const times = gets.map((): number[] => []);
  let wrong = 0;
  for (let r = -20; r < HISTORY_REQUESTS; r++) {
    const c = pick(r + 20);
    for (const [i, get] of gets.entries()) {
      const t0 = performance.now();
      const { status, json } = await get(
        `${servers[(r + 20) % 2]!.url}${url(c)}`,
        headers(c.client),
      );
      if (r >= 0) times[i]!.push(performance.now() - t0);
      if (status !== 200 || !check(json)) wrong += 1;
    }
  }
  return { times, wrong };
}

/** Part 3: 1,000,000 messages, then the latest page one request at a time. */
async function historyPart(database: Database, servers: BenchServer[], pairs: Pair[]) {
  // 3. History: 1,000,000 messages, then the latest page one request at a time.
  log(`writing ${HISTORY_MESSAGES.toLocaleString()} messages…`);
  const seedStarted = performance.now();
  const history = await seedHistory(database, pairs);
  log(`history written and analysed in ${Math.round((performance.now() - seedStarted) / 1000)} s`);
  const { rows: count } = await database.pool.query<{ n: string }>(
    "select count(*) as n from messages",
  );
  const pick = (r: number) =>
    r % 10 === 0 ? history.at(-1)! : history[(r * 7919) % HISTORY_CONVERSATIONS]!;
  const latest = (c: History[number]) => `/api/conversations/${c.id}/messages`;
  const fifty = (json: unknown) => (json as { messages: unknown[] }).messages.length === 50;
  const lean = createKeepAliveClient();
  const viaFetch: Get = async (url, headers) => {
    const response = await fetch(url, { headers });
    return { status: response.status, json: await response.json() };
  };
  // Each page also through Node's fetch, as this bench measured it before.
  const pages = await timeGets(servers, pick, latest, fifty, [lean.get, viaFetch]);
  const [times, fetched] = pages.times as [number[], number[]];
  // The floor of any signed-in GET here: a session lookup and one small query.
  const floor = await timeGets(
    servers,
    pick,
    () => "/api/hails/current",
    () => true,
    [lean.get],
  );
  lean.close();
  const sqlTimes: number[] = [];
  for (let r = 0; r < 20; r++) {
    const { rows: plan } = await database.pool.query(
      `explain (analyze, format json)
       select * from messages where conversation_id = $1 order by seq desc limit 51`,
      [pick(r).id],
    );
    sqlTimes.push((plan[0]["QUERY PLAN"] as { "Execution Time": number }[])[0]!["Execution Time"]);
  }
  const inDatabase = Number(count[0]!.n);
  row({
    name: "history: messages in the database",
    value: inDatabase,
    unit: "",
    target: `≥ ${HISTORY_MESSAGES.toLocaleString()}`,
    ok: inDatabase >= HISTORY_MESSAGES,
  });
  exactly("history: answers not 200 (or not 50 messages)", pages.wrong + floor.wrong, 0);
  time(`history: latest 50 over HTTP p50 (${times.length})`, percentile(times, 50));
  time("history: latest 50 over HTTP p95", percentile(times, 95), HISTORY_P95_TARGET_MS);
  time("history: latest 50, Node's fetch as the client, p50", percentile(fetched, 50));
  time("history: latest 50, Node's fetch as the client, p95", percentile(fetched, 95));
  time("history: signed-in floor, GET /api/hails/current p95", percentile(floor.times[0]!, 95));
  for (const [name, value] of [
    ["p50", percentile(sqlTimes, 50)],
    ["max", Math.max(...sqlTimes)],
  ] as const) {
    row({
      name: `history: page query, EXPLAIN ANALYZE ${name}`,
      value: Math.round(value * 1000),
      unit: "µs",
    });
  }
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────
async function main() {
  const benchStarted = Date.now();
  const loadAtStart = loadAverage();
  const created = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: "postgres", url: created.url });
  const servers: BenchServer[] = [];
  const dataDirs: string[] = [];
  const streams = new Map<string, EventStream>();
  let failed = false;
  try {
    log(`seeding ${PAIRS} clients and ${PAIRS} creators…`);
    const seeded = await seedPairs(database);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = path.join(os.tmpdir(), `shutterhail-bench-messages-${port}`);
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
            // Production refuses to start without PayPal; nothing here pays.
            NODE_ENV: "test",
          },
          port,
          // Mail stays in the outbox: a dead SMTP address would retry every mail meanwhile.
          { mail: "outbox" },
        ),
      );
    }
    log("opening conversations through the API…");
    const pairs: Pair[] = [];
    for (let i = 0; i < seeded.length; i += 20) {
      const batch = seeded.slice(i, i + 20);
      const ids = await Promise.all(
        batch.map((p, j) => openConversation(servers[(i + j) % 2]!, p.client, p.creatorId)),
      );
      pairs.push(...batch.map((p, j) => ({ ...p, conversationId: ids[j]! })));
    }
    if (!HISTORY_ONLY) await chatAndCatchUp(servers, pairs, streams);
    await historyPart(database, servers, pairs);
  } catch (error) {
    failed = true;
    console.error("bench messages failed:", error);
  } finally {
    for (const s of streams.values()) s.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    await created.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  printTable(rows);
  console.log(
    `\nat start ${loadAtStart}; at end ${loadAverage()}; ${Math.round((Date.now() - benchStarted) / 1000)} s`,
  );
  const correctness = rows.filter((r) => r.ok === false && r.unit !== "ms");
  const slow = rows.filter((r) => r.ok === false && r.unit === "ms");
  if (slow.length)
    console.log(`latency targets missed (not a failure): ${slow.map((r) => r.name).join("; ")}`);
  if (failed || correctness.length) {
    if (correctness.length)
      console.log(`FAILED checks: ${correctness.map((r) => r.name).join("; ")}`);
    process.exitCode = 1;
  }
}

await main();
