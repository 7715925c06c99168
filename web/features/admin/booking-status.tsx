import type { BookingStatus } from "../../../contracts/enums.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { STATUS_LABELS } from "../bookings/strings.ts";

const TONES: Partial<Record<BookingStatus, "success" | "warning" | "secondary">> = {
  confirmed: "success",
  pending: "warning",
  pending_payment: "warning",
  completed: "secondary",
};

/** A booking's status as staff see it in lists (the bookings feature's words). */
export function StatusPill({ status }: { status: BookingStatus }) {
  return <Badge variant={TONES[status] ?? "outline"}>{STATUS_LABELS[status]}</Badge>;
}
