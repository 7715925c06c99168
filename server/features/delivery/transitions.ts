import type { Kysely, Updateable } from "kysely";
import { DELIVERY } from "../../../contracts/constants.ts";
import {
  type Delivery,
  NO_PHOTOS_TO_DELIVER,
  NOT_DELIVERED,
  NOT_DISPUTED,
  ONLY_CLIENT,
  ONLY_CREATOR,
  SESSION_NOT_OVER,
} from "../../../contracts/delivery.ts";
import type { DB, Deliveries } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { recordStaffAction } from "../admin/audit.ts";
import { bookingWithParties } from "../bookings/read.ts";
import { type DeliveryCaller, openBooking, requireRole, sessionOver } from "./access.ts";
import { tellClientDelivered, tellCreatorAccepted, tellStaffOfProblem } from "./messages.ts";
import * as q from "./queries.ts";
import { deliveryView } from "./view.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Moves the delivery from `from` only: a retry after it moved changes nothing. */
async function move(
  trx: Kysely<DB>,
  bookingId: string,
  from: Delivery["status"],
  set: Updateable<Deliveries>,
) {
  const moved = await trx
    .updateTable("deliveries")
    .set(set)
    .where("booking_id", "=", bookingId)
    .where("status", "=", from as "draft")
    .returning("booking_id")
    .executeTakeFirst();
  return Boolean(moved);
}

/** The creator delivers: the client is told, and has DELIVERY.autoAcceptHours to respond. */
export async function deliver(deps: AppDeps, caller: DeliveryCaller, bookingId: string) {
  const opened = await openBooking(deps, caller, bookingId);
  requireRole(opened, "creator", ONLY_CREATOR);
  return deps.database.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const row = await q.lockDraftable(trx, bookingId, now);
    if (row.status === "draft") {
      if (!sessionOver(opened.booking, now)) throw new AppError("conflict", SESSION_NOT_OVER);
      if ((await q.countFiles(trx, bookingId)) === 0) {
        throw new AppError("validation_failed", NO_PHOTOS_TO_DELIVER);
      }
      const acceptBy = new Date(now.getTime() + DELIVERY.autoAcceptHours * HOUR_MS);
      const set = { status: "delivered", delivered_at: now, accept_by: acceptBy, updated_at: now };
      if (await move(trx, bookingId, "draft", set as Updateable<Deliveries>)) {
        await tellClientDelivered(deps, opened.booking, acceptBy, trx);
      }
    }
    return deliveryView(deps, opened, trx);
  });
}

/** The client accepts the photos: the creator's payout may follow. */
export async function accept(deps: AppDeps, caller: DeliveryCaller, bookingId: string) {
  const opened = await openBooking(deps, caller, bookingId);
  requireRole(opened, "client", ONLY_CLIENT);
  return deps.database.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const done = await move(trx, bookingId, "delivered", {
      status: "accepted",
      accepted_at: now,
      accepted_by: "client",
      updated_at: now,
    });
    if (done) await tellCreatorAccepted(deps, opened.booking, "client", trx);
    else if ((await q.findDelivery(trx, bookingId))?.status !== "accepted") {
      throw new AppError("conflict", NOT_DELIVERED);
    }
    return deliveryView(deps, opened, trx);
  });
}

/** The client reports a problem: no automatic acceptance, no payout, staff are told. */
export async function reportProblem(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  problem: string,
) {
  const opened = await openBooking(deps, caller, bookingId);
  requireRole(opened, "client", ONLY_CLIENT);
  return deps.database.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const done = await move(trx, bookingId, "delivered", {
      status: "disputed",
      problem_reported_at: now,
      problem_text: problem,
      updated_at: now,
    });
    if (done) await tellStaffOfProblem(deps, opened.booking, problem, trx);
    else if ((await q.findDelivery(trx, bookingId))?.status !== "disputed") {
      throw new AppError("conflict", NOT_DELIVERED);
    }
    return deliveryView(deps, opened, trx);
  });
}

/** Staff settle a reported problem: the delivery counts as accepted, and the log says why. */
export async function resolveProblem(
  deps: AppDeps,
  staffUserId: string,
  bookingId: string,
  resolution: string,
) {
  const opened = await openBooking(
    deps,
    { userId: staffUserId, isStaff: async () => true },
    bookingId,
  );
  return deps.database.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const done = await move(trx, bookingId, "disputed", {
      status: "accepted",
      accepted_at: now,
      accepted_by: "staff",
      problem_resolved_at: now,
      problem_resolution: resolution,
      updated_at: now,
    });
    if (done) {
      await recordStaffAction(
        trx,
        {
          actorUserId: staffUserId,
          action: "delivery.resolve",
          targetType: "delivery",
          targetId: bookingId,
          reason: resolution,
        },
        now,
      );
      await tellCreatorAccepted(deps, opened.booking, "staff", trx);
    } else {
      const row = await q.findDelivery(trx, bookingId);
      if (row?.status !== "accepted" || row.accepted_by !== "staff") {
        throw new AppError("conflict", NOT_DISPUTED);
      }
    }
    return deliveryView(deps, { ...opened, role: "staff" }, trx);
  });
}

/** Accepts every delivery whose time ran out (the job's clock); a disputed one waits. */
export async function autoAcceptDue(deps: AppDeps, now: Date): Promise<number> {
  let accepted = 0;
  for (;;) {
    const due = await q.dueForAutoAccept(deps.database.db, now, 100);
    for (const bookingId of due) {
      const done = await deps.database.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable("deliveries")
          .set({ status: "accepted", accepted_at: now, accepted_by: "system", updated_at: now })
          .where("booking_id", "=", bookingId)
          .where("status", "=", "delivered")
          .where("accept_by", "<=", now)
          .returning("booking_id")
          .executeTakeFirst();
        const booking = moved && (await bookingWithParties(trx, bookingId));
        if (booking) await tellCreatorAccepted(deps, booking, "system", trx);
        return Boolean(moved);
      });
      if (done) accepted += 1;
    }
    if (due.length < 100) return accepted;
  }
}
