import { CalendarPlus, Copy, RefreshCw, XCircle } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../lib/toast.ts";
import { useCalendarFeed, useCalendarFeedChange } from "./api.ts";

// The caller's private ICS feed of their bookings: create, copy, replace (the old address stops
// working) or turn off. Used on the Availability Manager and on My Bookings.

export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const change = useCalendarFeedChange();
  const field = useRef<HTMLInputElement>(null);
  const url = feed.data?.url ?? null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Feed address copied");
    } catch {
      field.current?.select();
      toast("Copy the selected address");
    }
  };

  if (!feed.data) {
    return (
      <p className="text-sm text-ink-500">
        {feed.isError ? "Could not load your calendar feed." : "Loading…"}
      </p>
    );
  }
  if (!url) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-ink-600">
          See your ShutterHail bookings in Google Calendar, Apple Calendar or Outlook: subscribe to
          your private feed address. Changes and cancellations follow on their own.
        </p>
        <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate("on")}>
          <CalendarPlus aria-hidden />
          Create my feed address
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={field}
          readOnly
          value={url}
          aria-label="Your calendar feed address"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button onClick={() => void copy()} className="shrink-0">
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
      <p className="text-xs text-ink-500">
        Keep it private: anyone with this address sees your bookings' times and addresses. If it got
        out, replace it; calendars subscribed to the old one stop updating.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate("replace")}
        >
          <RefreshCw aria-hidden />
          Replace address
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate("off")}
        >
          <XCircle aria-hidden />
          Turn off
        </Button>
      </div>
    </div>
  );
}
