import { ScreenInProgress } from "../components/layout/screen-in-progress.tsx";

export default function Screen() {
  return (
    <ScreenInProgress
      title="Availability Manager"
      subtitle="Control when you're available for bookings"
    />
  );
}
