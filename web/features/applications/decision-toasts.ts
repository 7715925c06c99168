import { toast } from "sonner";
import type { ApplicationDecisionResponse } from "../../../contracts/applications.ts";
import { ApiError } from "../../lib/api-client.ts";

export function decisionSucceeded(
  action: "approve" | "deny",
  response: ApplicationDecisionResponse,
) {
  toast.success(
    action === "approve"
      ? "Application approved successfully!"
      : "Application denied successfully!",
  );
  for (const warning of response.warnings ?? []) toast.warning(warning);
}

export function decisionFailed(action: "approve" | "deny", error: unknown) {
  const title =
    action === "approve" ? "Failed to approve application" : "Failed to deny application";
  if (error instanceof ApiError && error.status === 401) {
    toast.error("Authentication required");
    return;
  }
  toast.error(title, {
    description: error instanceof ApiError && error.status !== 0 ? error.message : undefined,
  });
}
