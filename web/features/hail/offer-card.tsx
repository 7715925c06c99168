import { Bell, CalendarCheck, Check, Clock, MapPin, X } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import { HAIL_TAKEN_MESSAGE, type HailOffer } from "../../../contracts/hail.ts";
import { Button } from "../../components/ui/button.tsx";
import { isApiError } from "../../lib/api-errors.ts";
import { cn } from "../../lib/cn.ts";
import { formatCents } from "../../lib/format.ts";
import { useOfferAnswer } from "./api.ts";
import { Countdown, useSecondsLeft } from "./countdown.tsx";
import {
  ACCEPT,
  ASAP,
  afterCommissionLabel,
  BOOKED,
  DECLINE,
  earnLabel,
  formatMiles,
  NEW_HAIL,
  TAKEN,
  VIEW_BOOKING,
} from "./strings.ts";

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** "As soon as possible", or "Starts 3:30 PM". */
export const offerStart = (offer: HailOffer) =>
  offer.startAt ? `Starts ${time.format(new Date(offer.startAt))}` : ASAP;

/**
 * One hail reaching this creator: what, where, when, their pay, the time left and the answer.
 * `onGone` removes the card (declined, timed out, or dismissed after it was booked).
 */
export function OfferCard({
  offer,
  userId,
  onGone,
  onTaken,
}: {
  offer: HailOffer;
  userId: string;
  onGone: (hailId: string) => void;
  /** Another creator won (said by the server's 409 to our accept). */
  onTaken: (offer: HailOffer) => void;
}) {
  const accept = useOfferAnswer(userId, "accept");
  const decline = useOfferAnswer(userId, "decline");
  const busy = accept.isPending || decline.isPending;
  const seconds = useSecondsLeft(offer.liveUntil);
  const open = offer.status === "offered";
  const titleId = `hail-offer-${offer.hailId}`;

  // Out of time with no word from the server yet: the hail is closed all the same.
  useEffect(() => {
    if (open && offer.liveUntil && seconds <= 0 && !busy) onGone(offer.hailId);
  }, [open, offer.liveUntil, seconds, busy, onGone, offer.hailId]);

  const onAccept = () =>
    accept.mutate(offer.hailId, {
      onError: (error) => {
        if (isApiError(error, "conflict") && error.message === HAIL_TAKEN_MESSAGE) {
          onTaken(offer);
          return;
        }
        if (isApiError(error, "conflict")) onGone(offer.hailId);
      },
    });
  const onDecline = () =>
    decline.mutate(offer.hailId, {
      onSuccess: () => onGone(offer.hailId),
      onError: (error) => {
        if (isApiError(error, "conflict")) onGone(offer.hailId);
      },
    });

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "pointer-events-auto overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 transition-opacity",
        offer.status === "taken" ? "ring-ink-300" : "ring-brand-200",
      )}
    >
      <div
        className={cn(
          "flex items-center justify-between gap-3 px-4 py-2.5 text-white",
          offer.status === "accepted"
            ? "bg-emerald-700"
            : offer.status === "taken"
              ? "bg-ink-500"
              : "bg-linear-to-r from-brand-700 to-brand-500",
        )}
      >
        <p id={titleId} className="flex items-center gap-2 text-sm font-bold">
          <Bell className={cn("size-4", open && "animate-bounce")} aria-hidden />
          {offer.status === "accepted" ? BOOKED : offer.status === "taken" ? TAKEN : NEW_HAIL}
          <span className="sr-only">
            : {offer.service}, {offer.hours} h, {offer.area}
          </span>
        </p>
        <span className="text-sm font-semibold">{formatMiles(offer.distanceMiles)} away</span>
      </div>
      <div className="flex flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-lg font-bold leading-tight text-ink-900">
              {offer.service} · {offer.hours} {offer.hours === 1 ? "hour" : "hours"}
            </p>
            <p className="mt-1 flex min-w-0 items-center gap-1 text-sm text-ink-600">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0 truncate">
                {offer.status === "accepted" && offer.location ? offer.location : offer.area}
              </span>
            </p>
            <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-600">
              <Clock className="size-4 shrink-0" aria-hidden />
              {offerStart(offer)}
            </p>
          </div>
          <p className="shrink-0 rounded-xl bg-emerald-50 px-3 py-1.5 text-right text-sm font-bold text-emerald-800">
            {earnLabel(formatCents(offer.netEarningsCents, offer.currency))}
            <span className="block text-xs font-medium text-emerald-800">
              {afterCommissionLabel(offer.commissionPercent)}
            </span>
          </p>
        </div>
        {offer.notes && open ? (
          <p className="line-clamp-2 rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-700">
            “{offer.notes}”
          </p>
        ) : null}
        {open ? (
          <>
            <Countdown until={offer.liveUntil} variant="bar" />
            <div className="grid grid-cols-2 gap-2">
              <Button
                variant="outline"
                onClick={onDecline}
                disabled={busy}
                aria-busy={decline.isPending}
              >
                <X aria-hidden /> {DECLINE}
              </Button>
              <Button onClick={onAccept} disabled={busy} aria-busy={accept.isPending}>
                <Check aria-hidden /> {accept.isPending ? "Accepting..." : ACCEPT}
              </Button>
            </div>
          </>
        ) : offer.status === "taken" ? (
          <p role="status" className="text-sm font-semibold text-ink-700">
            {TAKEN} — another creator accepted first.
          </p>
        ) : offer.status === "accepted" ? (
          <div className="flex items-center gap-2">
            <Button asChild className="flex-1">
              <Link to={offer.bookingId ? bookingPagePath(offer.bookingId) : "/bookings"}>
                <CalendarCheck aria-hidden /> {VIEW_BOOKING}
              </Link>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Dismiss"
              onClick={() => onGone(offer.hailId)}
            >
              <X aria-hidden />
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
