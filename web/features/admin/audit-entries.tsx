import type { AuditEntry } from "../../../contracts/back-office.ts";
import { formatDateTime } from "../../lib/format.ts";

/** What an audit action means, in words; unknown actions show as written. */
export const ACTION_LABELS: Record<string, string> = {
  "user.deactivate": "Deactivated a user",
  "user.reactivate": "Reactivated a user",
  "application.approve": "Approved an application",
  "application.deny": "Denied an application",
  "review.hide": "Hid a review",
  "payout.mark_sent": "Marked a payout sent",
  "delivery.resolve": "Resolved a delivery dispute",
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** Audit entries as a list: who did what, when, and why. */
export function AuditEntries({
  entries,
  showTarget = false,
}: {
  entries: AuditEntry[];
  showTarget?: boolean;
}) {
  return (
    <ul className="divide-y divide-ink-100" aria-label="Audit entries">
      {entries.map((e) => (
        <li key={e.id} className="flex flex-col gap-1 px-4 py-3 sm:px-6">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="font-semibold text-ink-900">{actionLabel(e.action)}</p>
            <time className="text-xs text-ink-500" dateTime={e.at}>
              {formatDateTime(e.at)}
            </time>
          </div>
          <p className="text-sm text-ink-600">
            By {e.actor.name} ({e.actor.email})
            {showTarget ? (
              <>
                {" "}
                · {e.targetType} <span className="break-all font-mono text-xs">{e.targetId}</span>
              </>
            ) : null}
          </p>
          {e.reason ? <p className="text-sm text-ink-800">Reason: {e.reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}
