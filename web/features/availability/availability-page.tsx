import type { ReactNode } from "react";

// Placeholder until the presence work lands: the Availability Manager's frame and its guard.
export function AvailabilityPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Availability Manager</h1>
      <p className="text-slate-600">Control when you're available for bookings</p>
      {children}
    </div>
  );
}
