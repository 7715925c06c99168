import {
  CalendarCheck,
  CheckCircle2,
  Clock,
  CreditCard,
  ExternalLink,
  MapPin,
  XCircle,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import type { CreateHailRequest, Hail } from "../../../contracts/hail.ts";
import { Button } from "../../components/ui/button.tsx";
import { Avatar } from "../../components/ui/media-image.tsx";
import { formatCents, formatDateTime } from "../../lib/format.ts";
import { useCancelHail } from "./api.ts";
import { Countdown } from "./countdown.tsx";
import { recallHail } from "./session-hails.ts";
import {
  ACCEPTED_TITLE,
  ASAP,
  AWAITING_PAYMENT_TEXT,
  AWAITING_PAYMENT_TITLE,
  awayLabel,
  CANCEL_HAIL,
  CANCELLED_TEXT,
  CANCELLED_TITLE,
  EXPIRED_TEXT,
  EXPIRED_TITLE,
  FAILED_TEXT,
  FAILED_TITLE,
  formatMiles,
  formatRange,
  HAIL_AGAIN,
  LIVE_TITLE,
  REOPEN_PAYMENT,
  reachingLabel,
  VIEW_BOOKING,
  widenLabel,
  widerRadius,
} from "./strings.ts";
import { useCreateHail } from "./use-create-hail.ts";

/** What the client hailed: service, hours, where, when, how far, for how much. */
function HailSummary({ hail }: { hail: Hail }) {
  const rows: [string, ReactNode][] = [
    ["Service", `${hail.service} · ${hail.hours} ${hail.hours === 1 ? "hour" : "hours"}`],
    ["Where", hail.location],
    ["Start", hail.startAt ? formatDateTime(hail.startAt) : ASAP],
    ["Radius", `${hail.radiusMiles} mi`],
    ["Price", `${formatRange(hail.minTotalCents, hail.maxTotalCents)} total`],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-2xl bg-ink-50 p-4 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs font-semibold uppercase tracking-wide text-ink-500">{label}</dt>
          <dd className="font-medium text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StateHeader({
  icon,
  tone,
  title,
  text,
}: {
  icon: ReactNode;
  tone: "brand" | "success" | "muted" | "warning";
  title: string;
  text?: ReactNode;
}) {
  const tones = {
    brand: "bg-brand-100 text-brand-700",
    success: "bg-emerald-100 text-emerald-700",
    muted: "bg-ink-100 text-ink-600",
    warning: "bg-amber-100 text-amber-700",
  };
  return (
    <div className="flex items-start gap-4">
      <span className={`grid size-12 shrink-0 place-items-center rounded-full ${tones[tone]}`}>
        {icon}
      </span>
      <div>
        <h2 className="text-xl font-bold text-ink-900">{title}</h2>
        {text ? <p className="mt-1 text-sm text-ink-600">{text}</p> : null}
      </div>
    </div>
  );
}

/** The same details again, as a new hail ('Hail again'), or wider ('Widen to 25 mi'). */
function requestAgain(hail: Hail, radiusMiles: number): CreateHailRequest {
  const sent = recallHail(hail.id)?.request;
  return {
    service: hail.service,
    hours: hail.hours,
    location: hail.location,
    startInMinutes: 0,
    ...sent,
    radiusMiles,
  };
}

function AgainButtons({ hail }: { hail: Hail }) {
  const { hail: send, processing } = useCreateHail();
  const wider = widerRadius(hail.radiusMiles);
  return (
    <div className="flex flex-wrap gap-3">
      {wider ? (
        <Button
          onClick={() => send(requestAgain(hail, wider))}
          disabled={processing}
          aria-busy={processing}
        >
          {widenLabel(wider)}
        </Button>
      ) : null}
      <Button
        variant={wider ? "outline" : "primary"}
        onClick={() => send(requestAgain(hail, hail.radiusMiles))}
        disabled={processing}
        aria-busy={processing}
      >
        {HAIL_AGAIN}
      </Button>
    </div>
  );
}

function CancelButton({ hail }: { hail: Hail }) {
  const cancel = useCancelHail();
  return (
    <Button
      variant="outline"
      onClick={() => cancel.mutate(hail.id)}
      disabled={cancel.isPending}
      aria-busy={cancel.isPending}
    >
      <XCircle aria-hidden /> {CANCEL_HAIL}
    </Button>
  );
}

function Winner({ hail }: { hail: Hail }) {
  const winner = hail.winner;
  return (
    <div className="flex flex-col gap-5">
      <StateHeader
        icon={<CheckCircle2 className="size-6" aria-hidden />}
        tone="success"
        title={ACCEPTED_TITLE}
        text="Your session is booked and the deposit is paid."
      />
      {winner ? (
        <div className="flex flex-col gap-4 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4 sm:flex-row sm:items-center">
          <Avatar imageKey={winner.avatarKey} name={winner.name} className="size-16 text-xl" />
          <div className="flex-1">
            <p className="text-lg font-bold text-ink-900">{winner.name}</p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700">
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden /> {formatMiles(winner.distanceMiles)}
              </span>
              <span className="inline-flex items-center gap-1">
                <Clock className="size-4" aria-hidden /> {awayLabel(winner.arrivalMinutes)}
              </span>
            </p>
          </div>
          <div className="sm:text-right">
            <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">Total</p>
            <p className="text-xl font-extrabold text-ink-900">{formatCents(winner.totalCents)}</p>
          </div>
        </div>
      ) : null}
      {hail.bookingId ? (
        <Button asChild size="lg" className="w-full sm:w-fit">
          <Link to={bookingPagePath(hail.bookingId)}>
            <CalendarCheck aria-hidden /> {VIEW_BOOKING}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

/** A hail's state as its client follows it: payment, live countdown, the winner, or the end. */
export function HailStatus({ hail }: { hail: Hail }) {
  let body: ReactNode;
  switch (hail.status) {
    case "awaiting_payment": {
      const href = recallHail(hail.id)?.approveHref;
      body = (
        <>
          <StateHeader
            icon={<CreditCard className="size-6" aria-hidden />}
            tone="warning"
            title={AWAITING_PAYMENT_TITLE}
            text={`${AWAITING_PAYMENT_TEXT} Approve by ${formatDateTime(hail.payBy)}.`}
          />
          <div className="flex flex-wrap gap-3">
            {href ? (
              <Button asChild>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden /> {REOPEN_PAYMENT}
                </a>
              </Button>
            ) : null}
            <CancelButton hail={hail} />
          </div>
        </>
      );
      break;
    }
    case "live":
      body = (
        <>
          <div className="flex flex-col items-center gap-4 text-center">
            <span className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-emerald-800">
              <span className="size-2 animate-pulse rounded-full bg-emerald-600" aria-hidden /> Live
            </span>
            <Countdown until={hail.liveUntil} />
            <div>
              <h2 className="text-xl font-bold text-ink-900">{LIVE_TITLE}</h2>
              <p className="mt-1 font-semibold text-brand-700">
                {reachingLabel(hail.reachedCount)}
              </p>
              <p className="mt-1 text-sm text-ink-600">
                The first creator to accept is booked. Keep this page open.
              </p>
            </div>
          </div>
          <div className="flex justify-center">
            <CancelButton hail={hail} />
          </div>
        </>
      );
      break;
    case "accepted":
      body = <Winner hail={hail} />;
      break;
    case "expired":
      body = (
        <>
          <StateHeader
            icon={<Clock className="size-6" aria-hidden />}
            tone="muted"
            title={EXPIRED_TITLE}
            text={EXPIRED_TEXT}
          />
          <AgainButtons hail={hail} />
        </>
      );
      break;
    case "cancelled":
    case "failed":
      body = (
        <>
          <StateHeader
            icon={<XCircle className="size-6" aria-hidden />}
            tone="muted"
            title={hail.status === "cancelled" ? CANCELLED_TITLE : FAILED_TITLE}
            text={hail.status === "cancelled" ? CANCELLED_TEXT : FAILED_TEXT}
          />
          <AgainButtons hail={hail} />
        </>
      );
      break;
  }
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Hail status"
        className="flex flex-col gap-6 rounded-3xl bg-white p-6 shadow-soft ring-1 ring-ink-200/70 sm:p-8"
      >
        {body}
      </section>
      <HailSummary hail={hail} />
    </div>
  );
}
