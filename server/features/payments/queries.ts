import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import { compiledOncePerKeys, onlyRow } from "../../db/compiled-once.ts";
import type { DB, PaymentOrders } from "../../db/schema.ts";

// The payments domain's tables: payment_orders (every provider order we create),
// payment_ledger (every amount that moved) and payment_webhook_events (deliveries handled).

type Db = Kysely<DB>;

export type OrderPurpose = "booking_deposit" | "booking_remainder" | "hail";
export type OrderStatus =
  | "creating"
  | "awaiting_buyer"
  | "approved"
  | "authorized"
  | "pending"
  | "captured"
  | "voided"
  | "failed"
  | "expired"
  | "cancelled";
export type PaymentOrderRow = Selectable<PaymentOrders> & {
  purpose: OrderPurpose;
  status: OrderStatus;
  intent: "CAPTURE" | "AUTHORIZE";
};

/** An order still in play: at most one per purpose and subject (a unique index). */
export const LIVE_STATUSES: readonly OrderStatus[] = [
  "creating",
  "awaiting_buyer",
  "approved",
  "authorized",
  "pending",
  "captured",
];

const asRow = (row: Selectable<PaymentOrders> | undefined) => row as PaymentOrderRow | undefined;

export async function findOrder(db: Db, id: string) {
  return asRow(
    await db.selectFrom("payment_orders").selectAll().where("id", "=", id).executeTakeFirst(),
  );
}

export async function findLiveOrder(db: Db, purpose: OrderPurpose, subjectId: string) {
  return asRow(
    await db
      .selectFrom("payment_orders")
      .selectAll()
      .where("purpose", "=", purpose)
      .where("subject_id", "=", subjectId)
      .where("status", "in", LIVE_STATUSES)
      .executeTakeFirst(),
  );
}

/** Our order behind a provider object: its order id, or an authorization or capture of it. */
export async function findOrderByProviderRef(db: Db, ref: string) {
  return asRow(
    await db
      .selectFrom("payment_orders")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("provider_order_id", "=", ref),
          eb("authorization_id", "=", ref),
          eb("capture_id", "=", ref),
        ]),
      )
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  );
}

export async function ordersOfBooking(db: Db, bookingId: string) {
  return (await db
    .selectFrom("payment_orders")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("created_at")
    .execute()) as PaymentOrderRow[];
}

type NewOrder = {
  purpose: OrderPurpose;
  subjectId: string;
  bookingId: string | null;
  provider: string;
  intent: "CAPTURE" | "AUTHORIZE";
  amountCents: number;
  currency: string;
  at: Date;
};

const insertOrderQuery = compiledOncePerKeys((db: Db, values: NewOrder) =>
  db
    .insertInto("payment_orders")
    .values({
      purpose: values.purpose,
      subject_id: values.subjectId,
      booking_id: values.bookingId,
      provider: values.provider,
      intent: values.intent,
      amount_cents: values.amountCents,
      currency: values.currency,
      // The next attempt of this purpose and subject (1 for the first).
      attempt: sql<number>`coalesce((select max(o.attempt) from payment_orders o
        where o.purpose = ${values.purpose} and o.subject_id = ${values.subjectId}), 0) + 1`,
      status: "creating",
      created_at: values.at,
      updated_at: values.at,
    })
    .returningAll(),
);

export async function insertOrder(db: Db, values: NewOrder) {
  return onlyRow(await insertOrderQuery(db, values), "insertOrder") as PaymentOrderRow;
}

export type OrderPatch = Partial<
  Pick<
    PaymentOrderRow,
    | "status"
    | "provider_order_id"
    | "approve_url"
    | "approve_by"
    | "authorization_id"
    | "capture_id"
    | "booking_id"
    | "failure"
  >
>;

/** A conditional update: only from one of `from`. Answers the row as changed, or undefined. */
export async function patchOrder(
  db: Db,
  id: string,
  from: readonly OrderStatus[],
  patch: OrderPatch,
  at: Date,
) {
  return asRow(
    await db
      .updateTable("payment_orders")
      .set({ ...patch, updated_at: at })
      .where("id", "=", id)
      .where("status", "in", from)
      .returningAll()
      .executeTakeFirst(),
  );
}

/**
 * The subject's note of its created order (its owner's query): an update that reads the order
 * row, as patched, from the statement's `created` (name it with sql.table) and runs only when
 * there is one, answering a row when it noted it.
 */
export type NoteCreated = (created: string) => RawBuilder<{ id: string }>;

/**
 * patchOrder and the subject's note of it in one statement (one commit, no transaction around
 * two). Answers the row as changed (undefined when it had moved on) and whether the subject
 * noted it.
 */
export async function patchOrderNoted(
  db: Db,
  id: string,
  from: readonly OrderStatus[],
  patch: OrderPatch,
  at: Date,
  note: NoteCreated,
) {
  const row = await db
    .with("created", (d) =>
      d
        .updateTable("payment_orders")
        .set({ ...patch, updated_at: at })
        .where("id", "=", id)
        .where("status", "in", from)
        .returningAll(),
    )
    // A raw CTE body is not put in parentheses for us.
    .with("noted", () => sql<{ id: string }>`(${note("created")})`)
    .selectFrom("created")
    .selectAll()
    .select(sql<boolean>`exists (select 1 from noted)`.as("noted"))
    .executeTakeFirst();
  if (!row) return undefined;
  const { noted, ...order } = row;
  return { order: asRow(order) as PaymentOrderRow, noted };
}

/** A booking ended: its orders still awaiting the buyer will take nothing. */
export async function cancelUnapprovedOrders(db: Db, bookingId: string, at: Date) {
  await db
    .updateTable("payment_orders")
    .set({ status: "cancelled", updated_at: at })
    .where("booking_id", "=", bookingId)
    .where("status", "in", ["creating", "awaiting_buyer"])
    .execute();
}

/** Orders the provider is still processing, or awaiting a buyer past their window. */
export async function findOrdersToCheck(db: Db, now: Date, pendingSince: Date, limit: number) {
  return (await db
    .selectFrom("payment_orders")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("updated_at", "<=", pendingSince)]),
        eb.and([eb("status", "=", "awaiting_buyer"), eb("approve_by", "<=", now)]),
      ]),
    )
    .orderBy("updated_at")
    .limit(limit)
    .execute()) as PaymentOrderRow[];
}

export type LedgerKind =
  | "authorization"
  | "deposit_capture"
  | "remainder_capture"
  | "refund"
  | "remainder_refund"
  | "overcapture_refund"
  | "void"
  | "reauthorization"
  | "reversal";

export type LedgerLine = {
  bookingId: string;
  orderId: string | null;
  kind: LedgerKind;
  amountCents: number;
  currency: string;
  provider: string;
  providerRef: string;
  status: string;
  at: Date;
};

/** Records one provider operation; the same operation twice is recorded once. */
export async function insertLedgerLine(db: Db, line: LedgerLine) {
  await db
    .insertInto("payment_ledger")
    .values({
      booking_id: line.bookingId,
      payment_order_id: line.orderId,
      kind: line.kind,
      amount_cents: line.amountCents,
      currency: line.currency,
      provider: line.provider,
      provider_ref: line.providerRef,
      status: line.status,
      created_at: line.at,
    })
    .onConflict((oc) => oc.columns(["booking_id", "kind", "provider_ref"]).doNothing())
    .execute();
}

export async function ledgerOf(db: Db, bookingId: string) {
  return db
    .selectFrom("payment_ledger")
    .select([
      "id",
      "kind",
      "amount_cents",
      "status",
      "provider_ref",
      "payment_order_id",
      "created_at",
    ])
    .where("booking_id", "=", bookingId)
    .orderBy("id", "asc")
    .execute();
}

export async function ledgerHasRef(db: Db, providerRef: string) {
  const row = await db
    .selectFrom("payment_ledger")
    .select("id")
    .where("provider_ref", "=", providerRef)
    .executeTakeFirst();
  return row !== undefined;
}

export async function webhookEventSeen(db: Db, eventId: string) {
  const row = await db
    .selectFrom("payment_webhook_events")
    .select("event_id")
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordWebhookEvent(
  db: Db,
  event: { id: string; type: string; resourceId: string | null },
) {
  await db
    .insertInto("payment_webhook_events")
    .values({ event_id: event.id, event_type: event.type, resource_id: event.resourceId })
    .onConflict((oc) => oc.column("event_id").doNothing())
    .execute();
}

/** A provider object's lines take its settled status (a PENDING capture now COMPLETED). */
export async function setLedgerStatus(
  db: Db,
  bookingId: string,
  providerRef: string,
  status: string,
) {
  await db
    .updateTable("payment_ledger")
    .set({ status })
    .where("booking_id", "=", bookingId)
    .where("provider_ref", "=", providerRef)
    .execute();
}
