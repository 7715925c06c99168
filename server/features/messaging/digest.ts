import { MESSAGES } from "../../../contracts/constants.ts";
import { conversationPath } from "../../../contracts/routes.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { Mail } from "../../platform/mail.ts";
import * as q from "./queries.ts";
import { requireMember } from "./service.ts";
import { type Parties, roleOf } from "./view.ts";

const MINUTE = 60_000;
// Conversations mailed per run; more wait for the next minute's run.
const BATCH = 200;
// Messages listed in one mail; the link shows the rest.
const LISTED = 20;

function digestMail(
  to: string,
  link: string,
  parties: Parties,
  rows: q.MessageRow[],
  more: boolean,
): Mail {
  const senderName = (userId: string) =>
    roleOf(parties, userId) === "client" ? parties.clientName : parties.creatorName;
  const from = senderName(rows[0]!.sender_user_id);
  const lines = rows.map((m) => `${senderName(m.sender_user_id)}: ${m.body.trim() || "📷 Photo"}`);

  return {
    to,
    subject:
      rows.length === 1 ? `New message from ${from}` : `${rows.length} new messages from ${from}`,
    text: [
      `You have unread messages from ${from} on ShutterHail:`,
      "",
      ...lines,
      ...(more ? ["…and more."] : []),
      "",
      `Reply here: ${link}`,
    ].join("\n"),
    category: "messages",
  };
}

/**
 * Mails each person about conversations with messages still unread
 * MESSAGES.unreadMailAfterMinutes after they were sent: one mail per conversation listing them,
 * at most one per conversation every MESSAGES.unreadMailEveryMinutes. The member's
 * last_mailed_at is claimed by a conditional update in the mail's transaction, so two
 * processes never both send it. Returns how many mails were queued.
 */
export async function mailUnreadDigests(deps: AppDeps, now: Date): Promise<number> {
  const db = deps.database.db;
  const candidates = await q.listDigestCandidates(db, {
    sentBefore: new Date(now.getTime() - MESSAGES.unreadMailAfterMinutes * MINUTE),
    mailedBefore: new Date(now.getTime() - MESSAGES.unreadMailEveryMinutes * MINUTE),
    limit: BATCH,
  });
  let sent = 0;
  for (const candidate of candidates) {
    const mailed = await db.transaction().execute(async (trx) => {
      if (!(await q.claimDigest(trx, candidate, now))) return false;
      const member = await requireMember(deps, candidate.userId, candidate.conversationId, trx);
      // What is new since the last mail: earlier unread messages were listed in that one.
      const rows = await q.listUnreadFromOther(
        trx,
        {
          conversationId: candidate.conversationId,
          userId: candidate.userId,
          afterSeq: member.lastReadSeq,
          since: candidate.lastMailedAt,
        },
        LISTED + 1,
      );
      if (!rows.length) return false;
      const link = `${siteOrigin(deps.config)}${conversationPath(candidate.conversationId)}`;
      await deps.mailer.send(
        digestMail(candidate.email, link, member, rows.slice(0, LISTED), rows.length > LISTED),
        trx,
      );
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}
