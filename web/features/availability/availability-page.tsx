import { CalendarClock } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { AVAILABILITY_STRINGS as S } from "../../../contracts/availability.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Container, PageHeading } from "../../components/ui/page.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useSession } from "../../lib/auth-client.ts";
import { useAccountRoles } from "../accounts/api.ts";
import {
  closeAuthDialog,
  openAuthDialog,
  useAuthDialogMode,
} from "../accounts/auth-dialog-store.ts";
import { usePresence } from "./api.ts";

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <CalendarClock className="size-12 text-brand-600" aria-hidden />
        <h2 className="text-xl font-bold text-ink-900">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

/** A signed-out visitor gets the sign-in dialog once; it closes when a session appears. */
function useSignInPrompt(signedOut: boolean, signedIn: boolean) {
  const mode = useAuthDialogMode();
  const opened = useRef(false);
  useEffect(() => {
    if (signedOut && !opened.current) {
      opened.current = true;
      openAuthDialog("signin");
    }
  }, [signedOut]);
  useEffect(() => {
    if (signedIn && opened.current && mode !== null) closeAuthDialog();
  }, [signedIn, mode]);
}

function Guarded({ children }: { children: ReactNode }) {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const signedOut = !session.isPending && !session.data;
  const roles = useAccountRoles();
  // Only a creator's presence is asked for: anyone else would be refused.
  const presence = usePresence(signedIn && roles.creator);
  const notCreator = signedIn && roles.known && !roles.creator;
  useSignInPrompt(signedOut, signedIn);

  if (signedOut) {
    return (
      <Notice title="Sign in to manage your availability">
        <p className="text-ink-600">Creators sign in to go online and set their schedule.</p>
        <Button onClick={() => openAuthDialog("signin")}>Sign In</Button>
      </Notice>
    );
  }
  const forCreators = (
    <Notice title="For approved creators">
      <p className="text-ink-600">
        The Availability Manager is for creators with an approved profile. Apply to join, and once
        you are approved you can go online and set your hours here.
      </p>
      <Button asChild>
        <Link to="/become-photographer">Become a Creator</Link>
      </Button>
    </Notice>
  );
  if (notCreator) return forCreators;
  return (
    <QueryState
      query={presence}
      failed="Your availability could not be loaded."
      refusals={{ forbidden: forCreators }}
      size="section"
      className="py-16"
    >
      {() => <div className="flex flex-col gap-6">{children}</div>}
    </QueryState>
  );
}

/** The Availability Manager's frame and guard: only approved creators see its cards. */
export function AvailabilityPage({ children }: { children: ReactNode }) {
  return (
    <Container className="max-w-4xl pb-16">
      <PageHeading title={S.title} subtitle={S.subtitle} />
      <Guarded>{children}</Guarded>
    </Container>
  );
}
