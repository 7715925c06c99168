import type { DeliveryRole } from "../../../contracts/delivery.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { findForViewer, type Viewer } from "../bookings/read.ts";

/** Who is asking: their id, and whether they are staff (checked only when they are no party). */
export type DeliveryCaller = Viewer;
export type BookingWithParties = Awaited<ReturnType<typeof findForViewer>>["booking"];
export type Opened = { booking: BookingWithParties; role: DeliveryRole };

/**
 * The booking and the caller's part in it. Only the two parties and staff may see a delivery;
 * to anyone else the booking does not exist (404), so its id reveals nothing.
 */
export const openBooking = (deps: AppDeps, caller: DeliveryCaller, bookingId: string) =>
  findForViewer(deps, bookingId, caller) as Promise<Opened>;

export function requireRole(opened: Opened, role: DeliveryRole, message: string) {
  if (opened.role !== role) throw new AppError("forbidden", message);
}

/** Photos may be delivered once the session is over and the booking went ahead. */
export function sessionOver(booking: BookingWithParties, now: Date): boolean {
  if (booking.status === "completed") return true;
  return booking.status === "confirmed" && booking.end_time.getTime() <= now.getTime();
}
