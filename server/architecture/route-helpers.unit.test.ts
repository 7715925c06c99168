import { describe, expect, it } from "vitest";
import { matchingLines, shippedSources } from "./source-files.ts";

// Route files describe bodies and responses with the helpers of server/platform/define-route.ts
// (json, jsonResponse, failure) and read a retry key with its idempotencyKey: one definition
// each, so a change to the error shape or the key's rule is made once.

const OWN_HELPER = [
  /\b(?:const|let)\s+(?:json|jsonResponse|failure|idempotencyKey)\s*=\s*(?:<[^=]*>)?\s*\(/,
  /\bfunction\s+(?:json|jsonResponse|failure|idempotencyKey)\b/,
  /"application\/json":\s*\{?\s*(schema\b|$)/, // a content block written out by hand
  /\{8,128\}/, // the idempotency key's pattern
  /req\.header\(\s*\w*IDEMPOTENCY/, // reading the retry key without idempotencyKey()
];

function ownHelpers(sources: { file: string; text: string }[]): string[] {
  const lines = sources.flatMap((source) =>
    OWN_HELPER.flatMap((pattern) => matchingLines(source, pattern)),
  );
  return [...new Set(lines)];
}

describe("route helpers are defined once", () => {
  it("no feature file defines its own json, failure or idempotency-key check", () => {
    expect(ownHelpers(shippedSources("server/features"))).toEqual([]);
  });

  it("finds a route file's own copy", () => {
    const copies = [
      'const json = <T extends ZodType>(schema: T) => ({ "application/json": { schema } });',
      "const failure = (description: string) => ({ description, content: json(ZErrorResponse) });",
      'content: { "application/json": { schema: ZBooking } },',
      '"application/json": {',
      "const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;",
      "const key = c.req.header(BOOKING_IDEMPOTENCY_HEADER);",
    ];
    const found = ownHelpers(copies.map((text, i) => ({ file: `copy${i}.ts`, text })));
    expect(found).toHaveLength(copies.length);
    const fine = [
      'headers: { Accept: "application/json" }',
      "const json = text ? parse(text) : null;",
    ];
    expect(ownHelpers(fine.map((text) => ({ file: "paypal.ts", text })))).toEqual([]);
  });
});
