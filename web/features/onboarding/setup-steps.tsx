import { TRAVEL_RADIUS_OPTIONS } from "../../../contracts/constants.ts";
import { EQUIPMENT, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import { ChipPicker } from "../../components/ui/chip-picker.tsx";
import { ExperienceSelect } from "../../components/ui/creator-fields.tsx";
import { Field, selectClass } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { DocumentUploader } from "./document-uploader.tsx";
import { PaymentStep } from "./payment-step.tsx";
import { PortfolioUploader } from "./portfolio-uploader.tsx";
import type { StepProps } from "./step-props.ts";

export const STEP_TITLES = [
  "Personal & Business Info",
  "Equipment, Specialties & Portfolio",
  "Pricing & Services",
  "Payment Information",
  "Verification & Insurance",
] as const;

export function PersonalStep({ draft, set, errors }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="fullName" label="Full Name" required error={errors.fullName}>
        <Input
          id="fullName"
          value={draft.fullName}
          onChange={(e) => set({ fullName: e.target.value })}
          autoComplete="name"
        />
      </Field>
      <Field id="businessName" error={errors.businessName} label="Business Name">
        <Input
          id="businessName"
          value={draft.businessName}
          onChange={(e) => set({ businessName: e.target.value })}
        />
      </Field>
      <Field
        id="bio"
        error={errors.bio}
        label="Professional Bio"
        required
        className="sm:col-span-2"
      >
        <Textarea
          id="bio"
          rows={5}
          value={draft.bio}
          onChange={(e) => set({ bio: e.target.value })}
          placeholder="Your style, experience and what clients can expect."
        />
      </Field>
      <Field id="phone" error={errors.phone} label="Phone Number" required>
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
        <ExperienceSelect
          id="experience"
          value={draft.experience}
          onChange={(e) => set({ experience: e.target.value })}
        />
      </Field>
      <PortfolioUploader items={data.portfolio} actions={actions} />
    </div>
  );
}

export function PricingStep({ draft, set, data, errors }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="hourlyRate" label="Base Hourly Rate ($)" required error={errors.hourlyRate}>
        <Input
          id="hourlyRate"
          inputMode="decimal"
          value={draft.hourlyRate}
          onChange={(e) => set({ hourlyRate: e.target.value })}
          placeholder="150"
        />
      </Field>
      <Field id="travelRadius" label="Travel Radius">
        <select
          id="travelRadius"
          className={selectClass}
          value={draft.travelRadius}
          onChange={(e) => set({ travelRadius: Number(e.target.value) })}
        >
          {TRAVEL_RADIUS_OPTIONS.map((miles) => (
            <option key={miles} value={miles}>
              {miles} miles
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="serviceLocation"
        error={errors.serviceLocation}
        label="Primary Service Location"
        required
        hint={
          data.profile.located || !draft.serviceLocation
            ? "A 5-digit ZIP code or “City, ST” — clients search by it."
            : "We could not find this place yet. Use a 5-digit ZIP code or “City, ST”."
        }
      >
        <Input
          id="serviceLocation"
          value={draft.serviceLocation}
          onChange={(e) => set({ serviceLocation: e.target.value })}
          placeholder="33139 or Miami Beach, FL"
        />
      </Field>
      <Field id="travelFee" label="Travel Fee ($)" error={errors.travelFee}>
        <Input
          id="travelFee"
          inputMode="decimal"
          value={draft.travelFee}
          onChange={(e) => set({ travelFee: e.target.value })}
          placeholder="0"
        />
      </Field>
      <Field
        id="packageServices"
        error={errors.packageServices}
        label="Packages & Services"
        className="sm:col-span-2"
      >
        <Textarea
          id="packageServices"
          rows={4}
          value={draft.packageServices}
          onChange={(e) => set({ packageServices: e.target.value })}
          placeholder="e.g. 2-hour portrait session with 30 edited photos"
        />
      </Field>
    </div>
  );
}

export function VerificationStep({ draft, set, data, actions, errors }: StepProps) {
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
      <Field id="insurance" error={errors.insurance} label="Insurance Details">
        <Textarea
          id="insurance"
          rows={3}
          value={draft.insurance}
          onChange={(e) => set({ insurance: e.target.value })}
          placeholder="Provider, policy number, coverage"
        />
      </Field>
      <Field id="references" error={errors.references} label="References">
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
