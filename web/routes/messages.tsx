import { MessagesScreen } from "../features/messages/messages-screen.tsx";

export default function Screen() {
  return <MessagesScreen />;
}
