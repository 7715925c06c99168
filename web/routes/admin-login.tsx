import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { SubmitButton } from "../components/ui/button.tsx";
import { EmailField, InputField } from "../components/ui/field.tsx";
import { announceSessionChange } from "../features/accounts/session-effects.ts";
import { AdminAuthCard, FormAlert, UNEXPECTED_ERROR } from "../features/admin/admin-auth-card.tsx";
import { adminKeys, fetchAdminMe } from "../features/admin/api.ts";
import { TwoFactorChallenge } from "../features/admin/two-factor-challenge.tsx";
import { TwoFactorEnrolment } from "../features/admin/two-factor-enrolment.tsx";
import { useAdminStatus } from "../features/admin/use-admin-status.ts";
import { isApiError } from "../lib/api-errors.ts";
import { authClient, refreshSession } from "../lib/auth-client.ts";
import { authErrorMessage } from "../lib/auth-errors.ts";

const NOT_ADMIN = "This account does not have admin access.";

/** Staff sign-in: the password, then the code (or, the first time, enrolment). */
type Step =
  | { kind: "password" }
  | { kind: "challenge" }
  | { kind: "enrol"; email: string; password: string };

const STEP_TITLES: Record<Step["kind"], { title: string; subtitle: string }> = {
  password: { title: "Admin Sign In", subtitle: "Staff access to review creator applications." },
  challenge: {
    title: "Two-Factor Sign In",
    subtitle: "Enter the code from your authenticator app to finish signing in.",
  },
  enrol: {
    title: "Set Up Two-Factor Sign In",
    subtitle: "Every staff account signs in with a code from an authenticator app as well.",
  },
};

const STATUS_NOTICES: Partial<Record<ReturnType<typeof useAdminStatus>["status"], string>> = {
  "not-admin": `${NOT_ADMIN} Sign in with a staff account.`,
  "enrolment-required": "Sign in again to set up two-factor sign-in for your staff account.",
  "two-factor-required": "Sign in again with your password and authentication code.",
};

export default function AdminLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useAdminStatus();
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Already signed in as an admin: straight to the dashboard.
  useEffect(() => {
    if (state.status === "admin") navigate(PAGE_ROUTES.admin, { replace: true });
  }, [state.status, navigate]);

  /** Into the dashboard once the server agrees; enrolment first for staff without it. */
  async function enterAdmin(userId: string, credentials?: { email: string; password: string }) {
    try {
      const admin = await fetchAdminMe();
      queryClient.setQueryData(adminKeys.me(userId), admin);
      await refreshSession();
      announceSessionChange("signin");
      navigate(PAGE_ROUTES.admin, { replace: true });
    } catch (failure) {
      if (isApiError(failure, "enrolment_required") && credentials) {
        setStep({ kind: "enrol", ...credentials });
      } else {
        setError(isApiError(failure, "forbidden") ? NOT_ADMIN : UNEXPECTED_ERROR);
      }
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = {
      email: String(form.get("email") ?? "").trim(),
      password: String(form.get("password") ?? ""),
    };
    setError(null);
    setSubmitting(true);
    try {
      const { data, error: signInError } = await authClient.signIn.email(credentials);
      if (signInError) {
        setError(authErrorMessage(signInError, UNEXPECTED_ERROR));
      } else if ("twoFactorRedirect" in data && data.twoFactorRedirect) {
        setStep({ kind: "challenge" });
      } else if ("user" in data) {
        await enterAdmin(data.user.id, credentials);
      }
    } catch {
      setError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  const { title, subtitle } = STEP_TITLES[step.kind];
  if (step.kind === "challenge") {
    return (
      <AdminAuthCard title={title} subtitle={subtitle}>
        <TwoFactorChallenge
          onVerified={(userId) => enterAdmin(userId)}
          onRestart={() => setStep({ kind: "password" })}
        />
      </AdminAuthCard>
    );
  }
  if (step.kind === "enrol") {
    return (
      <AdminAuthCard title={title} subtitle={subtitle}>
        <TwoFactorEnrolment
          email={step.email}
          password={step.password}
          onDone={async () => {
            const session = await refreshSession();
            if (session) await enterAdmin(session.user.id);
          }}
        />
      </AdminAuthCard>
    );
  }

  return (
    <AdminAuthCard title={title} subtitle={subtitle}>
      {error ? (
        <FormAlert>{error}</FormAlert>
      ) : STATUS_NOTICES[state.status] ? (
        <FormAlert>{STATUS_NOTICES[state.status]}</FormAlert>
      ) : null}
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <EmailField id="admin-email" />
        <InputField
          id="admin-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton submitting={submitting} busyLabel="Signing In...">
          Sign In
        </SubmitButton>
      </form>
      <p className="mt-5 text-center text-sm">
        <Link to={PAGE_ROUTES.adminForgot} className="font-medium text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </AdminAuthCard>
  );
}
