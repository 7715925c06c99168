import {
  CalendarDays,
  Camera,
  Clock,
  ImageUp,
  MapPin,
  MessageCircle,
  RotateCcw,
  Star,
} from "lucide-react";
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
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Avatar } from "../../components/ui/media-image.tsx";
import { formatCents } from "../../lib/format.ts";
import { afterSessionLabel, photosDue } from "./after-session.ts";
import { CancelBookingDialog } from "./cancel-dialog.tsx";
import { PayButton } from "./pay-button.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";
import {
  afterCommission,
  BOOK_AGAIN,
  LEAVE_REVIEW,
  UPLOAD_PHOTOS,
  VIEW_DETAILS,
  VIEW_PHOTOS,
  youEarn,
} from "./strings.ts";
import { bookingDate, bookingTimeRange } from "./time.ts";

/** The card's money: the creator's pay after commission, or the client's total. */
export function CardMoney({ booking }: { booking: Booking }) {
  const earnings = booking.viewerRole === "creator" ? booking.creatorEarnings : null;
  if (earnings) {
    return (
      <p className="text-sm text-ink-600">
        <span className="text-lg font-extrabold text-ink-900">
          {youEarn(formatCents(earnings.netCents))}
        </span>{" "}
        <span className="whitespace-nowrap text-xs">
          {afterCommission(earnings.commissionPercent)}
        </span>
      </p>
    );
  }
  return (
    <p className="text-sm text-ink-600">
      Total{" "}
      <span className="text-lg font-extrabold text-ink-900">{formatCents(booking.totalCents)}</span>
    </p>
  );
}

/** After the session: the photos (upload while due, else view), the review, booking again. */
function PastActions({ booking }: { booking: Booking }) {
  const asCreator = booking.viewerRole === "creator";
  const after = booking.afterSession;
  return (
    <>
      {after && photosDue(booking) ? (
        <Button asChild size="sm">
          <Link to={bookingPhotosPath(booking.id)}>
            <ImageUp aria-hidden />
            {UPLOAD_PHOTOS}
          </Link>
        </Button>
      ) : after ? (
        <Button asChild variant="outline" size="sm">
          <Link to={bookingPhotosPath(booking.id)}>
            <Camera aria-hidden />
            {VIEW_PHOTOS}
          </Link>
        </Button>
      ) : null}
      {after && !after.reviewed ? (
        <Button asChild variant="outline" size="sm">
          <Link to={bookingReviewPath(booking.id)}>
            <Star aria-hidden />
            {LEAVE_REVIEW}
          </Link>
        </Button>
      ) : null}
      {asCreator ? null : (
        <Button asChild size="sm" variant={after ? "outline" : "primary"}>
          <Link to={bookingsForCreatorPath(booking.creator.id)}>
            <RotateCcw aria-hidden />
            {BOOK_AGAIN}
          </Link>
        </Button>
      )}
    </>
  );
}

/** Ahead: a message to the other party, paying an unpaid deposit, cancelling a request. */
function UpcomingActions({ booking, onCancel }: { booking: Booking; onCancel: () => void }) {
  const asCreator = booking.viewerRole === "creator";
  return (
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
      {booking.status === "pending" ? (
        <Button variant="destructive" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      {booking.actions.includes("pay") ? (
        <PayButton bookingId={booking.id} action="pay" size="sm" />
      ) : null}
    </>
  );
}

/** One booking on My Bookings: upcoming (Message, View Details, Cancel, Pay) or past. */
export function BookingCard({ booking, past = false }: { booking: Booking; past?: boolean }) {
  const [cancelling, setCancelling] = useState(false);
  const asCreator = booking.viewerRole === "creator";
  const title = asCreator ? booking.clientName : booking.creator.name;
  const followUp = afterSessionLabel(booking);
  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-5">
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
          {followUp ? (
            <Badge variant={photosDue(booking) ? "warning" : "secondary"} className="mt-1.5">
              {followUp}
            </Badge>
          ) : null}
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
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-4">
        <CardMoney booking={booking} />
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={bookingPagePath(booking.id)}>{VIEW_DETAILS}</Link>
          </Button>
          {past ? (
            <PastActions booking={booking} />
          ) : (
            <UpcomingActions booking={booking} onCancel={() => setCancelling(true)} />
          )}
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
