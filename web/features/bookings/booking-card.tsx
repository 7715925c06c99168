import { CalendarDays, Camera, Clock, MapPin, MessageCircle, RotateCcw, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  type BookingCard as Booking,
  bookingPagePath,
  bookingPhotosPath,
  bookingReviewPath,
  DEFAULT_LOCATION_LABEL,
} from "../../../contracts/bookings.ts";
import {
  bookingsForCreatorPath,
  messagesForCreatorPath,
  PAGE_ROUTES,
} from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Avatar } from "../../components/ui/media-image.tsx";
import { formatCents } from "../../lib/format.ts";
import { CancelBookingDialog } from "./cancel-dialog.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";
import { bookingDate, bookingTimeRange } from "./time.ts";

/** One booking on My Bookings: upcoming (Message, View Details, Cancel) or past. */
export function BookingCard({ booking, past = false }: { booking: Booking; past?: boolean }) {
  const [cancelling, setCancelling] = useState(false);
  const asCreator = booking.viewerRole === "creator";
  const title = asCreator ? booking.clientName : booking.creator.name;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <Avatar
          imageKey={asCreator ? null : booking.creator.imageKey}
          name={title}
          className="size-14 text-lg"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="truncate text-lg font-bold text-ink-900">{title}</h3>
            <BookingStatusBadge status={booking.status} />
          </div>
          <p className="text-sm text-ink-600">{booking.eventType}</p>
        </div>
      </div>
      <ul className="grid grid-cols-1 gap-2 text-sm text-ink-700 sm:grid-cols-2">
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 text-ink-500" aria-hidden />
          <span>{bookingDate(booking)}</span>
        </li>
        <li className="flex items-center gap-2">
          <Clock className="size-4 text-ink-500" aria-hidden />
          <span>{bookingTimeRange(booking)}</span>
        </li>
        <li className="flex items-center gap-2 sm:col-span-2">
          <MapPin className="size-4 shrink-0 text-ink-500" aria-hidden />
          <span className="min-w-0 break-words">{booking.location || DEFAULT_LOCATION_LABEL}</span>
        </li>
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-4">
        <p className="text-sm text-ink-600">
          Total{" "}
          <span className="text-lg font-extrabold text-ink-900">
            {formatCents(booking.totalCents)}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {past ? (
            <>
              <Button asChild variant="outline" size="sm">
                <Link to={bookingPhotosPath(booking.id)}>
                  <Camera aria-hidden />
                  View Photos
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to={bookingReviewPath(booking.id)}>
                  <Star aria-hidden />
                  Leave Review
                </Link>
              </Button>
              {asCreator ? null : (
                <Button asChild size="sm">
                  <Link to={bookingsForCreatorPath(booking.creator.id)}>
                    <RotateCcw aria-hidden />
                    Book Again
                  </Link>
                </Button>
              )}
            </>
          ) : (
            <>
              <Button asChild variant="outline" size="sm">
                <Link
                  to={
                    asCreator
                      ? `${PAGE_ROUTES.messages}?booking=${booking.id}`
                      : messagesForCreatorPath(booking.creator.id, booking.id)
                  }
                >
                  <MessageCircle aria-hidden />
                  Message
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to={bookingPagePath(booking.id)}>View Details</Link>
              </Button>
              {booking.status === "pending" ? (
                <Button variant="destructive" size="sm" onClick={() => setCancelling(true)}>
                  Cancel
                </Button>
              ) : null}
            </>
          )}
          {past ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={bookingPagePath(booking.id)}>View Details</Link>
            </Button>
          ) : null}
        </div>
      </div>
      {cancelling ? (
        <CancelBookingDialog
          bookingId={booking.id}
          open={cancelling}
          onOpenChange={setCancelling}
        />
      ) : null}
    </Card>
  );
}
