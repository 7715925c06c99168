import { ArrowRight, Camera, Check, MapPinned, Navigation } from "lucide-react";
import { Link } from "react-router";
import { MARKETING } from "../../contracts/constants.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Container, Section, SectionHeading } from "../components/ui/page.tsx";
import { HailButton } from "../features/hail/hail-button.tsx";
import {
  CLIENT_STATS,
  CREATOR_KINDS,
  HOW_IT_WORKS_STEPS,
  TRUST_POINTS,
} from "../features/marketing/content.ts";
import { HeroIllustration } from "../features/marketing/hero-illustration.tsx";
import { HeroSearch } from "../features/marketing/hero-search.tsx";
import { StatGrid } from "../features/marketing/stat-grid.tsx";

export default function Home() {
  return (
    <>
      <section className="surface-night relative overflow-hidden text-white">
        <Container className="grid items-center gap-12 pb-16 pt-12 sm:pt-16 lg:grid-cols-[1.25fr_1fr] lg:pb-24 lg:pt-20">
          <div className="flex flex-col gap-6">
            <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-brand-200 ring-1 ring-white/15">
              <Camera className="size-3.5" aria-hidden /> Photographers · Videographers · Creators
            </p>
            <h1 className="text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-5xl lg:text-6xl">
              Book a creator near you <span className="text-gradient-brand">in minutes</span>
            </h1>
            <p className="max-w-xl text-lg text-ink-300">
              Find photographers, videographers and content creators, compare portfolios and hail
              one who is available right now — with a secure deposit.
            </p>
            <HeroSearch />
            <div className="flex flex-wrap items-center gap-3 text-sm text-ink-300">
              <HailButton variant="light" />
              <span>Need someone right now? Reach the creators online near you.</span>
            </div>
            <ul className="flex flex-col gap-2 text-sm text-ink-300 sm:flex-row sm:flex-wrap sm:gap-x-6">
              {TRUST_POINTS.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon className="size-4 text-brand-400" aria-hidden /> {text}
                </li>
              ))}
            </ul>
          </div>
          <div className="hidden lg:block">
            <HeroIllustration />
          </div>
        </Container>
      </section>

      <Container className="-mt-8 relative">
        <StatGrid stats={CLIENT_STATS} />
      </Container>

      <Section aria-labelledby="kinds-title" className="defer-render">
        <Container className="flex flex-col gap-10">
          <SectionHeading
            id="kinds-title"
            eyebrow="Who you can book"
            title="The right creator for every moment"
            lead="From wedding photographers to social media creators — all reviewed and approved."
          />
          <div className="grid gap-5 md:grid-cols-3">
            {CREATOR_KINDS.map(({ icon: Icon, title, service, text, tags, tint }) => (
              <Link
                key={title}
                to={`${PAGE_ROUTES.search}?service=${encodeURIComponent(service)}`}
                className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-soft ring-1 ring-ink-200/70 transition-shadow hover:shadow-lift"
              >
                <div className={`relative h-32 bg-linear-to-br ${tint}`}>
                  <div className="grid-lines absolute inset-0 opacity-40" />
                  <Icon
                    className="absolute bottom-4 left-5 size-12 text-white/90 drop-shadow"
                    aria-hidden
                  />
                </div>
                <div className="flex flex-1 flex-col gap-3 p-6">
                  <h3 className="text-xl font-bold text-ink-900">{title}</h3>
                  <p className="text-sm text-ink-600">{text}</p>
                  <ul className="flex flex-wrap gap-2">
                    {tags.map((tag) => (
                      <li
                        key={tag}
                        className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-medium text-ink-700"
                      >
                        {tag}
                      </li>
                    ))}
                  </ul>
                  <span className="mt-auto flex items-center gap-1 pt-2 text-sm font-semibold text-brand-700">
                    Find {title.toLowerCase()}
                    <ArrowRight
                      className="size-4 transition-transform group-hover:translate-x-1"
                      aria-hidden
                    />
                  </span>
                </div>
              </Link>
            ))}
          </div>
        </Container>
      </Section>

      <Container className="defer-render">
        <div className="grid items-center gap-10 overflow-hidden rounded-3xl bg-white p-6 shadow-soft ring-1 ring-ink-200/70 sm:p-10 lg:grid-cols-2">
          <div className="flex flex-col gap-5">
            <SectionHeading
              align="left"
              eyebrow="Live map"
              title="Creators Near You"
              lead="See who is available around you right now. Tap a marker to view creator details and book instantly."
            />
            <ul className="flex flex-col gap-2 text-sm text-ink-700">
              {[
                "Green markers are available now",
                "Portfolios one tap away",
                "Book in minutes",
              ].map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <Check className="size-4 text-emerald-600" aria-hidden /> {point}
                </li>
              ))}
            </ul>
            <Button asChild size="lg" className="w-fit">
              <Link to={PAGE_ROUTES.map}>
                <MapPinned aria-hidden /> Open the map
              </Link>
            </Button>
          </div>
          <MapTeaser />
        </div>
      </Container>

      <Section aria-labelledby="how-title" className="defer-render">
        <Container className="flex flex-col gap-10">
          <SectionHeading
            id="how-title"
            eyebrow="How it Works"
            title="From search to session in four steps"
          />
          <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_IT_WORKS_STEPS.map(({ icon: Icon, title, text }, index) => (
              <li
                key={title}
                className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-soft ring-1 ring-ink-200/70"
              >
                <span className="flex items-center gap-3">
                  <span className="grid size-10 place-items-center rounded-full bg-ink-900 text-sm font-bold text-white">
                    {index + 1}
                  </span>
                  <Icon className="size-5 text-brand-600" aria-hidden />
                </span>
                <h3 className="font-bold text-ink-900">{title}</h3>
                <p className="text-sm leading-relaxed text-ink-600">{text}</p>
              </li>
            ))}
          </ol>
          <Button asChild variant="outline" size="lg" className="mx-auto w-fit">
            <Link to={PAGE_ROUTES.howItWorks}>
              Learn how it works <ArrowRight aria-hidden />
            </Link>
          </Button>
        </Container>
      </Section>

      <Container className="defer-render">
        <div className="surface-night relative grid gap-8 overflow-hidden rounded-3xl p-8 text-white sm:p-12 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <div className="flex flex-col gap-4">
            <SectionHeading
              align="left"
              tone="light"
              eyebrow="For creators"
              title="Turn your camera into a business"
              lead={`Typical earnings of ${MARKETING.typicalEarnings} per shoot, paid ${MARKETING.payoutWindow} after your final photos are delivered.`}
            />
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg" variant="light">
                <Link to={PAGE_ROUTES.becomePhotographer}>Become a Photographer</Link>
              </Button>
              <Button asChild size="lg" variant="glass">
                <Link to={PAGE_ROUTES.apply}>Apply Now</Link>
              </Button>
            </div>
          </div>
          <StatGrid
            tone="light"
            className="sm:grid-cols-2"
            stats={[
              { value: MARKETING.applicationReview, label: "Application review" },
              { value: MARKETING.sessions, label: "Sessions booked" },
            ]}
          />
        </div>
      </Container>
    </>
  );
}

/** A stylised map with creator markers, drawn with CSS (decorative). */
function MapTeaser() {
  const markers = [
    { top: "22%", left: "28%", live: true },
    { top: "35%", left: "70%", live: true },
    { top: "68%", left: "40%", live: false },
    { top: "58%", left: "78%", live: true },
    { top: "80%", left: "18%", live: false },
  ];
  return (
    <div
      aria-hidden
      className="relative h-64 overflow-hidden rounded-2xl bg-[#eef2f5] ring-1 ring-ink-200 sm:h-80"
    >
      <div className="grid-lines absolute inset-0" />
      <div className="absolute -left-8 top-10 h-32 w-52 rotate-12 rounded-[40%] bg-emerald-200/70" />
      <div className="absolute -bottom-16 -right-10 h-56 w-72 rounded-[45%] bg-sky-200/80" />
      <div className="absolute inset-x-0 top-[45%] h-3 -rotate-3 bg-white" />
      <div className="absolute inset-y-0 left-[55%] w-3 rotate-12 bg-white" />
      {markers.map((m) => (
        <span
          key={`${m.top}${m.left}`}
          className={`absolute size-10 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] bg-linear-to-br from-brand-300 to-brand-600 shadow-lg ${m.live ? "border-emerald-500" : "border-ink-300"}`}
          style={{ top: m.top, left: m.left }}
        />
      ))}
      <span className="absolute left-1/2 top-1/2 grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-sky-500/25">
        <Navigation className="size-4 fill-sky-600 text-sky-600" />
      </span>
    </div>
  );
}
