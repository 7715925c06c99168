import type { MessagesResponse } from "../../../contracts/messages.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { readGroup } from "../notifications/notify.ts";
import * as q from "./queries.ts";
import { notFound, requireMember } from "./service.ts";
import { toMessage } from "./view.ts";

export const conversationGroupKey = (conversationId: string) => `conversation:${conversationId}`;

/** A page of the conversation, oldest first: the newest messages, or those before `before`. */
export async function listMessages(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  page: { before?: string | undefined; limit: number },
): Promise<MessagesResponse> {
  const rows = await q.readMessagesPage(
    deps.database.db,
    userId,
    conversationId,
    page.limit + 1,
    page.before,
  );
  const member = rows[0];
  if (!member) throw notFound();
  if (!member.beforeFound) throw new AppError("not_found", "Message not found");
  // An empty page is one row: the membership alone, its message columns null.
  const shown = member.id === null ? [] : rows.slice(0, page.limit).reverse();
  return {
    messages: shown.map((row) => toMessage(row as q.MessageRow, member, row.attachments ?? [])),
    hasOlder: rows.length > page.limit,
    myLastReadSeq: member.lastReadSeq,
    otherLastReadSeq: member.otherShowsReceipts ? member.otherLastReadSeq : null,
  };
}

/**
 * Moves the caller's read pointer forward (never back), clears the conversation's message
 * notification and tells the caller's tabs — and the other party's, if the caller shows read
 * receipts.
 */
export async function markRead(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  seq: number,
): Promise<{ lastReadSeq: number; unreadTotal: number }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const member = await requireMember(deps, userId, conversationId, trx);
    const { lastReadSeq, moved } = await q.advanceReadPointer(trx, conversationId, userId, seq);
    const unreadTotal = await q.unreadTotal(trx, userId);
    const receipts = moved && (await q.showsReadReceipts(trx, userId));
    await readGroup(deps, userId, conversationGroupKey(conversationId), trx);
    if (moved) {
      const event = { conversationId, readerRole: member.role, lastReadSeq };
      const topic = REALTIME_TOPICS.conversationRead;
      await deps.realtime.publish(topic, event, { userId }, trx);
      if (receipts) {
        await deps.realtime.publish(topic, event, { userId: member.otherUserId }, trx);
      }
    }
    return { lastReadSeq, unreadTotal };
  });
}
