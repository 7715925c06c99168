import type { ApplicationStatus } from "../../../contracts/enums.ts";
import { Badge } from "../../components/ui/badge.tsx";

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Pending",
  under_review: "Under Review",
  approved: "Approved",
  denied: "Denied",
  converted: "Converted",
};

const VARIANTS = {
  pending: "warning",
  under_review: "default",
  approved: "success",
  denied: "outline",
  converted: "dark",
} as const;

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge
      variant={VARIANTS[status]}
      className={status === "denied" ? "border-red-300 text-red-700" : undefined}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
