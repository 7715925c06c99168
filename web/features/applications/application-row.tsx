import { Check, Eye, X } from "lucide-react";
import { Link } from "react-router";
import type { ApplicationListItem } from "../../../contracts/applications.ts";
import { Button } from "../../components/ui/button.tsx";
import { formatDate } from "../../lib/format.ts";
import { StatusBadge } from "./status-badge.tsx";

export const isDecidable = (status: string) => status === "pending" || status === "under_review";

export function ApplicationRow({
  item,
  busy,
  onApprove,
  onDeny,
}: {
  item: ApplicationListItem;
  busy: boolean;
  onApprove: () => void;
  onDeny: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink-900">{item.fullName}</span>
          <StatusBadge status={item.status} />
        </div>
        <p className="mt-1 truncate text-sm text-ink-600">{item.email}</p>
        <p className="mt-0.5 text-xs text-ink-500">
          {item.city ? `${item.city} · ` : ""}Applied {formatDate(item.createdAt)}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/admin/applications/${item.id}`} aria-label={`View ${item.fullName}`}>
            <Eye /> View
          </Link>
        </Button>
        {isDecidable(item.status) ? (
          <>
            <Button
              size="sm"
              onClick={onApprove}
              disabled={busy}
              className="bg-emerald-700 hover:bg-emerald-800"
            >
              <Check /> Approve
            </Button>
            <Button size="sm" variant="destructive" onClick={onDeny} disabled={busy}>
              <X /> Deny
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
