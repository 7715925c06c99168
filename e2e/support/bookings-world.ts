import { createCreator, createUser } from "../../server/db/factories.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";

export const PASSWORD = "e2e-password-123";

export type Account = { email: string; password: string; name: string };

export type BookingsWorld = {
  app: TestApp;
  url: string;
  /** $150/h, in New York time. */
  creator: Account & { profileId: string };
  client: Account;
};

/**
 * The app over a fresh database (its payments on the built-in sandbox provider) with one
 * creator who can sign in, and one client.
 */
export async function startBookingsWorld(): Promise<BookingsWorld> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const db = app.database.db;
  const creator = await createCreator(db, {
    fullName: "Nora Frame",
    hourlyRateCents: 15_000,
    specialties: ["Photography", "Portrait"],
    user: { password: PASSWORD, emailVerified: true },
  });
  const client = await createUser(db, {
    name: "Cleo Client",
    password: PASSWORD,
    emailVerified: true,
  });
  return {
    app,
    url: app.url,
    creator: {
      email: creator.user.email,
      password: PASSWORD,
      name: "Nora Frame",
      profileId: creator.profile.id,
    },
    client: { email: client.email, password: PASSWORD, name: "Cleo Client" },
  };
}
