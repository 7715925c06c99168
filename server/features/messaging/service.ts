import type { Kysely } from "kysely";
import { BOOKING_NOT_FOUND } from "../../../contracts/bookings.ts";
import { MESSAGES, PRESENCE } from "../../../contracts/constants.ts";
import {
  CONVERSATION_NOT_FOUND,
  type Conversation,
  type ConversationsResponse,
  MESSAGE_SELF,
} from "../../../contracts/messages.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import * as q from "./queries.ts";
import { toConversation } from "./view.ts";

export const notFound = () => new AppError("not_found", CONVERSATION_NOT_FOUND);

/** The caller's membership of the conversation; 404 for anyone who is not a participant. */
export async function requireMember(
  deps: Pick<AppDeps, "database">,
  userId: string,
  conversationId: string,
  db: Kysely<DB> = deps.database.db,
  lock = false,
): Promise<q.Membership> {
  const membership = await q.findMembership(db, conversationId, userId, lock);
  if (!membership) throw notFound();
  return membership;
}

function onlineSince(now: Date) {
  return {
    creatorsSeenSince: new Date(now.getTime() - PRESENCE.staleAfterSeconds * 1000),
    clientsActiveSince: new Date(now.getTime() - MESSAGES.clientOnlineSeconds * 1000),
  };
}

export async function listConversations(
  deps: AppDeps,
  userId: string,
): Promise<ConversationsResponse> {
  const rows = await q.listConversations(deps.database.db, userId, onlineSince(deps.now()));
  const conversations = rows.map(toConversation);
  return {
    conversations,
    unreadTotal: conversations.reduce((sum, c) => sum + c.unreadCount, 0),
  };
}

export async function getConversation(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  db: Kysely<DB> = deps.database.db,
): Promise<Conversation> {
  const [row] = await q.listConversations(db, userId, onlineSince(deps.now()), conversationId);
  if (!row) throw notFound();
  return toConversation(row);
}

/** Tells both participants' tabs to refetch the conversation. Publishes: call it last. */
async function publishChanged(
  deps: AppDeps,
  conversationId: string,
  userIds: string[],
  trx: Kysely<DB>,
) {
  for (const userId of userIds) {
    await deps.realtime.publish(REALTIME_TOPICS.conversations, { conversationId }, { userId }, trx);
  }
}

/**
 * Opens the caller's conversation with a listed creator, creating it (and both members) the
 * first time; a concurrent open of the same pair finds the row the other one inserted.
 */
export async function openConversation(
  deps: AppDeps,
  userId: string,
  input: { creatorId: string; bookingId?: string | undefined },
): Promise<{ conversation: Conversation; created: boolean }> {
  const db = deps.database.db;
  const creator = await q.findListedCreator(db, input.creatorId);
  if (!creator) throw new AppError("not_found", "Creator not found");
  if (creator.user_id === userId) throw new AppError("bad_request", MESSAGE_SELF);
  if (
    input.bookingId &&
    !(await q.findClientBooking(db, input.bookingId, userId, input.creatorId))
  ) {
    throw new AppError("not_found", "Booking not found");
  }
  return openPair(
    deps,
    userId,
    { clientUserId: userId, creatorProfileId: creator.id, creatorUserId: creator.user_id },
    input.bookingId,
  );
}

/**
 * Either party of a booking opens (or starts) the pair's conversation with the booking as its
 * context: a creator can write first to a client who booked them. Anyone else: 404.
 */
export async function openBookingConversation(
  deps: AppDeps,
  userId: string,
  bookingId: string,
): Promise<{ conversation: Conversation; created: boolean }> {
  const pair = await q.findBookingPair(deps.database.db, bookingId);
  if (!pair || (pair.clientUserId !== userId && pair.creatorUserId !== userId)) {
    throw new AppError("not_found", BOOKING_NOT_FOUND);
  }
  return openPair(deps, userId, pair, bookingId);
}

async function openPair(
  deps: AppDeps,
  userId: string,
  pair: { clientUserId: string; creatorProfileId: string; creatorUserId: string },
  bookingId: string | undefined,
) {
  return deps.database.db.transaction().execute(async (trx) => {
    const { id, created } = await q.insertConversation(trx, { ...pair, now: deps.now() });
    if (bookingId) await q.setContextBooking(trx, id, bookingId);
    const conversation = await getConversation(deps, userId, id, trx);
    if (created) {
      await publishChanged(deps, id, [pair.clientUserId, pair.creatorUserId], trx);
    }
    return { conversation, created };
  });
}

/** Sets or clears the caller's block: while either side blocks, nobody sends. */
export async function setBlock(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  blocked: boolean,
): Promise<Conversation> {
  return deps.database.db.transaction().execute(async (trx) => {
    const member = await requireMember(deps, userId, conversationId, trx, true);
    const changed = blocked ? member.blockedAt === null : member.blockedAt !== null;
    if (changed) await q.setBlocked(trx, conversationId, userId, blocked ? deps.now() : null);
    const conversation = await getConversation(deps, userId, conversationId, trx);
    if (changed) await publishChanged(deps, conversationId, [userId, member.otherUserId], trx);
    return conversation;
  });
}
