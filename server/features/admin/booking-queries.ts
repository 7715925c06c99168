import { type Kysely, sql } from "kysely";
import {
  ADMIN_PAGE_SIZE,
  type AdminBookingDetail,
  type AdminBookingRow,
} from "../../../contracts/back-office.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import type { DB } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import { bookingEventRows, bookingRows } from "../bookings/booking-fragments.ts";
import { deliveryRows } from "../delivery/delivery-fragments.ts";
import { conversationReportRows, conversationRows } from "../messaging/conversation-fragments.ts";
import { paymentLedgerRows } from "../payments/ledger-fragments.ts";
import { creatorProfileRows, displayNameSql } from "../profiles/listed-creator-fragments.ts";
import { containsPattern, iso, isoOrNull, isUuid } from "./like-pattern.ts";

function bookingsWithParties(db: Kysely<DB>) {
  return db
    .selectFrom(bookingRows.as("b"))
    .innerJoin(userRows.as("cl"), "cl.id", "b.client_user_id")
    .innerJoin(creatorProfileRows.as("p"), "p.id", "b.creator_profile_id")
    .innerJoin(userRows.as("cr"), "cr.id", "p.user_id");
}

const ROW_COLUMNS = [
  "b.id",
  "b.status",
  "b.start_time",
  "b.total_amount_cents",
  "b.currency",
  "b.created_at",
  "b.creator_profile_id",
  "cl.id as client_id",
  "cl.name as client_name",
  "cl.email as client_email",
  "cr.id as creator_user_id",
  "cr.email as creator_email",
] as const;

type Row = {
  id: string;
  status: string;
  start_time: Date | string;
  total_amount_cents: number;
  currency: string;
  created_at: Date | string;
  creator_profile_id: string;
  client_id: string;
  client_name: string;
  client_email: string;
  creator_user_id: string;
  creator_name: string;
  creator_email: string;
};

const toRow = (r: Row): AdminBookingRow => ({
  id: r.id,
  status: r.status as BookingStatus,
  client: { userId: r.client_id, name: r.client_name, email: r.client_email },
  creator: {
    userId: r.creator_user_id,
    profileId: r.creator_profile_id,
    name: r.creator_name,
    email: r.creator_email,
  },
  startTime: iso(r.start_time),
  totalCents: r.total_amount_cents,
  currency: r.currency,
  createdAt: iso(r.created_at),
});

export async function listBookings(
  db: Kysely<DB>,
  { q, status, page }: { q?: string; status?: BookingStatus; page: number },
) {
  let base = bookingsWithParties(db);
  if (status) base = base.where("b.status", "=", status);
  if (q && isUuid(q)) base = base.where("b.id", "=", q);
  else if (q) {
    const pattern = containsPattern(q);
    base = base.where((eb) =>
      eb.or([
        eb("cl.name", "ilike", pattern),
        eb("cl.email", "ilike", pattern),
        eb(displayNameSql, "ilike", pattern),
        eb("cr.email", "ilike", pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([...ROW_COLUMNS, displayNameSql.as("creator_name")])
      .orderBy("b.created_at", "desc")
      .orderBy("b.id", "desc")
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toRow),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(count.n),
  };
}

/** What the back office shows beside a booking: ledger, timeline, delivery, conversation. */
async function bookingRecords(db: Kysely<DB>, id: string) {
  const [ledger, events, delivery, conversation] = await Promise.all([
    db
      .selectFrom(paymentLedgerRows.as("payment_ledger"))
      .select(["kind", "amount_cents", "status", "provider_ref", "created_at"])
      .where("booking_id", "=", id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom(bookingEventRows.as("e"))
      .leftJoin(userRows.as("u"), "u.id", "e.actor_user_id")
      .select(["e.from_status", "e.to_status", "e.actor_role", "e.note", "e.created_at", "u.name"])
      .where("e.booking_id", "=", id)
      .orderBy("e.id")
      .execute(),
    db
      .selectFrom(deliveryRows.as("deliveries"))
      .selectAll()
      .where("booking_id", "=", id)
      .executeTakeFirst(),
    db
      .selectFrom(conversationRows.as("conversations"))
      .select(["id", "last_message_at"])
      .where("context_booking_id", "=", id)
      .orderBy(sql`last_message_at desc nulls last`)
      .executeTakeFirst(),
  ]);
  const reports = conversation
    ? await db
        .selectFrom(conversationReportRows.as("conversation_reports"))
        .select(["id", "created_at", "resolved_at"])
        .where("conversation_id", "=", conversation.id)
        .orderBy("created_at", "desc")
        .execute()
    : [];
  return { ledger, events, delivery, conversation, reports };
}

/** The booking with its ledger, timeline, delivery and conversation; undefined when unknown. */
export async function findBookingDetail(
  db: Kysely<DB>,
  id: string,
): Promise<Omit<AdminBookingDetail, "audit"> | undefined> {
  const b = await bookingsWithParties(db)
    .select([...ROW_COLUMNS, displayNameSql.as("creator_name")])
    .select([
      "b.location",
      "b.end_time",
      "b.duration_minutes",
      "b.event_type",
      "b.notes",
      "b.hourly_rate_cents",
      "b.subtotal_cents",
      "b.fee_cents",
      "b.deposit_amount_cents",
      "b.remainder_cents",
      "b.payment_provider",
      "b.commission_percent",
      "b.problem_reported_at",
      "b.problem_resolved_at",
      "b.completed_at",
    ])
    .where("b.id", "=", id)
    .executeTakeFirst();
  if (!b) return undefined;
  const { ledger, events, delivery, conversation, reports } = await bookingRecords(db, id);
  return {
    ...toRow(b),
    location: b.location,
    endTime: iso(b.end_time),
    hours: b.duration_minutes / 60,
    eventType: b.event_type,
    notes: b.notes,
    hourlyRateCents: b.hourly_rate_cents,
    subtotalCents: b.subtotal_cents,
    feeCents: b.fee_cents,
    depositCents: b.deposit_amount_cents,
    remainderCents: b.remainder_cents,
    paymentProvider: b.payment_provider,
    commissionPercent: b.commission_percent,
    problemReportedAt: isoOrNull(b.problem_reported_at),
    problemResolvedAt: isoOrNull(b.problem_resolved_at),
    completedAt: isoOrNull(b.completed_at),
    ledger: ledger.map((l) => ({
      kind: l.kind as AdminBookingDetail["ledger"][number]["kind"],
      amountCents: l.amount_cents,
      status: l.status,
      providerRef: l.provider_ref,
      at: iso(l.created_at),
    })),
    timeline: events.map((e) => ({
      fromStatus: e.from_status as BookingStatus | null,
      toStatus: e.to_status as BookingStatus,
      actor: e.actor_role as AdminBookingDetail["timeline"][number]["actor"],
      actorName: e.name,
      note: e.note,
      at: iso(e.created_at),
    })),
    delivery: delivery
      ? {
          status: delivery.status as NonNullable<AdminBookingDetail["delivery"]>["status"],
          deliveredAt: isoOrNull(delivery.delivered_at),
          acceptedAt: isoOrNull(delivery.accepted_at),
          problemReportedAt: isoOrNull(delivery.problem_reported_at),
          problemResolvedAt: isoOrNull(delivery.problem_resolved_at),
        }
      : null,
    conversation: conversation
      ? {
          id: conversation.id,
          lastMessageAt: isoOrNull(conversation.last_message_at),
          reports: reports.map((r) => ({
            id: r.id,
            at: iso(r.created_at),
            open: r.resolved_at === null,
          })),
        }
      : null,
  };
}
