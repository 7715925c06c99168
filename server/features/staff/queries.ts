import { type Kysely, sql } from "kysely";
import type { AdminNotification } from "../../../contracts/admin-notifications.ts";
import type { DB } from "../../db/schema.ts";
import type { StaffAction } from "./audit.ts";

export type AdminAccess = { role: string; lastLoginAt: string | null };

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export async function findActiveAdmin(
  db: Kysely<DB>,
  userId: string,
): Promise<AdminAccess | undefined> {
  const row = await db
    .selectFrom("admin_users")
    .select(["role", "last_login_at"])
    .where("user_id", "=", userId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  return row && { role: row.role, lastLoginAt: iso(row.last_login_at) };
}

/** Sets last_login_at to now for an active admin; undefined when the user is not one. */
export async function touchAdminLogin(
  db: Kysely<DB>,
  userId: string,
): Promise<AdminAccess | undefined> {
  const row = await db
    .updateTable("admin_users")
    .set({ last_login_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("is_active", "=", true)
    .returning(["role", "last_login_at"])
    .executeTakeFirst();
  return row && { role: row.role, lastLoginAt: iso(row.last_login_at) };
}

export async function upsertAdmin(db: Kysely<DB>, userId: string, role: string): Promise<void> {
  await db
    .insertInto("admin_users")
    .values({ user_id: userId, role, is_active: true })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ role, is_active: true }))
    .execute();
}

export async function deactivateAdmin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const result = await db
    .updateTable("admin_users")
    .set({ is_active: false })
    .where("user_id", "=", userId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type NewNotification = { kind: string; title: string; body?: string; link?: string | null };

/**
 * Holds, until the transaction ends, the right to add a notification of `kind` about `link`,
 * and says whether one with the same kind, link and body is already there.
 */
export async function lockSameNotification(
  trx: Kysely<DB>,
  input: NewNotification,
): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext(${`admin-notification:${input.kind}:${input.link ?? ""}`}))`.execute(
    trx,
  );
  const same = await trx
    .selectFrom("admin_notifications")
    .select("id")
    .where("kind", "=", input.kind)
    .where("link", input.link ? "=" : "is", input.link ?? null)
    .where("body", "=", input.body ?? "")
    .executeTakeFirst();
  return Boolean(same);
}

export async function insertNotification(
  db: Kysely<DB>,
  input: NewNotification,
): Promise<AdminNotification> {
  const row = await db
    .insertInto("admin_notifications")
    .values({
      kind: input.kind,
      title: input.title,
      body: input.body ?? "",
      link: input.link ?? null,
    })
    .returning(["id", "kind", "title", "body", "link", "created_at"])
    .executeTakeFirstOrThrow();
  return { ...row, createdAt: iso(row.created_at)!, read: false };
}

export async function listNotifications(
  db: Kysely<DB>,
  userId: string,
  limit: number,
): Promise<AdminNotification[]> {
  const rows = await db
    .selectFrom("admin_notifications as n")
    .leftJoin("admin_notification_reads as r", (join) =>
      join.onRef("r.notification_id", "=", "n.id").on("r.user_id", "=", userId),
    )
    .select(["n.id", "n.kind", "n.title", "n.body", "n.link", "n.created_at", "r.read_at"])
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: iso(r.created_at)!,
    read: r.read_at !== null,
  }));
}

export async function countUnread(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("admin_notifications as n")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("admin_notification_reads as r")
            .select("r.notification_id")
            .whereRef("r.notification_id", "=", "n.id")
            .where("r.user_id", "=", userId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function markRead(db: Kysely<DB>, userId: string, ids?: string[]): Promise<void> {
  if (ids && ids.length === 0) return;
  let source = db
    .selectFrom("admin_notifications")
    .select(["id as notification_id", sql<string>`${userId}::text`.as("user_id")]);
  if (ids) source = source.where("id", "in", ids);
  await db
    .insertInto("admin_notification_reads")
    .columns(["notification_id", "user_id"])
    .expression(source)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Bookings that paid a fee, and the fees: admin reads bookings until that domain exists. */

export async function insertStaffAction(trx: Kysely<DB>, a: StaffAction, at: Date) {
  await trx
    .insertInto("staff_audit_log")
    .values({
      actor_user_id: a.actorUserId,
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      reason: a.reason ?? null,
      details: JSON.stringify(a.details ?? {}),
      created_at: at,
    })
    .execute();
}
