import { type FormEvent, useState } from "react";
import { WEEKDAY_NAMES } from "../../../contracts/schedule.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Select } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api-errors.ts";
import { cn } from "../../lib/cn.ts";
import { formatTimeZone } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { type ScheduleChange, useScheduleChange } from "./api.ts";
import { clock12, quarterHours } from "./format.ts";

type Kind = "weekly" | "override" | "oneOff";
const KINDS: [Kind, string][] = [
  ["weekly", "Weekly hours"],
  ["override", "Date override"],
  ["oneOff", "One-off time"],
];
const STARTS = quarterHours(false);
const ENDS = quarterHours(true).slice(1);

function TimeSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: string[];
  onChange: (v: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((t) => (
          <option key={t} value={t}>
            {clock12(t)}
            {t === "24:00" ? " (midnight)" : ""}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Adds weekly hours, a date override (day off or other hours) or a one-off time. */
export function AddTimesDialog({
  open,
  onOpenChange,
  timeZone,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
  today: string;
}) {
  const change = useScheduleChange();
  const [kind, setKind] = useState<Kind>("weekly");
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [date, setDate] = useState(today);
  const [dayOff, setDayOff] = useState(false);
  const [start, setStart] = useState("09:00");
  const [end, setEnd] = useState("17:00");
  const [error, setError] = useState<string | null>(null);

  const toggleDay = (day: number) =>
    setWeekdays((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const request: ScheduleChange =
      kind === "weekly"
        ? { kind, body: { weekdays, start, end } }
        : kind === "override"
          ? { kind, body: { date, start: dayOff ? null : start, end: dayOff ? null : end } }
          : { kind, body: { date, start, end } };
    try {
      await change.mutateAsync(request);
      toast.success("Availability saved");
      onOpenChange(false);
    } catch (e) {
      setError(isApiError(e) ? e.message : "Could not save. Please try again.");
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add available times"
        description={`Times are in ${formatTimeZone(timeZone)}`}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <fieldset
            aria-label="What to add"
            className="m-0 border-0 grid grid-cols-3 gap-1 rounded-xl bg-ink-100 p-1"
          >
            {KINDS.map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={kind === value}
                onClick={() => setKind(value)}
                className={cn(
                  "rounded-lg px-2 py-2 text-xs font-semibold sm:text-sm",
                  kind === value ? "bg-white text-ink-900 shadow-sm" : "text-ink-600",
                )}
              >
                {label}
              </button>
            ))}
          </fieldset>
          {kind === "weekly" ? (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-ink-800">Days</legend>
              <div className="flex flex-wrap gap-2">
                {WEEKDAY_NAMES.map((name, i) => (
                  <button
                    key={name}
                    type="button"
                    aria-pressed={weekdays.includes(i + 1)}
                    onClick={() => toggleDay(i + 1)}
                    className={cn(
                      "rounded-full border px-3 py-1.5 text-sm",
                      weekdays.includes(i + 1)
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-ink-200 text-ink-700",
                    )}
                  >
                    {name.slice(0, 3)}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : (
            <Field id="schedule-date" label="Date">
              <Input
                id="schedule-date"
                type="date"
                min={today}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
              />
            </Field>
          )}
          {kind === "override" ? (
            <label className="flex items-center gap-2 text-sm text-ink-800">
              <input
                type="checkbox"
                checked={dayOff}
                onChange={(e) => setDayOff(e.target.checked)}
              />
              Day off
            </label>
          ) : null}
          {kind === "override" && dayOff ? null : (
            <div className="grid grid-cols-2 gap-3">
              <TimeSelect
                id="schedule-start"
                label="Start"
                value={start}
                options={STARTS}
                onChange={setStart}
              />
              <TimeSelect
                id="schedule-end"
                label="End"
                value={end}
                options={ENDS}
                onChange={setEnd}
              />
            </div>
          )}
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            Save
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
