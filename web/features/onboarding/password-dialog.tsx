import { useState } from "react";
import { PASSWORD_LENGTH } from "../../../contracts/constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";

/**
 * Asks for the account's password before a change that needs it (payout details already set).
 * `error` is the server's word on the last try (missing or wrong password), shown at the field.
 */
export function PasswordDialog({
  open,
  error,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  error: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}) {
  const [password, setPassword] = useState("");
  const close = () => {
    setPassword("");
    onCancel();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && close()}>
      <DialogContent
        title="Confirm it's you"
        description="Enter your password to change your payout details. We'll email you about the change."
      >
        <form
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (password) onConfirm(password);
          }}
        >
          <Field id="current-password" label="Password" error={error}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              required
              maxLength={PASSWORD_LENGTH.max}
              value={password}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || !password}>
              {pending ? "Confirming..." : "Confirm"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
