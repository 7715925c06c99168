import type { Kysely } from "kysely";
import { bookingPhotosPath } from "../../../contracts/bookings.ts";
import { PAYOUTS } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { notify } from "../notifications/notify.ts";
import { createAdminNotification } from "../staff/service.ts";
import type { BookingWithParties } from "./access.ts";

const PROBLEM_PREVIEW = 200;

function when(b: BookingWithParties, at: Date) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: b.time_zone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(at);
}

/** The client hears once that the photos are ready: a notification and a mail. */
export async function tellClientDelivered(
  deps: AppDeps,
  b: BookingWithParties,
  acceptBy: Date,
  trx: Kysely<DB>,
) {
  const link = bookingPhotosPath(b.id);
  await deps.mailer.send(
    {
      to: b.client_email,
      subject: `Your photos from ${b.creator_name} are ready`,
      category: "reviews",
      text: `Hi ${b.client_name},\n\n${b.creator_name} delivered the photos of your session. View and download them here:\n${siteOrigin(deps.config)}${link}\n\nPlease accept the delivery, or report a problem, by ${when(b, acceptBy)} (${b.time_zone}); after that it is accepted automatically.\n\nThe ShutterHail team`,
    },
    trx,
  );
  await notify(
    deps,
    {
      userId: b.client_user_id,
      kind: "delivery_ready",
      title: "Your photos are ready",
      body: `${b.creator_name} delivered the photos of your session.`,
      link,
    },
    trx,
  );
}

const ACCEPTED_BY = {
  client: (b: BookingWithParties) => `${b.client_name} accepted the photos of your session.`,
  system: (b: BookingWithParties) =>
    `The photos of your session with ${b.client_name} were accepted automatically.`,
  staff: (b: BookingWithParties) =>
    `Staff settled the problem ${b.client_name} reported: the photos count as accepted.`,
} as const;

/** The creator hears that the delivery was accepted, and so that the payout is coming. */
export async function tellCreatorAccepted(
  deps: AppDeps,
  b: BookingWithParties,
  by: keyof typeof ACCEPTED_BY,
  trx: Kysely<DB>,
) {
  await notify(
    deps,
    {
      userId: b.creator_user_id,
      kind: "delivery_accepted",
      title: "Photos accepted",
      body: `${ACCEPTED_BY[by](b)} Your payout follows within ${PAYOUTS.minHoursAfterAcceptance}–${PAYOUTS.maxHoursAfterAcceptance} hours.`,
      link: bookingPhotosPath(b.id),
    },
    trx,
  );
}

/** Staff are told of a reported problem; the notification opens the delivery. */
export async function tellStaffOfProblem(
  deps: AppDeps,
  b: BookingWithParties,
  problem: string,
  trx: Kysely<DB>,
) {
  const shown =
    problem.length > PROBLEM_PREVIEW ? `${problem.slice(0, PROBLEM_PREVIEW - 1)}…` : problem;
  await createAdminNotification(
    deps,
    {
      kind: "delivery_disputed",
      title: "Problem with a photo delivery",
      body: `${b.client_name} reported a problem with the photos from ${b.creator_name}: ${shown}`,
      link: bookingPhotosPath(b.id),
    },
    trx,
  );
}
