import { CalendarX2, Search } from "lucide-react";
import { Tabs } from "radix-ui";
import { Link } from "react-router";
import type { BookingCard as Booking, BookingList } from "../../../contracts/bookings.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { BookingCard } from "./booking-card.tsx";
import { RequestCard } from "./request-card.tsx";
import {
  FIND_PHOTOGRAPHERS,
  NO_PAST,
  NO_PAST_SESSIONS,
  NO_REQUESTS,
  NO_SCHEDULE,
  NO_UPCOMING,
} from "./strings.ts";

function Empty({ message, findButton }: { message: string; findButton?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-ink-300 px-6 py-12 text-center">
      <CalendarX2 className="size-10 text-ink-400" aria-hidden />
      <p className="text-lg font-semibold text-ink-800">{message}</p>
      {findButton ? (
        <Button asChild>
          <Link to={PAGE_ROUTES.search}>
            <Search aria-hidden />
            {FIND_PHOTOGRAPHERS}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function Cards({ bookings, past }: { bookings: Booking[]; past?: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {bookings.map((b) => (
        <li key={b.id} className="min-w-0">
          <BookingCard booking={b} past={past} />
        </li>
      ))}
    </ul>
  );
}

const tabClass = cn(
  "flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-ink-600 transition-colors sm:flex-none",
  "data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm",
);

/** A creator's requests to answer, then their schedule ahead and their past sessions. */
function CreatorSection({ list }: { list: BookingList }) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="requests-heading">
        <h2
          id="requests-heading"
          className="mb-4 flex items-center gap-2 text-xl font-bold text-ink-900"
        >
          Requests
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm text-amber-800">
            {list.requests.length}
          </span>
        </h2>
        {list.requests.length ? (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {list.requests.map((b) => (
              <li key={b.id}>
                <RequestCard booking={b} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-600">{NO_REQUESTS}</p>
        )}
      </section>
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="mb-4 text-xl font-bold text-ink-900">
          Your sessions
        </h2>
        <Tabs.Root defaultValue="schedule" className="flex flex-col gap-5">
          <Tabs.List
            aria-label="Your sessions"
            className="flex gap-1 self-start rounded-xl bg-ink-100 p-1 max-sm:w-full"
          >
            <Tabs.Trigger value="schedule" className={tabClass}>
              Schedule
            </Tabs.Trigger>
            <Tabs.Trigger value="sessions" className={tabClass}>
              Past sessions
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="schedule">
            {list.schedule.length ? (
              <Cards bookings={list.schedule} />
            ) : (
              <p className="text-sm text-ink-600">{NO_SCHEDULE}</p>
            )}
          </Tabs.Content>
          <Tabs.Content value="sessions">
            {list.sessions.length ? (
              <Cards bookings={list.sessions} past />
            ) : (
              <Empty message={NO_PAST_SESSIONS} />
            )}
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </div>
  );
}

/** The bookings the viewer made: Upcoming and Past. */
function ClientTabs({ list }: { list: BookingList }) {
  return (
    <Tabs.Root defaultValue="upcoming" className="flex flex-col gap-5">
      <Tabs.List
        aria-label="Bookings"
        className="flex gap-1 self-start rounded-xl bg-ink-100 p-1 max-sm:w-full"
      >
        <Tabs.Trigger value="upcoming" className={tabClass}>
          Upcoming
        </Tabs.Trigger>
        <Tabs.Trigger value="past" className={tabClass}>
          Past
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="upcoming">
        {list.upcoming.length ? (
          <Cards bookings={list.upcoming} />
        ) : (
          <Empty message={NO_UPCOMING} findButton />
        )}
      </Tabs.Content>
      <Tabs.Content value="past">
        {list.past.length ? <Cards bookings={list.past} past /> : <Empty message={NO_PAST} />}
      </Tabs.Content>
    </Tabs.Root>
  );
}

/**
 * My Bookings. A creator: their requests, schedule and past sessions, then the sessions they
 * booked themselves, if any (never an empty "No upcoming bookings" under their schedule). A
 * client: the tabs Upcoming and Past.
 */
export function BookingsList({ list }: { list: BookingList }) {
  const isCreator = list.requests.length + list.schedule.length + list.sessions.length > 0;
  if (!isCreator) return <ClientTabs list={list} />;
  const booked = list.upcoming.length + list.past.length > 0;
  return (
    <div className="flex flex-col gap-10">
      <CreatorSection list={list} />
      {booked ? (
        <section aria-labelledby="booked-heading">
          <h2 id="booked-heading" className="mb-4 text-xl font-bold text-ink-900">
            Sessions you booked
          </h2>
          <ClientTabs list={list} />
        </section>
      ) : null}
    </div>
  );
}
