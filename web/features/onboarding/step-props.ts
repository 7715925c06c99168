import type { ChangeEvent } from "react";
import type { ProfileSetupResponse } from "../../../contracts/profile-setup.ts";
import type { ProfileSetupActions } from "./api.ts";
import type { DraftErrors, SetupDraft } from "./setup-draft.ts";

/** What every profile-setup step receives from the wizard. */
export type StepProps = {
  draft: SetupDraft;
  set: (changes: Partial<SetupDraft>) => void;
  data: ProfileSetupResponse;
  actions: ProfileSetupActions;
  /** Each field's problem to show, from the step's request schema (setup-draft.ts). */
  errors: DraftErrors;
};

type TextFieldName = {
  [K in keyof SetupDraft]: SetupDraft[K] extends string ? K : never;
}[keyof SetupDraft];

/** A text control's id, value and change handler for one draft field (the id is its name). */
export function bindDraft({ draft, set }: Pick<StepProps, "draft" | "set">, name: TextFieldName) {
  return {
    id: name,
    value: draft[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set({ [name]: e.target.value }),
  };
}
