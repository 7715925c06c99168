import type { Selectable } from "kysely";
import { type Kysely, sql } from "kysely";
import type { Notification, NotificationKind } from "../../../contracts/notifications.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { DB, Notifications } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";

export type NotificationRow = Selectable<Notifications>;

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** Notifications with the same key are one while unread: a new one updates it, count + 1. */
  groupKey?: string;
};

/** Adds a notification, or folds it into the user's unread one of the same group. */
export async function upsertNotification(
  db: Kysely<DB>,
  n: NewNotification,
  now: Date,
): Promise<NotificationRow> {
  const values = {
    user_id: n.userId,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    group_key: n.groupKey ?? null,
    created_at: now,
    updated_at: now,
  };
  if (!n.groupKey) {
    return db.insertInto("notifications").values(values).returningAll().executeTakeFirstOrThrow();
  }
  return db
    .insertInto("notifications")
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(["user_id", "group_key"])
        .where("read_at", "is", null)
        .where("group_key", "is not", null)
        .doUpdateSet({
          title: (eb) => eb.ref("excluded.title"),
          body: (eb) => eb.ref("excluded.body"),
          link: (eb) => eb.ref("excluded.link"),
          count: sql`notifications.count + 1`,
          updated_at: (eb) => eb.ref("excluded.updated_at"),
        }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

const unreadCountQuery = compiledOnce((db: Kysely<DB>, userId: string) =>
  db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null),
);

export async function unreadCount(db: Kysely<DB>, userId: string): Promise<number> {
  const [row] = await unreadCountQuery(db, userId);
  return Number(row?.n ?? 0);
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    count: row.count,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Marks the user's unread notification of a group read; the row, or undefined when none. */
export async function markGroupRead(
  db: Kysely<DB>,
  userId: string,
  groupKey: string,
  now: Date,
): Promise<NotificationRow | undefined> {
  return db
    .updateTable("notifications")
    .set({ read_at: now })
    .where("user_id", "=", userId)
    .where("group_key", "=", groupKey)
    .where("read_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** One page of the user's notifications, newest updated first, after the row `beforeId`. */
export async function listNotifications(
  db: Kysely<DB>,
  userId: string,
  beforeId: string | null,
  limit: number,
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (beforeId) {
    // Compared in SQL: the timestamps keep their full precision.
    query = query.where(
      sql<boolean>`(updated_at, id) < (select b.updated_at, b.id from notifications b where b.id = ${beforeId})`,
    );
  }
  return query.execute();
}

export async function findNotification(
  db: Kysely<DB>,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Marks one of the user's notifications read (kept as it was when already read). */
export async function markRead(
  db: Kysely<DB>,
  userId: string,
  id: string,
  now: Date,
): Promise<NotificationRow | undefined> {
  return db
    .updateTable("notifications")
    .set({ read_at: sql`coalesce(read_at, ${now})` })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

/** Marks all the user's unread notifications read; answers how many were. */
export async function markAllRead(db: Kysely<DB>, userId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: now })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type PreferencesRow = { read_receipts: boolean; mail_opt_outs: string[] };

const preferencesQuery = compiledOnce((db: Kysely<DB>, userId: string) =>
  db
    .selectFrom("user_preferences")
    .select(["read_receipts", "mail_opt_outs"])
    .where("user_id", "=", userId),
);

export async function findPreferences(
  db: Kysely<DB>,
  userId: string,
): Promise<PreferencesRow | undefined> {
  const [preferences] = await preferencesQuery(db, userId);
  return preferences;
}

export async function savePreferences(
  db: Kysely<DB>,
  userId: string,
  prefs: PreferencesRow,
  now: Date,
): Promise<void> {
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, ...prefs, updated_at: now })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        read_receipts: prefs.read_receipts,
        mail_opt_outs: prefs.mail_opt_outs,
        updated_at: now,
      }),
    )
    .execute();
}

/** Adds one category to the user's mail opt-outs (once). */
export async function addMailOptOut(
  db: Kysely<DB>,
  userId: string,
  category: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, mail_opt_outs: [category], updated_at: now })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        mail_opt_outs: sql`case when ${category} = any(user_preferences.mail_opt_outs)
          then user_preferences.mail_opt_outs
          else array_append(user_preferences.mail_opt_outs, ${category}::text) end`,
        updated_at: now,
      }),
    )
    .execute();
}

/** The account a mail address belongs to, if any. */
export async function findUserIdByEmail(db: Kysely<DB>, email: string): Promise<string | null> {
  const row = await db
    .selectFrom(userRows.as("user"))
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function userExists(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom(userRows.as("user"))
    .select("id")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}
