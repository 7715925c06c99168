import { type Kysely, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { ConversationRole } from "../../../contracts/messages.ts";
import type { DB } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import { presenceRows } from "../availability/presence-fragments.ts";
import { bookingRows } from "../bookings/booking-fragments.ts";
import { activityRows } from "../events/activity-fragments.ts";
import { preferenceRows } from "../notifications/preference-fragments.ts";
import {
  creatorProfileRows,
  displayNameSql,
  listedSql,
} from "../profiles/listed-creator-fragments.ts";

type Db = Kysely<DB>;

/** The caller's side of a conversation and the other party's: who, pointers, blocks. */
export type Membership = {
  conversationId: string;
  role: ConversationRole;
  lastReadSeq: number;
  blockedAt: Date | null;
  otherUserId: string;
  otherLastReadSeq: number;
  otherBlockedAt: Date | null;
  /** The other party shows read receipts (their setting; on without one). */
  otherShowsReceipts: boolean;
  clientUserId: string;
  creatorProfileId: string;
  clientName: string;
  creatorName: string;
};

/** The caller's membership of a conversation, or undefined when they are not a participant. */
export async function findMembership(
  db: Db,
  conversationId: string,
  userId: string,
  lock = false,
): Promise<Membership | undefined> {
  let query = db
    .selectFrom("conversation_members as m")
    .innerJoin("conversations as c", "c.id", "m.conversation_id")
    .innerJoin("conversation_members as o", (j) =>
      j.onRef("o.conversation_id", "=", "m.conversation_id").onRef("o.user_id", "<>", "m.user_id"),
    )
    .innerJoin(creatorProfileRows.as("p"), "p.id", "c.creator_profile_id")
    .innerJoin(userRows.as("cu"), "cu.id", "c.client_user_id")
    .leftJoin(preferenceRows.as("op"), "op.user_id", "o.user_id")
    .select([
      "m.conversation_id as conversationId",
      sql<ConversationRole>`m.role`.as("role"),
      "m.last_read_seq as lastReadSeq",
      "m.blocked_at as blockedAt",
      "o.user_id as otherUserId",
      "o.last_read_seq as otherLastReadSeq",
      "o.blocked_at as otherBlockedAt",
      sql<boolean>`coalesce(op.read_receipts, true)`.as("otherShowsReceipts"),
      "c.client_user_id as clientUserId",
      "c.creator_profile_id as creatorProfileId",
      "cu.name as clientName",
      displayNameSql.as("creatorName"),
    ])
    .where("m.conversation_id", "=", conversationId)
    .where("m.user_id", "=", userId);
  if (lock) query = query.forUpdate("m");
  return query.executeTakeFirst();
}

/** A listed creator's profile and user. */
export async function findListedCreator(db: Db, profileId: string) {
  return db
    .selectFrom(creatorProfileRows.as("p"))
    .select(["p.id", "p.user_id"])
    .where("p.id", "=", profileId)
    .where(listedSql)
    .executeTakeFirst();
}

export async function findClientBooking(
  db: Db,
  bookingId: string,
  clientUserId: string,
  creatorProfileId: string,
) {
  return db
    .selectFrom(bookingRows.as("bookings"))
    .select("id")
    .where("id", "=", bookingId)
    .where("client_user_id", "=", clientUserId)
    .where("creator_profile_id", "=", creatorProfileId)
    .executeTakeFirst();
}

/** A booking's client and creator (the creator by profile and by user). */
export async function findBookingPair(db: Db, bookingId: string) {
  return db
    .selectFrom(bookingRows.as("b"))
    .innerJoin(creatorProfileRows.as("p"), "p.id", "b.creator_profile_id")
    .select([
      "b.client_user_id as clientUserId",
      "b.creator_profile_id as creatorProfileId",
      "p.user_id as creatorUserId",
    ])
    .where("b.id", "=", bookingId)
    .executeTakeFirst();
}

/** Inserts the pair's conversation unless it exists; returns the id and whether it is new. */
export async function insertConversation(
  db: Db,
  c: { clientUserId: string; creatorProfileId: string; creatorUserId: string; now: Date },
): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto("conversations")
    .values({
      client_user_id: c.clientUserId,
      creator_profile_id: c.creatorProfileId,
      created_at: c.now,
    })
    .onConflict((oc) => oc.columns(["client_user_id", "creator_profile_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) {
    await db
      .insertInto("conversation_members")
      .values([
        {
          conversation_id: inserted.id,
          user_id: c.clientUserId,
          role: "client",
          created_at: c.now,
        },
        {
          conversation_id: inserted.id,
          user_id: c.creatorUserId,
          role: "creator",
          created_at: c.now,
        },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { id: inserted.id, created: true };
  }
  const existing = await db
    .selectFrom("conversations")
    .select("id")
    .where("client_user_id", "=", c.clientUserId)
    .where("creator_profile_id", "=", c.creatorProfileId)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export async function setContextBooking(db: Db, conversationId: string, bookingId: string) {
  await db
    .updateTable("conversations")
    .set({ context_booking_id: bookingId })
    .where("id", "=", conversationId)
    .execute();
}

export type ConversationRow = {
  id: string;
  myRole: ConversationRole;
  lastReadSeq: number;
  blockedAt: Date | null;
  otherBlockedAt: Date | null;
  otherName: string;
  otherImage: string | null;
  creatorId: string | null;
  online: boolean | null;
  lastBody: string | null;
  lastSenderRole: ConversationRole | null;
  lastAttachmentCount: number | null;
  lastCreatedAt: Date | null;
  unreadCount: number;
  bookingId: string | null;
  bookingStatus: string | null;
  bookingStart: Date | null;
  bookingLocation: string | null;
  timeZone: string;
};

/**
 * The user's conversations from their side, newest activity first, in one query: the other
 * party, their online state, the last message, the unread count and the context booking.
 * `conversationId` narrows it to one.
 */
export async function listConversations(
  db: Db,
  userId: string,
  online: { creatorsSeenSince: Date; clientsActiveSince: Date },
  conversationId?: string,
): Promise<ConversationRow[]> {
  const { rows } = await sql<ConversationRow>`
    select c.id, m.role as "myRole", m.last_read_seq as "lastReadSeq",
      m.blocked_at as "blockedAt", o.blocked_at as "otherBlockedAt",
      case when m.role = 'client' then ${displayNameSql} else cu.name end as "otherName",
      case when m.role = 'client' then p.avatar_path else cu.image end as "otherImage",
      case when m.role = 'client' then p.id end as "creatorId",
      case when m.role = 'client'
        then coalesce(p.available_now and cp.last_seen_at >= ${online.creatorsSeenSince}, false)
        else coalesce(ua.last_active_at >= ${online.clientsActiveSince}, false)
      end as online,
      lm.body as "lastBody",
      case when lm.sender_user_id is null then null
        when lm.sender_user_id = c.client_user_id then 'client' else 'creator' end
        as "lastSenderRole",
      lm.attachment_count as "lastAttachmentCount",
      lm.created_at as "lastCreatedAt",
      (select count(*)::int from messages x
        where x.conversation_id = c.id and x.seq > m.last_read_seq
          and x.sender_user_id <> m.user_id) as "unreadCount",
      b.id as "bookingId", b.status as "bookingStatus", b.start_time as "bookingStart",
      b.location as "bookingLocation", p.time_zone as "timeZone"
    from conversation_members m
    join conversations c on c.id = m.conversation_id
    join conversation_members o on o.conversation_id = m.conversation_id and o.user_id <> m.user_id
    join ${creatorProfileRows} p on p.id = c.creator_profile_id
    join ${userRows} cu on cu.id = c.client_user_id
    left join ${presenceRows} cp on cp.profile_id = p.id
    left join ${activityRows} ua on ua.user_id = c.client_user_id
    left join ${bookingRows} b on b.id = c.context_booking_id
    left join lateral (
      select x.body, x.sender_user_id, x.created_at,
        (select count(*)::int from message_attachments a where a.message_id = x.id)
          as attachment_count
      from messages x where x.conversation_id = c.id order by x.seq desc limit 1
    ) lm on true
    where m.user_id = ${userId}
      ${conversationId ? sql`and m.conversation_id = ${conversationId}` : sql``}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id`.execute(db);
  return rows;
}

/** Messages from the other party the user has not read, over all their conversations. */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n
    from conversation_members m
    join messages x on x.conversation_id = m.conversation_id
      and x.seq > m.last_read_seq and x.sender_user_id <> m.user_id
    where m.user_id = ${userId}`.execute(db);
  return rows[0]?.n ?? 0;
}

export type MessageRow = {
  id: string;
  seq: number;
  conversation_id: string;
  sender_user_id: string;
  body: string;
  created_at: Date;
};

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A page of messages, newest first, before `beforeSeq` (keyset on (conversation_id, seq)). */
/** A page of messages, newest first, each with its attachments (one query: the hot path). */
export async function listMessagesPage(
  db: Db,
  conversationId: string,
  limit: number,
  beforeSeq?: number,
): Promise<(MessageRow & { attachments: AttachmentRow[] })[]> {
  let query = db
    .selectFrom("messages as m")
    .selectAll("m")
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("message_attachments as a")
          .select(["a.id", "a.message_id", "a.width", "a.height"])
          .whereRef("a.message_id", "=", "m.id")
          .orderBy("a.position"),
      ).as("attachments"),
    )
    .where("m.conversation_id", "=", conversationId)
    .orderBy("m.seq", "desc")
    .limit(limit);
  if (beforeSeq !== undefined) query = query.where("m.seq", "<", beforeSeq);
  return query.execute();
}

/** One row per message of `readMessagesPage` (newest first); each repeats the caller's side. */
export type PageRow = {
  lastReadSeq: number;
  otherLastReadSeq: number;
  otherShowsReceipts: boolean;
  clientUserId: string;
  clientName: string;
  creatorName: string;
  /** False when `before` was given and is not a message of this conversation. */
  beforeFound: boolean;
  /** The message's columns: null on the one row of an empty page. */
  id: string | null;
  seq: number;
  conversation_id: string;
  sender_user_id: string;
  body: string;
  created_at: Date;
  /** Null when the message has none (nothing for the driver to parse). */
  attachments: Pick<AttachmentRow, "id" | "width" | "height">[] | null;
};

/**
 * The messages screen's read in one round trip (the hot path): the caller's membership and a
 * page of `limit` messages, newest first, before the message `before` if given. No row: the
 * caller is not a participant. The limit is a literal: prepared (decision 025), the statement
 * then keeps PostgreSQL's generic plan, planned once per connection (with the limit a parameter
 * the generic plan reads a tenth of the conversation, so PostgreSQL plans every call afresh).
 */
export async function readMessagesPage(
  db: Db,
  userId: string,
  conversationId: string,
  limit: number,
  before?: string,
): Promise<PageRow[]> {
  const beforeSeq = sql`(select b.seq from messages b
    where b.id = ${before ?? null}::uuid and b.conversation_id = m.conversation_id)`;
  const { rows } = await sql<PageRow>`
    select m.last_read_seq as "lastReadSeq", o.last_read_seq as "otherLastReadSeq",
      coalesce(op.read_receipts, true) as "otherShowsReceipts",
      c.client_user_id as "clientUserId", cu.name as "clientName",
      ${displayNameSql} as "creatorName",
      ${before === undefined ? sql`true` : sql`${beforeSeq} is not null`} as "beforeFound",
      x.id, x.seq, x.conversation_id, x.sender_user_id, x.body, x.created_at, x.attachments
    from conversation_members m
    join conversations c on c.id = m.conversation_id
    join conversation_members o on o.conversation_id = m.conversation_id and o.user_id <> m.user_id
    join ${creatorProfileRows} p on p.id = c.creator_profile_id
    join ${userRows} cu on cu.id = c.client_user_id
    left join ${preferenceRows} op on op.user_id = o.user_id
    left join lateral (
      select x.id, x.seq, x.conversation_id, x.sender_user_id, x.body, x.created_at,
        (select json_agg(json_build_object('id', a.id, 'width', a.width, 'height', a.height)
          order by a.position) from message_attachments a where a.message_id = x.id)
          as attachments
      from messages x
      where x.conversation_id = m.conversation_id
        ${before === undefined ? sql`` : sql`and x.seq < ${beforeSeq}`}
      order by x.seq desc
      limit ${sql.lit(limit)}
    ) x on true
    where m.conversation_id = ${conversationId} and m.user_id = ${userId}
    order by x.seq desc`.execute(db);
  return rows;
}

export type AttachmentRow = {
  id: string;
  message_id: string | null;
  width: number;
  height: number;
};

/** The attachments of the given messages, in their order. */
export async function listAttachments(db: Db, messageIds: string[]): Promise<AttachmentRow[]> {
  if (!messageIds.length) return [];
  return db
    .selectFrom("message_attachments")
    .select(["id", "message_id", "width", "height"])
    .where("message_id", "in", messageIds)
    .orderBy("message_id")
    .orderBy("position")
    .execute();
}

export async function insertMessage(
  db: Db,
  m: { id: string; conversationId: string; senderUserId: string; body: string; now: Date },
): Promise<MessageRow | undefined> {
  return db
    .insertInto("messages")
    .values({
      id: m.id,
      conversation_id: m.conversationId,
      sender_user_id: m.senderUserId,
      body: m.body,
      created_at: m.now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Attaches the uploader's unsent attachment to a message at `position`; false if not one. */
export async function attachToMessage(
  db: Db,
  a: {
    attachmentId: string;
    conversationId: string;
    uploaderUserId: string;
    messageId: string;
    position: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("message_attachments")
    .set({ message_id: a.messageId, position: a.position })
    .where("id", "=", a.attachmentId)
    .where("conversation_id", "=", a.conversationId)
    .where("uploader_user_id", "=", a.uploaderUserId)
    .where("message_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function touchConversation(db: Db, conversationId: string, at: Date) {
  await db
    .updateTable("conversations")
    .set({ last_message_at: at })
    .where("id", "=", conversationId)
    .execute();
}

/**
 * Moves the member's read pointer forward to `seq` (never back, never past the conversation's
 * newest message); returns the pointer and whether it moved.
 */
export async function advanceReadPointer(
  db: Db,
  conversationId: string,
  userId: string,
  seq: number,
): Promise<{ lastReadSeq: number; moved: boolean }> {
  const newest = sql<number>`(select coalesce(max(x.seq), 0) from messages x
    where x.conversation_id = ${conversationId})`;
  const updated = await db
    .updateTable("conversation_members")
    .set({ last_read_seq: sql`greatest(last_read_seq, least(${seq}::bigint, ${newest}))` })
    .where("conversation_id", "=", conversationId)
    .where("user_id", "=", userId)
    .where(sql<boolean>`last_read_seq < least(${seq}::bigint, ${newest})`)
    .returning("last_read_seq")
    .executeTakeFirst();
  if (updated) return { lastReadSeq: updated.last_read_seq, moved: true };
  const current = await db
    .selectFrom("conversation_members")
    .select("last_read_seq")
    .where("conversation_id", "=", conversationId)
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { lastReadSeq: current.last_read_seq, moved: false };
}

/** Whether the user shows read receipts (on unless they turned it off). */
export async function showsReadReceipts(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom(preferenceRows.as("user_preferences"))
    .select("read_receipts")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.read_receipts ?? true;
}

export async function setBlocked(db: Db, conversationId: string, userId: string, at: Date | null) {
  await db
    .updateTable("conversation_members")
    .set({ blocked_at: at })
    .where("conversation_id", "=", conversationId)
    .where("user_id", "=", userId)
    .execute();
}

export async function userName(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom(userRows.as("user"))
    .select("name")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.name;
}

export async function insertAttachment(
  db: Db,
  a: {
    conversationId: string;
    uploaderUserId: string;
    imageKey: string;
    width: number;
    height: number;
    now: Date;
  },
) {
  return db
    .insertInto("message_attachments")
    .values({
      conversation_id: a.conversationId,
      uploader_user_id: a.uploaderUserId,
      image_key: a.imageKey,
      width: a.width,
      height: a.height,
      created_at: a.now,
    })
    .returning(["id", "width", "height"])
    .executeTakeFirstOrThrow();
}

/** An attachment the user may see: sent in the conversation, or their own unsent upload. */
export async function findVisibleAttachment(
  db: Db,
  conversationId: string,
  attachmentId: string,
  userId: string,
) {
  return db
    .selectFrom("message_attachments")
    .select("image_key")
    .where("id", "=", attachmentId)
    .where("conversation_id", "=", conversationId)
    .where((eb) => eb.or([eb("message_id", "is not", null), eb("uploader_user_id", "=", userId)]))
    .executeTakeFirst();
}

/** Removes unsent attachments uploaded before `cutoff`; returns their storage keys. */
export async function deleteUnsentAttachments(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .deleteFrom("message_attachments")
    .where("message_id", "is", null)
    .where("created_at", "<", cutoff)
    .returning("image_key")
    .execute();
  return rows.map((r) => r.image_key);
}

export async function insertReport(
  db: Db,
  r: { conversationId: string; reporterUserId: string; reason: string; now: Date },
) {
  return db
    .insertInto("conversation_reports")
    .values({
      conversation_id: r.conversationId,
      reporter_user_id: r.reporterUserId,
      reason: r.reason,
      created_at: r.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** A report with its conversation's parties, for staff. */
export async function findReport(db: Db, reportId: string) {
  return db
    .selectFrom("conversation_reports as r")
    .innerJoin("conversations as c", "c.id", "r.conversation_id")
    .innerJoin(creatorProfileRows.as("p"), "p.id", "c.creator_profile_id")
    .innerJoin(userRows.as("cu"), "cu.id", "c.client_user_id")
    .innerJoin(userRows.as("ru"), "ru.id", "r.reporter_user_id")
    .select([
      "r.id",
      "r.reason",
      "r.created_at as createdAt",
      "r.resolved_at as resolvedAt",
      "ru.name as reporterName",
      "c.id as conversationId",
      "c.client_user_id as clientUserId",
      "cu.name as clientName",
      displayNameSql.as("creatorName"),
      "p.id as creatorId",
    ])
    .where("r.id", "=", reportId)
    .executeTakeFirst();
}

/** A member with messages from the other party the digest should mail about. */
export type DigestCandidate = {
  conversationId: string;
  userId: string;
  email: string;
  lastReadSeq: number;
  lastMailedAt: Date | null;
};

/**
 * Members with a message from the other party unread since `sentBefore` or earlier, newer than
 * their last mail about the conversation, and not mailed about it since `mailedBefore`.
 */
export async function listDigestCandidates(
  db: Db,
  c: { sentBefore: Date; mailedBefore: Date; limit: number },
): Promise<DigestCandidate[]> {
  const { rows } = await sql<DigestCandidate>`
    select m.conversation_id as "conversationId", m.user_id as "userId", u.email,
      m.last_read_seq as "lastReadSeq", m.last_mailed_at as "lastMailedAt"
    from conversation_members m
    join ${userRows} u on u.id = m.user_id
    where (m.last_mailed_at is null or m.last_mailed_at <= ${c.mailedBefore})
      and exists (
        select 1 from messages x
        where x.conversation_id = m.conversation_id and x.seq > m.last_read_seq
          and x.sender_user_id <> m.user_id
          and x.created_at <= ${c.sentBefore}
          and (m.last_mailed_at is null or x.created_at > m.last_mailed_at)
      )
    order by m.conversation_id, m.user_id
    limit ${c.limit}`.execute(db);
  return rows;
}

/** Claims the member's digest: true for exactly one caller while its last mail is unchanged. */
export async function claimDigest(db: Db, candidate: DigestCandidate, now: Date) {
  const result = await db
    .updateTable("conversation_members")
    .set({ last_mailed_at: now })
    .where("conversation_id", "=", candidate.conversationId)
    .where("user_id", "=", candidate.userId)
    .where((eb) =>
      candidate.lastMailedAt === null
        ? eb("last_mailed_at", "is", null)
        : eb("last_mailed_at", "=", candidate.lastMailedAt),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member's unread messages from the other party sent after `since`, oldest first. */
export async function listUnreadFromOther(
  db: Db,
  m: { conversationId: string; userId: string; afterSeq: number; since: Date | null },
  limit: number,
): Promise<MessageRow[]> {
  let query = db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", m.conversationId)
    .where("seq", ">", m.afterSeq)
    .where("sender_user_id", "<>", m.userId);
  if (m.since) query = query.where("created_at", ">", m.since);
  return query.orderBy("seq").limit(limit).execute();
}
