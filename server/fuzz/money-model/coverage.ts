import { moneyTables } from "../../test/money-model-readers.ts";
import type { World } from "./world.ts";

/** Booking statuses, ledger kinds and payout statuses the world reached, with their counts. */
export async function reached(world: World) {
  const tables = await moneyTables(world.app);
  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].map(([k, n]) => `${k} ${n}`).join(", ");
  };
  return [
    `bookings: ${tally(tables.bookings.map((b) => b.status))}`,
    `ledger: ${tally(tables.ledger.map((l) => `${l.kind}/${l.status}`))}`,
    `payouts: ${tally(tables.payouts.map((p) => p.status))}`,
    `PayPal calls: ${tally(world.fake.requests.map((r) => r.operation ?? r.path))}`,
  ].join("\n  ");
}
