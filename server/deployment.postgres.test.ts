import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./db/database.ts";
import { createCreator, createUser, uniqueEmail } from "./db/factories.ts";
import { FleetClient, HeldStream } from "./test/deployment/client.ts";
import {
  AppProcess,
  Balancer,
  bundleServer,
  ports,
  waitUntil,
} from "./test/deployment/processes.ts";
import * as check from "./test/deployment/queries.ts";
import { createPostgresTestDatabase } from "./test/test-database.ts";

// docs/deploy.md's setup, run: two web processes and one worker behind HAProxy
// (deploy/haproxy.cfg as it is) on a fresh PostgreSQL database. Clients book, pay in the
// sandbox, message and hold event streams open through the balancer while each web process
// is restarted in turn (SIGTERM) and the worker is killed (SIGKILL) and started again.
// Afterwards: no acknowledged write lost, no request failed (retries carried the same
// idempotency key), every stream resumed with Last-Event-ID and missed nothing, and every job
// ran once in effect: each booking's deposit captured once, refunded once.

const PAIRS = 5;
const STARTUP_MS = 120_000;
/** Each pair's rounds are at least this far apart: 30 messages a minute is the send limit. */
const ROUND_MS = 2100;
/** Bookings a client may create in 10 minutes (the create limit is 30). */
const BOOKINGS_PER_CLIENT = 25;
const PASSWORD = "deploy test password 1";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Pair = {
  client: FleetClient;
  creator: FleetClient;
  clientId: string;
  creatorUserId: string;
  creatorId: string;
  conversationId: string;
  bookings: string[];
  messages: string[];
};

async function signIn(client: FleetClient, email: string) {
  const answer = await client.send("sign in", "POST", "/api/auth/sign-in/email", {
    json: { email, password: PASSWORD },
  });
  expect(answer?.status, answer?.body).toBe(200);
  const setCookie = answer!.headers["set-cookie"] ?? [];
  client.cookie = setCookie.map((c) => c.split(";")[0]).join("; ");
}

/** One round: book, pay the deposit in the sandbox, say something, the creator declines. */
async function round(pair: Pair, n: number) {
  const { client, creator } = pair;
  if (pair.bookings.length < BOOKINGS_PER_CLIENT) {
    const key = randomUUID();
    const day = String(1 + (n % 28)).padStart(2, "0");
    const created = await client.send("book", "POST", "/api/bookings", {
      json: {
        creatorId: pair.creatorId,
        date: `2031-${String(1 + Math.floor(n / 28)).padStart(2, "0")}-${day}`,
        startTime: "10:00",
        hours: 1,
        location: "1 Ocean Dr, Miami, FL 33139",
      },
      headers: { "Idempotency-Key": key },
    });
    expect(created?.status, created?.body).toBe(201);
    const { booking, order } = JSON.parse(created!.body);
    pair.bookings.push(booking.id);
    const href = order.links.find((l: { rel: string }) => l.rel === "approve").href;
    const approved = await client.send("approve in the sandbox", "POST", href, {
      form: { action: "approve", outcome: "approve" },
    });
    expect(approved?.status).toBe(303);
    const landing = await client.send(
      "return from the sandbox",
      "GET",
      approved!.headers.location!,
    );
    expect(landing?.headers.location).toContain("payment=approved");
    await decline(creator, booking.id);
  }
  const id = randomUUID();
  const sent = await client.send(
    "message",
    "POST",
    `/api/conversations/${pair.conversationId}/messages`,
    {
      json: { id, body: `round ${n}` },
    },
  );
  expect([200, 201]).toContain(sent?.status);
  pair.messages.push(id);
}

/**
 * A decline carries no idempotency key: it is a conditional step. A retry answered 409 is
 * checked against the booking: already declined means the first attempt took effect.
 */
async function decline(creator: FleetClient, bookingId: string) {
  const answer = await creator.send("decline", "POST", `/api/bookings/${bookingId}/decline`, {
    json: {},
  });
  if (answer?.status === 409) {
    const read = await creator.send("read booking", "GET", `/api/bookings/${bookingId}`);
    expect(JSON.parse(read!.body).booking.status).toBe("declined");
    return;
  }
  expect(answer?.status, answer?.body).toBe(200);
}

it(
  "keeps every write, stream event and job through rolling restarts behind HAProxy",
  async () => {
    const began = Date.now();
    const phases: string[] = [];
    const mark = (phase: string) =>
      phases.push(`${phase} ${((Date.now() - began) / 1000).toFixed(1)} s`);
    const target = await createPostgresTestDatabase();
    cleanups.push(() => target.drop());
    const database = await openDatabase({ kind: "postgres", url: target.url });
    cleanups.push(() => database.close());

    const [lbPort, web1Port, web2Port, workerPort] = await ports(4);
    // One secret for all: a session signed by one process must be good on every other.
    const env = {
      AUTH_SECRET: randomBytes(32).toString("base64"),
      PAYMENT_DATA_KEY: randomBytes(32).toString("base64"),
      DATABASE_URL: target.url,
      PUBLIC_ORIGIN: `http://127.0.0.1:${lbPort}`,
      TRUST_PROXY: "true",
      DATABASE_POOL_SIZE: "4",
    };
    const script = await bundleServer();
    const web = [
      new AppProcess("web", web1Port!, env, script),
      new AppProcess("web", web2Port!, env, script),
    ];
    const worker = new AppProcess("worker", workerPort!, env, script);
    for (const p of [...web, worker]) cleanups.push(() => p.dispose());
    await Promise.all([...web, worker].map((p) => p.start(STARTUP_MS)));
    expect((await fetch(`${worker.url}/api/bookings`)).status).toBe(404);
    expect(await (await fetch(`${worker.url}/api/ready`)).json()).toMatchObject({ role: "worker" });
    const balancer = await Balancer.start(lbPort!, web, STARTUP_MS);
    cleanups.push(() => balancer.stop());
    mark("started");

    const pairs: Pair[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const clientUser = await createUser(database.db, {
        email: uniqueEmail("dc"),
        password: PASSWORD,
      });
      const creatorUser = await createUser(database.db, {
        email: uniqueEmail("dp"),
        password: PASSWORD,
      });
      const { profile } = await createCreator(database.db, {
        userId: creatorUser.id,
        hourlyRateCents: 10_000,
      });
      const client = new FleetClient(balancer.url, `127.0.0.${10 + i * 2}`);
      const creator = new FleetClient(balancer.url, `127.0.0.${11 + i * 2}`);
      cleanups.push(
        () => client.close(),
        () => creator.close(),
      );
      await signIn(client, clientUser.email);
      await signIn(creator, creatorUser.email);
      const opened = await client.send("open conversation", "POST", "/api/conversations", {
        json: { creatorId: profile.id },
      });
      expect([200, 201]).toContain(opened?.status);
      pairs.push({
        client,
        creator,
        clientId: clientUser.id,
        creatorUserId: creatorUser.id,
        creatorId: profile.id,
        conversationId: JSON.parse(opened!.body).conversation.id,
        bookings: [],
        messages: [],
      });
    }
    const streams = pairs.flatMap((p) => [
      { userId: p.clientId, stream: new HeldStream(p.client) },
      { userId: p.creatorUserId, stream: new HeldStream(p.creator) },
    ]);
    await waitUntil("every stream to start", 10_000, async () =>
      streams.every((s) => s.stream.startedAt !== undefined),
    );

    // Load: every pair goes round until told to stop.
    let loading = true;
    const load = pairs.map(async (pair) => {
      for (let n = 0; loading; n++) {
        const started = Date.now();
        await round(pair, n);
        await new Promise((r) => setTimeout(r, Math.max(0, ROUND_MS - (Date.now() - started))));
      }
    });

    // The worker killed mid-flight first (a job it was running waits out its heartbeat and
    // retry delay meanwhile), then the rolling restart of the web processes.
    await new Promise((r) => setTimeout(r, 1500));
    await worker.stop("SIGKILL");
    await worker.start(STARTUP_MS);
    mark("worker restarted");
    const exits: (number | null)[] = [];
    for (const process of web) {
      await new Promise((r) => setTimeout(r, 1500));
      exits.push(await process.stop("SIGTERM"));
      mark("web stopped");
      await process.start(STARTUP_MS);
      mark("web restarted");
    }
    // Two more rounds each on the restarted fleet.
    await new Promise((r) => setTimeout(r, 2 * ROUND_MS));
    loading = false;
    await Promise.all(load);
    mark("load stopped");
    expect(exits).toEqual([0, 0]);

    // Every job the load caused runs on the restarted worker.
    let waiting: check.WaitingJob[] = [];
    await waitUntil("the worker to finish every due job", 90_000, async () => {
      waiting = await check.jobsWaiting(database.db);
      return waiting.length === 0;
    }).catch((error) => {
      const detail = `${phases.join(", ")}: ${JSON.stringify(waiting)}\n${worker.output}`;
      throw new Error(`${(error as Error).message} (${detail})`);
    });
    mark("jobs done");

    // No request failed; retried ones are listed.
    const parties = pairs.flatMap((p) => [p.client, p.creator]);
    expect(parties.flatMap((p) => p.failed)).toEqual([]);
    const retried = parties.flatMap((p) => p.retried);

    // No acknowledged write lost.
    const bookings = pairs.flatMap((p) => p.bookings);
    const messages = pairs.flatMap((p) => p.messages);
    expect(bookings.length).toBeGreaterThanOrEqual(PAIRS * 4);
    expect(await check.bookingStatuses(database.db, bookings)).toEqual(
      Object.fromEntries(bookings.map((id) => [id, "declined"])),
    );
    expect(await check.existingMessages(database.db, messages)).toEqual(new Set(messages));

    // Every job ran once in effect: one capture and one refund per booking, one settlement each.
    const ledger = await check.ledgerLines(database.db, bookings);
    for (const id of bookings) expect(ledger.get(id)).toEqual(["deposit_capture", "refund"]);
    const settlements = await check.settlementJobs(database.db);
    expect(settlements.filter((j) => j.state !== "completed")).toEqual([]);
    expect(settlements.map((j) => j.bookingId).sort()).toEqual([...bookings].sort());

    // Every stream resumed through the balancer and missed nothing, in order, nothing twice.
    await waitUntil("every stream to catch up", 20_000, async () => {
      for (const s of streams) {
        const expected = await check.eventsFor(database.db, s.userId, s.stream.startedAt!);
        const seen = new Set(s.stream.ids);
        if (!expected.every((id) => seen.has(id))) return false;
      }
      return true;
    });
    for (const s of streams) {
      await s.stream.stop();
      const last = s.stream.ids.at(-1) ?? 0;
      const expected = await check.eventsFor(database.db, s.userId, s.stream.startedAt!, last);
      expect(s.stream.ids).toEqual(expected);
      expect(s.stream.resets).toBe(0);
      expect(s.stream.reconnects).toBeGreaterThanOrEqual(1);
    }

    const pickup = await check.jobPickupMs(database.db);
    console.info(
      `deployment test: ${bookings.length} bookings, ${messages.length} messages, ` +
        `${streams.reduce((n, s) => n + s.stream.ids.length, 0)} stream events; ` +
        `${retried.length} requests retried (${retried.map((r) => `${r.operation}: ${r.causes.join(", ")}`).join("; ") || "none"}); ` +
        `stream reconnects ${streams.map((s) => s.stream.reconnects).join("/")}; ` +
        `settlement enqueued → started p50 ${pickup.p50} ms, p95 ${pickup.p95} ms, ` +
        `${settlements.filter((j) => j.retryCount > 0).length} retried after the kill; ${phases.join(", ")}`,
    );
  },
  10 * 60_000,
);
