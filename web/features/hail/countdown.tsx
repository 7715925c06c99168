import { useEffect, useState } from "react";
import { HAIL } from "../../../contracts/constants.ts";
import { cn } from "../../lib/cn.ts";

/** Whole seconds left until `until` (never below 0), ticking once a second while above 0. */
export function useSecondsLeft(until: string | null): number {
  const left = () => (until ? Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `until` only.
  useEffect(() => {
    setSeconds(left());
    if (!until) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

// Screen readers hear the time left in steps, not every second.
const ANNOUNCE_EVERY_SECONDS = 15;

/** The polite words for a screen reader: changes only every 15 s, and in the last 10 s once. */
export function announcedTimeLeft(seconds: number): string {
  if (seconds <= 0) return "Time is up";
  if (seconds <= 10) return "Less than 10 seconds left";
  const step = Math.ceil(seconds / ANNOUNCE_EVERY_SECONDS) * ANNOUNCE_EVERY_SECONDS;
  return `About ${Math.min(step, HAIL.liveSeconds)} seconds left`;
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * The time left of a live hail (HAIL.liveSeconds from its start) as a ring or a bar. The
 * drawing and the ticking number are hidden from screen readers; they hear `announcedTimeLeft`.
 */
export function Countdown({
  until,
  variant = "ring",
  className,
  total = HAIL.liveSeconds,
}: {
  until: string | null;
  variant?: "ring" | "bar";
  className?: string;
  total?: number;
}) {
  const seconds = useSecondsLeft(until);
  const share = Math.min(1, seconds / total);
  const urgent = seconds <= 15;
  const live = (
    <p className="sr-only" aria-live="polite">
      {announcedTimeLeft(seconds)}
    </p>
  );
  if (variant === "bar") {
    return (
      <div className={cn("flex items-center gap-3", className)}>
        <div aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-ink-100">
          <div
            className={cn(
              "h-full rounded-full transition-[width] duration-1000 ease-linear",
              urgent ? "bg-red-500" : "bg-brand-600",
            )}
            style={{ width: `${share * 100}%` }}
          />
        </div>
        <span
          aria-hidden
          className={cn(
            "w-10 text-right text-sm font-bold tabular-nums",
            urgent ? "text-red-600" : "text-ink-800",
          )}
        >
          {clock(seconds)}
        </span>
        {live}
      </div>
    );
  }
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className={cn("relative grid size-36 place-items-center", className)}>
      <svg aria-hidden viewBox="0 0 120 120" className="absolute inset-0 -rotate-90">
        <circle cx="60" cy="60" r={radius} fill="none" strokeWidth="8" className="stroke-ink-100" />
        <circle
          cx="60"
          cy="60"
          r={radius}
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
          className={cn(
            "transition-[stroke-dashoffset] duration-1000 ease-linear",
            urgent ? "stroke-red-500" : "stroke-brand-600",
          )}
        />
      </svg>
      <span aria-hidden className="flex flex-col items-center">
        <span className="text-3xl font-extrabold tabular-nums text-ink-900">{clock(seconds)}</span>
        <span className="text-xs font-medium text-ink-500">left</span>
      </span>
      {live}
    </div>
  );
}
