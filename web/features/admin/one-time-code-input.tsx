import type { FormEvent } from "react";
import { InputField } from "../../components/ui/field.tsx";

/** The 6-digit code field (or a recovery code's): numeric keypad, one-time-code autofill. */
export function OneTimeCodeInput({
  id,
  label,
  recovery = false,
}: {
  id: string;
  label: string;
  recovery?: boolean;
}) {
  return (
    <InputField
      id={id}
      label={label}
      name="code"
      required
      autoFocus
      autoComplete="one-time-code"
      spellCheck={false}
      {...(recovery
        ? { placeholder: "xxxxx-xxxxx", maxLength: 40 }
        : {
            inputMode: "numeric",
            pattern: "[0-9]{6}",
            maxLength: 6,
            placeholder: "123456",
            title: "The 6-digit code from your authenticator app",
          })}
      className={
        recovery
          ? "text-center font-mono text-lg tracking-wider"
          : "text-center font-mono text-lg tracking-[0.3em]"
      }
    />
  );
}

/** The code a form with a OneTimeCodeInput submitted, without the spaces people paste. */
export function submittedCode(event: FormEvent<HTMLFormElement>): string {
  return String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
}
