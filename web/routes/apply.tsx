import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { BRAND_NAME } from "../../contracts/constants.ts";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent } from "../components/ui/card.tsx";
import { BackLink, Container, PageHeading } from "../components/ui/page.tsx";
import { ApplyFormCard } from "../features/applications/apply-form.tsx";

export default function ApplyScreen() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <Container className="max-w-3xl pb-16">
      <BackLink to="/">Back to Home</BackLink>
      {submitted ? (
        <Card className="mt-10">
          <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
            <CheckCircle2 className="size-14 text-emerald-600" aria-hidden />
            <h1 className="text-2xl font-bold text-ink-900">Application Submitted!</h1>
            <p className="max-w-md text-ink-600">
              Thanks for applying. Check your email for a confirmation; we review applications
              within 24 hours.
            </p>
            <Button asChild size="lg">
              <Link to="/">Back to Home</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <PageHeading
            title={`Join ${BRAND_NAME}`}
            subtitle="Apply to become a creator. Tell us about yourself and your work."
          />
          <ApplyFormCard onSubmitted={() => setSubmitted(true)} />
        </>
      )}
    </Container>
  );
}
