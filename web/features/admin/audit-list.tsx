import { X } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Select } from "../../components/ui/input.tsx";
import { PagedListCard } from "../../components/ui/list-card.tsx";
import { useListParams } from "../../lib/use-list-params.ts";
import { ACTION_LABELS, AuditEntries } from "./audit-entries.tsx";
import { useAudit } from "./back-office-api.ts";

const TARGET_TYPES = [
  "user",
  "booking",
  "application",
  "review",
  "payout",
  "delivery",
  "conversation",
];

/** The staff audit log, newest first, filtered by action or target (kept in the address). */
export function AuditList() {
  const list = useListParams();
  const action = list.get("action");
  const targetType = list.get("targetType");
  const targetId = list.get("targetId");
  const { data, isPending } = useAudit({ action, targetType, targetId, page: list.page });
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Select
          aria-label="Action"
          value={action ?? ""}
          onChange={(e) => list.update({ action: e.target.value || undefined })}
          className="sm:w-64"
        >
          <option value="">All actions</option>
          {Object.entries(ACTION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Target"
          value={targetType ?? ""}
          onChange={(e) =>
            list.update({ targetType: e.target.value || undefined, targetId: undefined })
          }
          className="sm:w-48"
        >
          <option value="">All targets</option>
          {TARGET_TYPES.map((t) => (
            <option key={t} value={t}>
              {t[0]!.toUpperCase() + t.slice(1)}s
            </option>
          ))}
        </Select>
        {targetId ? (
          <Button variant="outline" onClick={() => list.update({ targetId: undefined })}>
            <span className="max-w-48 truncate">Only {targetId}</span> <X aria-hidden />
          </Button>
        ) : null}
      </div>
      <PagedListCard
        pending={isPending}
        page={data}
        emptyText="No staff actions recorded"
        onPage={list.setPage}
      >
        {data ? <AuditEntries entries={data.items} showTarget /> : null}
      </PagedListCard>
    </>
  );
}
