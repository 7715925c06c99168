import { RefreshCw, Search } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ApplicationListItem } from "../../../contracts/applications.ts";
import { APPLICATIONS_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from "../../../contracts/constants.ts";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../contracts/enums.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { BackLink, Container, PageHeading } from "../../components/ui/page.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useApplicationList, useDecision, useLiveApplications } from "./api.ts";
import { ApplicationRow } from "./application-row.tsx";
import { DenyDialog } from "./deny-dialog.tsx";
import { StatCards } from "./stat-cards.tsx";
import { STATUS_LABELS } from "./status-badge.tsx";

const isStatus = (v: string | null): v is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(v ?? "");

/** The staff queue; `notifications` is the admin bell, placed beside Refresh by the route. */
export function ApplicationsList({ notifications }: { notifications?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const statusParam = params.get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  const q = params.get("q") ?? "";
  const [searchText, setSearchText] = useState(q);
  const [denying, setDenying] = useState<ApplicationListItem | null>(null);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Search is debounced and always starts again at page 1.
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === q) return;
    const timer = setTimeout(
      () => update({ q: trimmed || undefined, page: undefined }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, q, update]);

  useLiveApplications();
  const list = useApplicationList({
    page,
    pageSize: APPLICATIONS_PAGE_SIZE,
    status,
    q: q || undefined,
  });
  const decision = useDecision();

  // Toasts come from the hooks (the list's meta.errorTitle, the decision's own callbacks).
  const decide = (item: ApplicationListItem, action: "approve" | "deny", reason?: string) =>
    decision.mutate({ id: item.id, action, reason }, { onSuccess: () => setDenying(null) });

  const data = list.data;
  return (
    <Container className="pb-16">
      <BackLink to="/admin">Back to Dashboard</BackLink>
      <PageHeading
        title="Creator Applications"
        subtitle="Review, approve and deny applications to join as a creator."
        actions={
          <div className="flex items-center gap-2">
            {notifications}
            <Button
              variant="outline"
              onClick={() => void list.refetch()}
              disabled={list.isFetching}
            >
              <RefreshCw className={list.isFetching ? "animate-spin" : undefined} /> Refresh
            </Button>
          </div>
        }
      />
      <StatCards
        counts={data?.counts}
        active={status}
        onSelect={(next) => update({ status: next, page: undefined })}
      />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-400" />
          <Input
            type="search"
            aria-label="Search applications"
            placeholder="Search by name or email..."
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-9"
          />
        </div>
        <select
          aria-label="Status filter"
          value={status ?? "all"}
          onChange={(e) =>
            update({
              status: e.target.value === "all" ? undefined : e.target.value,
              page: undefined,
            })
          }
          className="h-11 rounded-xl border border-ink-300 bg-white px-3 text-sm sm:w-48"
        >
          <option value="all">All Status</option>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <Card className="mt-4 overflow-hidden">
        {list.isPending ? (
          <div className="flex justify-center p-12">
            <Spinner />
          </div>
        ) : !data || data.items.length === 0 ? (
          <p className="p-12 text-center text-ink-600">No applications found</p>
        ) : (
          <ul className="divide-y divide-ink-100" aria-label="Applications">
            {data.items.map((item) => (
              <ApplicationRow
                key={item.id}
                item={item}
                busy={decision.isPending && decision.variables?.id === item.id}
                onApprove={() => decide(item, "approve")}
                onDeny={() => setDenying(item)}
              />
            ))}
          </ul>
        )}
      </Card>
      {data ? (
        <div className="mt-4">
          <Pagination
            page={page}
            pageSize={APPLICATIONS_PAGE_SIZE}
            total={data.total}
            onPage={(next) => update({ page: next > 1 ? String(next) : undefined })}
          />
        </div>
      ) : null}
      <DenyDialog
        name={denying?.fullName ?? ""}
        open={denying !== null}
        pending={decision.isPending}
        onOpenChange={(open) => !open && setDenying(null)}
        onConfirm={(reason) => denying && decide(denying, "deny", reason)}
      />
    </Container>
  );
}
