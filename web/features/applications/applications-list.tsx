import { type ReactNode, useState } from "react";
import type { ApplicationListItem } from "../../../contracts/applications.ts";
import { APPLICATIONS_PAGE_SIZE } from "../../../contracts/constants.ts";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../contracts/enums.ts";
import { PagedListCard, RefreshButton, SearchBox } from "../../components/ui/list-card.tsx";
import { BackLink, Container, PageHeading } from "../../components/ui/page.tsx";
import { useListParams } from "../../lib/use-list-params.ts";
import { useApplicationList, useDecision, useLiveApplications } from "./api.ts";
import { ApplicationRow } from "./application-row.tsx";
import { DenyDialog } from "./deny-dialog.tsx";
import { StatCards } from "./stat-cards.tsx";
import { STATUS_LABELS } from "./status-badge.tsx";

function StatusFilter({
  status,
  onChange,
}: {
  status: ApplicationStatus | undefined;
  onChange: (status: string | undefined) => void;
}) {
  return (
    <select
      aria-label="Status filter"
      value={status ?? "all"}
      onChange={(e) => onChange(e.target.value === "all" ? undefined : e.target.value)}
      className="h-11 rounded-xl border border-ink-300 bg-white px-3 text-sm sm:w-48"
    >
      <option value="all">All Status</option>
      {APPLICATION_STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS_LABELS[s]}
        </option>
      ))}
    </select>
  );
}

/** The rows with approve and deny; denying asks for a reason first. */
function ApplicationRows({ items }: { items: ApplicationListItem[] }) {
  const [denying, setDenying] = useState<ApplicationListItem | null>(null);
  const decision = useDecision();
  // Toasts come from the hooks (the list's meta.errorTitle, the decision's own callbacks).
  const decide = (item: ApplicationListItem, action: "approve" | "deny", reason?: string) =>
    decision.mutate({ id: item.id, action, reason }, { onSuccess: () => setDenying(null) });
  return (
    <>
      <ul className="divide-y divide-ink-100" aria-label="Applications">
        {items.map((item) => (
          <ApplicationRow
            key={item.id}
            item={item}
            busy={decision.isPending && decision.variables?.id === item.id}
            onApprove={() => decide(item, "approve")}
            onDeny={() => setDenying(item)}
          />
        ))}
      </ul>
      <DenyDialog
        name={denying?.fullName ?? ""}
        open={denying !== null}
        pending={decision.isPending}
        onOpenChange={(open) => !open && setDenying(null)}
        onConfirm={(reason) => denying && decide(denying, "deny", reason)}
      />
    </>
  );
}

/** The staff queue; `notifications` is the admin bell, placed beside Refresh by the route. */
export function ApplicationsList({ notifications }: { notifications?: ReactNode }) {
  const params = useListParams();
  const status = params.oneOf("status", APPLICATION_STATUSES);
  useLiveApplications();
  const list = useApplicationList({
    page: params.page,
    pageSize: APPLICATIONS_PAGE_SIZE,
    status,
    q: params.q,
  });
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
            <RefreshButton list={list} />
          </div>
        }
      />
      <StatCards
        counts={data?.counts}
        active={status}
        onSelect={(next) => params.update({ status: next })}
      />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search applications"
          placeholder="Search by name or email..."
          value={params.searchText}
          onChange={params.setSearchText}
        />
        <StatusFilter status={status} onChange={(next) => params.update({ status: next })} />
      </div>
      <PagedListCard
        pending={list.isPending}
        page={data && { ...data, page: params.page, pageSize: APPLICATIONS_PAGE_SIZE }}
        emptyText="No applications found"
        onPage={params.setPage}
      >
        <ApplicationRows items={data?.items ?? []} />
      </PagedListCard>
    </Container>
  );
}
