import { Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Container, PageHeading } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { openAuthDialog } from "../features/accounts/auth-dialog-store.ts";
import { SIGN_IN_TO_CONTINUE } from "../features/bookings/strings.ts";
import { useEarnings, useLivePayouts } from "../features/earnings/api.ts";
import { EarningsView } from "../features/earnings/earnings-page.tsx";
import { useSession } from "../lib/auth-client.ts";

function Notice({ text, action }: { text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-ink-300 px-6 py-12 text-center">
      <Wallet className="size-8 text-ink-400" aria-hidden />
      <p className="text-lg font-semibold text-ink-800">{text}</p>
      {action}
    </div>
  );
}

function Earnings({ userId }: { userId: string }) {
  useLivePayouts();
  return (
    <QueryState
      query={useEarnings(userId)}
      failed="We could not load your earnings."
      refusals={{
        forbidden: (
          <Notice
            text="Earnings are for approved creators."
            action={
              <Button asChild>
                <Link to={PAGE_ROUTES.becomePhotographer}>Become a creator</Link>
              </Button>
            }
          />
        ),
      }}
    >
      {(data) => <EarningsView data={data} />}
    </QueryState>
  );
}

export default function EarningsScreen() {
  const session = useSession();
  return (
    <Container className="pb-28">
      <PageHeading title="Earnings" subtitle="Your tier, balance, payouts and history." />
      {session.data ? (
        <Earnings userId={session.data.user.id} />
      ) : session.isPending ? (
        <Spinner />
      ) : (
        <Notice
          text="Sign in to see your earnings."
          action={<Button onClick={() => openAuthDialog("signin")}>{SIGN_IN_TO_CONTINUE}</Button>}
        />
      )}
    </Container>
  );
}
