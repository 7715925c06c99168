import fc from "fast-check";
import { CALLERS, type Caller } from "../test/callers.ts";
import {
  hostileString,
  invalidId,
  malformed,
  validShaped,
  wellFormed,
  withHostileText,
} from "./malformed-values.ts";
import type { Operation, Parameter } from "./operations.ts";

/** One generated request: who sends it and what; `label` says how it was made (for reports). */
export type FuzzRequest = {
  caller: Caller;
  method: string;
  /** Under /api, query string included. */
  url: string;
  contentType?: string;
  body?: string | Uint8Array;
  label: string;
};

/** Real ids of records the test made, so that some requests get past "not found". */
export type KnownIds = Record<string, string[]>;

type Body = { contentType?: string; body?: string | Uint8Array; label: string };

/** encodeURIComponent that survives lone surrogates (fetch would send U+FFFD for them anyway). */
const encode = (value: string) => encodeURIComponent(wellFormed(value));

function pathValue(param: Parameter, known: KnownIds): fc.Arbitrary<string> {
  const real = known[param.name] ?? [];
  return fc.oneof(
    { weight: 3, arbitrary: invalidId.map(encode) },
    {
      weight: 2,
      arbitrary: (validShaped(param.schema) as fc.Arbitrary<unknown>).map((v) => encode(String(v))),
    },
    // Raw: percent signs and dots as they are, not encoded.
    {
      weight: 1,
      arbitrary: fc.constantFrom("%", "%zz", "%00", "%E0%A4%A", "..", ".", "%2e%2e", "a%2Fb"),
    },
    ...(real.length ? [{ weight: 6, arbitrary: fc.constantFrom(...real) }] : []),
  );
}

function queryString(params: Parameter[]): fc.Arbitrary<string> {
  const value = (p: Parameter) =>
    fc.oneof(
      withHostileText(p.schema).map((v) => String(v)),
      malformed(p.schema).map((v) => (typeof v === "string" ? v : JSON.stringify(v))),
    );
  const pairs = fc.array(
    fc.oneof(
      ...params.map((p) => value(p).map((v) => [p.name, v] as const)),
      fc.tuple(hostileString, hostileString),
    ),
    { maxLength: 6 },
  );
  return fc.oneof(
    {
      weight: 5,
      arbitrary: pairs.map((list) =>
        new URLSearchParams(list.map(([k, v]) => [wellFormed(k), wellFormed(v)])).toString(),
      ),
    },
    // Raw query text: broken percent-encoding, a bare `&`, repeated keys.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%",
        "a=%zz",
        "=&=&",
        "page=1&page=2&page=x",
        ...params.map((p) => `${p.name}=%E0%A4%A`),
        ...params.map((p) => `${p.name}[]=1&${p.name}[a]=2`),
        ...params.map((p) => `${p.name}`),
      ),
    },
  );
}

const JSON_TYPE = "application/json";
const MAX_URL_LENGTH = 8_000;

function jsonBodies(operation: Operation): fc.Arbitrary<Body> {
  const schema = operation.jsonBody ?? {};
  const valid = validShaped(schema).map((v) => JSON.stringify(v));
  const deep = fc.integer({ min: 1_000, max: 200_000 });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: withHostileText(schema).map((v) => ({
        contentType: JSON_TYPE,
        body: JSON.stringify(v),
        label: "hostile text in a valid shape",
      })),
    },
    {
      weight: 8,
      arbitrary: malformed(schema).map((v) => ({
        contentType: JSON_TYPE,
        body: JSON.stringify(v),
        label: "malformed value",
      })),
    },
    {
      weight: 1,
      arbitrary: valid.map((body) => ({
        contentType: JSON_TYPE,
        body,
        label: "valid-shaped value",
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat()).map(([text, n]) => ({
        contentType: JSON_TYPE,
        body: text.slice(0, n % Math.max(text.length, 1)),
        label: "truncated JSON",
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: JSON_TYPE, body: "", label: "empty body" }),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: JSON_TYPE, label: "no body" }) },
    {
      weight: 1,
      arbitrary: hostileString.map((body) => ({ contentType: JSON_TYPE, body, label: "not JSON" })),
    },
    {
      weight: 1,
      arbitrary: deep.map((n) => ({
        contentType: JSON_TYPE,
        body: `${"[".repeat(n)}${"]".repeat(n)}`,
        label: `${n} nested arrays`,
      })),
    },
    {
      weight: 1,
      arbitrary: deep.map((n) => ({
        contentType: JSON_TYPE,
        body: `${'{"a":'.repeat(n)}1${"}".repeat(n)}`,
        label: `${n} nested objects`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => ({
        contentType: JSON_TYPE,
        body: `[${"0,".repeat(n)}0]`,
        label: `array of ${n}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 200 })
        .map((body) => ({ contentType: JSON_TYPE, body, label: "random bytes" })),
    },
    // Invalid UTF-8 inside a JSON string.
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: JSON_TYPE,
        body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
        label: "invalid UTF-8",
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, wrongContentType).map(([body, contentType]) => ({
        contentType,
        body,
        label: `JSON sent as ${contentType ?? "nothing"}`,
      })),
    },
  );
}

const wrongContentType = fc.constantFrom(
  undefined,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/xml",
  "application/json; charset=utf-16",
  "application/json; charset=\u00ff",
  "application/jsonx",
  "*/*",
  "",
);

/** Multipart bodies that are broken in the ways clients and attackers break them. */
function multipartBodies(operation: Operation): fc.Arbitrary<Body> {
  const fields = operation.multipartFields ?? ["file"];
  const boundary = "fuzzBoundary7MA4YWxk";
  const fileBytes = fc.oneof(
    fc.uint8Array({ minLength: 0, maxLength: 300 }),
    // Image and PDF signatures with nothing (or garbage) after them.
    fc.constantFrom(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xff,
        0xff, 0xff, 0xff,
      ]),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]),
      new TextEncoder().encode("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj"),
      new TextEncoder().encode("GIF89a"),
      new TextEncoder().encode("<svg onload=alert(1)>"),
    ),
  );
  const part = fc.record({
    name: fc.oneof(fc.constantFrom(...fields, "files", "file[]", "FILE", ""), hostileString),
    filename: fc.option(
      fc.oneof(fc.constantFrom("a.png", "a.pdf", "../../a.png", "a\r\nb.png", ""), hostileString),
    ),
    type: fc.option(
      fc.constantFrom("image/png", "image/jpeg", "application/pdf", "text/html", "image/svg+xml"),
    ),
    data: fc.oneof(
      fileBytes,
      hostileString.map((s) => new TextEncoder().encode(s)),
    ),
  });
  const assemble = (
    parts: { name: string; filename: string | null; type: string | null; data: Uint8Array }[],
  ) =>
    Buffer.concat([
      ...parts.flatMap((p) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${wellFormed(p.name)}"${p.filename === null ? "" : `; filename="${wellFormed(p.filename)}"`}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
        ),
        Buffer.from(p.data),
        Buffer.from("\r\n"),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
  const parts = fc.array(part, { minLength: 0, maxLength: 5 });
  const withBoundary = `multipart/form-data; boundary=${boundary}`;
  return fc.oneof(
    {
      weight: 4,
      arbitrary: parts.map((p) => ({
        contentType: withBoundary,
        body: new Uint8Array(assemble(p)),
        label: "malformed parts",
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(parts, fc.nat()).map(([p, n]) => {
        const all = assemble(p);
        return {
          contentType: withBoundary,
          body: new Uint8Array(all.subarray(0, n % Math.max(all.length, 1))),
          label: "truncated multipart",
        };
      }),
    },
    {
      weight: 1,
      arbitrary: parts.map((p) => ({
        contentType: "multipart/form-data",
        body: new Uint8Array(assemble(p)),
        label: "no boundary",
      })),
    },
    {
      weight: 1,
      arbitrary: parts.map((p) => ({
        contentType: "multipart/form-data; boundary=otherBoundary",
        body: new Uint8Array(assemble(p)),
        label: "wrong boundary",
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          `multipart/form-data; boundary=""`,
          "multipart/form-data; boundary=",
          `multipart/form-data; boundary=${"x".repeat(200)}`,
        )
        .map((contentType) => ({ contentType, body: "--x--", label: "bad boundary" })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: withBoundary, body: "", label: "empty multipart" }),
    },
    {
      weight: 1,
      arbitrary: wrongContentType.map((contentType) => ({
        contentType,
        body: "file=abc",
        label: `upload sent as ${contentType ?? "nothing"}`,
      })),
    },
  );
}

/** A body for a route that takes none: something anyway, or nothing. */
const strayBodies: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ label: "no body" }),
  fc.constant({ contentType: JSON_TYPE, body: "{not json", label: "stray malformed JSON" }),
  wrongContentType.map((contentType) => ({ contentType, body: "x", label: "stray body" })),
);

/** Generated malformed requests for one operation, as `callers`. */
export function malformedRequests(
  operation: Operation,
  known: KnownIds,
  callers: Caller[] = CALLERS,
): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...operation.pathParams.map((p) => pathValue(p, known).map((v) => [p.name, v] as const)))
    .map((values) =>
      values.reduce((url, [name, v]) => url.replace(`{${name}}`, v), `/api${operation.path}`),
    );
  const query = fc.option(queryString(operation.queryParams), { freq: 4 });
  const takesBody = !["GET", "HEAD", "DELETE"].includes(operation.method);
  const body = operation.multipartFields
    ? multipartBodies(operation)
    : operation.jsonBody
      ? jsonBodies(operation)
      : takesBody
        ? strayBodies
        : fc.constant<Body>({ label: "no body" });
  return fc
    .record({ caller: fc.constantFrom(...callers), path, query, body })
    .map(({ caller, path, query, body }) => ({
      caller,
      method: operation.method,
      // Node refuses a request head over 16 KB itself (a bodyless 431) before the app sees it.
      url: (query ? `${path}?${query}` : path).slice(0, MAX_URL_LENGTH),
      contentType: body.contentType,
      body: body.body,
      label: body.label,
    }));
}
