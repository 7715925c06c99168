import { CheckCircle2, XCircle } from "lucide-react";
import { useParams, useSearchParams } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Container, PageHeading } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { openAuthDialog } from "../features/accounts/auth-dialog-store.ts";
import { SIGN_IN_TO_CONTINUE } from "../features/bookings/strings.ts";
import { HailStatus } from "../features/hail/hail-status.tsx";
import { HAIL_LOAD_FAILED, HAIL_PAGE_TITLE } from "../features/hail/strings.ts";
import { useHailView } from "../features/hail/use-hail-view.ts";
import { useSession } from "../lib/auth-client.ts";
import NotFound from "./not-found.tsx";

const PAYMENT_BANNERS = {
  approved: "Hold approved — your hail is going out",
  processing: "Confirming the hold with PayPal…",
  failed: "The hold was not approved",
  cancelled: "Payment cancelled",
} as const;

/** Where the payment provider sends the client back: ?payment=approved|processing|failed|cancelled. */
function PaymentBanner() {
  const [params] = useSearchParams();
  const payment = params.get("payment");
  if (!payment || !(payment in PAYMENT_BANNERS)) return null;
  const approved = payment === "approved" || payment === "processing";
  const Icon = approved ? CheckCircle2 : XCircle;
  return (
    <p
      role="status"
      className={
        approved
          ? "flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800"
          : "flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-800"
      }
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {PAYMENT_BANNERS[payment as keyof typeof PAYMENT_BANNERS]}
    </p>
  );
}

function LoadedHail({ id }: { id: string }) {
  return (
    <QueryState
      query={useHailView(id)}
      failed={HAIL_LOAD_FAILED}
      refusals={{
        not_found: <NotFound />,
        bad_request: <NotFound />,
        validation_failed: <NotFound />,
      }}
    >
      {(hail) => <HailStatus hail={hail} />}
    </QueryState>
  );
}

export default function HailScreen() {
  // /hail/<id>, or the provider's return to /hail?hail=<id>.
  const [params] = useSearchParams();
  const id = useParams().id ?? params.get("hail") ?? "";
  const session = useSession();
  return (
    <Container className="max-w-2xl pb-28">
      <PageHeading
        title={HAIL_PAGE_TITLE}
        subtitle={session.data ? "Follow your hail live." : "Sign in to see this hail."}
      />
      <div className="flex flex-col gap-6">
        <PaymentBanner />
        {session.data ? (
          <LoadedHail id={id} />
        ) : session.isPending ? (
          <PageSpinner />
        ) : (
          <Button className="w-fit" onClick={() => openAuthDialog("signin")}>
            {SIGN_IN_TO_CONTINUE}
          </Button>
        )}
      </div>
    </Container>
  );
}
