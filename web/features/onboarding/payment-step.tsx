import { Field, selectClass } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { SetupDraft } from "./setup-draft.ts";
import type { StepProps } from "./step-props.ts";

// Bank and tax numbers are write-only: the form starts empty and shows what is stored.
const METHOD_LABELS = {
  direct_deposit: "Direct Deposit",
  paypal: "PayPal",
  stripe: "Stripe",
} as const;

export function PaymentStep({ draft, set, data }: StepProps) {
  const stored = data.profile;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="payment_method" label="Payout Method" className="sm:col-span-2">
        <select
          id="payment_method"
          className={selectClass}
          value={draft.payment_method}
          onChange={(e) => set({ payment_method: e.target.value as SetupDraft["payment_method"] })}
        >
          <option value="">Select a payout method</option>
          {Object.entries(METHOD_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {draft.payment_method === "direct_deposit" ? (
        <>
          <Field id="bank_routing" label="Routing Number" hint="9 digits">
            <Input
              id="bank_routing"
              inputMode="numeric"
              autoComplete="off"
              value={draft.bank_routing}
              onChange={(e) => set({ bank_routing: e.target.value })}
            />
          </Field>
          <Field
            id="bank_account"
            label="Bank Account Number"
            hint={
              stored.bank_account_last4
                ? `Saved: account ending in ${stored.bank_account_last4}. Enter a new one to replace it.`
                : "Stored encrypted; we only ever show the last 4 digits."
            }
          >
            <Input
              id="bank_account"
              inputMode="numeric"
              autoComplete="off"
              value={draft.bank_account}
              onChange={(e) => set({ bank_account: e.target.value })}
            />
          </Field>
        </>
      ) : draft.payment_method ? (
        <Field
          id="payout_email"
          label={`${METHOD_LABELS[draft.payment_method]} Email`}
          className="sm:col-span-2"
        >
          <Input
            id="payout_email"
            type="email"
            value={draft.payout_email}
            onChange={(e) => set({ payout_email: e.target.value })}
          />
        </Field>
      ) : null}
      <Field
        id="tax_id"
        label="Tax ID (SSN or EIN)"
        className="sm:col-span-2"
        hint={
          stored.has_tax_id
            ? "Saved and encrypted. Enter a new one to replace it."
            : "Stored encrypted, used only for tax forms."
        }
      >
        <Input
          id="tax_id"
          autoComplete="off"
          value={draft.tax_id}
          onChange={(e) => set({ tax_id: e.target.value })}
          placeholder="XX-XXXXXXX"
        />
      </Field>
    </div>
  );
}
