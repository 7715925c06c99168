import { useQuery } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { ZFailedMailResponse } from "../../../contracts/admin-mail.ts";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { apiRequest } from "../../lib/api-client.ts";

/** Mail the queue gave up on (dead letters); shows nothing while there is none. */
export function FailedMailNotice() {
  const { data } = useQuery({
    queryKey: ["admin", "mail", "failed"],
    queryFn: ({ signal }) =>
      apiRequest("GET", "/admin/mail/failed", ZFailedMailResponse, { signal }),
  });
  const items = data?.items ?? [];
  if (!items.length) return null;
  return (
    <Card className="border-red-200">
      <CardContent className="flex items-start gap-4 p-6">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-red-50 text-red-600">
          <MailWarning className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-ink-900">
            {items.length === 1 ? "1 email" : `${items.length} emails`} could not be delivered
          </h2>
          <ul className="mt-1 space-y-1 text-sm text-ink-600">
            {items.map((mail) => (
              <li key={mail.id} className="truncate">
                {mail.to} — {mail.subject} ({mail.error})
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
