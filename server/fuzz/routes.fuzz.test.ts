import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZErrorResponse } from "../../contracts/errors.ts";
import { createApplication, createPortfolioItem } from "../db/factories.ts";
import { HTTP_STATUS_BY_CODE } from "../platform/errors.ts";
import { ADMITTED, CALLERS, type Caller, signInCallers } from "../test/callers.ts";
import { rowCounts, writeMark } from "../test/row-counts.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { FUZZ_SEED, RUNS_ADMITTED, RUNS_REFUSED } from "./fuzz-settings.ts";
import { type FuzzRequest, type KnownIds, malformedRequests } from "./malformed-requests.ts";
import { operationsOf } from "./operations.ts";
import { sendRaw } from "./send.ts";

// Every operation of the OpenAPI document, sent generated malformed requests by every kind of
// caller: never a 5xx, every 4xx in the one error shape, and a refused request writes nothing.

/** Counters every request may bump (per-address rate limits), whatever its answer. */
const COUNTERS = ["auth_attempts"];

// Each request comes from its own address, so that per-address limits do not answer for the
// route; the limits' own 429 is tested in rate-limit.test.ts. Started here, before the tests
// are collected: they are made from the app's own OpenAPI document.
const app: TestApp = await startTestApp({ TRUST_PROXY: "true" });
const operations = operationsOf(await (await app.fetch("/api/openapi.json")).json());
let cookies: Record<Caller, string | undefined>;
const known: KnownIds = {};
let baseline: Record<string, number>;
/** Taken before the baseline was counted: a later mark one past it means nothing wrote since. */
let mark: bigint;
let sent = 0;

beforeAll(async () => {
  const callers = await signInCallers(app);
  cookies = callers.cookies;
  const { db } = app.database;
  const application = await createApplication(db);
  const item = await createPortfolioItem(db, {
    userId: callers.userIds.creator,
    imagePath: "public/portfolio/fuzz",
  });
  known.id = [application.id, item.id, callers.userIds.creator];
  known.itemId = [item.id];
  known.size = ["thumb", "medium", "large"];
  // Mail of the callers' sign-ups is delivered by the job queue: let it land first.
  await app.deps.jobs.drain();
  mark = await writeMark(db);
  baseline = await rowCounts(db);
});

/** Rows per table now; counted only when some transaction wrote since the last mark. */
async function countsNow() {
  const { db } = app.database;
  const previous = mark;
  mark = await writeMark(db);
  return mark === previous + 1n ? { ...baseline } : rowCounts(db);
}
afterAll(() => app?.close());

async function send(request: FuzzRequest) {
  sent += 1;
  const cookie = cookies[request.caller];
  const body = typeof request.body === "string" ? Buffer.from(request.body) : request.body;
  return sendRaw(app.url, {
    method: request.method,
    url: request.url,
    headers: {
      origin: app.url,
      "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      ...(cookie ? { cookie } : {}),
      ...(request.contentType !== undefined ? { "content-type": request.contentType } : {}),
      ...(body ? { "content-length": String(body.length) } : {}),
    },
    body,
  }).catch((error) => {
    throw new Error(`${describeRequest(request)} failed: ${error}`);
  });
}

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.url.slice(0, 300)} as ${r.caller} (${r.label}, ${r.contentType ?? "no content type"})`;

/** Checks one answer; throws (for fast-check) on a 5xx, a wrong shape or a refused write. */
async function check(request: FuzzRequest) {
  const { status, text } = await send(request);
  const name = describeRequest(request);
  expect(status, `${name} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  // Jobs an accepted request queued (mail) write later; count once they have run.
  await app.deps.jobs.drain();
  const counts = await countsNow();
  if (status < 400) {
    baseline = counts;
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${name} → ${status} answered no JSON: ${text.slice(0, 300)}`);
  }
  const parsed = ZErrorResponse.safeParse(body);
  expect(parsed.success, `${name} → ${status} ${text.slice(0, 300)}`).toBe(true);
  expect(HTTP_STATUS_BY_CODE[parsed.data!.error.code], `${name}: code and status agree`).toBe(
    status,
  );
  for (const table of COUNTERS) counts[table] = baseline[table] ?? 0;
  expect(counts, `${name} → ${status} wrote rows`).toEqual(baseline);
}

describe(`every operation, fuzzed (FUZZ_SEED=${FUZZ_SEED})`, () => {
  for (const operation of operations) {
    const admitted = ADMITTED[operation.access];
    const refused = CALLERS.filter((c) => !admitted.includes(c));
    const runs = (admitted.length ? RUNS_ADMITTED : 0) + (refused.length ? RUNS_REFUSED : 0);
    it(
      `${operation.method} ${operation.path} (${operation.operationId})`,
      async () => {
        for (const [callers, numRuns] of [
          [admitted, RUNS_ADMITTED],
          [refused, RUNS_REFUSED],
        ] as const) {
          if (callers.length === 0) continue;
          try {
            await fc.assert(fc.asyncProperty(malformedRequests(operation, known, callers), check), {
              seed: FUZZ_SEED,
              numRuns,
            });
          } catch (error) {
            throw new Error(
              `Fuzzing failed; replay with FUZZ_SEED=${FUZZ_SEED}.\n${(error as Error).message}\n${String((error as Error).cause)}`,
            );
          }
        }
      },
      30_000 + runs * 2_000,
    );
  }
});
