import { type Kysely, type Selectable, sql } from "kysely";
import type { ProblemOutcome } from "../../../contracts/bookings.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import { compiledOnce, compiledOncePerKeys, onlyRow } from "../../db/compiled-once.ts";
import type { Bookings, DB } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import type { NoteCreated } from "../payments/service.ts";
import {
  creatorProfileRows,
  displayNameSql,
  listedSql,
} from "../profiles/listed-creator-fragments.ts";
import type { Actor } from "./lifecycle.ts";

type Db = Kysely<DB>;

export type BookingRow = Selectable<Bookings>;

/** A booking with the people on it: what views, mails and access checks need. */
export type BookingWithParties = BookingRow & {
  creator_user_id: string;
  creator_name: string;
  creator_image: string | null;
  creator_email: string;
  time_zone: string;
  primary_specialty: string | null;
  client_name: string;
  client_email: string;
};

const PARTIES = [
  "p.user_id as creator_user_id",
  displayNameSql.as("creator_name"),
  "p.avatar_path as creator_image",
  "cu.email as creator_email",
  "p.time_zone",
  sql<string | null>`p.specialties[1]`.as("primary_specialty"),
  "u.name as client_name",
  "u.email as client_email",
] as const;

function withParties(db: Db) {
  return db
    .selectFrom("bookings as b")
    .innerJoin(creatorProfileRows.as("p"), "p.id", "b.creator_profile_id")
    .innerJoin(userRows.as("cu"), "cu.id", "p.user_id")
    .innerJoin(userRows.as("u"), "u.id", "b.client_user_id")
    .selectAll("b")
    .select(PARTIES);
}

const bookingQuery = compiledOnce((db: Db, id: string) => withParties(db).where("b.id", "=", id));

export async function findBooking(db: Db, id: string): Promise<BookingWithParties | undefined> {
  const [booking] = await bookingQuery(db, id);
  return booking as BookingWithParties | undefined;
}

/** The viewer's bookings as client and as creator, soonest first. */
export async function listBookingsOf(db: Db, userId: string): Promise<BookingWithParties[]> {
  return withParties(db)
    .where((eb) => eb.or([eb("b.client_user_id", "=", userId), eb("p.user_id", "=", userId)]))
    .orderBy("b.start_time", "asc")
    .limit(500)
    .execute();
}

export async function countOpenRequests(db: Db, creatorUserId: string): Promise<number> {
  const row = await db
    .selectFrom("bookings as b")
    .innerJoin(creatorProfileRows.as("p"), "p.id", "b.creator_profile_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("p.user_id", "=", creatorUserId)
    .where("b.status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A listed creator as booking needs them: rate, zone, user, for pricing and times. */
const bookableCreatorQuery = (db: Db, id: string) =>
  db
    .selectFrom(creatorProfileRows.as("p"))
    .select([
      "p.id",
      "p.user_id",
      "p.hourly_rate_cents",
      "p.currency",
      "p.time_zone",
      sql<string | null>`p.specialties[1]`.as("primary_specialty"),
    ])
    .where(listedSql)
    .where("p.id", "=", id);

export async function findBookableCreator(db: Db, id: string) {
  return bookableCreatorQuery(db, id).executeTakeFirst();
}

/**
 * A listed creator to book, with how many bookings the client has waiting for payment: one
 * round trip before the booking's transaction (the count is as racy there as inside it).
 */
const bookingPartiesQuery = compiledOnce((db: Db, creatorId: string, clientUserId: string) =>
  bookableCreatorQuery(db, creatorId).select(
    sql<number>`(select count(*)::int from bookings b
      where b.client_user_id = ${clientUserId} and b.status = 'pending_payment')`.as(
      "client_unpaid",
    ),
  ),
);

export async function findBookingParties(db: Db, creatorId: string, clientUserId: string) {
  const [parties] = await bookingPartiesQuery(db, creatorId, clientUserId);
  return parties;
}

/** Live bookings of a creator that overlap [from, to). */
export async function liveBookingsBetween(db: Db, creatorId: string, from: Date, to: Date) {
  return db
    .selectFrom("bookings")
    .select(["start_time", "end_time"])
    .where("creator_profile_id", "=", creatorId)
    .where("status", "in", ["pending_payment", "pending", "confirmed"])
    .where("start_time", "<", to)
    .where("end_time", ">", from)
    .execute();
}

export type NewBooking = {
  client_user_id: string;
  creator_profile_id: string;
  start_time: Date;
  end_time: Date;
  duration_minutes: number;
  location: string;
  notes: string | null;
  event_type: string;
  currency: string;
  hourly_rate_cents: number;
  subtotal_cents: number;
  fee_cents: number;
  total_amount_cents: number;
  deposit_amount_cents: number;
  remainder_cents: number;
  payment_provider: string;
  pay_by?: Date | null;
  remainder_state?: string;
};

type BookingInsert = NewBooking & { id?: string; status: BookingStatus };

const insertBookingQuery = compiledOncePerKeys(
  (
    db: Db,
    values: BookingInsert,
    actor: Actor,
    actorUserId: string | null,
    note: string | null,
    at: Date,
  ) =>
    db
      .with("b", (d) => d.insertInto("bookings").values(values).returningAll())
      .with("e", (d) =>
        d.insertInto("booking_events").values((eb) => ({
          booking_id: eb.selectFrom("b").select("b.id"),
          from_status: null,
          to_status: values.status,
          actor_role: actor,
          actor_user_id: actorUserId,
          note,
          created_at: at,
        })),
      )
      .selectFrom("b")
      .innerJoin(creatorProfileRows.as("p"), "p.id", "b.creator_profile_id")
      .innerJoin(userRows.as("cu"), "cu.id", "p.user_id")
      .innerJoin(userRows.as("u"), "u.id", "b.client_user_id")
      .selectAll("b")
      .select(PARTIES),
);

/**
 * Inserts a booking in the state its lifecycle beginning gives (transition.ts) and its first
 * booking_events row (null → that state), in one statement: answers the row with its parties.
 */
export async function insertBooking(
  db: Db,
  values: BookingInsert,
  event: { actor: Actor; actorUserId: string | null; note: string | null; at: Date },
): Promise<BookingWithParties> {
  const rows = await insertBookingQuery(
    db,
    values,
    event.actor,
    event.actorUserId,
    event.note,
    event.at,
  );
  return onlyRow(rows, "insertBooking") as BookingWithParties;
}

export type BookingPatch = Partial<
  Pick<
    BookingRow,
    | "paypal_order_id"
    | "respond_by"
    | "pay_by"
    | "remainder_state"
    | "problem_reported_at"
    | "cancelled_by"
    | "deposit_refund_cents"
    | "completed_at"
    | "commission_tier"
    | "commission_percent"
  >
>;

/** Updates a booking only while it is in one of `from`; answers the row when it did. */
export async function transitionBooking(
  db: Db,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  patch: BookingPatch,
  now: Date,
) {
  return db
    .updateTable("bookings")
    .set({ ...patch, status: to, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .returning(["id", "status"])
    .executeTakeFirst();
}

/** A change that is not a status change (hold, order, problem), only while in `states`. */
export async function patchBooking(
  db: Db,
  id: string,
  states: readonly BookingStatus[],
  patch: BookingPatch,
  now: Date,
) {
  return db
    .updateTable("bookings")
    .set({ ...patch, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", [...states])
    .returning(["id", "status"])
    .executeTakeFirst();
}

/**
 * Notes the deposit's provider order id on the unpaid booking, inside payments' statement that
 * records the order (`created`, see payments' NoteCreated).
 */
export const noteDepositOrder =
  (bookingId: string, now: Date): NoteCreated =>
  (created) =>
    sql<{ id: string }>`update bookings
      set paypal_order_id = (select c.provider_order_id from ${sql.table(created)} c), updated_at = ${now}
      where id = ${bookingId} and status = 'pending_payment' and exists (select 1 from ${sql.table(created)})
      returning id`;

/** Marks a reported problem settled by staff, once: undefined when it was not open. */
export function settleProblem(
  db: Db,
  id: string,
  settled: { outcome: ProblemOutcome; resolution: string; by: string },
  now: Date,
) {
  return db
    .updateTable("bookings")
    .set({
      problem_resolved_at: now,
      problem_outcome: settled.outcome,
      problem_resolution: settled.resolution,
      problem_resolved_by: settled.by,
      updated_at: now,
    })
    .where("id", "=", id)
    .where("status", "=", "confirmed")
    .where("problem_reported_at", "is not", null)
    .where("problem_resolved_at", "is", null)
    .returning("id")
    .executeTakeFirst();
}

export async function insertBookingEvent(
  db: Db,
  event: {
    bookingId: string;
    from: BookingStatus | null;
    to: BookingStatus;
    actor: Actor;
    actorUserId: string | null;
    note: string | null;
    at: Date;
  },
) {
  await db
    .insertInto("booking_events")
    .values({
      booking_id: event.bookingId,
      from_status: event.from,
      to_status: event.to,
      actor_role: event.actor,
      actor_user_id: event.actorUserId,
      note: event.note,
      created_at: event.at,
    })
    .execute();
}

export async function listBookingEvents(db: Db, bookingId: string) {
  return db
    .selectFrom("booking_events")
    .select(["from_status", "to_status", "actor_role", "note", "created_at"])
    .where("booking_id", "=", bookingId)
    .orderBy("id", "asc")
    .execute();
}

/**
 * Bookings whose deadline has passed, for the sweep: a safety net under the per-booking jobs
 * (and what moves seeded or imported bookings along). `remainderFrom` is the earliest end a
 * confirmed booking may have for its balance's window to be open now.
 */
export async function findDueBookings(db: Db, now: Date, remainderFrom: Date, limit: number) {
  return db
    .selectFrom("bookings")
    .select([
      "id",
      "status",
      "pay_by",
      "respond_by",
      "start_time",
      "end_time",
      "remainder_state",
      "problem_reported_at",
      "problem_resolved_at",
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending_payment"), eb("pay_by", "<=", now)]),
        eb.and([eb("status", "=", "pending"), eb("respond_by", "<=", now)]),
        eb.and([eb("status", "=", "confirmed"), eb("end_time", "<=", remainderFrom)]),
        eb.and([
          eb("status", "=", "confirmed"),
          eb("remainder_state", "=", "awaiting"),
          eb("start_time", "<=", now),
        ]),
      ]),
    )
    .orderBy("updated_at")
    .limit(limit)
    .execute();
}
