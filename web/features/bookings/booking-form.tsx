import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { z } from "zod";
import {
  type BookingPrice,
  bookingStartTimes,
  priceBooking,
  twelveHourTime,
} from "../../../contracts/booking-pricing.ts";
import {
  ADDRESS_PLACEHOLDER,
  MISSING_INFO_MESSAGE,
  MISSING_INFO_TITLE,
  ZCreateBookingRequest,
} from "../../../contracts/bookings.ts";
import { BOOKING_HOURS } from "../../../contracts/constants.ts";
import type { PublicProfile } from "../../../contracts/profiles.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Select, Textarea } from "../../components/ui/input.tsx";
import { Avatar } from "../../components/ui/media-image.tsx";
import { isApiError, showError } from "../../lib/api-errors.ts";
import { useSession } from "../../lib/auth-client.ts";
import { formatCents, formatTimeZone } from "../../lib/format.ts";
import { useZodForm } from "../../lib/use-zod-form.ts";
import { openAuthDialog } from "../accounts/auth-dialog-store.ts";
import { useCreatorProfile } from "../profiles/api.ts";
import { useBookingTimes } from "./api.ts";
import { PriceSummary } from "./price-summary.tsx";
import { NoFreeTimes, TimesNotLoaded } from "./start-time-notices.tsx";
import { HOLD_EXPLANATION, NEW_BOOKING_TITLE, REQUIRED, SIGN_IN_TO_CONTINUE } from "./strings.ts";
import { useCreateBooking } from "./use-create-booking.ts";

// The request's rules (spec §5); a blank select or number reads as missing, like the others.
const ZBookingForm = ZCreateBookingRequest.omit({ creatorId: true }).extend({
  startTime: z.string().min(1, MISSING_INFO_MESSAGE).pipe(ZCreateBookingRequest.shape.startTime),
  hours: z
    .string()
    .trim()
    .min(1, MISSING_INFO_MESSAGE)
    // The request coerces whatever it is given; zod's pipe asks for exactly a string.
    .pipe(ZCreateBookingRequest.shape.hours as unknown as z.ZodType<number, string>),
});

const START_TIMES = bookingStartTimes();
/** The form's controls, to take the person to the first field behind "Missing info". */
const FIELD_IDS = {
  date: "booking-date",
  startTime: "booking-start",
  hours: "booking-hours",
  location: "booking-location",
} as const;
const today = () => new Date().toLocaleDateString("en-CA");

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `initialDate`/`initialTime` (the page's `date` and `time` parameters, e.g. the map's nearest
 * start) pre-fill the form when they are well-formed; the times query still decides.
 */
export function BookingForm({
  creatorId,
  initialDate,
  initialTime,
}: {
  creatorId: string;
  initialDate?: string | null;
  initialTime?: string | null;
}) {
  const presetDate = initialDate && DATE_PATTERN.test(initialDate) ? initialDate : "";
  const presetTime =
    presetDate && initialTime && START_TIMES.includes(initialTime) ? initialTime : "";
  const session = useSession();
  const signedIn = Boolean(session.data);
  const profileQuery = useCreatorProfile(creatorId);
  const profile = profileQuery.data;
  const { register, watch, getValues, setValue, trigger, errors } = useZodForm(ZBookingForm, {
    date: presetDate,
    startTime: presetTime,
    hours: String(BOOKING_HOURS.default),
    location: "",
    notes: "",
  });
  const date = watch("date");
  const hours = Number(watch("hours"));
  const validHours =
    Number.isInteger(hours) && hours >= BOOKING_HOURS.min && hours <= BOOKING_HOURS.max;
  // Before a date is picked, today's answer still tells the creator's zone.
  const times = useBookingTimes(creatorId, date || today(), validHours ? hours : 1);
  // While the chosen date's answer loads, the previous one (another date or length) stays as
  // placeholder for the zone and rate, never for which times are taken.
  const timesOfChoice = date && !times.isPlaceholderData ? times.data : undefined;
  const taken = new Set(
    timesOfChoice ? timesOfChoice.times.filter((t) => !t.available).map((t) => t.time) : [],
  );
  const rate = times.data?.hourlyRateCents ?? profile?.hourlyRateCents ?? null;
  const price = rate && validHours ? priceBooking(rate, hours) : null;
  const timeZone = times.data?.timeZone;
  const noneFree = START_TIMES.every((t) => taken.has(t));
  const startTime = watch("startTime");
  const takenKey = [...taken].join();
  // A time chosen before the date (or hours) changed may be taken on the new one.
  useEffect(() => {
    if (startTime && takenKey.split(",").includes(startTime)) setValue("startTime", "");
  }, [startTime, takenKey, setValue]);
  // A start picked along with its date (the nearest free one) is set once the date's times are
  // listed: a select keeps no value it has no option for.
  const [startToSet, setStartToSet] = useState<string | null>(null);
  useEffect(() => {
    if (!startToSet || takenKey.split(",").includes(startToSet)) return;
    setValue("startTime", startToSet, { shouldValidate: true });
    setStartToSet(null);
  }, [startToSet, takenKey, setValue]);

  const { book, processing } = useCreateBooking({
    onSlotTaken: () => {
      setValue("startTime", "");
      void times.refetch();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn) return;
    const parsed = ZBookingForm.safeParse(getValues());
    if (!parsed.success || !rate) {
      // Highlight every field behind the message and take the person to the first.
      void trigger();
      const first = parsed.error?.issues[0]?.path[0];
      if (typeof first === "string" && first in FIELD_IDS) {
        document.getElementById(FIELD_IDS[first as keyof typeof FIELD_IDS])?.focus();
      }
      const missing =
        !rate || parsed.error?.issues.some((issue) => issue.message === MISSING_INFO_MESSAGE);
      if (missing) showError(MISSING_INFO_TITLE, MISSING_INFO_MESSAGE);
      return;
    }
    book({ ...parsed.data, creatorId });
  };

  if (isApiError(profileQuery.error, "not_found")) {
    return (
      <Card>
        <CardContent className="py-8 text-center text-ink-600">
          This creator could not be found. Pick another from Find Photographers.
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{NEW_BOOKING_TITLE}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {profile ? <CreatorSummary profile={profile} /> : null}
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
        >
          <BookingFields register={register} errors={errors} taken={taken} timeZone={timeZone}>
            {date && times.isError ? (
              <TimesNotLoaded onRetry={() => void times.refetch()} />
            ) : noneFree ? (
              <NoFreeTimes
                creatorId={creatorId}
                hours={validHours ? hours : 1}
                onUse={(start) => {
                  setValue("date", start.date, { shouldValidate: true });
                  setStartToSet(start.time);
                }}
              />
            ) : null}
          </BookingFields>
          <BookingAside price={price} processing={processing} signedIn={signedIn} />
        </form>
      </CardContent>
    </Card>
  );
}

type BookingFormValues = z.input<typeof ZBookingForm>;

// A field behind "Missing info" says so itself, briefly; the toast says the rest.
const fieldError = (message?: string) =>
  message === MISSING_INFO_MESSAGE ? REQUIRED : message || undefined;

/** Who is being booked, and their rate. */
function CreatorSummary({ profile }: { profile: PublicProfile }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      <Avatar imageKey={profile.avatarKey} name={profile.name} className="size-14 text-lg" />
      <div>
        <p className="font-bold text-ink-900">{profile.name}</p>
        <p className="text-sm text-ink-600">
          {profile.hourlyRateCents
            ? `${formatCents(profile.hourlyRateCents, "USD", "whole")} per hour`
            : "This creator has not set an hourly rate yet."}
        </p>
      </div>
    </div>
  );
}

/**
 * Date, start, hours, address and notes; the start times left are those still free. `children`
 * (what to do when none is) goes under the date and start.
 */
function BookingFields({
  register,
  errors,
  taken,
  timeZone,
  children,
}: {
  register: UseFormRegister<BookingFormValues>;
  errors: FieldErrors<BookingFormValues>;
  taken: Set<string>;
  timeZone: string | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id="booking-date" label="Date" required error={fieldError(errors.date?.message)}>
        <Input
          id="booking-date"
          type="date"
          min={today()}
          aria-invalid={!!errors.date}
          {...register("date")}
        />
      </Field>
      <Field
        id="booking-start"
        label="Start time"
        required
        error={fieldError(errors.startTime?.message)}
        hint={timeZone ? `Times are in ${formatTimeZone(timeZone)}` : undefined}
      >
        <Select id="booking-start" aria-invalid={!!errors.startTime} {...register("startTime")}>
          <option value="">Select a time</option>
          {START_TIMES.filter((t) => !taken.has(t)).map((t) => (
            <option key={t} value={t}>
              {twelveHourTime(t)}
            </option>
          ))}
        </Select>
      </Field>
      {children}
      <Field id="booking-hours" label="Hours" required error={fieldError(errors.hours?.message)}>
        <Input
          id="booking-hours"
          type="number"
          inputMode="numeric"
          min={BOOKING_HOURS.min}
          max={BOOKING_HOURS.max}
          step={1}
          aria-invalid={!!errors.hours}
          {...register("hours")}
        />
      </Field>
      <Field
        id="booking-location"
        label="Full address"
        required
        className="sm:col-span-2"
        error={fieldError(errors.location?.message)}
      >
        <Input
          id="booking-location"
          autoComplete="street-address"
          placeholder={ADDRESS_PLACEHOLDER}
          aria-invalid={!!errors.location}
          {...register("location")}
        />
      </Field>
      <Field id="booking-notes" label="Notes" className="sm:col-span-2">
        <Textarea
          id="booking-notes"
          rows={3}
          placeholder="Event type, shot list, parking, anything the creator should know"
          {...register("notes")}
        />
      </Field>
    </div>
  );
}

/** The price, the hold explained, and the submit (or sign-in) buttons. */
function BookingAside({
  price,
  processing,
  signedIn,
}: {
  price: BookingPrice | null;
  processing: boolean;
  signedIn: boolean;
}) {
  return (
    <aside className="flex flex-col gap-4 rounded-2xl bg-ink-50 p-4">
      {price ? (
        <PriceSummary price={price} />
      ) : (
        <p className="text-sm text-ink-600">Pick the hours to see the price.</p>
      )}
      <p className="text-xs text-ink-600">{HOLD_EXPLANATION}</p>
      <Button type="submit" size="lg" disabled={processing || !signedIn} aria-busy={processing}>
        {processing ? "Processing..." : "Request & Pay Deposit"}
      </Button>
      {signedIn ? null : (
        <Button type="button" variant="outline" onClick={() => openAuthDialog("signin")}>
          {SIGN_IN_TO_CONTINUE}
        </Button>
      )}
    </aside>
  );
}
