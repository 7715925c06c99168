import { TRAVEL_RADIUS_OPTIONS } from "../../../contracts/constants.ts";
import { EQUIPMENT, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import { ChipPicker } from "../../components/ui/chip-picker.tsx";
import { ExperienceSelect } from "../../components/ui/creator-fields.tsx";
import { Field, selectClass } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { DocumentUploader } from "./document-uploader.tsx";
import { PaymentStep } from "./payment-step.tsx";
import { PortfolioUploader } from "./portfolio-uploader.tsx";
import { bindDraft, type StepProps } from "./step-props.ts";

export const STEP_TITLES = [
  "Personal & Business Info",
  "Equipment, Specialties & Portfolio",
  "Pricing & Services",
  "Payment Information",
  "Verification & Insurance",
] as const;

export function PersonalStep(step: StepProps) {
  const { errors } = step;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="fullName" label="Full Name" required error={errors.fullName}>
        <Input {...bindDraft(step, "fullName")} autoComplete="name" />
      </Field>
      <Field id="businessName" error={errors.businessName} label="Business Name">
        <Input {...bindDraft(step, "businessName")} />
      </Field>
      <Field
        id="bio"
        error={errors.bio}
        label="Professional Bio"
        required
        className="sm:col-span-2"
      >
        <Textarea
          {...bindDraft(step, "bio")}
          rows={5}
          placeholder="Your style, experience and what clients can expect."
        />
      </Field>
      <Field id="phone" error={errors.phone} label="Phone Number" required>
        <Input {...bindDraft(step, "phone")} type="tel" autoComplete="tel" />
      </Field>
    </div>
  );
}

export function SkillsStep(step: StepProps) {
  const { draft, set, data, actions } = step;
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

export function PricingStep(step: StepProps) {
  const { draft, set, data, errors } = step;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="hourlyRate" label="Base Hourly Rate ($)" required error={errors.hourlyRate}>
        <Input {...bindDraft(step, "hourlyRate")} inputMode="decimal" placeholder="150" />
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
        <Input {...bindDraft(step, "serviceLocation")} placeholder="33139 or Miami Beach, FL" />
      </Field>
      <Field id="travelFee" label="Travel Fee ($)" error={errors.travelFee}>
        <Input {...bindDraft(step, "travelFee")} inputMode="decimal" placeholder="0" />
      </Field>
      <Field
        id="packageServices"
        error={errors.packageServices}
        label="Packages & Services"
        className="sm:col-span-2"
      >
        <Textarea
          {...bindDraft(step, "packageServices")}
          rows={4}
          placeholder="e.g. 2-hour portrait session with 30 edited photos"
        />
      </Field>
    </div>
  );
}

export function VerificationStep(step: StepProps) {
  const { data, actions, errors } = step;
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
          {...bindDraft(step, "insurance")}
          rows={3}
          placeholder="Provider, policy number, coverage"
        />
      </Field>
      <Field id="references" error={errors.references} label="References">
        <Textarea
          {...bindDraft(step, "references")}
          rows={3}
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
