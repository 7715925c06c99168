import { useState } from "react";
import { type AdminUser, DEACTIVATION_REASON_MAX } from "../../../contracts/back-office.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";

/** Asks for the required reason before deactivating a client or creator. */
export function DeactivateDialog({
  user,
  pending,
  onClose,
  onConfirm,
}: {
  user: AdminUser | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const trimmed = reason.trim();
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason("");
          onClose();
        }
      }}
    >
      <DialogContent
        title="Deactivate account"
        description={`${user?.name ?? ""} will be signed out everywhere at once and cannot sign in again until reactivated.${user?.role === "creator" ? " Their profile leaves search and the map." : ""}`}
      >
        <form
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (trimmed) onConfirm(trimmed);
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="deactivate-reason">Reason (required, kept in the audit log)</Label>
            <Textarea
              id="deactivate-reason"
              value={reason}
              maxLength={DEACTIVATION_REASON_MAX}
              required
              onChange={(e) => setReason(e.target.value)}
              placeholder="What happened"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={pending || !trimmed}>
              {pending ? "Deactivating..." : "Deactivate"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
