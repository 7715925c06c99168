import { CalendarCheck, Camera, Sparkles } from "lucide-react";
import { useSearchParams } from "react-router";
import { BRAND_NAME } from "../../contracts/constants.ts";
import { Container, PageHeading } from "../components/ui/page.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { OnboardForm } from "../features/onboarding/onboard-form.tsx";
import { useOnboardingGuard } from "../features/onboarding/use-onboarding-guard.ts";

const NEXT_STEPS = [
  {
    icon: Sparkles,
    title: "Create your profile",
    text: "Confirm the details from your application.",
  },
  { icon: Camera, title: "Show your work", text: "Upload your portfolio and set your prices." },
  { icon: CalendarCheck, title: "Get booked", text: "Clients find you and book sessions." },
];

export default function OnboardScreen() {
  const [params] = useSearchParams();
  const application = useOnboardingGuard(params.get("application_id"));
  if (!application) return <PageSpinner />;
  return (
    <Container className="max-w-3xl pb-16">
      <PageHeading
        title={`Welcome to ${BRAND_NAME}, ${application.fullName.split(" ")[0]}!`}
        subtitle="Your application is approved. A few details and your creator profile is ready."
      />
      <ol className="mb-8 grid gap-3 sm:grid-cols-3">
        {NEXT_STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="rounded-card border border-ink-200 bg-white p-4 shadow-sm">
            <Icon className="size-6 text-brand-600" aria-hidden />
            <p className="mt-2 text-sm font-semibold text-ink-900">
              {i + 1}. {title}
            </p>
            <p className="mt-1 text-xs text-ink-600">{text}</p>
          </li>
        ))}
      </ol>
      <OnboardForm application={application} />
    </Container>
  );
}
