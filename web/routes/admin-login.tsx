import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Input, Label } from "../components/ui/input.tsx";
import { announceSessionChange } from "../features/accounts/session-effects.ts";
import { AdminAuthCard, FormAlert, UNEXPECTED_ERROR } from "../features/admin/admin-auth-card.tsx";
import { adminKeys, fetchAdminMe } from "../features/admin/api.ts";
import { useAdminStatus } from "../features/admin/use-admin-status.ts";
import { isApiError } from "../lib/api-errors.ts";
import { authClient, refreshSession } from "../lib/auth-client.ts";
import { authErrorMessage } from "../lib/auth-errors.ts";

const NOT_ADMIN = "This account does not have admin access.";

export default function AdminLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useAdminStatus();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Already signed in as an admin: straight to the dashboard.
  useEffect(() => {
    if (state.status === "admin") navigate(PAGE_ROUTES.admin, { replace: true });
  }, [state.status, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setSubmitting(true);
    try {
      const { data, error: signInError } = await authClient.signIn.email({
        email: String(form.get("email") ?? "").trim(),
        password: String(form.get("password") ?? ""),
      });
      if (signInError) {
        setError(authErrorMessage(signInError, UNEXPECTED_ERROR));
        return;
      }
      try {
        const admin = await fetchAdminMe();
        queryClient.setQueryData(adminKeys.me(data.user.id), admin);
        await refreshSession();
        announceSessionChange("signin");
        navigate(PAGE_ROUTES.admin, { replace: true });
      } catch (failure) {
        setError(isApiError(failure, "forbidden") ? NOT_ADMIN : UNEXPECTED_ERROR);
      }
    } catch {
      setError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AdminAuthCard title="Admin Sign In" subtitle="Staff access to review creator applications.">
      {error ? (
        <FormAlert>{error}</FormAlert>
      ) : state.status === "not-admin" ? (
        <FormAlert>{NOT_ADMIN} Sign in with a staff account.</FormAlert>
      ) : null}
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="admin-email">Email</Label>
          <Input id="admin-email" name="email" type="email" autoComplete="email" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="admin-password">Password</Label>
          <Input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
          {submitting ? "Signing In..." : "Sign In"}
        </Button>
      </form>
      <p className="mt-5 text-center text-sm">
        <Link to={PAGE_ROUTES.adminForgot} className="font-medium text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </AdminAuthCard>
  );
}
