import { DEFAULT_TRAVEL_RADIUS_MILES } from "../../../contracts/constants.ts";
import type { EQUIPMENT, PAYMENT_METHODS, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import type { ProfileSetup, SaveStepRequest } from "../../../contracts/profile-setup.ts";

type Specialty = (typeof PROFILE_SPECIALTIES)[number];
type Equipment = (typeof EQUIPMENT)[number];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The form's values: text inputs hold strings; money is typed in dollars. */
export type SetupDraft = {
  full_name: string;
  business_name: string;
  bio: string;
  phone: string;
  specialties: Specialty[];
  equipment: Equipment[];
  experience: string;
  hourly_rate: string;
  package_services: string;
  travel_radius: number;
  service_location: string;
  travel_fee: string;
  payment_method: PaymentMethod | "";
  payout_email: string;
  bank_routing: string;
  bank_account: string;
  tax_id: string;
  insurance: string;
  references: string;
};

const dollars = (cents: number | null) =>
  cents === null ? "" : (cents / 100).toFixed(2).replace(/\.00$/, "");
const cents = (text: string) => (text.trim() === "" ? null : Math.round(Number(text) * 100));

export function draftFrom(profile: ProfileSetup): SetupDraft {
  return {
    full_name: profile.full_name ?? "",
    business_name: profile.business_name ?? "",
    bio: profile.bio ?? "",
    phone: profile.phone ?? "",
    specialties: profile.specialties as Specialty[],
    equipment: profile.equipment as Equipment[],
    experience: profile.experience ?? "",
    hourly_rate: dollars(profile.hourly_rate_cents),
    package_services: profile.package_services ?? "",
    travel_radius: profile.travel_radius ?? DEFAULT_TRAVEL_RADIUS_MILES,
    service_location: profile.service_location ?? "",
    travel_fee: dollars(profile.travel_fee_cents),
    payment_method: profile.payment_method ?? "",
    payout_email: profile.payout_email ?? "",
    // Bank and tax numbers are never sent back; empty means "keep what is stored".
    bank_routing: "",
    bank_account: "",
    tax_id: "",
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

export function stepRequest(step: number, d: SetupDraft): SaveStepRequest {
  switch (step) {
    case 1:
      return {
        step: 1,
        full_name: d.full_name,
        business_name: d.business_name,
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
        hourly_rate_cents: cents(d.hourly_rate),
        package_services: d.package_services,
        travel_radius: d.travel_radius,
        service_location: d.service_location,
        travel_fee_cents: cents(d.travel_fee),
      };
    case 4:
      return {
        step: 4,
        payment_method: d.payment_method || null,
        payout_email: d.payment_method === "direct_deposit" ? null : d.payout_email,
        ...(d.bank_account || d.bank_routing
          ? {
              bank_account: d.bank_account.replace(/\D/g, ""),
              bank_routing: d.bank_routing.replace(/\D/g, ""),
            }
          : {}),
        ...(d.tax_id ? { tax_id: d.tax_id.trim() } : {}),
      };
    default:
      return { step: 5, insurance: d.insurance, references: d.references };
  }
}
