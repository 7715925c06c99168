import { CalendarX2 } from "lucide-react";
import { twelveHourTime } from "../../../contracts/booking-pricing.ts";
import { SCHEDULE } from "../../../contracts/constants.ts";
import type { NextStart } from "../../../contracts/schedule.ts";
import { Button } from "../../components/ui/button.tsx";
import { TRY_AGAIN } from "../../components/ui/query-state.tsx";
import { formatCalendarDay } from "../../lib/format.ts";
import { useNextStart } from "../map/next-start.ts";
import {
  NO_FREE_TIMES,
  NOTHING_FREE_SOON,
  nearestFreeTime,
  TIMES_NOT_LOADED,
  USE_NEAREST_TIME,
} from "./strings.ts";

// What the booking form says under the date and start when it has no start to offer.

const NOTICE_CLASS =
  "flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-ink-800 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between";

/**
 * Shown when every start on the chosen date is taken (a day the creator does not work, or a
 * full one): says so and offers the creator's nearest free start for the same length.
 */
export function NoFreeTimes({
  creatorId,
  hours,
  onUse,
}: {
  creatorId: string;
  hours: number;
  onUse: (start: NonNullable<NextStart>) => void;
}) {
  const next = useNextStart(creatorId, true, hours);
  return (
    <div role="status" className={NOTICE_CLASS}>
      <p className="flex items-start gap-2">
        <CalendarX2 className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
        <span>
          {NO_FREE_TIMES}{" "}
          {next.data
            ? nearestFreeTime(formatCalendarDay(next.data.date), twelveHourTime(next.data.time))
            : next.data === null
              ? NOTHING_FREE_SOON(SCHEDULE.nextStartDays)
              : null}
        </span>
      </p>
      {next.data ? (
        <Button type="button" variant="outline" size="sm" onClick={() => onUse(next.data!)}>
          {USE_NEAREST_TIME}
        </Button>
      ) : null}
    </div>
  );
}

/** The date's free times could not be asked for (offline, or the server failed): try again. */
export function TimesNotLoaded({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className={NOTICE_CLASS}>
      <p className="flex items-start gap-2">
        <CalendarX2 className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
        <span>{TIMES_NOT_LOADED}</span>
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {TRY_AGAIN}
      </Button>
    </div>
  );
}
