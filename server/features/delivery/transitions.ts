import { DELIVERY } from "../../../contracts/constants.ts";
import {
  NO_PHOTOS_TO_DELIVER,
  NOT_DELIVERED,
  NOT_DISPUTED,
  ONLY_CLIENT,
  ONLY_CREATOR,
  SESSION_NOT_OVER,
} from "../../../contracts/delivery.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { bookingWithParties } from "../bookings/read.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { type DeliveryCaller, openBooking, requireRole, sessionOver } from "./access.ts";
import { stepDelivery } from "./lifecycle.ts";
import { tellClientDelivered, tellCreatorAccepted, tellStaffOfProblem } from "./messages.ts";
import * as q from "./queries.ts";
import { deliveryView } from "./view.ts";

const HOUR_MS = 60 * 60 * 1000;

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
      const set = { delivered_at: now, accept_by: acceptBy, updated_at: now };
      if (await stepDelivery(deps, trx, bookingId, "deliver", set)) {
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
    const done = await stepDelivery(deps, trx, bookingId, "accept", {
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
    const done = await stepDelivery(deps, trx, bookingId, "report", {
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
    const done = await stepDelivery(deps, trx, bookingId, "resolve", {
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
        const moved = await stepDelivery(
          deps,
          trx,
          bookingId,
          "autoAccept",
          { accepted_at: now, accepted_by: "system", updated_at: now },
          now,
        );
        const booking = moved && (await bookingWithParties(trx, bookingId));
        if (booking) await tellCreatorAccepted(deps, booking, "system", trx);
        return Boolean(moved);
      });
      if (done) accepted += 1;
    }
    if (due.length < 100) return accepted;
  }
}
