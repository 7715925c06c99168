import { Award } from "lucide-react";
import { TIER_LABELS, type TierProgress } from "../../../contracts/payouts.ts";
import { Card, CardContent } from "../../components/ui/card.tsx";

function Meter({
  label,
  value,
  max,
  text,
}: {
  label: string;
  value: number;
  max: number;
  text: string;
}) {
  const percent = max <= 0 ? 100 : Math.min(100, Math.round((value / max) * 100));
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-ink-700">{label}</span>
        <span className="text-ink-600">{text}</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-ink-100"
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The creator's tier, its rate and what the next tier needs. */
export function TierCard({ tier }: { tier: TierProgress }) {
  const next = tier.next;
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 p-6">
        <div className="flex items-center gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Award className="size-6" aria-hidden />
          </span>
          <div className="flex flex-col">
            <span className="text-sm font-medium text-ink-600">Your tier</span>
            <span className="text-2xl font-extrabold tracking-tight" data-testid="tier-name">
              {TIER_LABELS[tier.tier]} · {tier.percent}% commission
            </span>
          </div>
        </div>
        <p className="text-sm text-ink-600">
          {tier.jobsCompleted} completed {tier.jobsCompleted === 1 ? "booking" : "bookings"} ·
          rating {tier.rating.toFixed(2)}
        </p>
        {next ? (
          <div className="flex flex-col gap-4 rounded-xl bg-ink-50 p-4">
            <p className="text-sm font-semibold text-ink-800">
              Next: {TIER_LABELS[next.tier]} at {next.percent}% commission
            </p>
            <Meter
              label="Completed bookings"
              value={tier.jobsCompleted}
              max={tier.jobsCompleted + next.bookingsNeeded}
              text={next.bookingsNeeded > 0 ? `${next.bookingsNeeded} more needed` : "Done"}
            />
            <Meter
              label={`Rating of at least ${next.minRating.toFixed(1)}`}
              value={Math.min(tier.rating, next.minRating)}
              max={next.minRating}
              text={tier.rating >= next.minRating ? "Done" : `${tier.rating.toFixed(2)} now`}
            />
            {next.tier === "elite" ? (
              <p className="text-xs text-ink-600">
                {next.daysNeeded > 0
                  ? `Keep your rating at ${next.minRating.toFixed(1)} or more for ${next.daysNeeded} more days (6 months in all).`
                  : "Your rating has stayed high for 6 months."}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="rounded-xl bg-emerald-50 p-4 text-sm font-medium text-emerald-800">
            {tier.tier === "vip"
              ? "You are a VIP creator, by invitation: the lowest commission we offer."
              : "You are at the highest tier you can earn. VIP is by invitation."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
