import {
  ArrowRight,
  BadgeCheck,
  CalendarCheck,
  Clock,
  CreditCard,
  MapPinned,
  MessageCircle,
  Star,
} from "lucide-react";
import { Link } from "react-router";
import { MARKETING } from "../../contracts/constants.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Container, Section, SectionHeading } from "../components/ui/page.tsx";
import { BenefitsSection } from "../features/marketing/benefits-section.tsx";
import { HOW_IT_WORKS_STEPS } from "../features/marketing/content.ts";
import { FeatureCard } from "../features/marketing/feature-card.tsx";
import { StatGrid } from "../features/marketing/stat-grid.tsx";

const BENEFITS = [
  {
    icon: BadgeCheck,
    title: "Vetted creators",
    text: "Every photographer, videographer and content creator is reviewed and approved by our team before they can be booked.",
  },
  {
    icon: MapPinned,
    title: "Available near you",
    text: "Creators share when they are available live, so you can see who is close by on the map and hail them now.",
  },
  {
    icon: CreditCard,
    title: "Clear pricing",
    text: "You see the hourly rate, the service fee and the deposit before you book — no surprises afterwards.",
  },
  {
    icon: MessageCircle,
    title: "Talk before you book",
    text: "Message creators about your shoot, your ideas and the location before and after the session.",
  },
  {
    icon: CalendarCheck,
    title: "All bookings in one place",
    text: "Follow every booking from request to confirmed session, and find past sessions to book again.",
  },
  {
    icon: Star,
    title: "Real reviews",
    text: "Ratings and reviews come from clients who booked, so you know who you are hiring.",
  },
];

const STATS = [
  { value: MARKETING.bookings, label: "Bookings" },
  { value: MARKETING.sessions, label: "Sessions" },
  { value: MARKETING.rating, label: "Average rating" },
  { value: MARKETING.averageResponse, label: "Average response" },
];

export default function HowItWorks() {
  return (
    <>
      <section className="surface-warm">
        <Container className="flex flex-col items-center gap-5 pb-12 pt-14 text-center sm:pt-20">
          <p className="text-xs font-bold uppercase tracking-[0.16em] text-brand-700">
            Booking made simple
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-6xl">
            How it Works
          </h1>
          <p className="max-w-2xl text-lg text-ink-600">
            Find, compare and book photographers, videographers and content creators in four simple
            steps — from your first search to the moment the camera clicks.
          </p>
          <div className="flex flex-wrap justify-center gap-3 pt-2">
            <Button asChild size="lg">
              <Link to={PAGE_ROUTES.search}>
                Find Photographers <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={PAGE_ROUTES.map}>
                <MapPinned aria-hidden /> Creators Near You
              </Link>
            </Button>
          </div>
        </Container>
      </section>

      <Section aria-labelledby="steps-title" className="pt-8 sm:pt-12">
        <Container className="flex flex-col gap-10">
          <h2 id="steps-title" className="sr-only">
            Four steps
          </h2>
          <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_IT_WORKS_STEPS.map((step, index) => (
              <li key={step.title} className="flex">
                <FeatureCard
                  icon={step.icon}
                  title={step.title}
                  step={index + 1}
                  className="flex-1"
                >
                  {step.text}
                </FeatureCard>
              </li>
            ))}
          </ol>
        </Container>
      </Section>

      <section aria-labelledby="hail-title" className="surface-night text-white">
        <Container className="grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-2">
          <SectionHeading
            id="hail-title"
            align="left"
            tone="light"
            eyebrow="Book Instantly"
            title="Send a 'Hail' to available photographers"
            lead="Need someone now? Creators who are online show up live. Send a hail to an available photographer and they can accept right away — the average response takes just 2 minutes."
          />
          <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {[
              { icon: MapPinned, label: "See who is online near you" },
              { icon: Clock, label: `${MARKETING.averageResponse} average response` },
              { icon: CalendarCheck, label: "Confirmed with a secure deposit" },
            ].map(({ icon: Icon, label }) => (
              <div
                key={label}
                className="flex items-center gap-3 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10 xl:flex-col xl:items-start"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/20 text-brand-300">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="text-sm font-medium text-ink-100">{label}</span>
              </div>
            ))}
          </div>
        </Container>
      </section>

      <BenefitsSection
        eyebrow="Why clients choose us"
        title="Everything you need to book with confidence"
        benefits={BENEFITS}
      />

      <Container className="flex flex-col gap-10">
        <SectionHeading eyebrow="In numbers" title="Trusted by clients and creators" />
        <StatGrid stats={STATS} />
        <div className="flex flex-col items-center gap-4 rounded-3xl bg-white p-8 text-center shadow-soft ring-1 ring-ink-200/70 sm:p-12">
          <h2 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            Ready for your next shoot?
          </h2>
          <p className="max-w-xl text-ink-600">
            Search by ZIP code and date, or open the map to hail a creator who is available now.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to={PAGE_ROUTES.search}>Find Photographers</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={PAGE_ROUTES.becomePhotographer}>Become a Photographer</Link>
            </Button>
          </div>
        </div>
      </Container>
    </>
  );
}
