import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button, SubmitButton } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { authErrorMessage } from "../../lib/auth-errors.ts";
import { FormAlert, UNEXPECTED_ERROR } from "./admin-auth-card.tsx";
import { OneTimeCodeInput, submittedCode } from "./one-time-code-input.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { TotpQrCode } from "./totp-qr-code.tsx";

type Secret = { uri: string; key: string; backupCodes: string[] };

/** The Base32 key of an otpauth:// URI, in groups of four for typing. */
function keyOf(uri: string): string {
  const key = new URL(uri).searchParams.get("secret") ?? "";
  return key.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * Staff enrolment in two-factor sign-in (docs/decisions/015): scan the QR code (or type the
 * key), prove it with one code, then keep the recovery codes, shown this once.
 */
export function TwoFactorEnrolment({
  email,
  password,
  onDone,
}: {
  email: string;
  password: string;
  onDone: () => Promise<void>;
}) {
  const [secret, setSecret] = useState<Secret | null>(null);
  const [step, setStep] = useState<"scan" | "codes">("scan");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once: every enable call makes a new secret, and React may run effects twice.
    if (started.current) return;
    started.current = true;
    void authClient.twoFactor
      .enable({ password })
      .then(({ data, error: enableError }) => {
        if (enableError || !data || !("totpURI" in data) || !data.totpURI) {
          setError(authErrorMessage(enableError, UNEXPECTED_ERROR));
          return;
        }
        setSecret({ uri: data.totpURI, key: keyOf(data.totpURI), backupCodes: data.backupCodes });
      })
      .catch(() => setError(UNEXPECTED_ERROR));
  }, [password]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = submittedCode(event);
    setError(null);
    setSubmitting(true);
    try {
      const { error: verifyError } = await authClient.twoFactor.verifyTotp({ code });
      if (verifyError) {
        setError(authErrorMessage(verifyError, UNEXPECTED_ERROR));
        return;
      }
      setStep("codes");
    } catch {
      setError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  async function finish() {
    setSubmitting(true);
    try {
      await onDone();
    } finally {
      setSubmitting(false);
    }
  }

  if (!secret) return error ? <FormAlert>{error}</FormAlert> : <PageSpinner />;

  if (step === "codes") {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert kind="success">Two-factor sign-in is on for {email}.</FormAlert>
        <div>
          <h2 className="font-semibold text-ink-900">Save your recovery codes</h2>
          <p className="mt-1 text-sm text-ink-600">
            If you lose your phone, each code signs you in once instead of a code from the app. Keep
            them somewhere safe: they are shown only now.
          </p>
        </div>
        <RecoveryCodes codes={secret.backupCodes} email={email} />
        <Button size="lg" onClick={finish} disabled={submitting} aria-busy={submitting}>
          I saved my codes, continue
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <ol className="flex flex-col gap-5">
        <li className="flex flex-col gap-3">
          <h2 className="font-semibold text-ink-900">
            1. Scan this code with your authenticator app
          </h2>
          <div className="flex justify-center">
            <TotpQrCode uri={secret.uri} />
          </div>
          <div className="text-sm text-ink-600">
            <p>Can’t scan it? Enter this key in the app instead (time-based):</p>
            <code
              data-testid="setup-key"
              className="mt-1.5 block select-all break-all rounded-lg bg-ink-50 px-3 py-2 text-center font-mono text-sm tracking-wide text-ink-900"
            >
              {secret.key}
            </code>
          </div>
        </li>
        <li>
          <h2 className="mb-3 font-semibold text-ink-900">2. Enter the code the app shows</h2>
          <form className="flex flex-col gap-4" onSubmit={onSubmit}>
            <OneTimeCodeInput id="enrol-code" label="Authentication code" />
            <SubmitButton submitting={submitting} busyLabel="Verifying...">
              Turn on two-factor sign-in
            </SubmitButton>
          </form>
        </li>
      </ol>
    </div>
  );
}
