import { MapPin, Radio } from "lucide-react";
import { useId } from "react";
import { AVAILABILITY_STRINGS as S } from "../../../contracts/availability.ts";
import { AVAILABILITY_WATCH } from "../../../contracts/constants.ts";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { usePresence, useSetOnline } from "./api.ts";
import { OnlineSwitch } from "./online-switch.tsx";
import { useDevicePosition } from "./use-live-presence.ts";

const ONLINE_HELPER = "Your location is being tracked and you're visible to clients.";
const OFFLINE_HELPER = "Turn on to receive live booking requests.";

const coordinate = (value: number) => value.toFixed(AVAILABILITY_WATCH.coordinateDecimals);

/** Spec: the Live Availability card, its switch and, while online, the live location. */
export function LiveAvailabilityCard() {
  const presence = usePresence(true);
  const setOnline = useSetOnline();
  const device = useDevicePosition();
  const statusId = useId();
  const helperId = useId();
  const online = presence.data?.online ?? false;
  // What the device reports now, else the position last stored for this creator.
  const position = online ? (device ?? presence.data?.position ?? null) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Radio className="size-5 text-brand-600" aria-hidden />
          Live Availability
        </CardTitle>
        <CardDescription>Let clients nearby book you for a session right now.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div
          className={cn(
            "flex items-center justify-between gap-4 rounded-xl border p-4 transition-colors",
            online ? "border-emerald-200 bg-emerald-50/60" : "border-ink-200 bg-ink-50",
          )}
        >
          <div className="min-w-0">
            <p id={statusId} className="flex items-center gap-2 font-semibold text-ink-900">
              <span
                aria-hidden
                className={cn("size-2.5 rounded-full", online ? "bg-emerald-500" : "bg-ink-400")}
              />
              {online ? S.online : S.offline}
            </p>
            <p id={helperId} className="mt-1 text-sm text-ink-600">
              {online ? ONLINE_HELPER : OFFLINE_HELPER}
            </p>
          </div>
          <OnlineSwitch
            checked={online}
            disabled={!presence.data || setOnline.isPending}
            onCheckedChange={(next) => setOnline.mutate(next)}
            labelledBy={statusId}
            describedBy={helperId}
          />
        </div>
        {position ? (
          <div className="flex flex-col gap-3 rounded-xl border border-ink-200 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
              <div>
                <p className="text-sm font-semibold text-ink-900">{S.trackingActive}</p>
                <p className="mt-0.5 font-mono text-sm text-ink-600" title="Latitude, longitude">
                  {`${coordinate(position.lat)}, ${coordinate(position.lng)}`}
                </p>
              </div>
            </div>
            <div className="flex items-center gap-2">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-700 px-2.5 py-0.5 text-xs font-bold text-white">
                <span className="relative flex size-2" aria-hidden>
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-white opacity-75" />
                  <span className="relative inline-flex size-2 rounded-full bg-white" />
                </span>
                {S.live}
              </span>
              <span className="text-sm text-ink-600">{S.liveHelper}</span>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
