import { CalendarSync } from "lucide-react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { ExternalCalendarsPanel } from "./external-calendars-panel.tsx";
import { CalendarFeedPanel } from "./feed-panel.tsx";

/** The Availability Manager's "Calendar sync" card: bookings out, busy times in. */
export function CalendarSyncCard() {
  return (
    <Card role="region" aria-labelledby="calendar-sync-title">
      <CardHeader>
        <CardTitle id="calendar-sync-title" className="flex items-center gap-2">
          <CalendarSync className="size-5 text-brand-700" aria-hidden />
          Calendar sync
        </CardTitle>
        <CardDescription>
          Your bookings in your calendar, and your calendar's busy times here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section className="flex flex-col gap-3" aria-labelledby="feed-heading">
          <h3 id="feed-heading" className="text-sm font-semibold text-ink-900">
            Your bookings feed
          </h3>
          <CalendarFeedPanel />
        </section>
        <section
          className="flex flex-col gap-3 border-t border-ink-100 pt-5"
          aria-labelledby="external-heading"
        >
          <h3 id="external-heading" className="text-sm font-semibold text-ink-900">
            Busy times from your calendars
          </h3>
          <ExternalCalendarsPanel />
        </section>
      </CardContent>
    </Card>
  );
}

/** My Bookings: the same feed for clients (and creators). */
export function BookingsFeedCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarSync className="size-5 text-brand-700" aria-hidden />
          Calendar feed
        </CardTitle>
      </CardHeader>
      <CardContent>
        <CalendarFeedPanel />
      </CardContent>
    </Card>
  );
}
