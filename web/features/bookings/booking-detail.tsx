import { CalendarDays, Camera, Clock, Globe, ImageUp, MapPin, StickyNote } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type BookingDetail as Booking,
  bookingPhotosPath,
  DEFAULT_LOCATION_LABEL,
} from "../../../contracts/bookings.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Avatar } from "../../components/ui/media-image.tsx";
import { afterSessionLabel, photosDue } from "./after-session.ts";
import { BookingActions } from "./booking-actions.tsx";
import { LedgerTable, Timeline } from "./booking-history.tsx";
import { PaymentState } from "./payment-state.tsx";
import { DEPOSIT_DUE_NOW, DEPOSIT_PAID, PriceSummary } from "./price-summary.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";
import { UPLOAD_PHOTOS, VIEW_PHOTOS } from "./strings.ts";
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

/** One fact of the list: the icon sits inside its term, so the list holds only dt and dd. */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-7">
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-500">
        <span className="absolute top-0.5 left-0 text-ink-500">{icon}</span>
        {label}
      </dt>
      <dd className="text-ink-900">{children}</dd>
    </div>
  );
}

/** The deposit as it stands: paid once captured, due while unpaid. */
function depositLabel(booking: Booking) {
  if (booking.payment.depositPaidCents > 0) return DEPOSIT_PAID;
  return booking.status === "pending_payment" ? DEPOSIT_DUE_NOW : "Deposit";
}

/** After the session, for either party: where the photos stand and the way to them. */
function PhotosLink({ booking }: { booking: Booking }) {
  const label = afterSessionLabel(booking);
  if (!booking.afterSession) return null;
  const due = photosDue(booking);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-ink-50 px-4 py-3">
      <Camera className="size-5 text-ink-500" aria-hidden />
      {label ? <p className="text-sm font-semibold text-ink-800">{label}</p> : null}
      <Button asChild size="sm" variant={due ? "primary" : "outline"} className="ml-auto">
        <Link to={bookingPhotosPath(booking.id)}>
          {due ? <ImageUp aria-hidden /> : null}
          {due ? UPLOAD_PHOTOS : VIEW_PHOTOS}
        </Link>
      </Button>
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
          <PhotosLink booking={booking} />
          <BookingActions booking={booking} />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Price">
          <PriceSummary
            price={booking}
            depositLabel={depositLabel(booking)}
            earnings={booking.creatorEarnings}
          />
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
