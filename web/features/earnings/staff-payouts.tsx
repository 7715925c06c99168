import type { ReactNode } from "react";
import type { AdminPayout } from "../../../contracts/payouts.ts";
import { TIER_LABELS } from "../../../contracts/payouts.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { cn } from "../../lib/cn.ts";
import { formatCents, formatDate } from "../../lib/format.ts";
import { useListParams } from "../../lib/use-list-params.ts";
import { useMarkSent, useRetryPayout, useSetVip, useStaffPayouts, useStaffTiers } from "./api.ts";
import { METHOD_LABELS } from "./labels.ts";

const TABS = [
  { id: "queue", label: "To send" },
  { id: "failed", label: "Failures" },
  { id: "recent", label: "Recent" },
  { id: "tiers", label: "Tiers" },
] as const;
type TabId = (typeof TABS)[number]["id"];
const TAB_IDS = TABS.map((t) => t.id);

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-dashed border-ink-300 p-8 text-center text-ink-600">
      {children}
    </p>
  );
}

function PayoutCard({ payout, action }: { payout: AdminPayout; action?: ReactNode }) {
  const destination =
    payout.method === "direct_deposit"
      ? `Account ending ${payout.bankAccountLast4 ?? "····"}`
      : (payout.receiverEmail ?? "No address");
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="font-bold text-ink-900">{payout.creatorName}</span>
            <span className="text-sm text-ink-600">
              {payout.bookingLabel} · due {formatDate(payout.dueAt)}
            </span>
            <span className="text-sm text-ink-700">
              {METHOD_LABELS[payout.method] ?? payout.method} · {destination}
            </span>
            {payout.failureReason ? (
              <span className="text-sm text-red-700">{payout.failureReason}</span>
            ) : null}
          </div>
          <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
            <span className="text-xl font-extrabold">{formatCents(payout.amountCents)}</span>
            {action ?? <Badge variant="secondary">{payout.status.replace("_", " ")}</Badge>}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function PayoutLists({ tab }: { tab: Exclude<TabId, "tiers"> }) {
  const query = useStaffPayouts();
  const markSent = useMarkSent();
  const retry = useRetryPayout();
  return (
    <QueryState query={query} failed="We could not load the payouts." size="section">
      {(data) => (
        <PayoutList
          tab={tab}
          list={tab === "queue" ? data.manual : tab === "failed" ? data.failed : data.recent}
          markSent={markSent}
          retry={retry}
        />
      )}
    </QueryState>
  );
}

function PayoutList({
  tab,
  list,
  markSent,
  retry,
}: {
  tab: Exclude<TabId, "tiers">;
  list: AdminPayout[];
  markSent: ReturnType<typeof useMarkSent>;
  retry: ReturnType<typeof useRetryPayout>;
}) {
  if (list.length === 0) {
    return (
      <Empty>
        {tab === "queue"
          ? "No payouts waiting to be sent."
          : tab === "failed"
            ? "No failed payouts."
            : "No payouts yet."}
      </Empty>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {list.map((p) => (
        <PayoutCard
          key={p.id}
          payout={p}
          action={
            tab === "queue" ? (
              <Button
                size="sm"
                disabled={markSent.isPending}
                onClick={() => markSent.mutate({ id: p.id, reason: null })}
              >
                Mark sent
              </Button>
            ) : tab === "failed" ? (
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                onClick={() => retry.mutate(p.id)}
              >
                Retry
              </Button>
            ) : undefined
          }
        />
      ))}
    </ul>
  );
}

function TiersList() {
  const query = useStaffTiers();
  const setVip = useSetVip();
  return (
    <QueryState query={query} failed="We could not load the tiers." size="section">
      {(data) => (
        <ul className="flex flex-col gap-3">
          {data.items.map((c) => (
            <li key={c.creatorProfileId}>
              <Card>
                <CardContent className="flex flex-wrap items-center gap-3 p-4">
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="font-semibold text-ink-900">{c.creatorName}</span>
                    <span className="text-sm text-ink-600">
                      {c.jobsCompleted} completed · rating {c.rating.toFixed(2)}
                    </span>
                  </div>
                  <Badge variant={c.tier === "vip" ? "dark" : "default"}>
                    {TIER_LABELS[c.tier]}
                  </Badge>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={setVip.isPending}
                    onClick={() => setVip.mutate({ id: c.creatorProfileId, vip: !c.vip })}
                  >
                    {c.vip ? "Remove VIP" : "Invite to VIP"}
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function StaffPayouts() {
  const params = useListParams();
  const tab = params.oneOf("tab", TAB_IDS, "queue")!;
  const setTab = (next: TabId) => params.update({ tab: next === "queue" ? undefined : next });
  return (
    <div className="flex flex-col gap-5">
      <div
        role="tablist"
        aria-label="Payouts"
        className="flex gap-1 overflow-x-auto rounded-xl bg-ink-100 p-1"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={cn(
              "flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition-colors",
              tab === t.id
                ? "bg-white text-ink-900 shadow-soft"
                : "text-ink-600 hover:text-ink-900",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === "tiers" ? <TiersList /> : <PayoutLists tab={tab} />}</div>
    </div>
  );
}
