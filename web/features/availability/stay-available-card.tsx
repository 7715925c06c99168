import { BellRing, Clock } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { STAY_AVAILABLE_STRINGS as S } from "../../../contracts/availability.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { usePresence, useSetOnline, useStayAvailable } from "./api.ts";

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** The next moment the wall clock here reads `hhmm` ("18:00"): today, or tomorrow if past. */
export function nextTimeAt(hhmm: string, now = new Date()): Date {
  const [hours, minutes] = hhmm.split(":").map(Number) as [number, number];
  const at = new Date(now);
  at.setHours(hours, minutes, 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at;
}

/** Stay available for hails until a chosen time, with no tab open (issue 25). */
export function StayAvailableCard() {
  const presence = usePresence(true);
  const stay = useStayAvailable();
  const stop = useSetOnline();
  const [until, setUntil] = useState("18:00");
  const [area, setArea] = useState("");
  const untilId = useId();
  const areaId = useId();
  const availableUntil = presence.data?.availableUntil ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-5 text-brand-600" aria-hidden />
          {S.title}
        </CardTitle>
        <CardDescription>{S.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {availableUntil ? (
          <div className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-semibold text-ink-900" role="status">
              {S.active(timeFormat.format(new Date(availableUntil)))}
              <span className="ml-2 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-ink-600 ring-1 ring-ink-200">
                {S.notLive}
              </span>
            </p>
            <Button variant="outline" disabled={stop.isPending} onClick={() => stop.mutate(false)}>
              {S.stop}
            </Button>
          </div>
        ) : null}
        <form
          className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            stay.mutate({
              until: nextTimeAt(until).toISOString(),
              ...(area.trim() ? { place: area.trim() } : {}),
            });
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={untilId}>{S.until}</Label>
            <Input
              id={untilId}
              type="time"
              required
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={areaId}>{S.area}</Label>
            <Input
              id={areaId}
              placeholder="33139"
              value={area}
              onChange={(e) => setArea(e.target.value)}
              aria-describedby={`${areaId}-hint`}
            />
            <p id={`${areaId}-hint`} className="text-xs text-ink-500">
              {S.areaHint}
            </p>
          </div>
          <Button type="submit" disabled={stay.isPending} className="sm:mb-5">
            {S.start}
          </Button>
        </form>
        <p className="flex items-start gap-2 text-sm text-ink-600">
          <BellRing className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
          <span>
            Hails reach you as push notifications: turn them on for this device in{" "}
            <Link className="font-semibold text-brand-700 underline" to={PAGE_ROUTES.profile}>
              your account settings
            </Link>
            .
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
