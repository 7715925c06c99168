import { type FormEvent, useState } from "react";
import { SubmitButton } from "../../components/ui/button.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { authErrorMessage } from "../../lib/auth-errors.ts";
import { FormAlert, UNEXPECTED_ERROR } from "./admin-auth-card.tsx";
import { OneTimeCodeInput, submittedCode } from "./one-time-code-input.tsx";

/**
 * Sign-in's second step for enrolled staff: the code from the authenticator app, or one of
 * the recovery codes. `onVerified` gets the signed-in user's id.
 */
export function TwoFactorChallenge({
  onVerified,
  onRestart,
}: {
  onVerified: (userId: string) => Promise<void>;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = submittedCode(event);
    setError(null);
    setSubmitting(true);
    try {
      const { data, error: verifyError } = recovery
        ? await authClient.twoFactor.verifyBackupCode({ code })
        : await authClient.twoFactor.verifyTotp({ code });
      if (verifyError || !data) {
        setError(authErrorMessage(verifyError, UNEXPECTED_ERROR));
        return;
      }
      await onVerified(data.user.id);
    } catch {
      setError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form key={String(recovery)} className="flex flex-col gap-4" onSubmit={onSubmit}>
        <OneTimeCodeInput
          id="admin-code"
          label={recovery ? "Recovery code" : "Authentication code"}
          recovery={recovery}
        />
        <p className="text-sm text-ink-600">
          {recovery
            ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each one works once."
            : "Open your authenticator app and enter the 6-digit code it shows for ShutterHail."}
        </p>
        <SubmitButton submitting={submitting} busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </form>
      <div className="mt-5 flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => {
            setError(null);
            setRecovery(!recovery);
          }}
        >
          {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
        </button>
        <button type="button" className="text-ink-600 hover:underline" onClick={onRestart}>
          Start over
        </button>
      </div>
    </>
  );
}
