import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";

/** A dialog's required text box with Close and a send button (reporting, resolving a problem). */
export function TextAndSend({
  id,
  label,
  value,
  onChange,
  error,
  onClose,
  onSend,
  pending,
  sendLabel,
  pendingLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  onClose: () => void;
  onSend: () => void;
  pending: boolean;
  sendLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      <Field id={id} label={label} required error={error}>
        <Textarea
          id={id}
          rows={4}
          maxLength={2000}
          aria-invalid={!!error}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button disabled={pending} aria-busy={pending} onClick={onSend}>
          {pending ? pendingLabel : sendLabel}
        </Button>
      </div>
    </>
  );
}
