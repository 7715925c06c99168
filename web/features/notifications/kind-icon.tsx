import {
  Banknote,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarX2,
  Camera,
  CreditCard,
  type LucideIcon,
  MessageCircle,
  RotateCcw,
  Star,
  Wallet,
} from "lucide-react";
import type { NotificationKind } from "../../../contracts/notifications.ts";
import { cn } from "../../lib/cn.ts";

const ICONS: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  booking_requested: { icon: CalendarDays, tone: "bg-brand-50 text-brand-700" },
  booking_accepted: { icon: CalendarCheck, tone: "bg-emerald-50 text-emerald-700" },
  booking_confirmed: { icon: CalendarCheck, tone: "bg-emerald-50 text-emerald-700" },
  booking_declined: { icon: CalendarX2, tone: "bg-red-50 text-red-700" },
  booking_cancelled: { icon: CalendarX2, tone: "bg-red-50 text-red-700" },
  booking_expired: { icon: CalendarClock, tone: "bg-ink-100 text-ink-700" },
  payment_captured: { icon: CreditCard, tone: "bg-emerald-50 text-emerald-700" },
  payment_refunded: { icon: RotateCcw, tone: "bg-sky-50 text-sky-700" },
  hold_needs_approval: { icon: Wallet, tone: "bg-amber-50 text-amber-700" },
  message: { icon: MessageCircle, tone: "bg-brand-50 text-brand-700" },
  review_published: { icon: Star, tone: "bg-amber-50 text-amber-700" },
  delivery_ready: { icon: Camera, tone: "bg-sky-50 text-sky-700" },
  delivery_accepted: { icon: Camera, tone: "bg-emerald-50 text-emerald-700" },
  payout_sent: { icon: Banknote, tone: "bg-emerald-50 text-emerald-700" },
  payout_failed: { icon: Banknote, tone: "bg-red-50 text-red-700" },
};

export function KindIcon({ kind, className }: { kind: NotificationKind; className?: string }) {
  const { icon: Icon, tone } = ICONS[kind];
  return (
    <span
      className={cn("grid size-9 shrink-0 place-items-center rounded-full", tone, className)}
      aria-hidden
    >
      <Icon className="size-4" />
    </span>
  );
}
