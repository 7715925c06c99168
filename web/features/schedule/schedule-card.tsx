import { CalendarClock, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { SCHEDULE_MESSAGES, type Schedule } from "../../../contracts/schedule.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/input.tsx";
import { isApiError, showError } from "../../lib/api-errors.ts";
import { formatTimeZone } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { AddTimesDialog } from "./add-times-dialog.tsx";
import { type ScheduleItemKind, useSchedule, useScheduleChange } from "./api.ts";
import {
  minutesLabel,
  oneOffLabel,
  overrideLabel,
  STANDARD_HOURS_APPLY,
  weeklyLabel,
} from "./format.ts";

// The Availability Manager's Recurring Schedule card (spec §2, issue 12): weekly hours, date
// overrides and one-off times in the creator's own zone, and the notice and buffer settings.

const NOTICE_OPTIONS = [0, 60, 120, 240, 720, 1440, 2880, 10_080];
const BUFFER_OPTIONS = [0, 15, 30, 45, 60, 90, 120];

type Slot = { kind: ScheduleItemKind; id: string; label: string; recurring: boolean };

function slotsOf(s: Schedule): Slot[] {
  return [
    ...s.weekly.map((w) => ({
      kind: "weekly" as const,
      id: w.id,
      label: weeklyLabel(w),
      recurring: true,
    })),
    ...s.overrides.map((o) => ({
      kind: "override" as const,
      id: o.id,
      label: overrideLabel(o),
      recurring: false,
    })),
    ...s.oneOffs.map((o) => ({
      kind: "oneOff" as const,
      id: o.id,
      label: oneOffLabel(o, s.timeZone),
      recurring: false,
    })),
  ];
}

const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

function SettingSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  value: number;
  options: number[];
  onChange: (v: number) => void;
  disabled: boolean;
  hint?: string;
}) {
  const all = options.includes(value) ? options : [...options, value].sort((a, b) => a - b);
  return (
    <Field id={id} label={label} hint={hint}>
      <Select
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {all.map((m) => (
          <option key={m} value={m}>
            {minutesLabel(m)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function ScheduleCard() {
  const schedule = useSchedule();
  const change = useScheduleChange();
  const [adding, setAdding] = useState(false);

  if (isApiError(schedule.error, "unauthenticated") || isApiError(schedule.error, "forbidden")) {
    return null;
  }
  const data = schedule.data;
  const slots = data ? slotsOf(data) : [];

  const remove = (slot: Slot) =>
    change.mutate(
      { kind: "delete", item: slot.kind, id: slot.id },
      { onError: () => showError(SCHEDULE_MESSAGES.deleteFailed) },
    );
  const saveSettings = (settings: { minNoticeMinutes: number; bufferMinutes: number }) =>
    change.mutate(
      { kind: "settings", body: settings },
      {
        onSuccess: () => toast.success("Booking settings saved"),
        onError: () => showError("Failed to save booking settings"),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-brand-700" aria-hidden />
          Recurring Schedule
        </CardTitle>
        {data ? (
          <CardDescription>Times are in {formatTimeZone(data.timeZone)}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!data ? (
          <p className="text-sm text-ink-500">
            {schedule.isError ? "Could not load your schedule." : "Loading…"}
          </p>
        ) : slots.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-ink-200 py-8 text-center">
            <p className="text-sm text-ink-600">No recurring schedule set up yet</p>
            <p className="max-w-sm text-sm text-ink-500">{STANDARD_HOURS_APPLY}</p>
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              Add Recurring Schedule
            </Button>
          </div>
        ) : (
          <>
            <ul className="flex flex-col gap-2" aria-label="Available times">
              {slots.map((slot) => (
                <li
                  key={`${slot.kind}-${slot.id}`}
                  className="flex items-center justify-between gap-3 rounded-xl border border-ink-200 px-4 py-3"
                >
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className="text-sm font-medium text-ink-900">{slot.label}</span>
                    {slot.recurring ? <Badge variant="secondary">Recurring</Badge> : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${slot.label}`}
                    onClick={() => remove(slot)}
                    disabled={change.isPending}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
            <Button variant="outline" className="self-start" onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              Add More Times
            </Button>
          </>
        )}
        {data ? (
          <div className="grid gap-3 border-t border-ink-100 pt-4 sm:grid-cols-2">
            <SettingSelect
              id="schedule-notice"
              label="Minimum notice"
              hint={
                data.minNoticeMinutes > 0
                  ? "Hails for right now reach you only with no minimum notice."
                  : "Hails for right now can reach you while you are online."
              }
              value={data.minNoticeMinutes}
              options={NOTICE_OPTIONS}
              disabled={change.isPending}
              onChange={(v) =>
                saveSettings({ minNoticeMinutes: v, bufferMinutes: data.bufferMinutes })
              }
            />
            <SettingSelect
              id="schedule-buffer"
              label="Buffer between bookings"
              value={data.bufferMinutes}
              options={BUFFER_OPTIONS}
              disabled={change.isPending}
              onChange={(v) =>
                saveSettings({ minNoticeMinutes: data.minNoticeMinutes, bufferMinutes: v })
              }
            />
          </div>
        ) : null}
      </CardContent>
      {data ? (
        <AddTimesDialog
          open={adding}
          onOpenChange={setAdding}
          timeZone={data.timeZone}
          today={todayIn(data.timeZone)}
        />
      ) : null}
    </Card>
  );
}
