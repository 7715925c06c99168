import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";

export const FAKE_S3_CREDENTIALS = { accessKeyId: "AKIDTEST", secretAccessKey: "s3cr3t-test-key" };

/**
 * An S3-compatible server on loopback: path-style PUT/GET/DELETE objects and ListObjectsV2,
 * refusing any request whose SigV4 signature does not check out.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  let rejected = 0;

  async function signatureValid(req: IncomingMessage, url: URL, body: Buffer) {
    const auth = req.headers.authorization ?? "";
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(";") ?? [];
    const headers = new Headers();
    for (const name of signedHeaders) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const datetime = req.headers["x-amz-date"];
    if (typeof datetime !== "string") return false;
    const signer = new AwsV4Signer({
      method: req.method ?? "GET",
      url: url.toString(),
      headers,
      body: body.length ? new Uint8Array(body) : undefined,
      service: "s3",
      region: "us-east-1",
      datetime,
      ...FAKE_S3_CREDENTIALS,
    });
    const expected = (await signer.sign()).headers.get("authorization");
    return expected === auth;
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (!(await signatureValid(req, url, body))) {
      rejected++;
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const [, urlBucket, ...rest] = url.pathname.split("/");
    if (urlBucket !== bucket) return void res.writeHead(404).end("NoSuchBucket");
    const key = rest.map(decodeURIComponent).join("/");
    if (req.method === "GET" && !key && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
      const xml = `<ListBucketResult>${keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join("")}</ListBucketResult>`;
      return void res.writeHead(200, { "Content-Type": "application/xml" }).end(xml);
    }
    if (req.method === "PUT") {
      objects.set(key, { data: body, contentType: String(req.headers["content-type"]) });
      return void res.writeHead(200).end();
    }
    if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return void res.writeHead(404).end("NoSuchKey");
      return void res.writeHead(200, { "Content-Type": object.contentType }).end(object.data);
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    rejectedCount: () => rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
