import { ShieldX } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { PROFILE_SETUP_MESSAGES } from "../../contracts/profile-setup.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent } from "../components/ui/card.tsx";
import { Container, PageHeading } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { useProfileSetupActions, useProfileSetupQuery } from "../features/onboarding/api.ts";
import { ProfileSetupWizard } from "../features/onboarding/profile-setup-wizard.tsx";
import { AUTH_REQUIRED, isApiError, showError } from "../lib/api-errors.ts";
import { useSession } from "../lib/auth-client.ts";

export default function ProfileSetupScreen() {
  const navigate = useNavigate();
  const { data: session, isPending } = useSession();
  const userId = session?.user.id;
  const query = useProfileSetupQuery(userId);
  const actions = useProfileSetupActions(userId);
  const denied = isApiError(query.error, "forbidden");

  useEffect(() => {
    if (isPending) return;
    if (!session) {
      showError(AUTH_REQUIRED, "Please sign in to access profile setup.");
      navigate("/", { replace: true });
      return;
    }
    if (!query.error) return;
    if (!denied) {
      showError("Error", "Unable to verify access permissions.");
      return;
    }
    showError("Access denied", query.error.message);
    // Spec §4: a creator profile not approved (yet, or any more) goes to Become a Photographer;
    // without any profile the denied card stays, its button going there.
    if (query.error.message === PROFILE_SETUP_MESSAGES.notApproved) {
      navigate(PAGE_ROUTES.becomePhotographer, { replace: true });
    }
  }, [isPending, session, query.error, denied, navigate]);

  return (
    <QueryState
      query={query}
      failed="Unable to verify access permissions."
      refusals={{ forbidden: <AccessDenied reason={query.error?.message} /> }}
    >
      {(data) => (
        <Container className="max-w-3xl pb-16">
          <PageHeading
            title="Set Up Your Profile"
            subtitle="Complete these five steps to start receiving bookings. Each step is saved as you go."
          />
          <ProfileSetupWizard data={data} actions={actions} />
        </Container>
      )}
    </QueryState>
  );
}

/** The server's reason: no profile to verify, or one not approved yet. */
function AccessDenied({ reason }: { reason: string | undefined }) {
  return (
    <Container className="flex justify-center py-16">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <ShieldX className="size-12 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-ink-900">Access Denied</h1>
          <p className="text-ink-600">{reason}</p>
          <Button asChild>
            <Link to={PAGE_ROUTES.becomePhotographer}>View Application Status</Link>
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
