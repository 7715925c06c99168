import { CalendarCheck, Camera, DollarSign } from "lucide-react";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { formatCount, formatMoney } from "../../lib/format.ts";
import { useAdminOverview } from "./api.ts";

/** Active Photographers, Total Bookings and Revenue, computed by the server. */
export function OverviewCards() {
  const { data } = useAdminOverview();
  const cards = [
    {
      label: "Active Photographers",
      value: data && formatCount(data.activeCreators),
      hint: "Approved and listed creators",
      Icon: Camera,
    },
    {
      label: "Total Bookings",
      value: data && formatCount(data.paidBookings),
      hint: "Bookings with a paid deposit",
      Icon: CalendarCheck,
    },
    {
      label: "Revenue",
      value: data && formatMoney(data.feeRevenueCents, data.currency),
      hint: "Service fees on those bookings",
      Icon: DollarSign,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map(({ label, value, hint, Icon }) => (
        <Card key={label}>
          <CardContent className="flex items-start justify-between gap-4 p-6">
            <div>
              <p className="text-sm font-medium text-ink-600">{label}</p>
              <p className="mt-1 text-3xl font-extrabold tracking-tight text-ink-900">
                {value ?? "--"}
              </p>
              <p className="mt-1 text-xs text-ink-500">{hint}</p>
            </div>
            <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600">
              <Icon className="size-5" aria-hidden />
            </span>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
