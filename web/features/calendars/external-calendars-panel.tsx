import { AlertTriangle, CheckCircle2, Loader2, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { CALENDARS, type ExternalCalendar } from "../../../contracts/calendars.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useExternalCalendarChange, useExternalCalendars } from "./api.ts";

// A creator's external calendars: busy times there block booking, search and hails. Each shows
// its last sync and, when the last fetch failed, why.

function Status({ calendar }: { calendar: ExternalCalendar }) {
  if (calendar.lastAttemptAt === null) {
    return (
      <span className="flex items-center gap-1.5 text-xs text-ink-500">
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        Syncing…
      </span>
    );
  }
  const synced = calendar.lastSyncedAt
    ? `Last synced ${formatDateTime(calendar.lastSyncedAt)}`
    : "Never synced";
  if (calendar.lastError) {
    return (
      <span className="flex items-start gap-1.5 text-xs text-red-700">
        <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          Last sync failed: {calendar.lastError}. {synced}.
        </span>
      </span>
    );
  }
  return (
    <span className="flex items-start gap-1.5 text-xs text-emerald-700">
      <CheckCircle2 className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {synced} · {calendar.busyCount} busy {calendar.busyCount === 1 ? "time" : "times"} in the next{" "}
      {CALENDARS.windowDays} days
    </span>
  );
}

export function ExternalCalendarsPanel() {
  const calendars = useExternalCalendars();
  const change = useExternalCalendarChange();
  const [url, setUrl] = useState("");
  const list = calendars.data?.calendars ?? [];
  const full = list.length >= CALENDARS.maxExternal;

  const add = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ add: url }, { onSuccess: () => setUrl("") });
  };

  return (
    <div className="flex flex-col gap-3">
      {list.length ? (
        <ul className="flex flex-col gap-2" aria-label="External calendars">
          {list.map((c) => (
            <li
              key={c.id}
              className="flex items-center justify-between gap-3 rounded-xl border border-ink-200 px-4 py-3"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <span className="truncate text-sm font-medium text-ink-900">{c.label}</span>
                <Status calendar={c} />
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${c.label}`}
                disabled={change.isPending}
                onClick={() => change.mutate({ remove: c.id })}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-600">
          {calendars.isError
            ? "Could not load your calendars."
            : "No external calendars yet. Add one and its busy times block bookings, search and hails."}
        </p>
      )}
      <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row">
        <Input
          type="url"
          inputMode="url"
          required
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          aria-label="Calendar's secret address"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          disabled={full}
        />
        <Button
          type="submit"
          variant="outline"
          className="shrink-0"
          disabled={full || change.isPending}
        >
          Add calendar
        </Button>
      </form>
      <p className="text-xs text-ink-500">
        Google: Settings → your calendar → "Secret address in iCal format". Apple: share the
        calendar as public and copy its link. Outlook: Settings → Shared calendars → Publish → ICS.
        {full ? ` You can add up to ${CALENDARS.maxExternal} calendars.` : ""}
      </p>
    </div>
  );
}
