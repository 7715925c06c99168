import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { MARKETING } from "../../../contracts/constants.ts";
import { onboardPath, PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { useMyApplication } from "./api.ts";
import { StatusBadge } from "./status-badge.tsx";

// Become a Photographer for a signed-in applicant: where their application stands and the next
// step (profile setup's 'View Application Status' leads here). Nothing for anyone else.

export const MY_APPLICATION = {
  title: "Your application",
  waiting: (submitted: string) =>
    `Submitted ${submitted}. We review applications within ${MARKETING.applicationReview} and email you the decision.`,
  approved: "Complete your profile to start receiving bookings.",
  completeProfile: "Complete Your Profile",
  denied: "Not approved this time. You are welcome to apply again with new work.",
  converted: "Your creator profile is set up.",
  profileSetup: "Open Profile Setup",
} as const;

/** On the dark hero of Become a Photographer, or on a light page (Apply). */
const TONES = {
  hero: { box: "bg-white/10 ring-white/15 lg:w-full lg:max-w-2xl", text: "text-ink-300" },
  page: { box: "bg-white ring-ink-200 shadow-sm", text: "text-ink-600" },
} as const;

export function MyApplication({ tone = "hero" }: { tone?: keyof typeof TONES }) {
  const application = useMyApplication().data;
  if (!application) return null;
  const { status } = application;
  const { box, text } = TONES[tone];
  return (
    <section
      aria-label={MY_APPLICATION.title}
      className={cn(
        "flex flex-col gap-3 rounded-2xl p-4 text-left ring-1 sm:flex-row sm:items-center sm:justify-between",
        box,
      )}
    >
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2 font-semibold">
          {MY_APPLICATION.title}
          {status === "converted" ? null : <StatusBadge status={status} />}
        </p>
        <p className={cn("text-sm", text)}>
          {status === "pending" || status === "under_review"
            ? MY_APPLICATION.waiting(formatDate(application.createdAt))
            : status === "approved"
              ? MY_APPLICATION.approved
              : status === "denied"
                ? MY_APPLICATION.denied
                : MY_APPLICATION.converted}
        </p>
        {application.denialReason ? (
          <p className={cn("text-sm", text)}>“{application.denialReason}”</p>
        ) : null}
      </div>
      {status === "approved" ? (
        <Button asChild variant={tone === "hero" ? "light" : "primary"}>
          <Link to={onboardPath(application.id)}>
            {MY_APPLICATION.completeProfile} <ArrowRight aria-hidden />
          </Link>
        </Button>
      ) : status === "converted" ? (
        <Button asChild variant={tone === "hero" ? "light" : "primary"}>
          <Link to={PAGE_ROUTES.profileSetup}>{MY_APPLICATION.profileSetup}</Link>
        </Button>
      ) : null}
    </section>
  );
}
