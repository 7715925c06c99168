import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CalendarServer, startCalendarServer } from "../test/calendar-server.ts";
import { isPublicAddress, type SafeFetchOptions, safeFetchText } from "./safe-fetch.ts";

// The external-calendar fetcher against a real HTTPS server on loopback: what it fetches, and
// every way a typed address could reach inside the network or hold the job up.

let server: CalendarServer;
let options: SafeFetchOptions;
beforeAll(async () => {
  server = await startCalendarServer();
  options = {
    maxBytes: 64 * 1024,
    timeoutMs: 1_000,
    maxRedirects: 3,
    userAgent: "ShutterHail-test",
    ...server.fetchSwitches({ "evil.test": "10.1.2.3", "metadata.test": "169.254.169.254" }),
  };
  server.serve("/ok.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR");
});
afterAll(() => server?.close());

const refusal = async (url: string, o: SafeFetchOptions = options) => {
  try {
    await safeFetchText(url, o);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${url} was fetched`);
};

describe("safe fetching of a typed address", () => {
  it("fetches an https calendar through the checked address, webcal:// read as https://", async () => {
    expect(await safeFetchText(`${server.origin}/ok.ics`, options)).toContain("BEGIN:VCALENDAR");
    const webcal = `${server.origin.replace("https://", "webcal://")}/ok.ics`;
    expect(await safeFetchText(webcal, options)).toContain("BEGIN:VCALENDAR");
  });

  it("refuses http, passwords and non-addresses", async () => {
    expect(await refusal(`http://calendar.test:${server.port}/ok.ics`)).toBe(
      "Only https addresses are fetched",
    );
    expect(await refusal(`https://me:pw@calendar.test:${server.port}/ok.ics`)).toMatch(/password/);
    expect(await refusal("not a url")).toBe("That is not a web address");
  });

  it("refuses private, loopback and link-local addresses, literal or after resolution", async () => {
    for (const url of [
      "https://10.0.0.8/x.ics",
      "https://192.168.1.1/x.ics",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x.ics",
      "https://[::ffff:127.0.0.2]/x.ics",
      "https://127.0.0.2/x.ics",
      `https://evil.test:${server.port}/ok.ics`,
      `https://metadata.test:${server.port}/ok.ics`,
    ]) {
      expect(await refusal(url)).toMatch(/private or local network address; refused/);
    }
    expect(server.hits("/x.ics")).toBe(0);
  });

  it("checks every redirect again: a hop to a private address or to http is refused", async () => {
    server.on("/to-private", (_q, r) => r.writeHead(302, { location: "https://10.1.2.3/x" }).end());
    server.on("/to-evil", (_q, r) =>
      r.writeHead(301, { location: `https://evil.test:${server.port}/ok.ics` }).end(),
    );
    server.on("/to-http", (_q, r) =>
      r.writeHead(302, { location: `http://calendar.test:${server.port}/ok.ics` }).end(),
    );
    server.on("/to-ok", (_q, r) => r.writeHead(302, { location: "/ok.ics" }).end());
    server.on("/loop", (_q, r) => r.writeHead(302, { location: "/loop" }).end());
    expect(await refusal(`${server.origin}/to-private`)).toMatch(/private or local/);
    expect(await refusal(`${server.origin}/to-evil`)).toMatch(/evil\.test points to a private/);
    expect(await refusal(`${server.origin}/to-http`)).toBe("Only https addresses are fetched");
    expect(await refusal(`${server.origin}/loop`)).toMatch(/redirects too many times/);
    expect(await safeFetchText(`${server.origin}/to-ok`, options)).toContain("VCALENDAR");
  });

  it("refuses a calendar over the size limit, declared or streamed", async () => {
    const big = "X".repeat(100 * 1024);
    server.on("/declared", (_q, r) => r.writeHead(200, { "content-length": big.length }).end(big));
    server.on("/streamed", (_q, r) => {
      r.writeHead(200, { "transfer-encoding": "chunked" });
      for (let i = 0; i < 10; i += 1) r.write("Y".repeat(10 * 1024));
      r.end();
    });
    expect(await refusal(`${server.origin}/declared`)).toMatch(/larger than/);
    expect(await refusal(`${server.origin}/streamed`)).toMatch(/larger than/);
  });

  it("gives up on a server that stalls, and reports other answers", async () => {
    server.on("/stall", (_q, r) => {
      r.writeHead(200);
      r.write("BEGIN:VCALENDAR\r\n"); // and never ends
    });
    expect(await refusal(`${server.origin}/stall`, { ...options, timeoutMs: 300 })).toMatch(
      /did not answer within/,
    );
    expect(await refusal(`${server.origin}/missing`)).toBe("The calendar's server answered 404");
  });

  it("refuses a certificate it does not trust, and a name it cannot find", async () => {
    const untrusting = { ...options, trustedRootsPem: undefined };
    expect(await refusal(`${server.origin}/ok.ics`, untrusting)).toMatch(/untrusted certificate/);
    expect(await refusal(`https://nowhere.test:${server.port}/ok.ics`)).toMatch(/was not found/);
  });

  it("tells public addresses from the rest", () => {
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("2606:4700::1111")).toBe(true);
    for (const a of ["100.64.0.1", "172.16.5.4", "fe80::1", "fd00::1", "::", "0.0.0.0", "x"]) {
      expect(isPublicAddress(a)).toBe(false);
    }
  });
});
