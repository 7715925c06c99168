import {
  AlertTriangle,
  ArrowRight,
  CalendarCheck,
  ClipboardList,
  History,
  Star,
  Users,
  Wallet,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Card } from "../../components/ui/card.tsx";
import { BackLink, Container, PageHeading } from "../../components/ui/page.tsx";
import { NotificationsMenu } from "./notifications-menu.tsx";

const SECTIONS = [
  {
    to: PAGE_ROUTES.adminApplications,
    label: "Applications",
    hint: "Approve or deny creators",
    Icon: ClipboardList,
  },
  {
    to: PAGE_ROUTES.adminBookings,
    label: "Bookings",
    hint: "Search, ledger and timeline",
    Icon: CalendarCheck,
  },
  { to: PAGE_ROUTES.adminPayouts, label: "Payouts", hint: "Queue, sent and failed", Icon: Wallet },
  {
    to: PAGE_ROUTES.adminProblems,
    label: "Reported problems",
    hint: "Disputes and reports",
    Icon: AlertTriangle,
  },
  { to: PAGE_ROUTES.adminReviews, label: "Reviews", hint: "Moderate what was posted", Icon: Star },
  { to: PAGE_ROUTES.adminUsers, label: "Users", hint: "Find, deactivate, reactivate", Icon: Users },
  { to: PAGE_ROUTES.adminAudit, label: "Audit log", hint: "Every staff action", Icon: History },
] as const;

/** The back office's sections, as the dashboard lists them. */
export function BackOfficeNav() {
  return (
    <nav aria-label="Back office">
      <h2 className="mb-3 text-lg font-semibold text-ink-900">Back office</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {SECTIONS.map(({ to, label, hint, Icon }) => (
          <li key={to}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <Link to={to} className="flex h-full items-center gap-3 p-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink-900">{label}</span>
                  <span className="block text-xs text-ink-500">{hint}</span>
                </span>
                <ArrowRight className="size-4 shrink-0 text-ink-400" aria-hidden />
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A back-office screen: the way back to the dashboard, its heading and the staff bell. */
export function BackOfficePage({
  title,
  subtitle,
  back = { to: PAGE_ROUTES.admin, label: "Back to Dashboard" },
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Container className="pb-16">
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeading title={title} subtitle={subtitle} actions={<NotificationsMenu />} />
      {children}
    </Container>
  );
}
