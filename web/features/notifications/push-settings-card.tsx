import { BellRing, Smartphone } from "lucide-react";
import { PUSH_SETTINGS } from "../../../contracts/push.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import {
  pushSupport,
  useEnablePush,
  usePushDevices,
  useRemovePushDevice,
  useThisDeviceEndpoint,
} from "./push-api.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Opt in to push on this device, and see and remove every device that gets pushes. */
export function PushSettingsCard() {
  const support = pushSupport();
  const devices = usePushDevices();
  const thisDevice = useThisDeviceEndpoint();
  const enable = useEnablePush();
  const remove = useRemovePushDevice();
  const own = devices.data?.devices.find((d) => d.endpoint === thisDevice.data);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{PUSH_SETTINGS.title}</h2>
        </CardTitle>
        <CardDescription>{PUSH_SETTINGS.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 rounded-xl bg-ink-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <BellRing className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            <p className="text-sm text-ink-700" role="status">
              {support === "unsupported"
                ? PUSH_SETTINGS.unsupported
                : support === "denied"
                  ? PUSH_SETTINGS.denied
                  : own
                    ? PUSH_SETTINGS.enabled
                    : PUSH_SETTINGS.description}
            </p>
          </div>
          {support === "supported" &&
            (own ? (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                disabled={remove.isPending}
                onClick={() => remove.mutate(own)}
              >
                {PUSH_SETTINGS.disable}
              </Button>
            ) : (
              <Button
                size="sm"
                className="shrink-0"
                disabled={enable.isPending}
                onClick={() => enable.mutate()}
              >
                {enable.isPending ? <Spinner /> : null}
                {PUSH_SETTINGS.enable}
              </Button>
            ))}
        </div>
        <section aria-labelledby="push-devices" className="flex flex-col gap-2">
          <h3
            id="push-devices"
            className="text-sm font-semibold uppercase tracking-wide text-ink-500"
          >
            {PUSH_SETTINGS.devices}
          </h3>
          {devices.data ? (
            devices.data.devices.length === 0 ? (
              <p className="text-sm text-ink-600">{PUSH_SETTINGS.noDevices}</p>
            ) : (
              <ul className="divide-y divide-ink-100">
                {devices.data.devices.map((device) => (
                  <li key={device.id} className="flex items-center justify-between gap-4 py-3">
                    <span className="flex items-center gap-3">
                      <Smartphone className="size-4 text-ink-500" aria-hidden />
                      <span className="flex flex-col">
                        <span className="text-sm font-medium text-ink-900">
                          {device.device || "Unnamed device"}
                          {device.endpoint === thisDevice.data && (
                            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                              {PUSH_SETTINGS.thisDevice}
                            </span>
                          )}
                        </span>
                        <span className="text-xs text-ink-500">
                          Since {dateFormat.format(new Date(device.createdAt))}
                        </span>
                      </span>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${PUSH_SETTINGS.remove} ${device.device}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(device)}
                    >
                      {PUSH_SETTINGS.remove}
                    </Button>
                  </li>
                ))}
              </ul>
            )
          ) : devices.isError ? (
            <p className="text-sm text-ink-600">Your devices could not be loaded.</p>
          ) : (
            <Spinner />
          )}
        </section>
      </CardContent>
    </Card>
  );
}
