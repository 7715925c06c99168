import { ScreenInProgress } from "../components/layout/screen-in-progress.tsx";

export default function Screen() {
  return (
    <ScreenInProgress
      title="Creators Near You"
      subtitle="Tap a marker to view creator details and book instantly"
    />
  );
}
