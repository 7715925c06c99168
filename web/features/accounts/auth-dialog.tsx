import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { BRAND_NAME } from "../../../contracts/constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { authClient } from "../../lib/auth-client.ts";
import {
  type AuthMode,
  closeAuthDialog,
  openAuthDialog,
  useAuthDialogMode,
} from "./auth-dialog-store.ts";
import { SocialButtons } from "./social-buttons.tsx";

const MODES: Record<AuthMode, { title: string; submit: string }> = {
  signin: { title: "Welcome Back", submit: "Sign In" },
  signup: { title: `Join ${BRAND_NAME}`, submit: "Create Account" },
  photographer: { title: "Join as Creator", submit: "Join as Creator" },
};

function authFailed(message: string | undefined) {
  toast.error("Authentication failed", { description: message || "Please try again" });
}

export function AuthDialog() {
  const mode = useAuthDialogMode();
  const [submitting, setSubmitting] = useState(false);
  const current = mode ?? "signin";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setSubmitting(true);
    try {
      if (current === "signin") {
        const { error } = await authClient.signIn.email({ email, password });
        if (error) return authFailed(error.message);
        toast.success("Signed in", { description: "Welcome back!" });
      } else {
        const { error } = await authClient.signUp.email({
          email,
          password,
          name: String(form.get("fullName") ?? ""),
          location: current === "photographer" ? String(form.get("location") ?? "") : undefined,
          signedUpAs: current === "photographer" ? "creator" : "client",
          callbackURL: `${window.location.origin}/`,
        });
        if (error) return authFailed(error.message);
        toast.success("Check your email", { description: "Confirm to finish signup" });
      }
      closeAuthDialog();
    } catch (error) {
      authFailed(error instanceof Error ? error.message : undefined);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && closeAuthDialog()}>
      <DialogContent title={MODES[current].title}>
        <SocialButtons />
        <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-ink-500">
          <span className="h-px flex-1 bg-ink-200" />
          Or continue with
          <span className="h-px flex-1 bg-ink-200" />
        </div>
        <form key={current} className="flex flex-col gap-4" onSubmit={onSubmit}>
          {current !== "signin" && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="auth-full-name">Full Name</Label>
              <Input id="auth-full-name" name="fullName" autoComplete="name" required />
            </div>
          )}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="auth-email">Email</Label>
            <Input id="auth-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="auth-password">Password</Label>
            <Input
              id="auth-password"
              name="password"
              type="password"
              autoComplete={current === "signin" ? "current-password" : "new-password"}
              required
            />
          </div>
          {current === "photographer" && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="auth-location">Location</Label>
              <Input id="auth-location" name="location" placeholder="City, State" required />
            </div>
          )}
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Please wait..." : MODES[current].submit}
          </Button>
        </form>
        <div className="mt-5 flex flex-col items-center gap-2 text-sm text-ink-600">
          {current === "signin" && (
            <>
              <p>
                Don't have an account?{" "}
                <Button variant="link" size="sm" onClick={() => openAuthDialog("signup")}>
                  Sign up
                </Button>
              </p>
              <Button
                variant="outline"
                className="w-full"
                onClick={() => openAuthDialog("photographer")}
              >
                Join as Creator
              </Button>
            </>
          )}
          {current === "signup" && (
            <p>
              Already have an account?{" "}
              <Button variant="link" size="sm" onClick={() => openAuthDialog("signin")}>
                Sign in
              </Button>
            </p>
          )}
          {current === "photographer" && (
            <Button variant="link" size="sm" onClick={() => openAuthDialog("signup")}>
              Sign up as client
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
