import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import { assertSafeKey, type Storage } from "./storage.ts";

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** Any S3-compatible object store (AWS S3, MinIO, R2…), addressed path-style. */
export function createS3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: "s3",
    region: options.region,
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/$/, "")}/${encodeURIComponent(options.bucket)}`;
  const objectUrl = (key: string) => {
    assertSafeKey(key);
    return `${base}/${key.split("/").map(encodeURIComponent).join("/")}`;
  };

  async function check(response: Response, what: string) {
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 200);
      throw new Error(`S3 ${what} failed with ${response.status}: ${detail}`);
    }
  }

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ "list-type": "2", prefix });
      if (token) query.set("continuation-token", token);
      const response = await client.fetch(`${base}?${query}`);
      await check(response, "list");
      const xml = await response.text();
      for (const match of xml.matchAll(/<Key>([^<]+)<\/Key>/g)) keys.push(decodeXml(match[1]!));
      token = /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1];
    } while (token);
    return keys;
  }

  return {
    async put(key, data, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(data),
        headers: { "Content-Type": contentType },
      });
      await check(response, "put");
    },
    async get(key) {
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) return null;
      await check(response, "get");
      return {
        data: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    async stream(key) {
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) return null;
      await check(response, "get");
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      for (const key of await listKeys(`${prefix}/`)) {
        await check(await client.fetch(objectUrl(key), { method: "DELETE" }), "delete");
      }
    },
  };
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
