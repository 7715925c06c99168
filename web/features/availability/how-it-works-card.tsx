import { CalendarClock, ClipboardCheck, Radio } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";

const STEPS = [
  {
    icon: Radio,
    title: "Live Availability",
    text: "Go online when you're ready to shoot now. Clients nearby see you on the map and can book you on the spot.",
  },
  {
    icon: CalendarClock,
    title: "Recurring Schedule",
    text: "Set the hours you usually work each week, so clients can book those times ahead.",
  },
  {
    icon: ClipboardCheck,
    title: "Booking Management",
    text: "Accept or decline requests and follow every session and payment in My Bookings.",
  },
] as const;

/** Spec: the 'How It Works' card with its three steps. */
export function AvailabilityHowItWorks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How It Works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3 sm:flex-col">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <step.icon className="size-5" aria-hidden />
              </span>
              <div>
                <p className="font-semibold text-ink-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </p>
                <p className="mt-1 text-sm text-ink-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
