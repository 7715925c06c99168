import type { FormEvent } from "react";
import { Input, Label } from "../../components/ui/input.tsx";

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
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
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
    </div>
  );
}

/** The code a form with a OneTimeCodeInput submitted, without the spaces people paste. */
export function submittedCode(event: FormEvent<HTMLFormElement>): string {
  return String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
}
