import { TRAVEL_RADIUS_OPTIONS } from "../../../contracts/constants.ts";
import { EQUIPMENT, EXPERIENCE_LEVELS, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import { ChipPicker } from "../../components/ui/chip-picker.tsx";
import { Field, selectClass } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { DocumentUploader } from "./document-uploader.tsx";
import { PaymentStep } from "./payment-step.tsx";
import { PortfolioUploader } from "./portfolio-uploader.tsx";
import { moneyError } from "./setup-draft.ts";
import type { StepProps } from "./step-props.ts";

export const STEP_TITLES = [
  "Personal & Business Info",
  "Equipment, Specialties & Portfolio",
  "Pricing & Services",
  "Payment Information",
  "Verification & Insurance",
] as const;

export function PersonalStep({ draft, set, showErrors }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id="full_name"
        label="Full Name"
        required
        error={showErrors && !draft.full_name.trim() ? "Full name is required" : null}
      >
        <Input
          id="full_name"
          value={draft.full_name}
          onChange={(e) => set({ full_name: e.target.value })}
          autoComplete="name"
        />
      </Field>
      <Field id="business_name" label="Business Name">
        <Input
          id="business_name"
          value={draft.business_name}
          onChange={(e) => set({ business_name: e.target.value })}
        />
      </Field>
      <Field id="bio" label="Professional Bio" required className="sm:col-span-2">
        <Textarea
          id="bio"
          rows={5}
          value={draft.bio}
          onChange={(e) => set({ bio: e.target.value })}
          placeholder="Your style, experience and what clients can expect."
        />
      </Field>
      <Field id="phone" label="Phone Number" required>
        <Input
          id="phone"
          type="tel"
          value={draft.phone}
          onChange={(e) => set({ phone: e.target.value })}
          autoComplete="tel"
        />
      </Field>
    </div>
  );
}

export function SkillsStep({ draft, set, data, actions }: StepProps) {
  return (
    <div className="flex flex-col gap-6">
      <ChipPicker
        legend="Equipment"
        options={EQUIPMENT}
        value={draft.equipment}
        onChange={(equipment) => set({ equipment })}
      />
      <ChipPicker
        legend="Specialties"
        options={PROFILE_SPECIALTIES}
        value={draft.specialties}
        onChange={(specialties) => set({ specialties })}
      />
      <Field id="experience" label="Experience">
        <select
          id="experience"
          className={selectClass}
          value={draft.experience}
          onChange={(e) => set({ experience: e.target.value })}
        >
          <option value="">Select your experience</option>
          {EXPERIENCE_LEVELS.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </Field>
      <PortfolioUploader items={data.portfolio} actions={actions} />
    </div>
  );
}

export function PricingStep({ draft, set, data }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id="hourly_rate"
        label="Base Hourly Rate ($)"
        required
        error={moneyError(draft.hourly_rate)}
      >
        <Input
          id="hourly_rate"
          inputMode="decimal"
          value={draft.hourly_rate}
          onChange={(e) => set({ hourly_rate: e.target.value })}
          placeholder="150"
        />
      </Field>
      <Field id="travel_radius" label="Travel Radius">
        <select
          id="travel_radius"
          className={selectClass}
          value={draft.travel_radius}
          onChange={(e) => set({ travel_radius: Number(e.target.value) })}
        >
          {TRAVEL_RADIUS_OPTIONS.map((miles) => (
            <option key={miles} value={miles}>
              {miles} miles
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="service_location"
        label="Primary Service Location"
        required
        hint={
          data.profile.located || !draft.service_location
            ? "A 5-digit ZIP code or “City, ST” — clients search by it."
            : "We could not find this place yet. Use a 5-digit ZIP code or “City, ST”."
        }
      >
        <Input
          id="service_location"
          value={draft.service_location}
          onChange={(e) => set({ service_location: e.target.value })}
          placeholder="33139 or Miami Beach, FL"
        />
      </Field>
      <Field id="travel_fee" label="Travel Fee ($)" error={moneyError(draft.travel_fee)}>
        <Input
          id="travel_fee"
          inputMode="decimal"
          value={draft.travel_fee}
          onChange={(e) => set({ travel_fee: e.target.value })}
          placeholder="0"
        />
      </Field>
      <Field id="package_services" label="Packages & Services" className="sm:col-span-2">
        <Textarea
          id="package_services"
          rows={4}
          value={draft.package_services}
          onChange={(e) => set({ package_services: e.target.value })}
          placeholder="e.g. 2-hour portrait session with 30 edited photos"
        />
      </Field>
    </div>
  );
}

export function VerificationStep({ draft, set, data, actions }: StepProps) {
  return (
    <div className="flex flex-col gap-4">
      <DocumentUploader
        kind="verification"
        label="ID Verification"
        documents={data.documents}
        actions={actions}
      />
      <DocumentUploader
        kind="insurance"
        label="Insurance Certificate"
        documents={data.documents}
        actions={actions}
      />
      <Field id="insurance" label="Insurance Details">
        <Textarea
          id="insurance"
          rows={3}
          value={draft.insurance}
          onChange={(e) => set({ insurance: e.target.value })}
          placeholder="Provider, policy number, coverage"
        />
      </Field>
      <Field id="references" label="References">
        <Textarea
          id="references"
          rows={3}
          value={draft.references}
          onChange={(e) => set({ references: e.target.value })}
          placeholder="Past clients who can vouch for your work"
        />
      </Field>
    </div>
  );
}

export const STEPS = [
  PersonalStep,
  SkillsStep,
  PricingStep,
  PaymentStep,
  VerificationStep,
] as const;
