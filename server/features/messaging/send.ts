import {
  ATTACHMENT_NOT_FOUND,
  MESSAGE_BLOCKED,
  MESSAGE_ID_TAKEN,
  type Message,
} from "../../../contracts/messages.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { conversationPath } from "../../../contracts/routes.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { notify } from "../notifications/notify.ts";
import * as q from "./queries.ts";
import { conversationGroupKey } from "./read.ts";
import { requireMember } from "./service.ts";
import { toMessage } from "./view.ts";

const PREVIEW_LENGTH = 140;

export function preview(body: string): string {
  const text = body.replace(/\s+/g, " ").trim();
  if (!text) return "📷 Photo";
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

/** The message a retry with the same id answers, or 409 when the id is someone else's. */
async function existingMessage(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  id: string,
): Promise<Message | undefined> {
  const db = deps.database.db;
  const row = await q.findMessage(db, id);
  if (!row) return undefined;
  if (row.sender_user_id !== userId || row.conversation_id !== conversationId) {
    throw new AppError("conflict", MESSAGE_ID_TAKEN);
  }
  const member = await requireMember(deps, userId, conversationId);
  return toMessage(row, member, await q.listAttachments(db, [row.id]));
}

/**
 * Sends a message with the browser's id: a retry of the same send answers the stored message
 * (`created` false). In one transaction: the row, its attachments in order, the conversation's
 * activity, the sender's own read pointer, the recipient's notification, then the event to
 * both participants' tabs.
 */
export async function sendMessage(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  input: { id: string; body: string; attachmentIds: string[] },
): Promise<{ message: Message; created: boolean }> {
  const earlier = await existingMessage(deps, userId, conversationId, input.id);
  if (earlier) return { message: earlier, created: false };
  const body = input.body.trim();
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const member = await requireMember(deps, userId, conversationId, trx);
    if (member.blockedAt || member.otherBlockedAt) throw new AppError("forbidden", MESSAGE_BLOCKED);
    const now = deps.now();
    const row = await q.insertMessage(trx, {
      id: input.id,
      conversationId,
      senderUserId: userId,
      body,
      now,
    });
    // A concurrent retry inserted it first: answer that one after this transaction.
    if (!row) return undefined;
    const ids = [...new Set(input.attachmentIds)];
    for (const [position, attachmentId] of ids.entries()) {
      const attached = await q.attachToMessage(trx, {
        attachmentId,
        conversationId,
        uploaderUserId: userId,
        messageId: row.id,
        position,
      });
      if (!attached) throw new AppError("bad_request", ATTACHMENT_NOT_FOUND);
    }
    await q.touchConversation(trx, conversationId, now);
    await q.advanceReadPointer(trx, conversationId, userId, row.seq);
    const message = toMessage(row, member, await q.listAttachments(trx, [row.id]));
    await notify(
      deps,
      {
        userId: member.otherUserId,
        kind: "message",
        title: `New message from ${message.senderName}`,
        body: preview(body),
        link: conversationPath(conversationId),
        groupKey: conversationGroupKey(conversationId),
      },
      trx,
    );
    for (const recipient of [member.otherUserId, userId]) {
      await deps.realtime.publish(REALTIME_TOPICS.messages, message, { userId: recipient }, trx);
    }
    return message;
  });
  if (result) return { message: result, created: true };
  const raced = await existingMessage(deps, userId, conversationId, input.id);
  if (!raced) throw new AppError("conflict", MESSAGE_ID_TAKEN);
  return { message: raced, created: false };
}
