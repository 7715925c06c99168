import type { CreateBookingResponse } from "../../../contracts/bookings.ts";
import { BOOKING_JOBS } from "../../features/bookings/job-names.ts";
import { DELIVERY_JOBS } from "../../features/delivery/jobs.ts";
import { CHECK_ORDERS_JOB } from "../../features/payments/jobs.ts";
import { PAYPAL_WEBHOOK_PATH } from "../../features/payments/routes.ts";
import { SETTLE_BOOKING_JOB } from "../../features/payments/settle.ts";
import { PAYOUT_JOBS } from "../../features/payouts/jobs.ts";
import { act, type Party } from "../../test/bookings.ts";
import type { FailureKind, FakeOperation } from "../../test/fake-paypal/server.ts";
import type { WebhookDelivery } from "../../test/fake-paypal/webhooks.ts";
import { everyJob, queuedJobs } from "../../test/money-model-readers.ts";
import { jsonRequest } from "../../test/sessions.ts";
import type { World } from "./world.ts";

// How the model acts on the world: as the client's browser at PayPal, as PayPal (settling,
// taking money back, sending webhooks in any order, more than once), and as the job queue on
// the model's clock (due jobs, retries, every job once more).

export type Real = {
  world: World;
  /** This run's client (a client holds at most 3 unpaid bookings: each run has its own). */
  client: Party;
  bookings: string[];
  /** Webhooks PayPal has sent and we have not yet received (or answered 5xx). */
  pool: WebhookDelivery[];
  /** Webhooks received once (PayPal may send them again). */
  delivered: WebhookDelivery[];
  /** Queued jobs the model ran to the end itself. */
  ranJobs: Set<string>;
};

/** Queues run by their own job rows (one per booking or settlement). */
const QUEUED = [
  SETTLE_BOOKING_JOB,
  BOOKING_JOBS.expirePayment,
  BOOKING_JOBS.expireRequest,
  BOOKING_JOBS.remainderDue,
  BOOKING_JOBS.remainderDeadline,
  BOOKING_JOBS.complete,
  DELIVERY_JOBS.autoAccept,
];
/** The periodic sweeps, run at the model's time. */
const CRONS = [BOOKING_JOBS.sweep, CHECK_ORDERS_JOB, PAYOUT_JOBS.run];

export type PayOutcome =
  | "approve"
  | "cancel"
  | "instrument_declined"
  | "declined"
  | "pending"
  | "server_error"
  | "server_error_after_acting";

/** Collects what PayPal announced since the last step. */
export function collectWebhooks(real: Real) {
  real.pool.push(...real.world.fake.takeOutbox());
}

/** The buyer at PayPal: approves (or cancels) on the page; the fault hits the completion. */
export async function checkout(
  real: Real,
  order: CreateBookingResponse["order"],
  outcome: PayOutcome,
  operation: FakeOperation,
) {
  const href = order.links.find((l) => l.rel === "approve")?.href;
  if (!href) return;
  const page = await fetch(href + (outcome === "cancel" ? "&cancel=1" : ""), {
    redirect: "manual",
  });
  const back = page.headers.get("location");
  if (page.status !== 302 || !back) return; // an expired order: PayPal's page says so
  if (outcome !== "approve" && outcome !== "cancel") {
    const kind: FailureKind = outcome;
    const applies = kind !== "instrument_declined" || operation !== "capture";
    if (applies) real.world.fake.failNext(operation, kind);
  }
  await fetch(back, { redirect: "manual" });
}

/** POST /api/bookings/{id}/{pay|approve-remainder} as the client, then PayPal's page. */
export async function pay(
  real: Real,
  bookingId: string,
  what: "pay" | "approve-remainder",
  outcome: PayOutcome,
) {
  const response = await act(real.world.app, real.client, bookingId, what);
  if (response.status !== 200) return;
  const { order } = (await response.json()) as { order: CreateBookingResponse["order"] };
  const holds = real.world.fake.capabilities.authCapture;
  const operation = what === "approve-remainder" && holds ? "authorize" : "captureOrder";
  await checkout(real, order, outcome, operation);
}

export async function postWebhook(real: Real, delivery: WebhookDelivery) {
  const response = await real.world.fake.post(
    `${real.world.app.url}${PAYPAL_WEBHOOK_PATH}`,
    delivery,
  );
  return response.status;
}

/** A job run by the model; a failure is the job's own retry's business. */
async function runJob(real: Real, name: string, data: object) {
  try {
    await real.world.app.deps.jobs.run(name, data, real.world.now());
    return true;
  } catch {
    return false;
  }
}

/**
 * What the queue would run by now on the model's clock: the jobs due (and those waiting for a
 * retry: their backoff is counted in real seconds), then the sweeps.
 */
export async function runDue(real: Real) {
  const { app } = real.world;
  await app.deps.jobs.drain();
  for (const job of await queuedJobs(app, QUEUED)) {
    if (real.ranJobs.has(job.id) || job.state === "active") continue;
    if (job.state === "created" && job.startAfter > real.world.now()) continue;
    if (await runJob(real, job.name, job.data)) real.ranJobs.add(job.id);
  }
  for (const name of CRONS) await runJob(real, name, {});
  await app.deps.jobs.drain();
}

/** Every job ever queued runs once more (a retry after a crash, a duplicate delivery). */
export async function rerunEveryJob(real: Real) {
  for (const job of await everyJob(real.world.app, QUEUED)) {
    await runJob(real, job.name, job.data);
  }
  await real.world.app.deps.jobs.drain();
}

/** Sends every webhook waiting, oldest first; answers how many PayPal must send again. */
export async function deliverAll(real: Real) {
  collectWebhooks(real);
  const waiting = real.pool.splice(0);
  for (const delivery of waiting) {
    if ((await postWebhook(real, delivery)) >= 500) real.pool.push(delivery);
    else real.delivered.push(delivery);
  }
}

/** The PENDING authorizations and captures PayPal has not decided yet. */
export function pendingAtFake(real: Real) {
  const { state } = real.world.fake;
  return [...state.captures.values(), ...state.authorizations.values()]
    .filter((o) => o.status === "PENDING")
    .map((o) => o.id);
}

/** Captures with money left to take back (a chargeback, a refund in PayPal's dashboard). */
export function refundableAtFake(real: Real) {
  const { fake } = real.world;
  return [...fake.state.captures.values()]
    .map((c) => ({
      id: c.id,
      left: c.amountCents - c.refundIds.reduce((t, id) => t + fake.refund(id).amountCents, 0),
      status: c.status,
    }))
    .filter((c) => ["COMPLETED", "PARTIALLY_REFUNDED"].includes(c.status) && c.left > 0);
}

/** Lets the world come to rest: PayPal decides, webhooks land, time passes, jobs finish. */
export async function settleEverything(real: Real, outcome: "COMPLETED" | "DENIED") {
  for (let round = 0; round < 3; round++) {
    for (const id of pendingAtFake(real)) real.world.fake.settle(id, outcome);
    await deliverAll(real);
    real.world.advance(16 * 60_000);
    await runDue(real);
    await retryFailedJobs(real);
    await deliverAll(real);
  }
}

/** Jobs that failed or wait for a retry run again now. */
async function retryFailedJobs(real: Real) {
  for (const job of await queuedJobs(real.world.app, QUEUED)) {
    if (job.state !== "retry" && job.state !== "failed") continue;
    if (await runJob(real, job.name, job.data)) real.ranJobs.add(job.id);
  }
}

export function creatorAct(real: Real, bookingId: string, action: string, body?: unknown) {
  return act(real.world.app, real.world.parties.creator, bookingId, action, body);
}

/** The creator delivers (a video link) and the client accepts the delivery. */
export async function deliverAndAccept(real: Real, bookingId: string) {
  const { app, parties } = real.world;
  const base = `/api/bookings/${bookingId}/delivery`;
  const cookie = parties.creator.cookie;
  await app.fetch(
    `${base}/video`,
    jsonRequest("PUT", { videoUrl: "https://example.com/session.mp4" }, cookie),
  );
  await app.fetch(`${base}/deliver`, jsonRequest("POST", {}, cookie));
  await app.fetch(`${base}/accept`, jsonRequest("POST", {}, real.client.cookie));
}
