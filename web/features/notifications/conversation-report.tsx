import { useQuery } from "@tanstack/react-query";
import { AlertCircle, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import {
  conversationImageUrl,
  type Message,
  type ConversationReport as Report,
  ZConversationReport,
} from "../../../contracts/messages.ts";
import { creatorProfilePath, PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { BackLink, Container, PageHeading } from "../../components/ui/page.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { apiRequest } from "../../lib/api-client.ts";
import { isApiError } from "../../lib/api-errors.ts";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format.ts";

export const conversationReportApiPath = (id: string) => `/admin/conversation-reports/${id}`;

function useConversationReport(id: string) {
  return useQuery({
    queryKey: ["admin", "conversation-report", id],
    queryFn: ({ signal }) =>
      apiRequest("GET", conversationReportApiPath(id), ZConversationReport, { signal }),
    retry: false,
  });
}

function Bubble({ message, report }: { message: Message; report: Report }) {
  const fromCreator = message.senderRole === "creator";
  return (
    <li className={cn("flex flex-col gap-1", fromCreator ? "items-end" : "items-start")}>
      <span className="px-1 text-xs font-medium text-ink-500">
        {message.senderName} · {fromCreator ? "creator" : "client"} ·{" "}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </span>
      <div
        className={cn(
          "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-sm sm:max-w-[70%]",
          fromCreator
            ? "rounded-br-md bg-brand-600 text-white"
            : "rounded-bl-md bg-ink-100 text-ink-900",
        )}
      >
        {message.body}
        {message.attachments.length > 0 && (
          <div className="mt-2 grid grid-cols-3 gap-1.5">
            {message.attachments.map((a) => (
              <img
                key={a.id}
                src={conversationImageUrl(report.conversation.id, a.id, "thumb")}
                alt="Attachment"
                width={a.width}
                height={a.height}
                loading="lazy"
                className="aspect-square w-full rounded-lg object-cover"
              />
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

function ReportView({ report }: { report: Report }) {
  const { conversation } = report;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2">
            <AlertCircle className="size-5 text-red-600" aria-hidden /> Report
          </CardTitle>
          <Badge variant={report.resolvedAt ? "success" : "warning"}>
            {report.resolvedAt ? "Resolved" : "Open"}
          </Badge>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-ink-500">
                Reported by
              </dt>
              <dd className="mt-1 text-sm text-ink-900">{report.reporterName}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-ink-500">When</dt>
              <dd className="mt-1 text-sm text-ink-900">
                <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-ink-500">Between</dt>
              <dd className="mt-1 text-sm text-ink-900">
                {conversation.clientName} (client) and{" "}
                <Link
                  to={creatorProfilePath(conversation.creatorId)}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {conversation.creatorName}
                </Link>{" "}
                (creator)
              </dd>
            </div>
            <div className="sm:col-span-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-ink-500">Reason</dt>
              <dd className="mt-1 whitespace-pre-wrap text-sm text-ink-900">{report.reason}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>Conversation</CardTitle>
          <Button variant="outline" size="sm" asChild>
            <Link to={creatorProfilePath(conversation.creatorId)}>
              {conversation.creatorName}'s profile <ExternalLink aria-hidden />
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          {report.messages.length === 0 ? (
            <p className="py-8 text-center text-sm text-ink-600">No messages.</p>
          ) : (
            <ol className="flex flex-col gap-4" aria-label="Messages">
              {report.messages.map((m) => (
                <Bubble key={m.id} message={m} report={report} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Staff read a conversation a participant reported (read-only). */
export function ConversationReport({ id }: { id: string }) {
  const report = useConversationReport(id);
  return (
    <Container className="max-w-4xl pb-16">
      <BackLink to={PAGE_ROUTES.admin}>Back to dashboard</BackLink>
      <PageHeading title="Reported conversation" />
      <QueryState
        query={report}
        failed={
          isApiError(report.error, "not_found")
            ? "This report does not exist."
            : "The report could not be loaded."
        }
      >
        {(data) => <ReportView report={data} />}
      </QueryState>
    </Container>
  );
}
