import type { ReactNode } from "react";
import { Card, CardContent } from "../components/ui/card.tsx";
import { Container, PageHeading } from "../components/ui/page.tsx";

/** A screen whose heading exists while its capability is being connected; it claims nothing. */
export function ScreenInProgress({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <Container>
      <PageHeading title={title} subtitle={subtitle} />
      <Card>
        <CardContent className="p-8 text-center text-ink-600">
          {children ?? "This screen is not available yet."}
        </CardContent>
      </Card>
    </Container>
  );
}
