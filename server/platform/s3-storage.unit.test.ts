import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_S3_CREDENTIALS, startFakeS3 } from "../test/fake-s3.ts";
import { createS3Storage } from "./s3-storage.ts";

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3("media");
});
afterAll(() => s3?.close());

describe("S3-compatible storage", () => {
  it("puts, gets and deletes by prefix with signed requests", async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      bucket: "media",
      region: "us-east-1",
      ...FAKE_S3_CREDENTIALS,
    });
    await storage.put("public/portfolio/u1/img1/thumb.webp", Buffer.from("small"), "image/webp");
    await storage.put("public/portfolio/u1/img1/large.webp", Buffer.from("large"), "image/webp");
    await storage.put("public/portfolio/u1/img2/thumb.webp", Buffer.from("other"), "image/webp");

    const object = await storage.get("public/portfolio/u1/img1/thumb.webp");
    expect(object?.data.toString()).toBe("small");
    expect(object?.contentType).toBe("image/webp");
    expect(await storage.get("public/portfolio/u1/none/thumb.webp")).toBeNull();

    await storage.deletePrefix("public/portfolio/u1/img1");
    expect([...s3.objects.keys()]).toEqual(["public/portfolio/u1/img2/thumb.webp"]);
    expect(s3.rejectedCount()).toBe(0);
  });

  it("fails loudly when the credentials are wrong", async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      bucket: "media",
      region: "us-east-1",
      accessKeyId: FAKE_S3_CREDENTIALS.accessKeyId,
      secretAccessKey: "wrong-secret",
    });
    await expect(storage.put("public/x/y.webp", Buffer.from("z"), "image/webp")).rejects.toThrow(
      /S3 put failed with 403/,
    );
    expect(s3.rejectedCount()).toBeGreaterThan(0);
  });
});
