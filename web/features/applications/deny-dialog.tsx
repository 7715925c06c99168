import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";

/**
 * 'Deny Application': confirms a denial. The reason is optional and sent only when non-empty;
 * a screen that already asked for it (the detail's Actions card) passes it as `reason`, and the
 * dialog then only confirms.
 */
export function DenyDialog({
  name,
  open,
  pending,
  reason,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  pending: boolean;
  reason?: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
}) {
  const [typed, setTyped] = useState("");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped("");
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Deny Application"
        description={`Are you sure you want to deny ${name}'s application? This action cannot be undone.`}
      >
        {reason === undefined ? (
          <div className="mb-5 flex flex-col gap-2">
            <Label htmlFor="deny-reason">Reason (optional)</Label>
            <Textarea
              id="deny-reason"
              value={typed}
              maxLength={2000}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Tell the applicant why (included in the email)"
            />
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => onConfirm(reason ?? typed)}
            disabled={pending}
          >
            {pending ? "Denying..." : "Deny"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
