import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { Input, Label } from "./input.tsx";

/** A field's validation message (nothing when there is none). */
export function FieldError({ message }: { message?: string | null }) {
  return message ? <p className="text-xs font-medium text-red-600">{message}</p> : null;
}

/** A labelled form control with its validation message, or else its hint, under it. */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <span className="text-brand-600"> *</span> : null}
      </Label>
      {children}
      <FieldError message={error} />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled Input of an uncontrolled form; every prop but label and hint goes to the Input. */
export function InputField({
  id,
  label,
  hint,
  ...input
}: ComponentProps<"input"> & { id: string; label: string; hint?: string }) {
  return (
    <Field id={id} label={label} hint={hint}>
      <Input id={id} {...input} />
    </Field>
  );
}

/** The required email row of a sign-in or password form. */
export function EmailField({ id }: { id: string }) {
  return (
    <InputField id={id} label="Email" name="email" type="email" autoComplete="email" required />
  );
}

/** The look of a native <select> beside Input. */
export const selectClass = "h-11 w-full rounded-xl border border-ink-300 bg-white px-3 text-sm";
