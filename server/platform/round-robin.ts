/** How many parts one period is cut into: each tick visits one part. */
const SLICES = 10;

export type RoundRobin<T> = {
  /** Visits `item` once per period from about one period from now; returns its removal. */
  add(item: T): () => void;
};

/**
 * Visits every added item once per `periodMs`, with one timer for all of them (thousands of
 * open event streams would otherwise hold a timer and its closure each). Items are spread over
 * the period by when they were added, so their visits are spread too, as per-item timers were.
 * The timer runs only while an item is added and never holds the process open.
 */
export function createRoundRobin<T>(periodMs: number, visit: (item: T) => void): RoundRobin<T> {
  const slices = Array.from({ length: SLICES }, () => new Set<T>());
  let tick = 0;
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    const slice = slices[tick]!;
    tick = (tick + 1) % SLICES;
    for (const item of slice) visit(item);
  };
  return {
    add(item) {
      // The slice just visited comes round again last: about one period from now.
      const slice = slices[(tick + SLICES - 1) % SLICES]!;
      slice.add(item);
      size += 1;
      if (!timer) {
        timer = setInterval(run, periodMs / SLICES);
        timer.unref();
      }
      return () => {
        if (!slice.delete(item)) return;
        size -= 1;
        if (size > 0) return;
        clearInterval(timer);
        timer = undefined;
      };
    },
  };
}
