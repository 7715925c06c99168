import { type FormEvent, useState } from "react";
import { BRAND_NAME, PASSWORD_LENGTH } from "../../../contracts/constants.ts";
import { Button, SubmitButton } from "../../components/ui/button.tsx";
import { EmailField, InputField } from "../../components/ui/field.tsx";
import { authClient, refreshSession } from "../../lib/auth-client.ts";
import { EMAIL_NOT_VERIFIED, isAuthError, toastAuthError } from "../../lib/auth-errors.ts";
import { toast } from "../../lib/toast.ts";
import type { AuthMode } from "./auth-dialog-store.ts";
import { announceSessionChange } from "./session-effects.ts";
import { SocialButtons } from "./social-buttons.tsx";

export const AUTH_MODES: Record<AuthMode, { title: string; submit: string }> = {
  signin: { title: "Welcome Back", submit: "Sign In" },
  signup: { title: `Join ${BRAND_NAME}`, submit: "Create Account" },
  photographer: { title: "Join as Creator", submit: "Join as Creator" },
};

async function resendConfirmation(email: string, callbackPath: string) {
  const { error } = await authClient.sendVerificationEmail({ email, callbackURL: callbackPath });
  if (error) return toastAuthError(error);
  toast.success("Check your email", {
    description: `We sent a new confirmation link to ${email}.`,
  });
}

/**
 * The sign-in / sign-up form of the authentication dialog (and of the /auth page).
 * `callbackPath` is where the confirmation link brings a new account: the home page unless
 * the person was on their way somewhere.
 */
export function AuthForm({
  mode,
  onModeChange,
  onSuccess,
  callbackPath = "/",
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSuccess: () => void;
  callbackPath?: string;
}) {
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setSubmitting(true);
    try {
      if (mode === "signin") {
        const { error } = await authClient.signIn.email({ email, password });
        if (isAuthError(error, EMAIL_NOT_VERIFIED)) {
          toastAuthError(error, undefined, {
            duration: 10_000,
            action: {
              label: "Resend email",
              onClick: () => void resendConfirmation(email, callbackPath),
            },
          });
          return;
        }
        if (error) return toastAuthError(error);
        await refreshSession();
        announceSessionChange("signin");
        toast.success("Signed in", { description: "Welcome back!" });
      } else {
        const creator = mode === "photographer";
        const { error } = await authClient.signUp.email({
          email,
          password,
          name: String(form.get("fullName") ?? "").trim(),
          location: creator ? String(form.get("location") ?? "").trim() : undefined,
          signedUpAs: creator ? "creator" : "client",
          callbackURL: callbackPath,
        });
        if (error) return toastAuthError(error);
        toast.success("Check your email", { description: "Confirm to finish signup" });
      }
      onSuccess();
    } catch (error) {
      toastAuthError(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <SocialButtons />
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-ink-500">
        <span className="h-px flex-1 bg-ink-200" />
        Or continue with
        <span className="h-px flex-1 bg-ink-200" />
      </div>
      <form key={mode} className="flex flex-col gap-4" onSubmit={onSubmit}>
        {mode !== "signin" && (
          <InputField
            id="auth-full-name"
            label="Full Name"
            name="fullName"
            autoComplete="name"
            required
          />
        )}
        <EmailField id="auth-email" />
        <InputField
          id="auth-password"
          label="Password"
          hint={
            mode === "signin"
              ? undefined
              : `${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`
          }
          name="password"
          type="password"
          autoComplete={mode === "signin" ? "current-password" : "new-password"}
          minLength={mode === "signin" ? undefined : PASSWORD_LENGTH.min}
          maxLength={PASSWORD_LENGTH.max}
          required
        />
        {mode === "photographer" && (
          <InputField
            id="auth-location"
            label="Location"
            name="location"
            placeholder="City, State"
            autoComplete="address-level2"
            required
          />
        )}
        <SubmitButton submitting={submitting} busyLabel="Please wait...">
          {AUTH_MODES[mode].submit}
        </SubmitButton>
      </form>
      <div className="mt-5 flex flex-col items-center gap-2 text-sm text-ink-600">
        {mode === "signin" && (
          <>
            <p>
              Don't have an account?{" "}
              <Button variant="link" size="sm" onClick={() => onModeChange("signup")}>
                Sign up
              </Button>
            </p>
            <Button
              variant="outline"
              className="w-full"
              onClick={() => onModeChange("photographer")}
            >
              Join as Creator
            </Button>
          </>
        )}
        {mode === "signup" && (
          <p>
            Already have an account?{" "}
            <Button variant="link" size="sm" onClick={() => onModeChange("signin")}>
              Sign in
            </Button>
          </p>
        )}
        {mode === "photographer" && (
          <Button variant="link" size="sm" onClick={() => onModeChange("signup")}>
            Sign up as client
          </Button>
        )}
      </div>
    </>
  );
}
