// `npm run admin:create -- --email someone@example.com [--role super_admin] [--deactivate]`
// Grants staff access to an account (creating it, verified and without a password, if
// needed) or takes it away. While the app runs on the embedded database, the command never
// opens its data directory: it asks the running app to make the change, or stops.
import { parseArgs } from "node:util";
import { ZAdminRole } from "../../contracts/accounts.ts";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { DataDirInUseError } from "../db/data-dir-lock.ts";
import { migrate } from "../db/migrate.ts";
import { openConfiguredDatabase } from "../db/open-from-config.ts";
import { changeStaffAccess, type StaffChange } from "../features/staff/staff-access.ts";
import { siteOrigin } from "../platform/auth.ts";
import { readControlFile } from "../platform/control-channel.ts";

const USAGE =
  "Usage: npm run admin:create -- --email someone@example.com [--role super_admin] [--deactivate]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: { email?: string; role?: string; deactivate?: boolean; help?: boolean };
try {
  ({ values: args } = parseArgs({
    options: {
      email: { type: "string" },
      role: { type: "string", default: "super_admin" },
      deactivate: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const email = args.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`Give a valid --email.\n${USAGE}`);
const role = ZAdminRole.safeParse(args.role);
if (!role.success) fail(`--role: ${role.error.issues[0]?.message}`);

function report(change: StaffChange, origin: string, smtp: boolean) {
  if (change.action === "unchanged") {
    console.log(change.reason);
  } else if (change.action === "deactivated") {
    console.log(`Staff access removed from ${email}. It ends with that account's next request.`);
  } else {
    console.log(
      `${email} now has staff access as ${role.data}${change.created ? " (new account, email verified)" : ""}.`,
    );
    if (change.hasPassword) {
      console.log(`It signs in at ${origin}/admin/login with its current password.`);
    } else {
      console.log(
        `It has no password yet. To set one, open ${origin}/admin/forgot, enter ${email} and follow the emailed link` +
          (smtp ? "." : ` (without SMTP_URL, read the mail at ${origin}/dev/outbox).`),
      );
    }
    console.log(
      "Staff sign in with a code from an authenticator app too: the first sign-in sets it up.",
    );
  }
}

/** The app holds the embedded database: ask it to make the change instead. */
async function throughRunningApp(config: Config, holder: DataDirInUseError): Promise<boolean> {
  const control = readControlFile(config);
  if (!control || control.pid !== holder.pid) return false;
  const response = await fetch(`http://127.0.0.1:${control.port}/api/internal/staff`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${control.token}` },
    body: JSON.stringify({ email, role: role.data, deactivate: args.deactivate ?? false }),
  }).catch(() => undefined);
  if (!response?.ok) return false;
  console.log(`(The app is running on this database, process ${holder.pid}: it made the change.)`);
  report((await response.json()) as StaffChange, siteOrigin(config), !!config.smtpUrl);
  return true;
}

let config: Config | undefined;
try {
  config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database.pool);
    const change = await changeStaffAccess(
      { database },
      {
        email,
        role: role.data,
        deactivate: args.deactivate ?? false,
      },
    );
    report(change, siteOrigin(config), !!config.smtpUrl);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirInUseError && config) {
    if (await throughRunningApp(config, error)) process.exit(0);
    fail(
      `The app (process ${error.pid}) is running on the embedded database in ${error.dataDir} and ` +
        "could not be reached; two processes would corrupt it, so nothing was changed. Stop the " +
        "app, run this command again, then start the app (or set DATABASE_URL to use a " +
        "PostgreSQL server).",
    );
  }
  fail(
    error instanceof ConfigError
      ? error.message
      : `admin:create failed: ${(error as Error).message}`,
  );
}
