import { CalendarDays, Clock, Globe, MapPin, StickyNote } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type BookingDetail as Booking,
  DEFAULT_LOCATION_LABEL,
} from "../../../contracts/bookings.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Avatar } from "../../components/ui/media-image.tsx";
import { BookingActions } from "./booking-actions.tsx";
import { LedgerTable, Timeline } from "./booking-history.tsx";
import { PaymentState } from "./payment-state.tsx";
import { PriceSummary } from "./price-summary.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";
import { bookingDate, bookingTimeRange, bookingZone } from "./time.ts";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-ink-500">{icon}</span>
      <div>
        <dt className="text-xs font-semibold uppercase tracking-wide text-ink-500">{label}</dt>
        <dd className="text-ink-900">{children}</dd>
      </div>
    </div>
  );
}

/** One booking for its client, its creator or staff: facts, money, history and actions. */
export function BookingDetail({ booking }: { booking: Booking }) {
  const iconClass = "size-4";
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6">
          <div className="flex flex-wrap items-center gap-4">
            <Avatar
              imageKey={booking.creator.imageKey}
              name={booking.creator.name}
              className="size-16 text-xl"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">
                  {booking.eventType}
                </h1>
                <BookingStatusBadge status={booking.status} />
              </div>
              <p className="text-sm text-ink-600">
                Creator{" "}
                <Link
                  className="font-semibold text-brand-700 hover:underline"
                  to={creatorProfilePath(booking.creator.id)}
                >
                  {booking.creator.name}
                </Link>{" "}
                · Client <span className="font-semibold text-ink-900">{booking.clientName}</span>
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Fact icon={<CalendarDays className={iconClass} aria-hidden />} label="Date">
              {bookingDate(booking)}
            </Fact>
            <Fact icon={<Clock className={iconClass} aria-hidden />} label="Time">
              {bookingTimeRange(booking)} ({booking.hours} {booking.hours === 1 ? "hour" : "hours"})
            </Fact>
            <Fact icon={<Globe className={iconClass} aria-hidden />} label="Time zone">
              {bookingZone(booking)}
            </Fact>
            <Fact icon={<MapPin className={iconClass} aria-hidden />} label="Location">
              {booking.location || DEFAULT_LOCATION_LABEL}
            </Fact>
            {booking.notes ? (
              <Fact icon={<StickyNote className={iconClass} aria-hidden />} label="Notes">
                <span className="whitespace-pre-line">{booking.notes}</span>
              </Fact>
            ) : null}
          </dl>
          <BookingActions booking={booking} />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Price">
          <PriceSummary price={booking} />
        </Section>
        <Section title="Payment">
          <PaymentState booking={booking} />
        </Section>
        <Section title="Ledger">
          <LedgerTable booking={booking} />
        </Section>
        <Section title="Timeline">
          <Timeline booking={booking} />
        </Section>
        {booking.cancellation.policy.length ? (
          <Section title="Cancellation policy">
            <ul className="list-disc space-y-1 pl-5 text-sm text-ink-700">
              {booking.cancellation.policy.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
    </div>
  );
}
