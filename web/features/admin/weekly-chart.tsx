import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { AdminFigures } from "../../../contracts/back-office.ts";
import { formatCents, formatCount } from "../../lib/format.ts";

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** Bookings (bars, left axis) and revenue (line, right axis) per week. Loaded lazily. */
export default function WeeklyChart({ figures }: { figures: AdminFigures }) {
  const data = figures.weeks.map((w) => ({
    week: shortDate.format(new Date(w.weekStart)),
    bookings: w.bookings,
    revenue: w.revenueCents,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis
          dataKey="week"
          tick={{ fontSize: 12, fill: "#64748b" }}
          tickLine={false}
          minTickGap={16}
        />
        <YAxis
          yAxisId="bookings"
          allowDecimals={false}
          tick={{ fontSize: 12, fill: "#64748b" }}
          tickLine={false}
          axisLine={false}
          width={36}
        />
        <YAxis
          yAxisId="revenue"
          orientation="right"
          tickFormatter={(cents: number) => formatCents(cents, figures.currency, "compact")}
          tick={{ fontSize: 12, fill: "#64748b" }}
          tickLine={false}
          axisLine={false}
          width={52}
        />
        <Tooltip
          formatter={(value, name) =>
            name === "Revenue"
              ? formatCents(Number(value), figures.currency)
              : formatCount(Number(value))
          }
        />
        <Legend
          wrapperStyle={{ fontSize: 13 }}
          formatter={(value) => <span style={{ color: "#334155" }}>{value}</span>}
        />
        <Bar
          yAxisId="bookings"
          dataKey="bookings"
          name="Bookings"
          fill="#fdba74"
          radius={[4, 4, 0, 0]}
          maxBarSize={48}
        />
        <Line
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue"
          stroke="#0f172a"
          strokeWidth={2}
          dot={data.length <= 16}
          type="linear"
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
