import type { Kysely } from "kysely";
import type { z } from "zod";
import type {
  ApplicationDecisionResponse,
  ApplicationListResponse,
  MyApplicationResponse,
  SubmitApplicationResponse,
  ZSubmitApplicationRequest,
} from "../../../contracts/applications.ts";
import type { ApplicationStatus } from "../../../contracts/enums.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { onboardPath } from "../../../contracts/routes.ts";
import type { DB } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import {
  claimIdempotencyKey,
  requestHash,
  storeIdempotentResponse,
} from "../../platform/idempotency.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { createAdminNotification } from "../staff/service.ts";
import { approvalMail, confirmationMail, denialMail } from "./mails.ts";
import { findApplicantDetails, lockApplicantDetails } from "./onboarding-queries.ts";
import * as q from "./queries.ts";
import { sampleImageExists } from "./sample-images.ts";

const SUBMIT_SCOPE = "applications.submit";

export const OPEN_APPLICATION_MESSAGE =
  "An application for this email is already open. We will email you once it has been reviewed.";

type SubmitInput = z.output<typeof ZSubmitApplicationRequest>;
type Submitted = { status: number; body: SubmitApplicationResponse };

/** Tells every open list and detail, in every server process, that an application changed. */
export function publishApplicationChange(
  deps: AppDeps,
  change: { id: string; status: string },
  executor?: Kysely<DB>,
) {
  return deps.realtime.publish(REALTIME_TOPICS.applications, change, "staff", executor);
}

export async function submitApplication(
  deps: AppDeps,
  input: SubmitInput,
  idempotencyKey: string | undefined,
): Promise<Submitted> {
  const hash = requestHash(input);
  for (const key of input.sampleImages) {
    if (!(await sampleImageExists(deps, key))) {
      throw new AppError("validation_failed", "A sample image was not found. Upload it again.");
    }
  }
  const { response } = await deps.database.db.transaction().execute(async (trx) => {
    if (idempotencyKey) {
      const earlier = await claimIdempotencyKey(trx, SUBMIT_SCOPE, idempotencyKey, hash);
      if (earlier) return { response: earlier as Submitted };
    }
    if (await q.findOpenApplicationByEmail(trx, input.email)) {
      throw new AppError("conflict", OPEN_APPLICATION_MESSAGE);
    }
    const application = await q.insertApplication(trx, input).catch((error: { code?: string }) => {
      // Two submits for one address racing past the check above: the unique index decides.
      if (error.code === "23505") throw new AppError("conflict", OPEN_APPLICATION_MESSAGE);
      throw error;
    });
    await createAdminNotification(
      deps,
      {
        kind: "application_submitted",
        title: "New creator application",
        body: `${input.fullName} (${input.email}) applied`,
        link: `/admin/applications/${application.id}`,
      },
      trx,
    );
    await publishApplicationChange(deps, application, trx);
    await deps.mailer.send(confirmationMail(input.email, input.fullName), trx);
    const response: Submitted = {
      status: 201,
      body: { application: { id: application.id, status: "pending" } },
    };
    if (idempotencyKey)
      await storeIdempotentResponse(trx, SUBMIT_SCOPE, idempotencyKey, hash, response);
    return { response };
  });
  return response;
}

export async function listApplications(
  deps: AppDeps,
  query: { page: number; pageSize: number; status?: string; q?: string },
): Promise<ApplicationListResponse> {
  const [page, counts] = await Promise.all([
    q.listApplications(deps.database.db, query),
    q.countByStatus(deps.database.db),
  ]);
  return { ...page, counts };
}

async function findOrThrow(deps: AppDeps, id: string) {
  const row = await q.findApplication(deps.database.db, id);
  if (!row) throw new AppError("not_found", "Application not found");
  return row;
}

/**
 * The signed-in person's latest application, found by their address: only a verified one
 * proves the address is theirs (a social sign-in can name anyone's), so otherwise none.
 */
export async function myApplication(
  deps: AppDeps,
  user: { email: string; emailVerified: boolean },
): Promise<MyApplicationResponse> {
  if (!user.emailVerified) return { application: null };
  const row = await q.findLatestApplicationByEmail(deps.database.db, user.email);
  if (!row) return { application: null };
  return {
    application: {
      id: row.id,
      status: row.status as ApplicationStatus,
      createdAt: new Date(row.created_at).toISOString(),
      denialReason: row.status === "denied" ? row.denial_reason : null,
    },
  };
}

export async function getApplication(deps: AppDeps, id: string) {
  return q.toApplication(await findOrThrow(deps, id));
}

/** Opening a pending application puts it under review, recording which admin opened it. */
export async function openApplication(deps: AppDeps, id: string, adminId: string) {
  const row = await findOrThrow(deps, id);
  if (row.status !== "pending") return q.toApplication(row);
  const updated = await deps.database.db.transaction().execute(async (trx) => {
    const next = await q.markUnderReview(trx, id, adminId);
    if (next) await publishApplicationChange(deps, next, trx);
    return next;
  });
  return q.toApplication(updated ?? (await findOrThrow(deps, id)));
}

export async function decide(
  deps: AppDeps,
  id: string,
  decision: { status: "approved" | "denied"; adminId: string; reason?: string },
): Promise<ApplicationDecisionResponse> {
  const current = await findOrThrow(deps, id);
  const updated = await deps.database.db.transaction().execute(async (trx) => {
    const next = await q.decideApplication(trx, id, decision);
    if (!next) return next;
    await recordStaffAction(
      trx,
      {
        actorUserId: decision.adminId,
        action: `application.${decision.status === "approved" ? "approve" : "deny"}`,
        targetType: "application",
        targetId: id,
        reason: decision.reason ?? null,
      },
      deps.now(),
    );
    await publishApplicationChange(deps, next, trx);
    await deps.mailer.send(decisionMail(deps, next, decision), trx);
    return next;
  });
  if (!updated) {
    const now = (await q.findApplication(deps.database.db, id)) ?? current;
    const label = now.status.replace("_", " ");
    throw new AppError(
      "conflict",
      `This application is already ${label}; only pending or under review applications can be approved or denied.`,
    );
  }
  return { application: q.toApplication(updated) };
}

function decisionMail(
  deps: AppDeps,
  application: { id: string; email: string; full_name: string },
  decision: { status: "approved" | "denied"; reason?: string },
) {
  return decision.status === "approved"
    ? approvalMail(
        application.email,
        application.full_name,
        `${siteOrigin(deps.config)}${onboardPath(application.id)}`,
      )
    : denialMail(application.email, application.full_name, decision.reason);
}

/** The staff-only bytes of one sample image of one application. */
export async function sampleImage(deps: AppDeps, id: string, imageId: string, size: string) {
  const row = await findOrThrow(deps, id);
  const key = row.sample_images.find((k) => k.endsWith(`/${imageId}`));
  if (!key || !["thumb", "medium", "large"].includes(size)) {
    throw new AppError("not_found", "File not found");
  }
  const object = await deps.storage.get(`${key}/${size}.webp`);
  if (!object) throw new AppError("not_found", "File not found");
  return object;
}

/** The applicant's details and status, for onboarding. */
export const findApplicationForOnboarding = (deps: AppDeps, id: string) =>
  findApplicantDetails(deps.database.db, id);

/** The same, locked until the onboarding transaction `trx` ends, so one onboarding wins. */
export const lockApplicationForOnboarding = (_deps: AppDeps, id: string, trx: Kysely<DB>) =>
  lockApplicantDetails(trx, id);

/** Inside the caller's transaction: approved → converted, announced once it commits. */
export async function convertApplication(deps: AppDeps, id: string, trx: Kysely<DB>) {
  const converted = await q.markConverted(trx, id);
  if (!converted) throw new AppError("conflict", "This application has not been approved yet");
  await publishApplicationChange(deps, converted, trx);
}
