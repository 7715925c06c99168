import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import {
  MAIL_CATEGORIES,
  type OptionalMailCategory,
  type Preferences,
} from "../../../contracts/preferences.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { BrowserNotificationsControl } from "./browser-notifications-control.tsx";
import { usePreferences, useSavePreferences } from "./preferences-api.ts";
import { SettingSwitch } from "./setting-switch.tsx";

export const NOTIFICATION_SETTINGS_ID = "notification-settings";

function SettingsForm({ saved }: { saved: Preferences }) {
  const [draft, setDraft] = useState(saved);
  const save = useSavePreferences();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const setMail = (category: OptionalMailCategory, on: boolean) =>
    setDraft((d) => ({ ...d, mail: { ...d.mail, [category]: on } }));

  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <section className="flex flex-col" aria-labelledby="settings-messages">
        <h3
          id="settings-messages"
          className="text-sm font-semibold uppercase tracking-wide text-ink-500"
        >
          Messages
        </h3>
        <SettingSwitch
          label="Show read receipts"
          description="Let the other person see 'Seen' when you have read their messages."
          checked={draft.readReceipts}
          onCheckedChange={(on) => setDraft((d) => ({ ...d, readReceipts: on }))}
        />
      </section>
      <section className="flex flex-col" aria-labelledby="settings-mail">
        <h3
          id="settings-mail"
          className="text-sm font-semibold uppercase tracking-wide text-ink-500"
        >
          Email
        </h3>
        <div className="divide-y divide-ink-100">
          {MAIL_CATEGORIES.map((category) =>
            category.optional ? (
              <SettingSwitch
                key={category.value}
                label={category.label}
                checked={draft.mail[category.value]}
                onCheckedChange={(on) => setMail(category.value, on)}
              />
            ) : (
              <div key={category.value} className="flex items-center justify-between gap-4 py-3">
                <span className="text-sm font-medium text-ink-900">{category.label}</span>
                <span className="rounded-full bg-ink-100 px-2.5 py-1 text-xs font-semibold text-ink-600">
                  Always on
                </span>
              </div>
            ),
          )}
        </div>
        <p className="pt-1 text-xs text-ink-500">
          Payment and account emails always go: they are about your money and your account.
        </p>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="settings-browser">
        <h3
          id="settings-browser"
          className="text-sm font-semibold uppercase tracking-wide text-ink-500"
        >
          This browser
        </h3>
        <BrowserNotificationsControl />
      </section>
      <div className="flex justify-end">
        <Button type="submit" disabled={!dirty || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}

/** The account screen's settings for read receipts, mail and browser notifications. */
export function NotificationSettingsCard() {
  const preferences = usePreferences();
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const loaded = Boolean(preferences.data);
  // A link to the settings (the unsubscribe page's) lands on the card once it has its height.
  useEffect(() => {
    if (loaded && hash === `#${NOTIFICATION_SETTINGS_ID}`) ref.current?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <Card ref={ref} id={NOTIFICATION_SETTINGS_ID} className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2>Notifications</h2>
        </CardTitle>
        <CardDescription>Choose what we email you and what others see.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={preferences}
          failed="Your settings could not be loaded."
          size="compact"
          className="p-0 text-left"
        >
          {(saved) => <SettingsForm key={JSON.stringify(saved)} saved={saved} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
