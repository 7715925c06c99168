import type { ReactNode } from "react";
import { Label } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";

export function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <span className="text-brand-600"> *</span> : null}
      </Label>
      {children}
      {error ? <p className="text-xs font-medium text-red-600">{error}</p> : null}
      {hint && !error ? <p className="text-xs text-ink-500">{hint}</p> : null}
    </div>
  );
}

/** Toggle chips; picking one twice removes it, so duplicates never happen. */
export function ChipPicker<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = value.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? value.filter((v) => v !== option) : [...value, option])}
              className={cn(
                "rounded-full border px-3 py-1.5 text-sm transition-colors",
                on
                  ? "border-brand-500 bg-brand-50 text-brand-700"
                  : "border-ink-200 text-ink-700 hover:border-ink-300",
              )}
            >
              {option}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

export const selectClass = "h-11 w-full rounded-xl border border-ink-300 bg-white px-3 text-sm";
