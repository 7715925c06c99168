import type { Kysely } from "kysely";
import type { PushKind } from "../../../contracts/push.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { pushMessage, queuePush } from "./push.ts";
import {
  markGroupRead,
  type NewNotification,
  toNotification,
  unreadCount,
  upsertNotification,
} from "./queries.ts";

/** The notifications that also reach the person's devices by push (issue 25). */
const PUSHED_KINDS: Partial<Record<NewNotification["kind"], PushKind>> = {
  booking_requested: "booking_requested",
  booking_accepted: "booking_accepted",
  booking_declined: "booking_declined",
  message: "message",
};

/**
 * The one way any domain tells a person something happened: a row in their notification
 * centre (grouped by `groupKey` while unread), a live event to their open tabs and, for the
 * kinds that matter away from a screen, a push to their devices. Call it in the transaction of
 * the change it announces; it publishes, so call it last (migration 060).
 */
export async function notify(deps: AppDeps, n: NewNotification, trx?: Kysely<DB>): Promise<void> {
  const db = trx ?? deps.database.db;
  const row = await upsertNotification(db, n, deps.now());
  const pushKind = PUSHED_KINDS[n.kind];
  if (pushKind) {
    const message = pushMessage(pushKind, {
      url: n.link,
      tag: n.groupKey ?? `${n.kind}:${row.id}`,
    });
    await queuePush(deps, { userId: n.userId, message }, db);
  }
  await deps.realtime.publish(
    REALTIME_TOPICS.notifications,
    { notification: toNotification(row), unreadCount: await unreadCount(db, n.userId) },
    { userId: n.userId },
    db,
  );
}

/**
 * Marks the user's unread notification of a group read (e.g. a conversation's new-message
 * notification once they read the conversation) and tells their tabs. Publishes: call it last.
 */
export async function readGroup(
  deps: AppDeps,
  userId: string,
  groupKey: string,
  trx?: Kysely<DB>,
): Promise<void> {
  const db = trx ?? deps.database.db;
  const read = await markGroupRead(db, userId, groupKey, deps.now());
  if (!read) return;
  await deps.realtime.publish(
    REALTIME_TOPICS.notifications,
    { notification: toNotification(read), unreadCount: await unreadCount(db, userId) },
    { userId },
    db,
  );
}
