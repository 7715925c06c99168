import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { SubmitButton } from "../components/ui/button.tsx";
import { EmailField } from "../components/ui/field.tsx";
import { AdminAuthCard, FormAlert, UNEXPECTED_ERROR } from "../features/admin/admin-auth-card.tsx";
import { authClient } from "../lib/auth-client.ts";
import { authErrorMessage } from "../lib/auth-errors.ts";

export default function AdminForgot() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setError(null);
    setSubmitting(true);
    try {
      const { error: requestError } = await authClient.requestPasswordReset({
        email,
        redirectTo: PAGE_ROUTES.adminReset,
      });
      if (requestError) setError(authErrorMessage(requestError, UNEXPECTED_ERROR));
      else setSentTo(email);
    } catch {
      setError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AdminAuthCard
      title="Reset your password"
      subtitle="Enter your account's email and we will send you a link to set a new password."
    >
      {error && <FormAlert>{error}</FormAlert>}
      {sentTo ? (
        <FormAlert kind="success">
          If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. It works
          once and expires in one hour.
        </FormAlert>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          <EmailField id="forgot-email" />
          <SubmitButton submitting={submitting} busyLabel="Sending...">
            Send Reset Link
          </SubmitButton>
        </form>
      )}
      <p className="mt-5 text-center text-sm">
        <Link to={PAGE_ROUTES.adminLogin} className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AdminAuthCard>
  );
}
