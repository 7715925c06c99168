import type { Kysely } from "kysely";
import {
  adminBookingPath,
  adminUsersSearchPath,
  deliveryPhotosPath,
  type Problem,
  REPEAT_CANCELLER_DAYS,
} from "../../../contracts/back-office.ts";
import { conversationReportPath } from "../../../contracts/routes.ts";
import type { DB } from "../../db/schema.ts";
import { iso } from "./like-pattern.ts";
import {
  bookingProblemRows,
  disputedDeliveryRows,
  repeatCancellerRows,
  reportedConversationRows,
} from "./problem-queries.ts";

const ENDED_BOOKINGS = ["completed", "cancelled", "declined", "expired"];

async function deliveryDisputes(db: Kysely<DB>): Promise<Problem[]> {
  const rows = await disputedDeliveryRows(db);
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
  const rows = await reportedConversationRows(db);
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
  const rows = await bookingProblemRows(db);
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
  const rows = await repeatCancellerRows(db, since);
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
