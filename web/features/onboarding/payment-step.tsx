import { Field, selectClass } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { SetupDraft } from "./setup-draft.ts";
import { bindDraft, type StepProps } from "./step-props.ts";

// Bank and tax numbers are write-only: the form starts empty and shows what is stored.
const METHOD_LABELS = {
  direct_deposit: "Direct Deposit",
  paypal: "PayPal",
  stripe: "Stripe",
} as const;

export function PaymentStep(step: StepProps) {
  const { draft, set, data, errors } = step;
  const stored = data.profile;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="paymentMethod" label="Payout Method" className="sm:col-span-2">
        <select
          id="paymentMethod"
          className={selectClass}
          value={draft.paymentMethod}
          onChange={(e) => set({ paymentMethod: e.target.value as SetupDraft["paymentMethod"] })}
        >
          <option value="">Select a payout method</option>
          {Object.entries(METHOD_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {draft.paymentMethod === "direct_deposit" ? (
        <>
          <Field id="bankRouting" error={errors.bankRouting} label="Routing Number" hint="9 digits">
            <Input {...bindDraft(step, "bankRouting")} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field
            id="bankAccount"
            error={errors.bankAccount}
            label="Bank Account Number"
            hint={
              stored.bankAccountLast4
                ? `Saved: account ending in ${stored.bankAccountLast4}. Enter a new one to replace it.`
                : "Stored encrypted; we only ever show the last 4 digits."
            }
          >
            <Input {...bindDraft(step, "bankAccount")} inputMode="numeric" autoComplete="off" />
          </Field>
        </>
      ) : draft.paymentMethod ? (
        <Field
          id="payoutEmail"
          error={errors.payoutEmail}
          label={`${METHOD_LABELS[draft.paymentMethod]} Email`}
          className="sm:col-span-2"
        >
          <Input {...bindDraft(step, "payoutEmail")} type="email" />
        </Field>
      ) : null}
      <Field
        id="taxId"
        error={errors.taxId}
        label="Tax ID (SSN or EIN)"
        className="sm:col-span-2"
        hint={
          stored.hasTaxId
            ? "Saved and encrypted. Enter a new one to replace it."
            : "Stored encrypted, used only for tax forms."
        }
      >
        <Input {...bindDraft(step, "taxId")} autoComplete="off" placeholder="XX-XXXXXXX" />
      </Field>
    </div>
  );
}
