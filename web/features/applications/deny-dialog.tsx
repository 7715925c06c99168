import { useState } from "react";
import { DENIAL_REASON_MAX_LENGTH } from "../../../contracts/applications.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";

/** The optional denial reason; it goes into the email to the applicant. */
export function DenialReasonField({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={DENIAL_REASON_MAX_LENGTH}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
      />
    </div>
  );
}

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
          <DenialReasonField
            id="deny-reason"
            label="Reason (optional)"
            placeholder="Tell the applicant why (included in the email)"
            value={typed}
            onChange={setTyped}
            className="mb-5"
          />
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
