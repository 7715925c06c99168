import { ScreenInProgress } from "../components/layout/screen-in-progress.tsx";

export default function Screen() {
  return (
    <ScreenInProgress
      title="Find Creators"
      subtitle="Photographers, videographers and content creators near you"
    />
  );
}
