import { Switch } from "radix-ui";
import { cn } from "../../lib/cn.ts";

/** The Live Availability toggle: a large, labelled switch (Radix: role="switch"). */
export function OnlineSwitch({
  checked,
  disabled,
  onCheckedChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={cn(
        "relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-60",
        checked ? "bg-emerald-500" : "bg-ink-300",
      )}
    >
      <Switch.Thumb
        className={cn(
          "pointer-events-none block size-7 rounded-full bg-white shadow-md ring-0 transition-transform",
          checked ? "translate-x-6" : "translate-x-0",
        )}
      />
    </Switch.Root>
  );
}
