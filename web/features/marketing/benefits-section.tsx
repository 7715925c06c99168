import type { LucideIcon } from "lucide-react";
import { Container, Section, SectionHeading } from "../../components/ui/page.tsx";
import { FeatureCard } from "./feature-card.tsx";

export type Benefit = { icon: LucideIcon; title: string; text: string };

/** A page's 'why us' section: its heading over a grid of benefit cards. */
export function BenefitsSection({
  eyebrow,
  title,
  lead,
  benefits,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  benefits: readonly Benefit[];
}) {
  return (
    <Section aria-labelledby="benefits-title">
      <Container className="flex flex-col gap-10">
        <SectionHeading id="benefits-title" eyebrow={eyebrow} title={title} lead={lead} />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map((benefit) => (
            <FeatureCard key={benefit.title} icon={benefit.icon} title={benefit.title}>
              {benefit.text}
            </FeatureCard>
          ))}
        </div>
      </Container>
    </Section>
  );
}
