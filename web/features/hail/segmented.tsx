import { cn } from "../../lib/cn.ts";

/** One choice of a few, as a row of pills: real radio buttons, so arrow keys move between them. */
export function Segmented<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  label = String,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  label?: (option: T) => string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-ink-800">{legend}</legend>
      <div className="flex gap-1 rounded-xl bg-ink-100 p-1">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              "flex min-h-9 min-w-0 flex-1 cursor-pointer items-center justify-center rounded-lg px-1 text-center text-[13px] font-semibold sm:px-2 sm:text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400",
              option === value
                ? "bg-white text-brand-700 shadow-sm"
                : "text-ink-600 hover:text-ink-900",
            )}
          >
            <input
              type="radio"
              name={name}
              value={String(option)}
              checked={option === value}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
