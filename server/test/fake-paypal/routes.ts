import { randomBytes } from "node:crypto";
import { FakePayPalError } from "./state.ts";

// The fake PayPal's routes (the paths our adapter calls), its error answer and amount parsing.

export type FakeOperation =
  | "token"
  | "createOrder"
  | "getOrder"
  | "authorize"
  | "capture"
  | "void"
  | "reauthorize"
  | "refund"
  | "createPayout"
  | "getPayout";

export const ROUTES: { method: string; pattern: RegExp; operation: FakeOperation }[] = [
  { method: "POST", pattern: /^\/v1\/oauth2\/token$/, operation: "token" },
  { method: "POST", pattern: /^\/v2\/checkout\/orders$/, operation: "createOrder" },
  { method: "GET", pattern: /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/, operation: "getOrder" },
  {
    method: "POST",
    pattern: /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/authorize$/,
    operation: "authorize",
  },
  {
    method: "POST",
    pattern: /^\/v2\/payments\/authorizations\/([A-Z0-9]+)\/capture$/,
    operation: "capture",
  },
  {
    method: "POST",
    pattern: /^\/v2\/payments\/authorizations\/([A-Z0-9]+)\/void$/,
    operation: "void",
  },
  {
    method: "POST",
    pattern: /^\/v2\/payments\/authorizations\/([A-Z0-9]+)\/reauthorize$/,
    operation: "reauthorize",
  },
  {
    method: "POST",
    pattern: /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/,
    operation: "refund",
  },
  { method: "POST", pattern: /^\/v1\/payments\/payouts$/, operation: "createPayout" },
  { method: "GET", pattern: /^\/v1\/payments\/payouts\/([A-Z0-9]+)$/, operation: "getPayout" },
];

export function errorBody(error: FakePayPalError) {
  return {
    name: error.errorName,
    message: "The requested action could not be performed.",
    debug_id: randomBytes(6).toString("hex"),
    details: [{ issue: error.issue, description: `Fake PayPal: ${error.issue}` }],
  };
}

export function cents(amount: unknown): number | null {
  if (amount === undefined) return null;
  const value = (amount as { value?: unknown } | null)?.value;
  const match = typeof value === "string" ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) throw new FakePayPalError(422, "DECIMAL_PRECISION");
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
