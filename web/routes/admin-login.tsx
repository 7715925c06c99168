import { ScreenInProgress } from "../components/layout/screen-in-progress.tsx";

export default function Screen() {
  return <ScreenInProgress title="Admin Sign In" />;
}
