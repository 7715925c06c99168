// `npm run admin:create -- --email someone@example.com [--role super_admin] [--deactivate]`
// Grants staff access to an account (creating it, verified and without a password, if
// needed) or takes it away. The embedded database is refused while the app holds it.
import { parseArgs } from "node:util";
import { ZAdminRole } from "../../contracts/accounts.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { DataDirInUseError } from "../db/data-dir-lock.ts";
import { migrate } from "../db/migrate.ts";
import { openConfiguredDatabase } from "../db/open-from-config.ts";
import { changeStaffAccess } from "../features/accounts/service.ts";
import { siteOrigin } from "../platform/auth.ts";

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

try {
  const config = loadConfig();
  const origin = siteOrigin(config);
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database.pool);
    const change = await changeStaffAccess(database.db, {
      email,
      role: role.data,
      deactivate: args.deactivate ?? false,
    });
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
            (config.smtpUrl ? "." : ` (without SMTP_URL, read the mail at ${origin}/dev/outbox).`),
        );
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirInUseError) {
    fail(
      `The app (process ${error.pid}) is running on the embedded database in ${error.dataDir}, and ` +
        "two processes would corrupt it. Nothing was changed. Stop the app, run this command " +
        "again, then start the app (or set DATABASE_URL to use a PostgreSQL server).",
    );
  }
  fail(
    error instanceof ConfigError
      ? error.message
      : `admin:create failed: ${(error as Error).message}`,
  );
}
