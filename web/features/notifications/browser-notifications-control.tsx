import { Bell } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { askBrowserPermission, browserPermission } from "./browser-notifications.ts";

const STATES = {
  granted: "Browser notifications are on: you will see one when this tab is in the background.",
  denied: "Browser notifications are blocked. Allow them in your browser's site settings.",
  default: "Get a browser notification when something happens while this tab is in the background.",
  unsupported: "This browser does not support notifications.",
} as const;

/** Asks the browser's permission, only when clicked. */
export function BrowserNotificationsControl() {
  const [permission, setPermission] = useState(browserPermission);
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-ink-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Bell className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
        <p className="text-sm text-ink-700">{STATES[permission]}</p>
      </div>
      {permission === "default" && (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          onClick={async () => setPermission(await askBrowserPermission())}
        >
          Enable browser notifications
        </Button>
      )}
    </div>
  );
}
