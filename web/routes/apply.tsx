import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { BRAND_NAME } from "../../contracts/constants.ts";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent } from "../components/ui/card.tsx";
import { BackLink, Container, PageHeading } from "../components/ui/page.tsx";
import { myApplicationKey, useMyApplication } from "../features/applications/api.ts";
import { ApplyFormCard } from "../features/applications/apply-form.tsx";
import { MyApplication } from "../features/applications/my-application.tsx";

export default function ApplyScreen() {
  const [submitted, setSubmitted] = useState(false);
  const queryClient = useQueryClient();
  // Someone whose application is open (or already made them a creator) sees where it stands:
  // a second one would be refused. After a denial they may apply again.
  const own = useMyApplication().data;
  const applied = !submitted && own != null && own.status !== "denied";
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
            subtitle={
              applied
                ? "You have applied already: here is where your application stands."
                : "Apply to become a creator. Tell us about yourself and your work."
            }
          />
          {applied ? (
            <MyApplication tone="page" />
          ) : (
            <ApplyFormCard
              onSubmitted={() => {
                setSubmitted(true);
                void queryClient.invalidateQueries({ queryKey: myApplicationKey });
              }}
            />
          )}
        </>
      )}
    </Container>
  );
}
