import { type Kysely, sql } from "kysely";
import {
  adminBookingPath,
  adminUsersSearchPath,
  deliveryPhotosPath,
  PROBLEMS_PER_KIND,
  type Problem,
  REPEAT_CANCELLER_DAYS,
  REPEAT_CANCELLER_MIN,
} from "../../../contracts/back-office.ts";
import { conversationReportPath } from "../../../contracts/routes.ts";
import type { DB } from "../../db/schema.ts";
import { iso } from "./like-pattern.ts";

const ENDED_BOOKINGS = ["completed", "cancelled", "declined", "expired"];

async function deliveryDisputes(db: Kysely<DB>): Promise<Problem[]> {
  const rows = await db
    .selectFrom("deliveries as d")
    .innerJoin("bookings as b", "b.id", "d.booking_id")
    .innerJoin("user as u", "u.id", "b.client_user_id")
    .select([
      "d.booking_id",
      "d.status",
      "d.problem_text",
      "d.problem_reported_at",
      "d.problem_resolved_at",
      "u.name",
    ])
    .where("d.problem_reported_at", "is not", null)
    .orderBy("d.problem_reported_at", "desc")
    .limit(PROBLEMS_PER_KIND)
    .execute();
  return rows.map((r) => ({
    kind: "delivery_dispute",
    key: `delivery:${r.booking_id}`,
    title: `${r.name} disputed a photo delivery`,
    detail: r.problem_text ?? "",
    reportedAt: iso(r.problem_reported_at!),
    open: r.status === "disputed" && r.problem_resolved_at === null,
    link: deliveryPhotosPath(r.booking_id),
  }));
}

async function conversationReports(db: Kysely<DB>): Promise<Problem[]> {
  const rows = await db
    .selectFrom("conversation_reports as r")
    .innerJoin("user as u", "u.id", "r.reporter_user_id")
    .select(["r.id", "r.reason", "r.created_at", "r.resolved_at", "u.name"])
    .orderBy("r.created_at", "desc")
    .limit(PROBLEMS_PER_KIND)
    .execute();
  return rows.map((r) => ({
    kind: "conversation_report",
    key: `report:${r.id}`,
    title: `${r.name} reported a conversation`,
    detail: r.reason,
    reportedAt: iso(r.created_at),
    open: r.resolved_at === null,
    link: conversationReportPath(r.id),
  }));
}

async function bookingProblems(db: Kysely<DB>): Promise<Problem[]> {
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("user as u", "u.id", "b.client_user_id")
    .select([
      "b.id",
      "b.status",
      "b.location",
      "b.problem_reported_at",
      "b.problem_resolved_at",
      "u.name",
    ])
    .where("b.problem_reported_at", "is not", null)
    .orderBy("b.problem_reported_at", "desc")
    .limit(PROBLEMS_PER_KIND)
    .execute();
  return rows.map((r) => ({
    kind: "booking_problem",
    key: `booking:${r.id}`,
    title: `${r.name} reported a problem with a booking`,
    detail: `${r.location} (${r.status.replace("_", " ")})`,
    reportedAt: iso(r.problem_reported_at!),
    // Open until staff settle it (or the booking ended another way, e.g. cancelled).
    open: r.problem_resolved_at === null && !ENDED_BOOKINGS.includes(r.status),
    link: adminBookingPath(r.id),
  }));
}

/** Clients who cancelled REPEAT_CANCELLER_MIN or more hails in the last REPEAT_CANCELLER_DAYS. */
async function repeatCancellers(db: Kysely<DB>, now: Date): Promise<Problem[]> {
  const since = new Date(now.getTime() - REPEAT_CANCELLER_DAYS * 24 * 60 * 60 * 1000);
  const { rows } = await sql<{ id: string; name: string; email: string; n: number; last: Date }>`
    select u.id, u.name, u.email, count(*)::int as n, max(h.updated_at) as last
    from hails h join "user" u on u.id = h.client_user_id
    where h.status = 'cancelled' and h.updated_at >= ${since}
    group by u.id, u.name, u.email
    having count(*) >= ${REPEAT_CANCELLER_MIN}
    order by last desc limit ${PROBLEMS_PER_KIND}`.execute(db);
  return rows.map((r) => ({
    kind: "repeat_canceller",
    key: `canceller:${r.id}`,
    title: `${r.name} keeps cancelling hails`,
    detail: `${r.n} hails cancelled in the last ${REPEAT_CANCELLER_DAYS} days`,
    reportedAt: iso(r.last),
    open: true,
    link: adminUsersSearchPath(r.email),
  }));
}

/** Everything users reported, newest first. */
export async function listProblems(db: Kysely<DB>, now: Date): Promise<Problem[]> {
  const lists = await Promise.all([
    deliveryDisputes(db),
    conversationReports(db),
    bookingProblems(db),
    repeatCancellers(db, now),
  ]);
  return lists.flat().sort((a, b) => b.reportedAt.localeCompare(a.reportedAt));
}
