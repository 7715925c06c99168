import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app.ts";

// Finding 4 (issue 10): a body's size is the route's to choose, never the client's label, and
// nothing reads a body before the route's access guard and rate limits have let it through.

const REFUSING_PATHS = [
  "/api/auth/sign-in/email",
  "/api/no-such-upload",
  "/api/admin/no-such-upload",
  "/api/profile-setup/portfolio",
  "/api/profile-setup/documents",
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // The first request down each path loads code and warms caches (Better Auth alone takes
  // ~150 MB once): memory is compared from there on.
  for (const path of REFUSING_PATHS) await streamMultipart(path, 64 * 1024);
});
afterAll(() => app?.close());

const MB = 1024 * 1024;
const BOUNDARY = "----shutterhailbodylimit";
const MULTIPART_HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
);

type StreamedAnswer = {
  status: number;
  connection: string | undefined;
  body: string;
  /** Bytes the client had written when the answer arrived. */
  sentBeforeAnswer: number;
  /** The most this process's resident memory grew while the request ran. */
  rssGrowth: number;
};

/**
 * POSTs `totalBytes` of multipart body in 64 KB chunks (Transfer-Encoding: chunked, no length),
 * writing only as fast as the server reads, and stops writing once the answer arrives. The
 * server runs in this process, so its memory is this process's memory.
 */
function streamMultipart(
  path: string,
  totalBytes: number,
  { announceLength = false } = {},
): Promise<StreamedAnswer> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 10);
  return new Promise<StreamedAnswer>((resolve, reject) => {
    const request = http.request(`${app.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        ...(announceLength
          ? { "content-length": String(MULTIPART_HEAD.length + totalBytes) }
          : { "transfer-encoding": "chunked" }),
      },
    });
    let sent = 0;
    let answered = false;
    const finish = (answer: Omit<StreamedAnswer, "rssGrowth">) => {
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      request.destroy();
      resolve({ ...answer, rssGrowth: rssPeak - rssBefore });
    };
    request.on("response", (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text) => {
        body += text;
      });
      response.on("end", () =>
        finish({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
          sentBeforeAnswer,
        }),
      );
    });
    // Writing into a connection the server has closed fails; only an error before any answer counts.
    request.on("error", (error) => {
      if (answered) return;
      clearInterval(sampler);
      reject(error);
    });
    request.write(MULTIPART_HEAD);
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

const BIG = 50 * MB;

describe("request bodies are limited per route, never by the client's label", () => {
  it("refuses a chunked 50 MB multipart sign-in after reading at most the small limit", async () => {
    const answer = await streamMultipart("/api/auth/sign-in/email", BIG);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe("payload_too_large");
    expect(answer.connection).toBe("close");
    expect(answer.sentBeforeAnswer).toBeLessThan(BIG / 2);
    expect(answer.rssGrowth).toBeLessThan(30 * MB);
  });

  it("answers a chunked 50 MB multipart POST to an unknown path 404 without reading it", async () => {
    for (const path of ["/api/no-such-upload", "/api/admin/no-such-upload"]) {
      const answer = await streamMultipart(path, BIG);
      expect(answer.status, path).toBe(path.startsWith("/api/admin/") ? 401 : 404);
      expect(answer.connection, path).toBe("close");
      expect(answer.sentBeforeAnswer, path).toBeLessThan(BIG / 2);
      expect(answer.rssGrowth, path).toBeLessThan(30 * MB);
    }
  });

  it("refuses an anonymous upload to a creator's upload route 401 before reading its body", async () => {
    for (const path of ["/api/profile-setup/portfolio", "/api/profile-setup/documents"]) {
      const answer = await streamMultipart(path, BIG);
      expect(answer.status, path).toBe(401);
      expect(answer.sentBeforeAnswer, path).toBeLessThan(BIG / 2);
      expect(answer.rssGrowth, path).toBeLessThan(30 * MB);
    }
  });

  it("refuses a chunked JSON body over 1 MB with 413 and closes the connection", async () => {
    const answer = await streamMultipart("/api/applications", 5 * MB);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
  });

  it("refuses a JSON body whose Content-Length is over 1 MB with 413 and closes the connection", async () => {
    const response = await app.fetch("/api/applications", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ bio: "a".repeat(1.5 * MB) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect((await response.json()).error.message).toBe("Request body is too large");
  });

  it("lets an upload route read more than the small limit, up to its own", async () => {
    const file = new File([Buffer.alloc(2 * MB, 0x61)], "big.png", { type: "image/png" });
    const form = new FormData();
    form.append("file", file);
    const response = await app.fetch("/api/applications/sample-images", {
      method: "POST",
      body: form,
    });
    // Past the body limit: the content itself is refused, as not an image.
    expect(response.status).toBe(400);
    const tooBig = await streamMultipart("/api/applications/sample-images", 100 * MB, {
      announceLength: true,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.sentBeforeAnswer).toBeLessThan(50 * MB);
  });
});
