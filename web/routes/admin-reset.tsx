import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PASSWORD_LENGTH } from "../../contracts/constants.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button, SubmitButton } from "../components/ui/button.tsx";
import { InputField } from "../components/ui/field.tsx";
import { AdminAuthCard, FormAlert, UNEXPECTED_ERROR } from "../features/admin/admin-auth-card.tsx";
import { authClient } from "../lib/auth-client.ts";
import { authErrorMessage } from "../lib/auth-errors.ts";

const NEW_PASSWORD_INPUT = {
  type: "password",
  autoComplete: "new-password",
  minLength: PASSWORD_LENGTH.min,
  maxLength: PASSWORD_LENGTH.max,
  required: true,
} as const;

const BAD_LINK = "This link is invalid or has expired. Please request a new one.";

export default function AdminReset() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [error, setError] = useState<string | null>(
    !token || params.get("error") ? BAD_LINK : null,
  );
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("password") ?? "");
    if (newPassword !== String(form.get("confirm") ?? "")) {
      setError("The two passwords do not match.");
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const { error: resetError } = await authClient.resetPassword({
        newPassword,
        token: token ?? "",
      });
      if (resetError) setError(authErrorMessage(resetError, UNEXPECTED_ERROR));
      else setDone(true);
    } catch {
      setError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AdminAuthCard title="Password updated" subtitle="Sign in with your new password.">
        <FormAlert kind="success">
          Your password has been changed and every other session was signed out.
        </FormAlert>
        <Button asChild size="lg" className="w-full">
          <Link to={PAGE_ROUTES.adminLogin}>Sign In</Link>
        </Button>
      </AdminAuthCard>
    );
  }

  return (
    <AdminAuthCard
      title="Set a new password"
      subtitle={`Choose a password of ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`}
    >
      {error && (
        <FormAlert>
          {error}{" "}
          {error === BAD_LINK && (
            <Link to={PAGE_ROUTES.adminForgot} className="font-semibold underline">
              Request a new link
            </Link>
          )}
        </FormAlert>
      )}
      {token && (
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          <InputField
            id="reset-password"
            label="New password"
            name="password"
            {...NEW_PASSWORD_INPUT}
          />
          <InputField
            id="reset-confirm"
            label="Confirm new password"
            name="confirm"
            {...NEW_PASSWORD_INPUT}
          />
          <SubmitButton submitting={submitting} busyLabel="Saving...">
            Set Password
          </SubmitButton>
        </form>
      )}
    </AdminAuthCard>
  );
}
