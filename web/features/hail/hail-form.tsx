import { Loader2, MapPin, Navigation, UserRound } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { BOOKING_HOURS, HAIL } from "../../../contracts/constants.ts";
import { SERVICES, type Service } from "../../../contracts/enums.ts";
import {
  type CreateHailRequest,
  HAIL_ADDRESS_NOT_FOUND_MESSAGE,
  HAIL_NOBODY_ONLINE_MESSAGE,
  type HailQuote,
  placeOfAddress,
  ZCreateHailRequest,
} from "../../../contracts/hail.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Select, Textarea } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api-errors.ts";
import { type QuoteInput, useHailQuote } from "./api.ts";
import { Segmented } from "./segmented.tsx";
import {
  ADDRESS_PLACEHOLDER,
  formatRange,
  HAIL_NOW,
  HAILING,
  HOLD_EXPLAINED,
  LOCATING,
  LOCATION_DENIED,
  NOBODY_ONLINE_TRY_WIDER,
  onlineNearbyLabel,
  QUOTE_NEEDS_LOCATION,
  startOptionLabel,
  USE_MY_LOCATION,
  USING_LOCATION,
} from "./strings.ts";
import { useCreateHail } from "./use-create-hail.ts";

type Coords = { lat: number; lng: number };
type Locating = "idle" | "finding" | "found" | "denied";

const HOURS = Array.from(
  { length: BOOKING_HOURS.max - BOOKING_HOURS.min + 1 },
  (_, i) => BOOKING_HOURS.min + i,
);
const HAS_ZIP = /\b\d{5}\b/;
/** A typed address is quoted once the typing pauses this long. */
const ADDRESS_PAUSE_MS = 400;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The browser's position, asked for once the person taps 'Use my location'. */
function useDevicePosition(onFound: () => void) {
  const [coords, setCoords] = useState<Coords | null>(null);
  const [locating, setLocating] = useState<Locating>("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setLocating("denied");
      return;
    }
    setLocating("finding");
    navigator.geolocation.getCurrentPosition(
      ({ coords: c }) => {
        setCoords({ lat: c.latitude, lng: c.longitude });
        setLocating("found");
        onFound();
      },
      () => setLocating("denied"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };
  return { coords, locating, locate };
}

/** What keeps the hail from being sent, shown under the address; null when nothing does. */
function hailIssue(body: CreateHailRequest, placed: boolean): string | null {
  const parsed = ZCreateHailRequest.safeParse(body);
  const addressIssue = parsed.success
    ? null
    : parsed.error.issues.find((i) => i.path[0] === "location")?.message;
  // Without a point the server places the address by its ZIP.
  const placeIssue =
    !placed && body.location && !HAS_ZIP.test(body.location)
      ? HAIL_ADDRESS_NOT_FOUND_MESSAGE
      : null;
  const issue = addressIssue ?? placeIssue;
  if (issue || parsed.success) return issue ?? null;
  return parsed.error.issues[0]?.message ?? null;
}

/** The hail's details, the price up front (once the place is known), and 'Hail now'. */
export function HailForm({ onSent }: { onSent?: () => void }) {
  const [service, setService] = useState<Service>(SERVICES[0]);
  const [hours, setHours] = useState<number>(BOOKING_HOURS.default);
  const [location, setLocation] = useState("");
  const [startInMinutes, setStartInMinutes] = useState<number>(HAIL.startOptionsMinutes[0]);
  const [radiusMiles, setRadiusMiles] = useState<number>(HAIL.defaultRadiusMiles);
  const [notes, setNotes] = useState("");
  const [locationError, setLocationError] = useState<string | null>(null);
  const { coords, locating, locate } = useDevicePosition(() => setLocationError(null));
  // Without the browser's position, the typed address's ZIP or "City, ST" is quoted.
  const settledLocation = useSettled(location, ADDRESS_PAUSE_MS);
  const typedPlace = coords ? null : placeOfAddress(settledLocation);
  const where = coords ?? (typedPlace ? { place: typedPlace } : null);
  const quoteInput: QuoteInput | null = where
    ? { service, hours, startInMinutes, radiusMiles, ...where }
    : null;
  const quote = useHailQuote(quoteInput);
  const { hail, processing } = useCreateHail({ onCreated: onSent });
  const nobody = quote.data?.creatorsAvailable === 0 && !quote.isPlaceholderData;
  // Where the quote found the typed place: the hail is sent from there.
  const found = !coords && !quote.isPlaceholderData ? quote.data?.place : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const point = coords ?? (found ? { lat: found.lat, lng: found.lng } : null);
    const body: CreateHailRequest = {
      service,
      hours,
      location: location.trim(),
      ...(point ?? {}),
      startInMinutes,
      radiusMiles,
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    const issue = hailIssue(body, Boolean(point));
    setLocationError(issue);
    if (issue !== null) document.getElementById("hail-location")?.focus();
    else hail(body);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,1fr)_16rem] md:gap-6"
    >
      <div className="flex flex-col gap-4">
        <Segmented
          legend="Service"
          name="hail-service"
          options={SERVICES}
          value={service}
          onChange={setService}
          label={(s) => (s === "Content Creation" ? "Content" : s)}
        />
        <WhenFields
          hours={hours}
          onHours={setHours}
          startInMinutes={startInMinutes}
          onStart={setStartInMinutes}
        />
        <AddressField
          value={location}
          onChange={setLocation}
          error={locationError}
          locating={locating}
          onLocate={locate}
        />
        <Segmented
          legend="Radius"
          name="hail-radius"
          options={HAIL.radiusOptionsMiles}
          value={radiusMiles as (typeof HAIL.radiusOptionsMiles)[number]}
          onChange={setRadiusMiles}
          label={(r) => `${r} mi`}
        />
        <Field id="hail-notes" label="Notes for the creator">
          <Textarea
            id="hail-notes"
            rows={2}
            className="min-h-16"
            placeholder="What to shoot, where to meet"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </Field>
      </div>
      <div className="flex flex-col gap-4">
        <QuotePanel
          quote={quote.data}
          loading={quote.isFetching}
          known={quoteInput !== null}
          failure={quote.isError ? quoteFailure(quote.error) : null}
        />
        <Button type="submit" size="lg" disabled={processing || nobody} aria-busy={processing}>
          {processing ? HAILING : HAIL_NOW}
        </Button>
      </div>
    </form>
  );
}

/** How long, and how soon the session starts. */
function WhenFields({
  hours,
  onHours,
  startInMinutes,
  onStart,
}: {
  hours: number;
  onHours: (hours: number) => void;
  startInMinutes: number;
  onStart: (minutes: number) => void;
}) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3">
      <Field id="hail-hours" label="Hours">
        <Select id="hail-hours" value={hours} onChange={(e) => onHours(Number(e.target.value))}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {h} {h === 1 ? "hour" : "hours"}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="hail-start" label="Start">
        <Select
          id="hail-start"
          value={startInMinutes}
          onChange={(e) => onStart(Number(e.target.value))}
        >
          {HAIL.startOptionsMinutes.map((m) => (
            <option key={m} value={m}>
              {startOptionLabel(m)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/** The typed address, or the browser's position instead ('Use my location'). */
function AddressField({
  value,
  onChange,
  error,
  locating,
  onLocate,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  locating: Locating;
  onLocate: () => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Field id="hail-location" label="Address" required error={error}>
        <Input
          id="hail-location"
          autoComplete="street-address"
          placeholder={ADDRESS_PLACEHOLDER}
          value={value}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onLocate}
          disabled={locating === "finding"}
          aria-busy={locating === "finding"}
        >
          {locating === "finding" ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Navigation aria-hidden />
          )}
          {locating === "finding" ? LOCATING : USE_MY_LOCATION}
        </Button>
        <p role="status" className="text-xs font-medium">
          {locating === "found" ? (
            <span className="inline-flex items-center gap-1 text-emerald-700">
              <MapPin className="size-3.5" aria-hidden />
              {USING_LOCATION}
            </span>
          ) : locating === "denied" ? (
            <span className="text-amber-700">{LOCATION_DENIED}</span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** Why there is no price: the place was not found, too many quotes, or anything else. */
function quoteFailure(error: unknown): string {
  if (isApiError(error, "validation_failed")) return HAIL_ADDRESS_NOT_FOUND_MESSAGE;
  if (isApiError(error, "rate_limited")) return error.message;
  return "The price could not be loaded. Try again.";
}

function QuotePanel({
  quote,
  loading,
  known,
  failure,
}: {
  quote: HailQuote | undefined;
  loading: boolean;
  known: boolean;
  failure: string | null;
}) {
  return (
    <section
      aria-label="Price"
      aria-busy={loading}
      className="flex flex-col gap-2 rounded-2xl bg-ink-50 p-4 ring-1 ring-ink-200/70"
    >
      {!known ? (
        <p className="text-sm text-ink-600">{QUOTE_NEEDS_LOCATION}</p>
      ) : failure ? (
        <p className="text-sm text-red-700">{failure}</p>
      ) : !quote ? (
        <p className="flex items-center gap-2 text-sm text-ink-600">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Checking who is online...
        </p>
      ) : quote.creatorsAvailable === 0 || quote.minTotalCents === null ? (
        <>
          <p className="font-semibold text-ink-900">{HAIL_NOBODY_ONLINE_MESSAGE}</p>
          <p className="text-sm text-ink-600">{NOBODY_ONLINE_TRY_WIDER}</p>
        </>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700">
            <span className="relative flex size-2.5" aria-hidden>
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
              <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
            </span>
            <UserRound className="size-4" aria-hidden />
            {onlineNearbyLabel(quote.creatorsAvailable)}
          </p>
          <p className="text-2xl font-extrabold tracking-tight text-ink-900">
            {formatRange(quote.minTotalCents, quote.maxTotalCents ?? quote.minTotalCents)}{" "}
            <span className="text-base font-semibold text-ink-600">total</span>
          </p>
          {quote.minDepositCents !== null ? (
            <p className="text-sm text-ink-700">
              Deposit{" "}
              <strong>
                {formatRange(quote.minDepositCents, quote.maxDepositCents ?? quote.minDepositCents)}
              </strong>{" "}
              when a creator accepts
            </p>
          ) : null}
          <p className="text-xs leading-relaxed text-ink-600">{HOLD_EXPLAINED}</p>
        </>
      )}
    </section>
  );
}
