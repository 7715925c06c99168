import type { ConversationReport } from "../../../contracts/messages.ts";
import { conversationReportPath } from "../../../contracts/routes.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { createAdminNotification } from "../staff/service.ts";
import * as q from "./queries.ts";
import { requireMember } from "./service.ts";
import { toMessages } from "./view.ts";

const STAFF_PAGE = 200;
const REASON_PREVIEW = 200;

/** A participant reports the conversation: staff get a notification that opens it. */
export async function reportConversation(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  reason: string,
): Promise<{ id: string }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const member = await requireMember(deps, userId, conversationId, trx);
    const report = await q.insertReport(trx, {
      conversationId,
      reporterUserId: userId,
      reason,
      now: deps.now(),
    });
    const reporter = member.role === "client" ? member.clientName : member.creatorName;
    const other = member.role === "client" ? member.creatorName : member.clientName;
    const shown =
      reason.length > REASON_PREVIEW ? `${reason.slice(0, REASON_PREVIEW - 1)}…` : reason;
    await createAdminNotification(
      deps,
      {
        kind: "conversation_reported",
        title: "Conversation reported",
        body: `${reporter} reported their conversation with ${other}: ${shown}`,
        link: conversationReportPath(report.id),
      },
      trx,
    );
    return { id: report.id };
  });
}

/**
 * Staff reading a reported conversation: the report and its latest messages. Reading private
 * messages is a staff action: each read is written to the audit log before anything is shown.
 */
export async function getReport(
  deps: AppDeps,
  staffUserId: string,
  reportId: string,
): Promise<ConversationReport> {
  const db = deps.database.db;
  const report = await q.findReport(db, reportId);
  if (!report) throw new AppError("not_found", "Report not found");
  await recordStaffAction(
    db,
    {
      actorUserId: staffUserId,
      action: "conversation.read_report",
      targetType: "conversation",
      targetId: report.conversationId,
      details: { reportId },
    },
    deps.now(),
  );
  const rows = (await q.listMessagesPage(db, report.conversationId, STAFF_PAGE)).reverse();
  const attachments = await q.listAttachments(
    db,
    rows.map((r) => r.id),
  );
  return {
    id: report.id,
    reason: report.reason,
    reporterName: report.reporterName,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    conversation: {
      id: report.conversationId,
      clientName: report.clientName,
      creatorName: report.creatorName,
      creatorId: report.creatorId,
    },
    messages: toMessages(rows, report, attachments),
  };
}
