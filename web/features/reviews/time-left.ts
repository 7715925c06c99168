const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} left`;

/** How long the review window stays open, in its largest whole unit: "13 days left". */
export function timeLeft(closesAt: string | Date, now: Date = new Date()): string {
  const ms = new Date(closesAt).getTime() - now.getTime();
  if (ms >= DAY) return plural(Math.floor(ms / DAY), "day");
  if (ms >= HOUR) return plural(Math.floor(ms / HOUR), "hour");
  if (ms >= MINUTE) return plural(Math.floor(ms / MINUTE), "minute");
  return "Less than a minute left";
}
