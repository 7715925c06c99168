import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The account a reset link belongs to (Better Auth keeps reset tokens in "verification"). */
export async function findResetTokenUserId(
  db: Kysely<DB>,
  token: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("verification")
    .select("value")
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row?.value;
}

export type AccountRow = { id: string; email: string; name: string; hasPassword: boolean };

export async function findAccountByEmail(
  db: Kysely<DB>,
  email: string,
): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom("user")
    .leftJoin("account", (join) =>
      join
        .onRef("account.userId", "=", "user.id")
        .on("account.providerId", "=", "credential")
        .on("account.password", "is not", null),
    )
    .select(["user.id", "user.email", "user.name", "account.id as credentialId"])
    .where(sql<string>`lower("user"."email")`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, name: row.name, hasPassword: !!row.credentialId };
}

/** Whether the account has a password (an account made by Google or Facebook may not). */
export async function hasCredentialPassword(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertVerifiedUser(
  db: Kysely<DB>,
  user: { email: string; name: string; location: string | null; signedUpAs: "client" | "creator" },
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("user")
    .values({ id, ...user, email: user.email.toLowerCase(), emailVerified: true })
    .execute();
  return id;
}

/** Sets the account's password in the row shape Better Auth's own sign-up writes. */
export async function upsertCredentialPassword(
  db: Kysely<DB>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  const updated = await db
    .updateTable("account")
    .set({ password: passwordHash, updatedAt: new Date() })
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto("account")
    .values({
      id: crypto.randomUUID(),
      userId,
      accountId: userId,
      providerId: "credential",
      password: passwordHash,
    })
    .execute();
}

export async function markEmailVerified(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ emailVerified: true, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Signs the user out everywhere: every session row goes (pass the caller's transaction). */
export async function deleteUserSessions(db: Kysely<DB>, userId: string): Promise<number> {
  const result = await db.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
