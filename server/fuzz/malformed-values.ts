import fc from "fast-check";
import type { JsonSchema } from "./operations.ts";

// Values for one schema: valid-shaped ones (to reach past validation) and malformed ones (wrong
// types, broken constraints, hostile text), built from the OpenAPI document's JSON Schema.

/** Text that has broken parsers, databases and encoders before. */
const HOSTILE_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\uDBFF\uDFFF",
  "\u202Eevil\u202C",
  "\u200F\u0627\u0644\u0639\u0631\u0628\u064A\u0629",
  "\uFEFF",
  "\uFFFF",
  "e\u0301\u0301\u0301",
  "👩‍👩‍👧‍👦",
  "%00",
  "%zz",
  "%E0%A4%A",
  "../../etc/passwd",
  "..%2F..%2F",
  "' OR 1=1 --",
  '"; drop table users; --',
  "<script>alert(1)</script>",
  "$\u007Bjndi:ldap://x}",
  "{{7*7}}",
  "\r\nX-Injected: 1",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "9007199254740993",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
];

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 40 }) },
  // Long: past every maxLength, below the JSON body limit (a bigger body is refused unread).
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("a", "\u0000", "é", "💥", "\uD800"),
        fc.integer({ min: 300, max: 60_000 }),
      )
      .map(([unit, n]) => unit.repeat(n)),
  },
);

/** Ids that are no id: hostile text, near-misses of a uuid, numbers. */
export const invalidId = fc.oneof(
  hostileString,
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}0`),
  fc.uuid().map((id) => id.slice(1)),
  fc.uuid().map((id) => `${id}\u0000`),
  fc.uuid().map((id) => id.replaceAll("-", "")),
  fc.constantFrom("0", "-1", "1.5", "1e3", "00000000-0000-0000-0000-000000000000"),
  fc.integer().map(String),
);

/** Any JSON value: scalars of every type, arrays, objects. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant([]),
  fc.constant({}),
);

const typesOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

type Strings = (schema: JsonSchema) => fc.Arbitrary<string>;

/** A value that fits the schema's shape (it may still break a rule the schema cannot say). */
export function validShaped(
  schema: JsonSchema,
  strings: Strings = validString,
): fc.Arbitrary<unknown> {
  const shaped = (s: JsonSchema) => validShaped(s, strings);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map(shaped));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => shaped({ ...schema, type })));
  switch (types[0]) {
    case "string":
      return strings(schema);
    case "integer":
      return fc.integer({
        min: schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : schema.minimum,
        max: schema.maximum,
      });
    case "number":
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(shaped(schema.items ?? {}), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object":
      return fc.record(
        Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, shaped(s)])),
        { requiredKeys: schema.required ?? [] },
      );
    default:
      return anyJson;
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uri") return fc.webUrl();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  });
}

/**
 * A valid-shaped value whose free-text strings are, each by even chance, short hostile text
 * (NUL, lone surrogates, RTL overrides, SQL): the shape passes validation, the text reaches
 * the handler and the database.
 */
export const withHostileText = (schema: JsonSchema) =>
  validShaped(schema, (s) =>
    s.format || s.pattern
      ? validString(s)
      : fc.oneof(
          { weight: 1, arbitrary: validString(s) },
          { weight: 2, arbitrary: shortHostileString },
        ),
  );

/** Every character that has broken text handling, in one short string. */
const EVERY_HOSTILE_CHARACTER = "x\u0000\uD800\u202E\uFEFF'\";--<b>%00%zz$\u007B}\r\n\\";

const shortHostileString = fc.oneof(
  { weight: 2, arbitrary: fc.constant(EVERY_HOSTILE_CHARACTER) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT.filter((t) => t.length > 0)) },
);

/** A value the schema should refuse: the wrong type, a broken rule, hostile text, a bad part. */
export function malformed(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const specific = depth > 4 ? [] : brokenRules(schema, depth);
  return fc.oneof(
    { weight: 1, arbitrary: anyJson },
    ...specific.map((arbitrary) => ({ weight: 3, arbitrary })),
  );
}

function brokenRules(schema: JsonSchema, depth: number): fc.Arbitrary<unknown>[] {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map((s) => malformed(s, depth + 1));
  const types = typesOf(schema);
  const rules: fc.Arbitrary<unknown>[] = [];
  if (types.includes("string")) {
    rules.push(hostileString);
    if (schema.maxLength !== undefined) rules.push(fc.constant("x".repeat(schema.maxLength + 1)));
    if (schema.format === "uuid") rules.push(invalidId);
    rules.push(fc.integer(), fc.constant(["a"]));
  }
  if (types.includes("integer") || types.includes("number")) {
    rules.push(
      fc.constantFrom(0.5, -1, 1e308, -1e308, 2 ** 53 + 1, "1", "", "NaN", true),
      ...(schema.maximum !== undefined ? [fc.constant(schema.maximum + 1)] : []),
      ...(schema.minimum !== undefined ? [fc.constant(schema.minimum - 1)] : []),
    );
  }
  if (types.includes("array")) {
    const items = schema.items ?? {};
    rules.push(
      fc.array(malformed(items, depth + 1), { minLength: 1, maxLength: 4 }),
      // Huge arrays: past maxItems, and large enough to cost a careless handler.
      fc
        .integer({ min: (schema.maxItems ?? 10) + 1, max: 50_000 })
        .chain((n) => validShaped(items).map((item) => Array.from({ length: n }, () => item))),
      fc.constant({ 0: "a", length: 1 }),
    );
  }
  if (types.includes("object")) rules.push(brokenObject(schema, depth));
  return rules;
}

/** A valid-shaped object with one thing wrong: a required field gone, one field malformed, or an extra field. */
function brokenObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const base = validShaped(schema) as fc.Arbitrary<Record<string, unknown>>;
  const breaks: fc.Arbitrary<(o: Record<string, unknown>) => Record<string, unknown>>[] = [
    fc
      .tuple(fc.constantFrom("__proto__", "constructor", "extra", ""), anyJson)
      .map(([key, value]) => (o) => {
        // Through JSON text, so that `__proto__` is an own field as it is on the wire.
        const rest = JSON.stringify(o).slice(1);
        return JSON.parse(
          `{${JSON.stringify(key)}:${JSON.stringify(value)}${rest === "}" ? "" : ","}${rest}`,
        );
      }),
  ];
  if (schema.required?.length) {
    breaks.push(
      fc.constantFrom(...schema.required).map((key) => (o) => {
        const { [key]: _dropped, ...rest } = o;
        return rest;
      }),
    );
  }
  if (properties.length) {
    breaks.push(
      fc
        .constantFrom(...properties)
        .chain(([key, s]) =>
          malformed(s, depth + 1).map((value) => (o) => ({ ...o, [key]: value })),
        ),
    );
  }
  return fc.tuple(base, fc.oneof(...breaks)).map(([o, apply]) => apply(o));
}

/** The string with each lone surrogate replaced by U+FFFD, as fetch would send it. */
export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
