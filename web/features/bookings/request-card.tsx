import { CalendarDays, Clock, MapPin } from "lucide-react";
import { Link } from "react-router";
import {
  type BookingCard,
  bookingPagePath,
  DEFAULT_LOCATION_LABEL,
} from "../../../contracts/bookings.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useBookingAction } from "./api.ts";
import { CardMoney } from "./booking-card.tsx";
import { VIEW_DETAILS } from "./strings.ts";
import { answerWithin, bookingDate, bookingTimeRange } from "./time.ts";

/** A request awaiting the creator's answer, with the time left to give it. */
export function RequestCard({ booking }: { booking: BookingCard }) {
  const accept = useBookingAction("accept");
  const decline = useBookingAction("decline");
  const busy = accept.isPending || decline.isPending;
  const deadline = answerWithin(booking.respondBy);
  const run = (action: typeof accept) => action.mutate({ id: booking.id });
  return (
    <Card className="flex flex-col gap-3 border-amber-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-bold text-ink-900">{booking.clientName}</h3>
          <p className="text-sm text-ink-600">{booking.eventType}</p>
        </div>
        {deadline ? <p className="text-sm font-semibold text-amber-800">{deadline}</p> : null}
      </div>
      <ul className="grid grid-cols-1 gap-1.5 text-sm text-ink-700">
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 text-ink-500" aria-hidden /> {bookingDate(booking)}
        </li>
        <li className="flex items-center gap-2">
          <Clock className="size-4 text-ink-500" aria-hidden /> {bookingTimeRange(booking)}
        </li>
        <li className="flex items-center gap-2">
          <MapPin className="size-4 text-ink-500" aria-hidden />{" "}
          {booking.location || DEFAULT_LOCATION_LABEL}
        </li>
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-3">
        <CardMoney booking={booking} />
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={bookingPagePath(booking.id)}>{VIEW_DETAILS}</Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy || !booking.actions.includes("decline")}
            onClick={() => run(decline)}
          >
            Decline
          </Button>
          <Button
            size="sm"
            disabled={busy || !booking.actions.includes("accept")}
            onClick={() => run(accept)}
          >
            Accept
          </Button>
        </div>
      </div>
    </Card>
  );
}
