import { createCreator } from "../db/factories.ts";
import type { AccessLevel } from "../platform/access.ts";
import { createAdmin, createVerifiedUser } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

/** The four kinds of caller a route can see. */
export type Caller = "anonymous" | "client" | "creator" | "admin";
export const CALLERS: Caller[] = ["anonymous", "client", "creator", "admin"];

/** The callers each access level lets in. */
export const ADMITTED: Record<AccessLevel, Caller[]> = {
  public: CALLERS,
  signedIn: ["client", "creator", "admin"],
  creator: ["creator"],
  admin: ["admin"],
  internal: [],
};

/** A signed-in client, approved creator and admin; the Cookie header each sends. */
export async function signInCallers(app: TestApp) {
  const client = await createVerifiedUser(app);
  const creator = await createVerifiedUser(app);
  await createCreator(app.database.db, { userId: creator.userId, approved: true });
  const admin = await createAdmin(app);
  const cookies: Record<Caller, string | undefined> = {
    anonymous: undefined,
    client: client.cookie,
    creator: creator.cookie,
    admin: admin.cookie,
  };
  return {
    cookies,
    userIds: { client: client.userId, creator: creator.userId, admin: admin.userId },
  };
}
