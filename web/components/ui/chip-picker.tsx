import { cn } from "../../lib/cn.ts";

const CHIP = {
  soft: {
    base: "px-3 py-1.5 text-sm",
    on: "border-brand-500 bg-brand-50 text-brand-700",
    off: "border-ink-200 text-ink-700 hover:border-ink-300",
  },
  solid: {
    base: "px-3.5 py-1.5 text-sm font-semibold",
    on: "border-brand-600 bg-brand-600 text-white",
    off: "border-ink-200 bg-white text-ink-700 hover:border-brand-300 hover:bg-brand-50",
  },
} as const;

/** Toggle chips; picking one twice removes it, so duplicates never happen. */
export function ChipPicker<T extends string>({
  legend,
  options,
  value,
  onChange,
  variant = "soft",
  hideLegend = false,
  className,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  variant?: keyof typeof CHIP;
  /** The legend still names the group for screen readers. */
  hideLegend?: boolean;
  className?: string;
}) {
  const look = CHIP[variant];
  return (
    <fieldset className={className}>
      <legend className={hideLegend ? "sr-only" : "mb-2 text-sm font-medium text-ink-800"}>
        {legend}
      </legend>
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
                "rounded-full border transition-colors",
                look.base,
                on ? look.on : look.off,
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
