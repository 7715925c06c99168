import { lookup } from "node:dns/promises";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { rootCertificates } from "node:tls";

// Fetching an address a user typed (an external calendar) without letting them reach inside
// our network (SSRF): https only; the name resolved here, every address checked against the
// private, loopback, link-local and reserved ranges, and the connection made to that checked
// address (no second lookup an attacker's DNS could answer differently); redirects followed by
// hand, each hop checked again; a size limit while reading and one deadline for everything.

export class SafeFetchError extends Error {}

export type SafeFetchOptions = {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  userAgent: string;
  /** Tests only (deps refuse it in production): private addresses let through, exactly. */
  allowedAddresses?: readonly string[];
  /** Tests only: roots trusted besides Node's bundled ones (a test CA). */
  trustedRootsPem?: readonly string[];
  /** Tests only: name resolution (e.g. calendar.test → 127.0.0.1). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
};

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: could wrap a private IPv4
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, "ipv6");
}

/** Whether `address` is one the public internet routes (IPv4-mapped IPv6 checked as IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

const resolveSystem = (host: string) => lookup(host, { all: true, verbatim: true });

async function checkedAddress(url: URL, options: SafeFetchOptions) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const found = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await (options.resolve ?? resolveSystem)(host).catch(() => {
        throw new SafeFetchError(`The calendar's server ${host} was not found`);
      });
  if (!found.length) throw new SafeFetchError(`The calendar's server ${host} was not found`);
  const allowed = (a: string) => isPublicAddress(a) || options.allowedAddresses?.includes(a);
  // Every answer must be public: a name that also points inside is refused outright.
  if (!found.every((f) => allowed(f.address))) {
    throw new SafeFetchError(`${host} points to a private or local network address; refused`);
  }
  return { host, address: found[0]!.address };
}

/** The address as an https URL: webcal:// (Apple) is https; anything else is refused. */
export function httpsUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new SafeFetchError("That is not a web address");
  }
  if (url.protocol !== "https:") throw new SafeFetchError("Only https addresses are fetched");
  if (url.username || url.password)
    throw new SafeFetchError("Addresses with a password are refused");
  return url;
}

type Hop = { status: number; location?: string; body?: Buffer };

function requestOnce(
  url: URL,
  target: { host: string; address: string },
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const request = https.request({
      host: target.address,
      port: url.port || 443,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      // The certificate is checked against the name, the connection made to the checked address.
      servername: isIP(target.host) ? undefined : target.host,
      ca: options.trustedRootsPem ? [...rootCertificates, ...options.trustedRootsPem] : undefined,
      headers: {
        host: url.host,
        accept: "text/calendar, */*;q=0.1",
        "user-agent": options.userAgent,
      },
      signal,
      agent: false,
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        resolve({ status, location: response.headers.location });
        return;
      }
      const declared = Number(response.headers["content-length"] ?? 0);
      if (declared > options.maxBytes) {
        request.destroy();
        reject(new SafeFetchError(tooLarge(options)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy(new SafeFetchError(tooLarge(options)));
          return;
        }
        chunks.push(chunk);
      });
      response.on("error", reject);
      response.on("end", () => resolve({ status, body: Buffer.concat(chunks) }));
    });
    request.end();
  });
}

const tooLarge = (o: SafeFetchOptions) =>
  `The calendar is larger than ${Math.round(o.maxBytes / 1024 / 1024)} MB; refused`;

function explain(error: unknown, options: SafeFetchOptions): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e?.name === "AbortError" || e?.code === "ABORT_ERR") {
    return new SafeFetchError(
      `The calendar's server did not answer within ${Math.round(options.timeoutMs / 1000)} seconds`,
    );
  }
  if (e?.code?.startsWith("ERR_TLS") || /certificate/i.test(e?.message ?? "")) {
    return new SafeFetchError(
      `The calendar's server has an untrusted certificate (${e.code ?? e.message})`,
    );
  }
  return new SafeFetchError(
    `The calendar could not be fetched (${e?.code ?? e?.message ?? "error"})`,
  );
}

/** The body of `raw` as text, or a SafeFetchError whose message can be shown to its owner. */
export async function safeFetchText(raw: string, options: SafeFetchOptions): Promise<string> {
  let url = httpsUrl(raw);
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
      const target = await checkedAddress(url, options);
      signal.throwIfAborted();
      const answer = await requestOnce(url, target, options, signal);
      if (answer.location !== undefined) {
        url = httpsUrl(new URL(answer.location, url).toString());
        continue;
      }
      if (answer.status !== 200) {
        throw new SafeFetchError(`The calendar's server answered ${answer.status}`);
      }
      return (answer.body ?? Buffer.alloc(0)).toString("utf8");
    }
    throw new SafeFetchError("The calendar's address redirects too many times");
  } catch (error) {
    throw explain(error, options);
  }
}
