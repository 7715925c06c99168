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
