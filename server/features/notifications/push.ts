import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  PUSH_ENDPOINT_REFUSED,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  PUSH_TEXTS,
  type PushDevice,
  type PushKind,
  type PushMessage,
  type ZPushSubscribeRequest,
} from "../../../contracts/push.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { isPushServiceEndpoint, sendPush } from "../../platform/push.ts";
import * as q from "./push-queries.ts";

// A person's devices (Web Push subscriptions) and the pushes sent to them (docs/push.md).
// Pushes go through the job queue: queued in the transaction of the change they announce, so
// one is sent exactly when that change commits, and a push service's outage is retried.

export const PUSH_JOB = "notifications.push";

/** A hail offer is worth nothing after its hail closes; anything else keeps a day. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

export type PushJob = {
  userId: string;
  message: Omit<PushMessage, "sentAt">;
  /** The push service keeps it for an offline device until then (default: a day). */
  expiresAt?: string;
  urgency?: "normal" | "high";
};

const toDevice = (row: q.PushSubscriptionRow): PushDevice => ({
  id: row.id,
  device: row.device,
  endpoint: row.endpoint,
  createdAt: row.created_at.toISOString(),
  lastSentAt: row.last_sent_at?.toISOString() ?? null,
});

export function pushKey(deps: AppDeps) {
  return { publicKey: deps.config.push.vapid.publicKey };
}

/** Saves this device for the caller (again: harmless; another person's device: now theirs). */
export async function subscribePush(
  deps: AppDeps,
  userId: string,
  input: z.output<typeof ZPushSubscribeRequest>,
) {
  if (!isPushServiceEndpoint(deps.config.push, input.endpoint)) {
    throw new AppError("validation_failed", PUSH_ENDPOINT_REFUSED);
  }
  const row = await q.upsertPushSubscription(
    deps.database.db,
    { userId, endpoint: input.endpoint, ...input.keys, device: input.device },
    deps.now(),
  );
  return { device: toDevice(row) };
}

export async function listPushDevices(deps: AppDeps, userId: string) {
  return { devices: (await q.listPushSubscriptions(deps.database.db, userId)).map(toDevice) };
}

export async function removePushDevice(deps: AppDeps, userId: string, id: string) {
  if (!(await q.deletePushSubscription(deps.database.db, userId, id))) {
    throw new AppError("not_found", PUSH_SUBSCRIPTION_NOT_FOUND);
  }
}

/**
 * Queues a push to every device of `job.userId`, in the transaction of what it announces (no
 * job at all for someone with no device).
 */
export async function queuePush(deps: AppDeps, job: PushJob, trx?: Kysely<DB>) {
  const db = trx ?? deps.database.db;
  if (!(await q.hasPushSubscription(db, job.userId))) return;
  await deps.jobs.send(PUSH_JOB, job, { executor: db, priority: 1 });
}

/**
 * queuePush for many people at once (a hail reaching 50 creators): one lookup of who has a
 * device, not one each.
 */
export async function queuePushes(deps: AppDeps, jobs: readonly PushJob[], trx?: Kysely<DB>) {
  const db = trx ?? deps.database.db;
  const reachable = await q.usersWithPushSubscriptions(
    db,
    jobs.map((job) => job.userId),
  );
  for (const job of jobs) {
    if (reachable.has(job.userId)) {
      await deps.jobs.send(PUSH_JOB, job, { executor: db, priority: 1 });
    }
  }
}

/** The generic texts of `kind`, never the in-app notification's own (names, previews). */
export function pushMessage(
  kind: PushKind,
  fields: Omit<PushMessage, "kind" | "title" | "body" | "sentAt">,
): Omit<PushMessage, "sentAt"> {
  return { kind, ...PUSH_TEXTS[kind], ...fields };
}

/**
 * The job: encrypts and posts the message to each of the user's devices. A device the push
 * service no longer knows (404/410) is deleted; a hail offer whose hail has closed meanwhile is
 * not sent. Another failure fails the job after trying every device (the queue retries it; a
 * device that got it replaces it by its tag).
 */
export async function deliverPush(deps: AppDeps, job: PushJob, now: Date) {
  const expiresAt = job.expiresAt
    ? new Date(job.expiresAt)
    : new Date(now.getTime() + DEFAULT_TTL_SECONDS * 1000);
  const ttlSeconds = Math.floor((expiresAt.getTime() - now.getTime()) / 1000);
  if (ttlSeconds <= 0) return;
  const db = deps.database.db;
  const payload: PushMessage = { ...job.message, sentAt: now.toISOString() };
  const failures: unknown[] = [];
  for (const sub of await q.listPushSubscriptions(db, job.userId)) {
    try {
      const outcome = await sendPush(deps.config.push, sub, payload, {
        ttlSeconds,
        urgency: job.urgency ?? "normal",
        topic: job.message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(-32),
      });
      if (outcome === "gone") await q.deletePushEndpoint(db, sub.id, sub.endpoint);
      else await q.markPushSent(db, sub.id, now);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) {
    throw new AggregateError(failures, `push to ${failures.length} device(s) failed`);
  }
}

export function definePushJobs(deps: AppDeps) {
  deps.jobs.define<PushJob>({
    name: PUSH_JOB,
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryDelayMaxSeconds: 10 * 60,
    expireInSeconds: 120,
    handler: (data, { now }) => deliverPush(deps, data, now),
  });
}
