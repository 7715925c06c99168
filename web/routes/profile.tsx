import { CalendarDays, LogOut, Mail, MessageCircle, Search, UserRound } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { BRAND_NAME, MARKETING } from "../../contracts/constants.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent } from "../components/ui/card.tsx";
import { Container } from "../components/ui/page.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { openAuthDialog } from "../features/accounts/auth-dialog-store.ts";
import { StatGrid } from "../features/marketing/stat-grid.tsx";
import { NotificationSettingsCard } from "../features/notifications/notification-settings-card.tsx";
import { PushSettingsCard } from "../features/notifications/push-settings-card.tsx";
import { CreatorSetupCard } from "../features/onboarding/creator-setup-card.tsx";
import { showError } from "../lib/api-errors.ts";
import { authClient, type Session, useSession } from "../lib/auth-client.ts";

const STATS = [
  { value: MARKETING.photographers, label: "Photographers" },
  { value: MARKETING.rating, label: "Average rating" },
  { value: MARKETING.bookings, label: "Bookings" },
];

export default function Profile() {
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return session ? <AccountSummary session={session} /> : <SignedOut />;
}

function SignedOut() {
  return (
    <Container className="flex max-w-3xl flex-col items-center gap-8 py-12 text-center sm:py-20">
      <span className="grid size-20 place-items-center rounded-full bg-linear-to-br from-brand-400 to-brand-600 text-white shadow-lift">
        <UserRound className="size-9" aria-hidden />
      </span>
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          Welcome to {BRAND_NAME}
        </h1>
        <p className="text-lg text-ink-600">
          Sign in to see your bookings, message creators and keep your favourite photographers in
          one place.
        </p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button size="lg" onClick={() => openAuthDialog("signin")}>
          Sign In
        </Button>
        <Button size="lg" variant="outline" onClick={() => openAuthDialog("signup")}>
          Create Account
        </Button>
      </div>
      <StatGrid stats={STATS} className="w-full grid-cols-3 gap-3" />
    </Container>
  );
}

function AccountSummary({ session }: { session: Session }) {
  const [signingOut, setSigningOut] = useState(false);
  const { user } = session;
  const initial = (user.name || user.email).slice(0, 1).toUpperCase();

  async function signOut() {
    setSigningOut(true);
    try {
      const { error } = await authClient.signOut();
      if (error) showError("Sign out failed", error.message);
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-10 sm:py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-5 p-8 text-center sm:flex-row sm:text-left">
          <span
            className="grid size-20 shrink-0 place-items-center rounded-full bg-linear-to-br from-brand-400 to-brand-600 text-3xl font-black text-white"
            aria-hidden
          >
            {initial}
          </span>
          <div className="flex min-w-0 max-w-full flex-1 flex-col gap-1">
            <h1 className="truncate text-2xl font-extrabold tracking-tight">
              {user.name || "Your account"}
            </h1>
            <p className="flex min-w-0 max-w-full items-center justify-center gap-2 text-ink-600 sm:justify-start">
              <Mail className="size-4" aria-hidden />
              <span className="truncate">{user.email}</span>
            </p>
          </div>
          <Button variant="outline" onClick={signOut} disabled={signingOut}>
            <LogOut aria-hidden /> Sign Out
          </Button>
        </CardContent>
      </Card>
      <CreatorSetupCard userId={user.id} />
      <nav aria-label="Account" className="grid gap-3 sm:grid-cols-3">
        {[
          { to: PAGE_ROUTES.bookings, label: "My Bookings", icon: CalendarDays },
          { to: PAGE_ROUTES.messages, label: "Messages", icon: MessageCircle },
          { to: PAGE_ROUTES.search, label: "Find Photographers", icon: Search },
        ].map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-3 rounded-2xl bg-white p-5 font-semibold shadow-soft ring-1 ring-ink-200/70 transition-shadow hover:shadow-lift"
          >
            <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-5" aria-hidden />
            </span>
            {label}
          </Link>
        ))}
      </nav>
      <NotificationSettingsCard />
      <PushSettingsCard />
    </Container>
  );
}
