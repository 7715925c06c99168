import { formatDate } from "../../lib/format.ts";

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["minute", 60],
  ["hour", 60 * 60],
  ["day", 24 * 60 * 60],
];

/** e.g. "just now", "5 minutes ago", "yesterday"; older than a week, the date. */
export function formatRelativeTime(value: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(value).getTime()) / 1000);
  if (seconds < 60) return "just now";
  if (seconds >= 7 * 24 * 60 * 60) return formatDate(value);
  const [unit, size] = STEPS.findLast(([, s]) => seconds >= s) ?? STEPS[0]!;
  return relative.format(-Math.floor(seconds / size), unit);
}
