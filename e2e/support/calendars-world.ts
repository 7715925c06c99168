import { createCreator } from "../../server/db/factories.ts";
import { type CalendarServer, startCalendarServer } from "../../server/test/calendar-server.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";
import { type Account, PASSWORD } from "./bookings-world.ts";

export type CalendarsWorld = {
  app: TestApp;
  url: string;
  /** An HTTPS server on loopback standing in for Google Calendar (the app trusts its test CA). */
  ics: CalendarServer;
  creator: Account & { profileId: string };
};

/** The app with one creator, and a loopback calendar server it is allowed to fetch from. */
export async function startCalendarsWorld(): Promise<CalendarsWorld> {
  const ics = await startCalendarServer();
  const app = await startTestApp(
    { LOG_LEVEL: "silent" },
    { configure: (config) => ({ ...config, calendarFetchTest: ics.fetchSwitches() }) },
  );
  const creator = await createCreator(app.database.db, {
    fullName: "Nora Frame",
    hourlyRateCents: 15_000,
    user: { password: PASSWORD, emailVerified: true },
  });
  const close = app.close;
  app.close = async () => {
    await close();
    await ics.close();
  };
  return {
    app,
    url: app.url,
    ics,
    creator: {
      email: creator.user.email,
      password: PASSWORD,
      name: "Nora Frame",
      profileId: creator.profile.id,
    },
  };
}
