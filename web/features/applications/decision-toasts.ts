import type { ApplicationDecisionResponse } from "../../../contracts/applications.ts";
import { toastApiError } from "../../lib/api-errors.ts";
import { toast } from "../../lib/toast.ts";

export type DecisionAction = "approve" | "deny";

export function decisionSucceeded(action: DecisionAction, response: ApplicationDecisionResponse) {
  toast.success(
    action === "approve"
      ? "Application approved successfully!"
      : "Application denied successfully!",
  );
  for (const warning of response.warnings ?? []) toast.warning(warning);
}

export function decisionFailed(action: DecisionAction, error: unknown) {
  toastApiError(
    error,
    action === "approve" ? "Failed to approve application" : "Failed to deny application",
  );
}
