import type { BookingStatus } from "../../../contracts/enums.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { STATUS_LABELS } from "./strings.ts";

// Spec: confirmed = Confirmed (green), pending = Pending (outlined yellow), completed = Completed
// (secondary), anything else plain outlined text of the status.
const VARIANTS: Partial<Record<BookingStatus, "success" | "warning" | "secondary">> = {
  confirmed: "success",
  pending: "warning",
  completed: "secondary",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge variant={VARIANTS[status] ?? "outline"}>{STATUS_LABELS[status]}</Badge>;
}
