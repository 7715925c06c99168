import { Banknote, Download, Wallet } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { EarningsResponse } from "../../../contracts/payouts.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { formatCents, formatDate } from "../../lib/format.ts";
import { EARNINGS_CSV_URL } from "./api.ts";
import { LINE_LABELS, METHOD_LABELS, UPCOMING_LABELS } from "./labels.ts";
import { TierCard } from "./tier-card.tsx";

/** One of the page's lists: its title, and what it says while it has nothing. */
function ListCard({
  title,
  emptyText,
  empty,
  children,
}: {
  title: string;
  emptyText: string;
  empty: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="rounded-xl border border-dashed border-ink-300 p-6 text-center text-sm text-ink-600">
            {emptyText}
          </p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

function Row({
  title,
  detail,
  amount,
  badge,
}: {
  title: string;
  detail: string;
  amount: number;
  badge?: string;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="truncate font-semibold text-ink-900">{title}</span>
        <span className="text-sm text-ink-600">{detail}</span>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className={amount < 0 ? "font-semibold text-ink-700" : "font-semibold text-ink-900"}>
          {formatCents(amount)}
        </span>
        {badge ? <Badge variant="secondary">{badge}</Badge> : null}
      </div>
    </li>
  );
}

/** Accepted work waits for a payout method: the creator is told where to add one. */
function PayoutMethodNeeded({ amountCents }: { amountCents: number }) {
  return (
    <Card className="border-amber-200 bg-amber-50" role="status">
      <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-amber-100 text-amber-800">
          <Banknote className="size-6" aria-hidden />
        </span>
        <div className="flex flex-1 flex-col gap-1">
          <h2 className="text-lg font-bold">Add a payout method</h2>
          <p className="text-sm text-ink-700">
            {formatCents(amountCents)} is ready to be paid to you. Add PayPal, direct deposit or
            Stripe in Profile Setup and it goes out on our next payout run.
          </p>
        </div>
        <Button asChild>
          <Link to={PAGE_ROUTES.profileSetup}>Add payout method</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** History lines per page (the answer holds the latest 500). */
const HISTORY_PAGE_SIZE = 20;

export function EarningsView({ data }: { data: EarningsResponse }) {
  const [historyPage, setHistoryPage] = useState(1);
  const unpayable = data.upcoming
    .filter((u) => u.status === "needs_payout_method")
    .reduce((sum, u) => sum + u.amountCents, 0);
  return (
    <div className="flex flex-col gap-6">
      {/* First on every screen size: money is waiting on the creator. */}
      {unpayable > 0 ? <PayoutMethodNeeded amountCents={unpayable} /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-1">
          <Card>
            <CardContent className="flex flex-col gap-4 p-6">
              <div className="flex items-center gap-4">
                <span className="grid size-12 place-items-center rounded-xl bg-emerald-50 text-emerald-700">
                  <Wallet className="size-6" aria-hidden />
                </span>
                <div className="flex flex-col">
                  <span className="text-sm font-medium text-ink-600">Balance</span>
                  <span className="text-3xl font-extrabold tracking-tight" data-testid="balance">
                    {formatCents(data.balanceCents)}
                  </span>
                </div>
              </div>
              <p className="text-sm text-ink-600">
                Paid 24–48 hours after your client accepts the photos.
              </p>
              <Button asChild variant="outline">
                <a href={EARNINGS_CSV_URL} download>
                  <Download aria-hidden /> Download CSV
                </a>
              </Button>
            </CardContent>
          </Card>
          <TierCard tier={data.tier} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <ListCard
            title="Upcoming payouts"
            emptyText="Nothing on its way right now."
            empty={data.upcoming.length === 0}
          >
            <ul className="divide-y divide-ink-100">
              {data.upcoming.map((u) => (
                <Row
                  key={u.bookingId}
                  title={u.bookingLabel}
                  detail={
                    u.expectedAt
                      ? `Expected ${formatDate(u.expectedAt)}`
                      : UPCOMING_LABELS[u.status]
                  }
                  amount={u.amountCents}
                  badge={u.expectedAt ? UPCOMING_LABELS[u.status] : undefined}
                />
              ))}
            </ul>
          </ListCard>
          <ListCard
            title="Payouts"
            emptyText="Your payouts will be listed here."
            empty={data.payouts.length === 0}
          >
            <ul className="divide-y divide-ink-100" aria-label="Payouts">
              {data.payouts.map((p) => (
                <Row
                  key={p.id}
                  title={p.bookingLabel}
                  detail={`${METHOD_LABELS[p.method] ?? p.method} · ${p.paidAt ? formatDate(p.paidAt) : ""}`}
                  amount={p.amountCents}
                  badge={p.status === "paid" ? "Paid" : "Sent"}
                />
              ))}
            </ul>
          </ListCard>
          <ListCard
            title="History"
            emptyText="Completed bookings, commission and payouts will appear here."
            empty={data.lines.length === 0}
          >
            <div className="flex flex-col gap-4">
              <ul className="divide-y divide-ink-100" aria-label="History">
                {data.lines
                  .slice((historyPage - 1) * HISTORY_PAGE_SIZE, historyPage * HISTORY_PAGE_SIZE)
                  .map((l) => (
                    <Row
                      key={l.id}
                      title={`${LINE_LABELS[l.kind] ?? l.kind}${l.bookingLabel ? ` · ${l.bookingLabel}` : ""}`}
                      detail={`${formatDate(l.createdAt)}${l.note ? ` · ${l.note}` : ""}`}
                      amount={l.amountCents}
                    />
                  ))}
              </ul>
              <Pagination
                page={historyPage}
                pageSize={HISTORY_PAGE_SIZE}
                total={data.lines.length}
                onPage={setHistoryPage}
              />
            </div>
          </ListCard>
        </div>
      </div>
    </div>
  );
}
