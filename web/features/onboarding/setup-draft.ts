import { DEFAULT_TRAVEL_RADIUS_MILES } from "../../../contracts/constants.ts";
import type { EQUIPMENT, PAYMENT_METHODS, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import {
  type ProfileSetup,
  type SaveStepRequest,
  ZSaveStepRequest,
} from "../../../contracts/profile-setup.ts";
import { centsFromInput, dollarsInput } from "../../lib/form-inputs.ts";

type Specialty = (typeof PROFILE_SPECIALTIES)[number];
type Equipment = (typeof EQUIPMENT)[number];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The form's values: text inputs hold strings; money is typed in dollars. */
export type SetupDraft = {
  fullName: string;
  businessName: string;
  bio: string;
  phone: string;
  specialties: Specialty[];
  equipment: Equipment[];
  experience: string;
  hourlyRate: string;
  packageServices: string;
  travelRadius: number;
  serviceLocation: string;
  travelFee: string;
  paymentMethod: PaymentMethod | "";
  payoutEmail: string;
  bankRouting: string;
  bankAccount: string;
  taxId: string;
  insurance: string;
  references: string;
};

export function draftFrom(profile: ProfileSetup): SetupDraft {
  return {
    fullName: profile.fullName ?? "",
    businessName: profile.businessName ?? "",
    bio: profile.bio ?? "",
    phone: profile.phone ?? "",
    specialties: profile.specialties as Specialty[],
    equipment: profile.equipment as Equipment[],
    experience: profile.experience ?? "",
    hourlyRate: dollarsInput(profile.hourlyRateCents),
    packageServices: profile.packageServices ?? "",
    travelRadius: profile.travelRadius ?? DEFAULT_TRAVEL_RADIUS_MILES,
    serviceLocation: profile.serviceLocation ?? "",
    travelFee: dollarsInput(profile.travelFeeCents),
    paymentMethod: profile.paymentMethod ?? "",
    payoutEmail: profile.payoutEmail ?? "",
    // Bank and tax numbers are never sent back; empty means "keep what is stored".
    bankRouting: "",
    bankAccount: "",
    taxId: "",
    insurance: profile.insurance ?? "",
    references: profile.references ?? "",
  };
}

/** A money field the server would refuse, or null when it is fine. */
export function moneyError(text: string): string | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 100_000
    ? null
    : "Enter an amount in dollars";
}

/** The step's request body; `currentPassword` goes with step 4 when the server asked for it. */
export function stepRequest(
  step: number,
  d: SetupDraft,
  currentPassword?: string,
): SaveStepRequest {
  switch (step) {
    case 1:
      return {
        step: 1,
        fullName: d.fullName,
        businessName: d.businessName,
        bio: d.bio,
        phone: d.phone,
      };
    case 2:
      return {
        step: 2,
        specialties: d.specialties,
        equipment: d.equipment,
        experience: d.experience || null,
      };
    case 3:
      return {
        step: 3,
        hourlyRateCents: centsFromInput(d.hourlyRate),
        packageServices: d.packageServices,
        travelRadius: d.travelRadius,
        serviceLocation: d.serviceLocation,
        travelFeeCents: centsFromInput(d.travelFee),
      };
    case 4:
      return {
        step: 4,
        paymentMethod: d.paymentMethod || null,
        payoutEmail: d.paymentMethod === "direct_deposit" ? null : d.payoutEmail,
        ...(d.bankAccount || d.bankRouting
          ? {
              bankAccount: d.bankAccount.replace(/\D/g, ""),
              bankRouting: d.bankRouting.replace(/\D/g, ""),
            }
          : {}),
        ...(d.taxId ? { taxId: d.taxId.trim() } : {}),
        ...(currentPassword ? { currentPassword } : {}),
      };
    default:
      return { step: 5, insurance: d.insurance, references: d.references };
  }
}

export type DraftErrors = Partial<Record<keyof SetupDraft, string>>;

/** Where a request field's problem shows when the draft holds it under another name. */
const DRAFT_FIELD: Partial<Record<string, keyof SetupDraft>> = {
  hourlyRateCents: "hourlyRate",
  travelFeeCents: "travelFee",
};

/**
 * What is wrong with the step as it would be sent, by the request's own schema (so its rules
 * and messages are the API's), after the dollar amounts that cannot be read at all.
 */
export function stepErrors(step: number, d: SetupDraft): DraftErrors {
  if (step === 3) {
    const hourlyRate = moneyError(d.hourlyRate) ?? undefined;
    const travelFee = moneyError(d.travelFee) ?? undefined;
    if (hourlyRate || travelFee) return { hourlyRate, travelFee };
  }
  const errors: DraftErrors = {};
  for (const issue of ZSaveStepRequest.safeParse(stepRequest(step, d)).error?.issues ?? []) {
    const field = String(issue.path[0]);
    errors[DRAFT_FIELD[field] ?? (field as keyof SetupDraft)] ??= issue.message;
  }
  return errors;
}
