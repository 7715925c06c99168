import { hashPassword } from "../../platform/passwords.ts";
import { totpSecretToBase32 } from "../../platform/totp.ts";
import { createAdmin, createUser, type Db, enrolTwoFactor } from "../factories.ts";

// The demo admin's two-factor secret (docs/decisions/015): public like its password, so a
// newcomer can add it to an authenticator app. Better Auth keeps secrets as text.
const DEMO_ADMIN_TOTP_SECRET = "shutterhail-demo-2fa";

// The demo world's sign-ins. They exist only in a database the demo seed filled (never in
// production, see seed-demo.ts); e2e tests and the README use these same constants.
export const DEMO_ACCOUNTS = {
  admin: {
    email: "admin@shutterhail.local",
    password: "shutterhail-admin",
    name: "Alex Morgan",
    /** The Base32 key to type into an authenticator app (README, seed log). */
    totpKey: totpSecretToBase32(DEMO_ADMIN_TOTP_SECRET),
  },
  client: {
    email: "client@shutterhail.local",
    password: "shutterhail-client",
    name: "Jamie Lopez",
  },
  /** Every demo creator signs in with its address (e.g. sofia.martinez@…) and this password. */
  creatorPassword: "shutterhail-creator",
  creatorEmailDomain: "creators.shutterhail.local",
} as const;

export function demoCreatorEmail(name: string): string {
  const local = name
    .toLowerCase()
    .replace(/[^a-z ]/g, "")
    .trim()
    .split(/\s+/)
    .join(".");
  return `${local}@${DEMO_ACCOUNTS.creatorEmailDomain}`;
}

const CLIENT_NAMES = [
  "Jessica Miller",
  "Robert Kim",
  "Ana Garcia",
  "Michael Torres",
  "Brittany Scott",
  "Jose Luna",
  "Lauren Price",
  "Chris Walker",
  "Daniela Ramos",
  "Kevin Hughes",
  "Samantha Bell",
  "Omar Aziz",
  "Stephanie Nash",
  "Victor Estrada",
];

export type DemoClient = { id: string; authorName: string };

/** The admin, the demo client and the (password-less) clients behind past bookings. */
export async function seedDemoAccounts(db: Db, authSecret: string) {
  const { admin, client } = DEMO_ACCOUNTS;
  const adminUser = await createAdmin(db, {
    email: admin.email,
    password: admin.password,
    name: admin.name,
    role: "super_admin",
  });
  await enrolTwoFactor(db, {
    userId: adminUser.id,
    totpSecret: DEMO_ADMIN_TOTP_SECRET,
    authSecret,
  });
  const demoClient = await createUser(db, {
    ...client,
    signedUpAs: "client",
    location: "Miami, FL",
  });
  const clients: DemoClient[] = [];
  for (const name of CLIENT_NAMES) {
    const user = await createUser(db, {
      name,
      email: `${name.toLowerCase().replace(" ", ".")}@clients.shutterhail.local`,
      location: "South Florida",
    });
    const [first, last] = name.split(" ") as [string, string];
    clients.push({ id: user.id, authorName: `${first} ${last[0]}.` });
  }
  const creatorPasswordHash = await hashPassword(DEMO_ACCOUNTS.creatorPassword);
  return { adminId: adminUser.id, demoClient, clients, creatorPasswordHash };
}
