import { ArrowRight, Check, ChevronDown, Crown, Quote, Smartphone } from "lucide-react";
import { Link } from "react-router";
import { COMMISSION_TIERS, MARKETING } from "../../contracts/constants.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Container, Section, SectionHeading } from "../components/ui/page.tsx";
import { MyApplication } from "../features/applications/my-application.tsx";
import { BenefitsSection } from "../features/marketing/benefits-section.tsx";
import {
  CREATOR_BENEFITS,
  CREATOR_FAQ,
  CREATOR_STEPS,
  TESTIMONIALS,
} from "../features/marketing/creator-content.ts";
import { StatGrid } from "../features/marketing/stat-grid.tsx";
import { cn } from "../lib/cn.ts";

const CREATOR_STATS = [
  { value: MARKETING.typicalEarnings, label: "Typical earnings per shoot" },
  { value: MARKETING.payoutWindow, label: "Payout after delivery" },
  { value: MARKETING.applicationReview, label: "Application review" },
  { value: MARKETING.sessions, label: "Sessions booked" },
];

export default function BecomePhotographer() {
  return (
    <>
      <section className="surface-night text-white">
        <Container className="flex flex-col gap-6 pb-24 pt-14 sm:pt-20 lg:max-w-4xl lg:items-center lg:text-center">
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-brand-200 ring-1 ring-white/15">
            For photographers, videographers and content creators
          </p>
          <h1 className="text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-6xl">
            Become a Photographer <span className="text-gradient-brand">and get booked</span>
          </h1>
          <p className="max-w-2xl text-lg text-ink-300">
            Reach clients near you, set your own rates and get paid fast. Join{" "}
            {MARKETING.photographers} photographers already booking sessions with us.
          </p>
          <MyApplication />
          <div className="flex flex-col gap-3 sm:flex-row lg:justify-center">
            <Button asChild size="xl">
              <Link to={PAGE_ROUTES.apply}>
                Apply Now <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="xl" variant="glass">
              <Link to={PAGE_ROUTES.howItWorks}>How it Works</Link>
            </Button>
          </div>
          <p className="text-sm text-ink-400">
            Curious about the competition?{" "}
            <Link
              to={PAGE_ROUTES.search}
              className="font-semibold text-brand-300 underline-offset-4 hover:underline"
            >
              Browse creators
            </Link>
          </p>
        </Container>
      </section>

      <Container className="relative -mt-12">
        <StatGrid stats={CREATOR_STATS} />
      </Container>

      <BenefitsSection
        eyebrow="Why creators join"
        title="Built for working creators"
        lead="Everything you need to find clients and run your sessions — in one place."
        benefits={CREATOR_BENEFITS}
      />

      <section aria-labelledby="tiers-title" className="bg-white py-16 sm:py-24">
        <Container className="flex flex-col gap-10">
          <SectionHeading
            id="tiers-title"
            eyebrow="Earnings tiers"
            title="The more you shoot, the more you keep"
            lead="Upgrades are automatic, based on your completed bookings and rating."
          />
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {COMMISSION_TIERS.map((tier, index) => {
              const vip = tier.name === "VIP";
              return (
                <li
                  key={tier.name}
                  className={cn(
                    "flex flex-col gap-4 rounded-2xl p-6 ring-1",
                    vip
                      ? "surface-night text-white ring-ink-800"
                      : "bg-ink-50 text-ink-900 ring-ink-200",
                  )}
                >
                  <div className="flex items-center justify-between">
                    <h3 className="text-lg font-bold">{tier.name}</h3>
                    {vip ? (
                      <Crown className="size-5 text-brand-300" aria-hidden />
                    ) : (
                      <span className="flex gap-0.5" aria-hidden>
                        {Array.from({ length: 3 }, (_, i) => (
                          <span
                            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative dots
                            key={i}
                            className={cn(
                              "size-2 rounded-full",
                              i <= index ? "bg-brand-500" : "bg-ink-200",
                            )}
                          />
                        ))}
                      </span>
                    )}
                  </div>
                  <p className="flex items-baseline gap-1.5">
                    <span className="text-5xl font-black tracking-tight">{tier.ratePercent}%</span>
                    <span className={cn("text-sm", vip ? "text-ink-300" : "text-ink-600")}>
                      commission
                    </span>
                  </p>
                  <p className={cn("text-sm", vip ? "text-ink-300" : "text-ink-600")}>
                    You keep {100 - tier.ratePercent}% of every booking
                  </p>
                  <p
                    className={cn(
                      "mt-auto flex items-start gap-2 border-t pt-4 text-sm font-medium",
                      vip ? "border-white/10 text-white" : "border-ink-200 text-ink-800",
                    )}
                  >
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-hidden />
                    {tier.rule}
                  </p>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <Section aria-labelledby="steps-title">
        <Container className="flex flex-col gap-10">
          <SectionHeading
            id="steps-title"
            eyebrow="Getting started"
            title="Three steps to your first booking"
          />
          <ol className="grid gap-5 md:grid-cols-3">
            {CREATOR_STEPS.map((step, index) => (
              <li
                key={step.title}
                className="relative flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-soft ring-1 ring-ink-200/70"
              >
                <span className="grid size-11 place-items-center rounded-full bg-linear-to-br from-brand-400 to-brand-600 text-lg font-black text-white">
                  {index + 1}
                </span>
                <h3 className="text-lg font-bold">{step.title}</h3>
                <p className="text-sm leading-relaxed text-ink-600">{step.text}</p>
              </li>
            ))}
          </ol>
          <Button asChild size="lg" className="mx-auto w-fit">
            <Link to={PAGE_ROUTES.apply}>
              Apply Now <ArrowRight aria-hidden />
            </Link>
          </Button>
        </Container>
      </Section>

      <section aria-labelledby="stories-title" className="bg-white py-16 sm:py-24">
        <Container className="flex flex-col gap-10">
          <SectionHeading
            id="stories-title"
            eyebrow="Creator stories"
            title="Hear it from our creators"
          />
          <ul className="grid gap-5 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <figure className="flex h-full flex-col gap-5 rounded-2xl bg-ink-50 p-6 ring-1 ring-ink-200">
                  <Quote className="size-7 text-brand-400" aria-hidden />
                  <blockquote className="flex-1 text-ink-800">“{t.quote}”</blockquote>
                  <figcaption className="flex items-center gap-3">
                    <span
                      className={`grid size-11 place-items-center rounded-full bg-linear-to-br ${t.tint} text-sm font-bold text-white`}
                      aria-hidden
                    >
                      {t.name.slice(0, 1)}
                    </span>
                    <span className="flex flex-col">
                      <span className="font-semibold text-ink-900">{t.name}</span>
                      <span className="text-sm text-ink-600">{t.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <Section aria-labelledby="faq-title">
        <Container className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <SectionHeading
            id="faq-title"
            align="left"
            eyebrow="FAQ"
            title="Questions from creators"
            lead={
              <>
                Anything else? Read{" "}
                <Link
                  to={PAGE_ROUTES.howItWorks}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  How it Works
                </Link>
                .
              </>
            }
          />
          <div className="flex flex-col gap-3">
            {CREATOR_FAQ.map((item) => (
              <details
                key={item.question}
                className="group rounded-2xl bg-white p-5 shadow-soft ring-1 ring-ink-200/70 open:ring-brand-200"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
                    aria-hidden
                  />
                </summary>
                <p className="mt-3 text-sm leading-relaxed text-ink-600">{item.answer}</p>
              </details>
            ))}
          </div>
        </Container>
      </Section>

      <Container>
        <div className="surface-night flex flex-col items-center gap-5 rounded-3xl px-6 py-12 text-center text-white sm:px-12">
          <span className="grid size-14 place-items-center rounded-2xl bg-white/10 ring-1 ring-white/15">
            <Smartphone className="size-7 text-brand-300" aria-hidden />
          </span>
          <h2 className="text-3xl font-extrabold tracking-tight">The creator app</h2>
          <p className="max-w-xl text-ink-300">
            Go live, answer hails and manage your bookings from your phone's home screen.
          </p>
          <Button size="xl" variant="light" disabled>
            Coming Soon
          </Button>
        </div>
      </Container>
    </>
  );
}
