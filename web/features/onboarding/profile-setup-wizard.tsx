import { useState } from "react";
import { useNavigate } from "react-router";
import { PROFILE_SETUP_STEPS } from "../../../contracts/constants.ts";
import type { ProfileSetupResponse } from "../../../contracts/profile-setup.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { isApiError, toastApiError } from "../../lib/api-errors.ts";
import { toast } from "../../lib/toast.ts";
import type { ProfileSetupActions } from "./api.ts";
import { PasswordDialog } from "./password-dialog.tsx";
import { draftFrom, stepErrors, stepRequest } from "./setup-draft.ts";
import { STEP_TITLES, STEPS } from "./setup-steps.tsx";

/** Five steps; each Next saves the step as a draft, Complete Setup publishes the profile. */
export function ProfileSetupWizard({
  data,
  actions,
}: {
  data: ProfileSetupResponse;
  actions: ProfileSetupActions;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState(data.profile.isComplete ? 1 : data.profile.setupStep);
  const [draft, setDraft] = useState(() => draftFrom(data.profile));
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [passwordPrompt, setPasswordPrompt] = useState<{ error: string | null } | null>(null);
  const Step = STEPS[step - 1]!;

  const errors = stepErrors(step, draft);
  const invalid = Object.values(errors).some(Boolean);
  // Unreadable amounts show as they are typed; the rest once Next is pressed.
  const shownErrors = showErrors
    ? errors
    : { hourlyRate: errors.hourlyRate, travelFee: errors.travelFee };

  const send = async (currentPassword?: string) => {
    await actions.saveStep(stepRequest(step, draft, currentPassword));
    // Write-only numbers are cleared once saved; the stored state shows last 4 digits.
    if (step === 4) setDraft((d) => ({ ...d, bankAccount: "", bankRouting: "", taxId: "" }));
    setShowErrors(false);
  };
  const failed = (error: unknown) =>
    toastApiError(error, "Error", { description: "Could not save. Please try again." });

  const save = async () => {
    if (invalid) {
      setShowErrors(true);
      return false;
    }
    setSaving(true);
    try {
      await send();
      return true;
    } catch (error) {
      // Payout details already set change only with the password: ask for it, then resend.
      if (isApiError(error, "password_required")) setPasswordPrompt({ error: null });
      else failed(error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const confirmPassword = async (password: string) => {
    setSaving(true);
    try {
      await send(password);
      setPasswordPrompt(null);
      setStep((s) => Math.min(s + 1, PROFILE_SETUP_STEPS));
    } catch (error) {
      if (isApiError(error, "password_required")) {
        setPasswordPrompt({ error: error.message });
      } else {
        setPasswordPrompt(null);
        failed(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const next = async () => {
    if (await save()) setStep((s) => Math.min(s + 1, PROFILE_SETUP_STEPS));
  };

  const complete = async () => {
    if (!(await save())) return;
    setSaving(true);
    try {
      await actions.complete();
      toast.success("Profile Setup Complete!", {
        description: "You can now start receiving bookings.",
      });
      navigate("/profile");
    } catch (error) {
      toastApiError(error, "Error", {
        description: "Failed to complete profile setup. Please try again.",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="mb-2 flex justify-between text-sm font-medium text-ink-700">
          <span>
            Step {step} of {PROFILE_SETUP_STEPS}
          </span>
          <span>{Math.round((step / PROFILE_SETUP_STEPS) * 100)}%</span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-ink-200"
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={1}
          aria-valuemax={PROFILE_SETUP_STEPS}
          aria-valuenow={step}
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-all"
            style={{ width: `${(step / PROFILE_SETUP_STEPS) * 100}%` }}
          />
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{STEP_TITLES[step - 1]}</CardTitle>
        </CardHeader>
        <CardContent>
          <Step
            draft={draft}
            set={(changes) => setDraft((d) => ({ ...d, ...changes }))}
            data={data}
            actions={actions}
            errors={shownErrors}
          />
        </CardContent>
      </Card>
      <div className="flex justify-between gap-3">
        <Button
          variant="outline"
          disabled={step === 1 || saving}
          onClick={() => setStep((s) => Math.max(1, s - 1))}
        >
          Previous
        </Button>
        {step < PROFILE_SETUP_STEPS ? (
          <Button onClick={() => void next()} disabled={saving}>
            {saving ? "Saving..." : "Next"}
          </Button>
        ) : (
          <Button onClick={() => void complete()} disabled={saving}>
            {saving ? "Saving..." : "Complete Setup"}
          </Button>
        )}
      </div>
      <PasswordDialog
        open={passwordPrompt !== null}
        error={passwordPrompt?.error ?? null}
        pending={saving}
        onCancel={() => setPasswordPrompt(null)}
        onConfirm={(password) => void confirmPassword(password)}
      />
    </div>
  );
}
