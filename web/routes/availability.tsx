import { AvailabilityPage } from "../features/availability/availability-page.tsx";
import { AvailabilityHowItWorks } from "../features/availability/how-it-works-card.tsx";
import { LiveAvailabilityCard } from "../features/availability/live-availability-card.tsx";
import { StayAvailableCard } from "../features/availability/stay-available-card.tsx";
import { CalendarSyncCard } from "../features/calendars/calendar-sync-card.tsx";
import { ScheduleCard } from "../features/schedule/schedule-card.tsx";

export default function Screen() {
  return (
    <AvailabilityPage>
      <LiveAvailabilityCard />
      <StayAvailableCard />
      <ScheduleCard />
      <CalendarSyncCard />
      <AvailabilityHowItWorks />
    </AvailabilityPage>
  );
}
