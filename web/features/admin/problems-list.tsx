import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { ProblemKind } from "../../../contracts/back-office.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Select } from "../../components/ui/input.tsx";
import { ListState } from "../../components/ui/list-card.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useListParams } from "../../lib/use-list-params.ts";
import { useProblems } from "./back-office-api.ts";

const KIND_LABELS: Record<ProblemKind, string> = {
  delivery_dispute: "Delivery dispute",
  conversation_report: "Conversation report",
  booking_problem: "Booking problem",
  repeat_canceller: "Repeat hail cancels",
};

const SHOWS = ["open", "resolved", "all"] as const;

/** Everything users reported, newest first; each links to where staff handle it. */
export function ProblemsList() {
  const { data, isPending } = useProblems();
  const params = useListParams();
  const show = params.oneOf("show", SHOWS, "open");
  const items = (data?.items ?? []).filter((p) => show === "all" || p.open === (show === "open"));
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-ink-600">
          {data ? `${data.items.filter((p) => p.open).length} open` : ""}
        </p>
        <Select
          aria-label="Show"
          value={show}
          onChange={(e) =>
            params.update({ show: e.target.value === "open" ? undefined : e.target.value })
          }
          className="w-40"
        >
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
          <option value="all">All</option>
        </Select>
      </div>
      <Card className="mt-4 overflow-hidden">
        <ListState pending={isPending} empty={items.length === 0} emptyText="Nothing reported">
          <ul className="divide-y divide-ink-100" aria-label="Reported problems">
            {items.map((p) => {
              const body = (
                <>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="secondary">{KIND_LABELS[p.kind]}</Badge>
                      <Badge variant={p.open ? "warning" : "success"}>
                        {p.open ? "Open" : "Resolved"}
                      </Badge>
                    </div>
                    <p className="mt-1 font-semibold text-ink-900">{p.title}</p>
                    {p.detail ? (
                      <p className="line-clamp-2 text-sm text-ink-600">{p.detail}</p>
                    ) : null}
                    <p className="mt-1 text-xs text-ink-500">{formatDateTime(p.reportedAt)}</p>
                  </div>
                  {p.link ? (
                    <ChevronRight className="size-4 shrink-0 text-ink-400" aria-hidden />
                  ) : null}
                </>
              );
              return (
                <li key={p.key}>
                  {p.link ? (
                    <Link
                      to={p.link}
                      className="flex items-center gap-4 px-4 py-4 hover:bg-ink-50 sm:px-6"
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className="flex items-center gap-4 px-4 py-4 sm:px-6">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </ListState>
      </Card>
    </>
  );
}
