import type { ComponentProps } from "react";
import { EXPERIENCE_LEVELS } from "../../../contracts/enums.ts";
import { ChipPicker } from "./chip-picker.tsx";
import { Field, selectClass } from "./field.tsx";
import { Input } from "./input.tsx";

// Field rows the photographer application, onboarding and profile setup forms all ask for.
type InputProps = ComponentProps<"input">;

export function PortfolioUrlField({ error, ...input }: InputProps & { error?: string }) {
  return (
    <Field id="portfolioUrl" label="Portfolio URL" error={error} className="sm:col-span-2">
      <Input id="portfolioUrl" type="url" aria-invalid={!!error} {...input} />
    </Field>
  );
}

export function CityField(input: InputProps) {
  return (
    <Field id="city" label="City">
      <Input id="city" placeholder="City, State" {...input} />
    </Field>
  );
}

export function TravelRadiusField({ error, ...input }: InputProps & { error?: string }) {
  return (
    <Field id="travelRadius" label="Travel Radius (miles)" error={error}>
      <Input id="travelRadius" inputMode="numeric" {...input} />
    </Field>
  );
}

/** The full-width 'Specialties' chips. */
export function SpecialtiesField({
  options,
  value,
  onChange,
}: {
  options: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <ChipPicker
      legend="Specialties"
      options={options}
      value={value}
      onChange={onChange}
      className="sm:col-span-2"
    />
  );
}

/** The experience-level choice; the caller gives the id (and wraps it in its Field). */
export function ExperienceSelect(props: ComponentProps<"select">) {
  return (
    <select className={selectClass} {...props}>
      <option value="">Select your experience</option>
      {EXPERIENCE_LEVELS.map((l) => (
        <option key={l.value} value={l.value}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
