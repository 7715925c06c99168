import type { Selectable, Updateable } from "kysely";
import type { z } from "zod";
import {
  PROFILE_SETUP_MESSAGES,
  type ProfileSetupResponse,
  type ZSaveStepRequest,
} from "../../../contracts/profile-setup.ts";
import type { PhotographerProfiles } from "../../db/schema.ts";
import type { CreatorAccess } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { geocodePlace } from "../../platform/geo.ts";
import {
  approvedProfileIdOfUser,
  findOwnProfile,
  listOwnPortfolio,
  updateOwnProfile,
} from "../profiles/own-profile-service.ts";
import { encryptSecret } from "./payment-crypto.ts";
import { checkPayoutChange, type PayoutCaller } from "./payout-change.ts";
import * as q from "./queries.ts";

/** The account's approved creator profile, if any: what the `creator` access level asks. */
export async function findApprovedCreator(
  deps: AppDeps,
  userId: string,
): Promise<CreatorAccess | undefined> {
  const profileId = await approvedProfileIdOfUser(deps, userId);
  return profileId ? { profileId } : undefined;
}

/**
 * Setup is for creators whose profile staff approved (spec §4); everyone else gets 403: with
 * no profile at all, the spec's "Unable to verify your photographer profile."; with one staff
 * have not approved, "You need an approved photographer profile…".
 */
export async function requireApprovedProfile(deps: AppDeps, userId: string) {
  const profile = await findOwnProfile(deps, userId);
  if (!profile) throw new AppError("forbidden", PROFILE_SETUP_MESSAGES.unverified);
  if (!profile.approved) throw new AppError("forbidden", PROFILE_SETUP_MESSAGES.notApproved);
  return profile;
}

export async function loadSetup(deps: AppDeps, userId: string): Promise<ProfileSetupResponse> {
  const profile = await requireApprovedProfile(deps, userId);
  const [portfolio, documents] = await Promise.all([
    listOwnPortfolio(deps, userId),
    q.listDocuments(deps.database.db, userId),
  ]);
  return {
    profile: q.toProfileSetup(profile),
    portfolio: portfolio.map(q.toSetupPortfolioItem),
    documents,
  };
}

type StepInput = z.output<typeof ZSaveStepRequest>;
type Changes = Updateable<PhotographerProfiles>;

function paymentChanges(
  deps: AppDeps,
  input: Extract<StepInput, { step: 4 }>,
  current: { bank_account_encrypted: string | null },
): Changes {
  const key = deps.config.paymentDataKey;
  const changes: Changes = {
    payment_method: input.paymentMethod,
    payout_email: input.payoutEmail,
  };
  if (input.bankAccount !== undefined || input.bankRouting !== undefined) {
    if (!input.bankAccount || !input.bankRouting) {
      throw new AppError(
        "validation_failed",
        "Enter both the routing number and the account number",
      );
    }
    changes.bank_account_encrypted = encryptSecret(
      JSON.stringify({ routing: input.bankRouting, account: input.bankAccount }),
      key,
    );
    changes.bank_account_last4 = input.bankAccount.slice(-4);
  }
  if (input.taxId !== undefined) {
    changes.tax_id_encrypted = encryptSecret(input.taxId.replace(/-/g, ""), key);
  }
  // Keep only what the chosen payout method needs.
  if (input.paymentMethod === "direct_deposit") {
    changes.payout_email = null;
    if (!changes.bank_account_encrypted && !current.bank_account_encrypted) {
      throw new AppError("validation_failed", "Enter your bank routing and account numbers");
    }
  } else if (input.paymentMethod !== null) {
    if (!input.payoutEmail) throw new AppError("validation_failed", "Enter your payout email");
    changes.bank_account_encrypted = null;
    changes.bank_account_last4 = null;
  }
  return changes;
}

function stepChanges(
  deps: AppDeps,
  input: StepInput,
  current: Selectable<PhotographerProfiles>,
): Changes {
  switch (input.step) {
    case 1:
      return {
        full_name: input.fullName,
        business_name: input.businessName,
        bio: input.bio,
        phone: input.phone,
      };
    case 2:
      return {
        specialties: input.specialties,
        equipment: input.equipment,
        experience: input.experience,
      };
    case 3: {
      const located = input.serviceLocation ? geocodePlace(input.serviceLocation) : null;
      return {
        hourly_rate_cents: input.hourlyRateCents ?? null,
        package_services: input.packageServices,
        travel_radius: input.travelRadius,
        service_location: input.serviceLocation,
        travel_fee_cents: input.travelFeeCents ?? null,
        base_lat: located?.lat ?? null,
        base_lng: located?.lng ?? null,
      };
    }
    case 4:
      return paymentChanges(deps, input, current);
    case 5:
      return { insurance: input.insurance, references: input.references };
  }
}

/**
 * Saves one step as a draft and remembers where to resume. A change of payout details needs
 * the password when some were set already, and is mailed to the account (payout-change.ts).
 */
export async function saveStep(deps: AppDeps, caller: PayoutCaller, input: StepInput) {
  const { userId } = caller;
  const current = await requireApprovedProfile(deps, userId);
  const changes = stepChanges(deps, input, current);
  const mail =
    input.step === 4
      ? await checkPayoutChange(deps, caller, current, changes, input.currentPassword)
      : null;
  await deps.database.db.transaction().execute(async (trx) => {
    const values = {
      ...changes,
      setup_step: Math.max(current.setup_step, Math.min(input.step + 1, 5)),
      completion_percent: current.is_complete
        ? 100
        : Math.max(current.completion_percent, Math.min(input.step * 20, 80)),
    };
    await updateOwnProfile(deps, userId, values, trx);
    if (mail) await deps.mailer.send(mail, trx);
  });
  return loadSetup(deps, userId);
}

/** The fields the setup form marks required, checked before the profile goes live. */
export async function completeSetup(deps: AppDeps, userId: string) {
  const profile = await requireApprovedProfile(deps, userId);
  const missing = [
    !profile.full_name && "full name",
    !profile.bio && "professional bio",
    !profile.phone && "phone number",
    !profile.hourly_rate_cents && "base hourly rate",
    !profile.service_location && "primary service location",
  ].filter(Boolean);
  if (missing.length) {
    throw new AppError(
      "validation_failed",
      `Please add your ${missing.join(", ")} before completing setup.`,
    );
  }
  if (profile.base_lat === null || profile.base_lng === null) {
    throw new AppError("validation_failed", PROFILE_SETUP_MESSAGES.unlocated);
  }
  await updateOwnProfile(deps, userId, {
    is_complete: true,
    completion_percent: 100,
    is_published: true,
    setup_step: 5,
  });
  return loadSetup(deps, userId);
}
