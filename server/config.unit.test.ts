import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: "development", demoSeed: true, s3: undefined });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ S3_BUCKET: "media" })).toThrow(/set all four or none/);
  });

  it("switches uploads to S3 when all four S3 variables are set", () => {
    const config = loadConfig({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.s3).toMatchObject({ bucket: "media", region: "us-east-1" });
  });
});
