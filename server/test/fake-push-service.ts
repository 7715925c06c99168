import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { CertificateWorkshop } from "./certificates.ts";

// A browser vendor's push service on loopback (RFC 8030), and the browser's side of a
// subscription: its P-256 key pair and auth secret, so a test decrypts what the server sent
// exactly as the browser would (RFC 8291, aes128gcm of RFC 8188) and checks the VAPID
// signature (RFC 8292) as the push service would.

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type FakePushService = {
  origin: string;
  /** The root the service's certificate chains to (give it to config.push.trustedRootsPem). */
  rootPem: string;
  received: ReceivedPush[];
  /** From now on the service answers `status` for this endpoint (404/410: the device is gone). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
};

export async function startFakePushService(
  workshop: CertificateWorkshop,
): Promise<FakePushService> {
  const root = await workshop.make({ subject: "/CN=Fake Push Root", ca: true });
  const leaf = await workshop.make({
    subject: "/CN=127.0.0.1",
    issuer: root,
    altNames: ["IP:127.0.0.1"],
  });
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer({ key: leaf.keyPem, cert: leaf.pem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    rootPem: root.pem,
    received,
    answer: (endpoint, status) => answers.set(new URL(endpoint).pathname, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type BrowserSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a push body sent to this subscription (throws when it was not for it). */
  decrypt(body: Buffer): string;
};

/** What PushManager.subscribe would give a browser for this push service. */
export function browserSubscription(service: FakePushService): BrowserSubscription {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint: `${service.origin}/push/${randomBytes(12).toString("base64url")}`,
    keys: { p256dh: publicKey.toString("base64url"), auth: authSecret.toString("base64url") },
    decrypt: (body) => decryptAes128gcm(body, ecdh, publicKey, authSecret),
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac("sha256", key);
  for (const d of data) h.update(d);
  return h.digest();
};

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padded by a 0x02 delimiter and zeros. */
function decryptAes128gcm(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  uaPublic: Buffer,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(
    0,
    16,
  );
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(
    0,
    12,
  );
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("not the last record (no 0x02 delimiter)");
  return padded.subarray(0, end).toString("utf8");
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the key is `publicKey`, the JWT is
 * ES256-signed by it; answers its claims.
 */
export function verifyVapid(headers: IncomingHttpHeaders, publicKey: string): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${headers.authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error("signed with another key");
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const raw = Buffer.from(publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: raw.subarray(1, 33).toString("base64url"),
    y: raw.subarray(33, 65).toString("base64url"),
  };
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("the VAPID signature does not verify");
  const { alg } = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string };
  if (alg !== "ES256") throw new Error(`VAPID JWT alg ${alg}`);
  return JSON.parse(Buffer.from(claims, "base64url").toString()) as VapidClaims;
}
