import type { Kysely } from "kysely";
import type { BookingDetail, BookingList, BookingRole } from "../../../contracts/bookings.ts";
import { BOOKING_NOT_FOUND } from "../../../contracts/bookings.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { canHold, moneyOfBooking } from "../payments/service.ts";
import { addCardExtras, sessionEnded } from "./card-extras.ts";
import * as q from "./queries.ts";
import { roleOf, toCard, toDetail } from "./view.ts";

/** The caller; `isStaff` is asked only when the caller is neither party. */
export type Viewer = { userId: string; isStaff: () => Promise<boolean> };

/**
 * The booking and its two parties, for another domain telling them something (read in that
 * domain's transaction, `db`).
 */
export const bookingWithParties = (db: Kysely<DB>, id: string) => q.findBooking(db, id);

/** Tells both parties' open pages their booking changed (for a domain that changed its part). */
export { announce } from "./transition.ts";

/** The booking and the viewer's role on it; anyone but its two parties and staff gets 404. */
export async function findForViewer(deps: AppDeps, id: string, viewer: Viewer) {
  const booking = await q.findBooking(deps.database.db, id);
  const role = booking
    ? (roleOf(booking, viewer.userId) ?? ((await viewer.isStaff()) ? "staff" : null))
    : null;
  if (!booking || !role) throw new AppError("not_found", BOOKING_NOT_FOUND);
  return { booking, role };
}

export async function bookingDetail(
  deps: AppDeps,
  booking: q.BookingWithParties,
  role: BookingRole,
  /** Its events and money when the caller knows them (a booking it has just made). */
  known?: {
    events: Awaited<ReturnType<typeof q.listBookingEvents>>;
    money: Awaited<ReturnType<typeof moneyOfBooking>>;
  },
): Promise<BookingDetail> {
  const [events, money] = known
    ? [known.events, known.money]
    : await Promise.all([
        q.listBookingEvents(deps.database.db, booking.id),
        moneyOfBooking(deps.database.db, booking.id),
      ]);
  const mode = canHold(deps) ? "hold" : "charge";
  const detail = toDetail(booking, role, events, money, deps.now(), mode);
  if (role !== "staff") {
    const viewerId = role === "client" ? booking.client_user_id : booking.creator_user_id;
    await addCardExtras(deps, viewerId, [{ row: booking, card: detail }], deps.now());
  }
  return detail;
}

export async function getBooking(deps: AppDeps, id: string, viewer: Viewer) {
  const { booking, role } = await findForViewer(deps, id, viewer);
  return bookingDetail(deps, booking, role);
}

/** Bookings that can still take place. */
const LIVE = new Set(["pending_payment", "pending", "confirmed"]);

/**
 * My Bookings: the viewer's own bookings as a client, live ones ahead in Upcoming (soonest
 * first) and the rest in Past (most recent first); as a creator the requests to answer, the
 * confirmed schedule ahead and the sessions that have ended (most recent first).
 */
export async function listBookings(deps: AppDeps, userId: string): Promise<BookingList> {
  const rows = await q.listBookingsOf(deps.database.db, userId);
  const now = deps.now();
  const list: BookingList = { upcoming: [], past: [], requests: [], schedule: [], sessions: [] };
  const items: Parameters<typeof addCardExtras>[2] = [];
  for (const row of rows) {
    if (row.client_user_id === userId) {
      const card = toCard(row, "client", now);
      items.push({ row, card });
      (row.start_time >= now && LIVE.has(row.status) ? list.upcoming : list.past).push(card);
    }
    if (row.creator_user_id === userId) {
      const card = toCard(row, "creator", now);
      items.push({ row, card });
      if (row.status === "pending") list.requests.push(card);
      else if (row.status === "confirmed" && row.end_time >= now) list.schedule.push(card);
      else if (sessionEnded(row, now)) list.sessions.push(card);
    }
  }
  await addCardExtras(deps, userId, items, now);
  list.past.reverse();
  list.sessions.reverse();
  return list;
}

export async function openRequestCount(deps: AppDeps, userId: string) {
  return { openRequests: await q.countOpenRequests(deps.database.db, userId) };
}
