import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { handlersFor, type PurposeHandlers } from "./handlers.ts";
import { type Movement, recordMovement } from "./ledger.ts";
import * as q from "./queries.ts";

// An order's state changes: one conditional update (from the states it may leave), its ledger
// lines, and the owning domain's handler, in one transaction. A change someone else already
// made (the return URL and a webhook racing) updates nothing and calls no handler.

export type OrderChange = {
  from: readonly q.OrderStatus[];
  patch: q.OrderPatch;
  movements?: Movement[];
  /** The owning domain's reaction; answering false means "give the money back". */
  react?: (
    handlers: PurposeHandlers,
    trx: Kysely<DB>,
    order: q.PaymentOrderRow,
  ) => Promise<unknown>;
};

export type Changed = { order: q.PaymentOrderRow; wanted: boolean } | undefined;

export async function changeOrder(
  deps: AppDeps,
  row: q.PaymentOrderRow,
  change: OrderChange,
  executor?: Kysely<DB>,
): Promise<Changed> {
  const run = async (trx: Kysely<DB>): Promise<Changed> => {
    const order = await q.patchOrder(trx, row.id, change.from, change.patch, deps.now());
    if (!order) return undefined;
    for (const movement of change.movements ?? []) await recordMovement(deps, trx, order, movement);
    const answer = change.react
      ? await change.react(handlersFor(deps, order.purpose), trx, order)
      : true;
    return { order, wanted: answer !== false };
  };
  // The handler's live events (a hail going live publishes one per reached creator) are written
  // with the commit, so the events' ordering lock is not held through the rest of the work.
  return executor ? run(executor) : deps.realtime.transaction(run);
}
