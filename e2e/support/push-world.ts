import { createCreator, createUser } from "../../server/db/factories.ts";
import { signIn } from "../../server/test/accounts.ts";
import { type CertificateWorkshop, certificateWorkshop } from "../../server/test/certificates.ts";
import {
  type BrowserSubscription,
  browserSubscription,
  type FakePushService,
  startFakePushService,
} from "../../server/test/fake-push-service.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";

const PASSWORD = "e2e-password-123";

/** Downtown Miami: the client's hail, and the area the creator stays available in. */
export const HAIL_POINT = { lat: 25.7743, lng: -80.1937 };

export type PushWorld = {
  app: TestApp;
  url: string;
  /** The vendor's push service on loopback: the server's pushes land here, encrypted. */
  pushService: FakePushService;
  /** A photographer, and the push subscription the server knows for her phone. */
  creator: { cookie: string; userId: string; profileId: string; device: BrowserSubscription };
  client: { cookie: string; userId: string; email: string };
  close(): Promise<void>;
};

/**
 * The app over a fresh database, its pushes going to a push service on loopback (TLS, its own
 * root trusted), with a creator who has one device subscribed and a client who can hail.
 */
export async function startPushWorld(): Promise<PushWorld> {
  const workshop: CertificateWorkshop = await certificateWorkshop();
  const pushService = await startFakePushService(workshop);
  const app = await startTestApp(
    { LOG_LEVEL: "silent" },
    {
      configure: (config) => ({
        ...config,
        push: {
          ...config.push,
          serviceHosts: [...config.push.serviceHosts, "127.0.0.1"],
          trustedRootsPem: [pushService.rootPem],
        },
      }),
    },
  );
  const db = app.database.db;
  const nora = await createCreator(db, {
    fullName: "Nora Frame",
    hourlyRateCents: 15_000,
    type: "photographer",
    specialties: ["Photography", "Portrait"],
    lat: 25.7845,
    lng: -80.1903,
    travelRadius: 25,
    availableNow: false,
    minNoticeMinutes: 0,
    user: { password: PASSWORD, emailVerified: true },
  });
  const client = await createUser(db, { name: "Cleo Client", password: PASSWORD });
  const creatorCookie = await signIn(app, nora.user.email, PASSWORD);
  const device = browserSubscription(pushService);
  const subscribed = await app.fetch("/api/push/subscriptions", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: creatorCookie, origin: app.url },
    body: JSON.stringify({ endpoint: device.endpoint, keys: device.keys, device: "Nora's phone" }),
  });
  if (subscribed.status !== 200) throw new Error(`subscribe failed: ${subscribed.status}`);
  return {
    app,
    url: app.url,
    pushService,
    creator: {
      cookie: creatorCookie,
      userId: nora.user.id,
      profileId: nora.profile.id,
      device,
    },
    client: {
      cookie: await signIn(app, client.email, PASSWORD),
      userId: client.id,
      email: client.email,
    },
    close: async () => {
      await app.close();
      await pushService.close();
      await workshop.close();
    },
  };
}
