import { CalendarCheck, Camera, DollarSign } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import {
  ADMIN_PERIOD_LABELS,
  ADMIN_PERIODS,
  type AdminPeriod,
} from "../../../contracts/back-office.ts";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Select } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatCents, formatCount } from "../../lib/format.ts";
import { useFigures } from "./back-office-api.ts";

// The charting library is loaded only here, after the dashboard itself.
const WeeklyChart = lazy(() => import("./weekly-chart.tsx"));

/** The spec's three cards for a chosen period, and bookings and revenue per week. */
export function FiguresPanel() {
  const [period, setPeriod] = useState<AdminPeriod>("30d");
  const { data } = useFigures(period);
  const share =
    data &&
    `Platform share: ${formatCents(data.platformFeeCents + data.commissionCents, data.currency)} (fees and commission)`;
  const cards = [
    {
      label: "Active Photographers",
      value: data && formatCount(data.activeCreators),
      hint: data ? `Listed now; ${formatCount(data.bookedCreators)} booked in this period` : "",
      Icon: Camera,
    },
    {
      label: "Total Bookings",
      value: data && formatCount(data.bookings),
      hint: "Deposits paid in this period",
      Icon: CalendarCheck,
    },
    {
      label: "Revenue",
      value: data && formatCents(data.revenueCents, data.currency),
      hint: share ?? "",
      Icon: DollarSign,
    },
  ];
  return (
    <section aria-labelledby="figures-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="figures-heading" className="text-lg font-semibold text-ink-900">
          Marketplace figures
        </h2>
        <Select
          aria-label="Period"
          value={period}
          onChange={(e) => setPeriod(e.target.value as AdminPeriod)}
          className="w-44"
        >
          {ADMIN_PERIODS.map((p) => (
            <option key={p} value={p}>
              {ADMIN_PERIOD_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map(({ label, value, hint, Icon }) => (
          <Card key={label}>
            <CardContent className="flex items-start justify-between gap-4 p-6">
              <div className="min-w-0">
                <p className="text-sm font-medium text-ink-600">{label}</p>
                <p className="mt-1 text-3xl font-extrabold tracking-tight text-ink-900">
                  {value ?? "--"}
                </p>
                <p className="mt-1 text-xs text-ink-500">{hint}</p>
              </div>
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="size-5" aria-hidden />
              </span>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <h3 className="text-sm font-semibold text-ink-900">Bookings and revenue per week</h3>
          <div className="mt-3 h-64 sm:h-80" data-testid="weekly-chart">
            {data ? (
              <Suspense fallback={<Spinner />}>
                <WeeklyChart figures={data} />
              </Suspense>
            ) : (
              <Spinner />
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
