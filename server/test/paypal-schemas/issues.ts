import type { z } from "zod";
import type { IssueParams } from "./common.ts";

// Turns zod's issues for a request into PayPal's error details, the way Orders v2 and Payments
// v2 describe their 400 (INVALID_REQUEST) and 422 (UNPROCESSABLE_ENTITY) answers: `field` is a
// JSON pointer into the body, `issue` one of the spec's names. 400 when any issue is a 400 one
// (the request is malformed), else 422 (well formed, refused by business rules).

export type PayPalDetail = {
  field: string;
  value?: string;
  location: "body" | "path" | "query";
  issue: string;
  description: string;
};

export type PayPalIssues = { status: 400 | 422; details: PayPalDetail[] };

function issueOf(issue: z.core.$ZodIssue): { name: string; status: 400 | 422 } {
  const params = (issue as { params?: Partial<IssueParams> }).params;
  if (params?.paypalIssue && params.status)
    return { name: params.paypalIssue, status: params.status };
  // With reportInput, a required field left out is an issue whose input is undefined.
  if (issue.code !== "custom" && issue.input === undefined) {
    return { name: "MISSING_REQUIRED_PARAMETER", status: 400 };
  }
  switch (issue.code) {
    case "invalid_type":
      return { name: "INVALID_PARAMETER_SYNTAX", status: 400 };
    case "too_big":
      return {
        name: issue.origin === "array" ? "INVALID_ARRAY_MAX_ITEMS" : "INVALID_STRING_LENGTH",
        status: 400,
      };
    case "too_small":
      return {
        name: issue.origin === "array" ? "INVALID_ARRAY_MIN_ITEMS" : "INVALID_STRING_LENGTH",
        status: 400,
      };
    case "invalid_value":
      return { name: "INVALID_PARAMETER_VALUE", status: 400 };
    case "invalid_format":
      return { name: "INVALID_PARAMETER_SYNTAX", status: 400 };
    default:
      return { name: "INVALID_PARAMETER_VALUE", status: 400 };
  }
}

/** PayPal's answer for a request that failed `schema` (call with { reportInput: true }). */
export function paypalIssues(error: z.ZodError): PayPalIssues {
  const details = error.issues.map((issue): PayPalDetail => {
    const { name } = issueOf(issue);
    const input = (issue as { input?: unknown }).input;
    return {
      field: `/${issue.path.map(String).join("/")}`,
      ...(typeof input === "string" ? { value: input } : {}),
      location: "body",
      issue: name,
      description: issue.message,
    };
  });
  const status = error.issues.some((issue) => issueOf(issue).status === 400) ? 400 : 422;
  return { status, details };
}

/** Parses `input` with `schema`; answers PayPal's issues when it fails, null when it passes. */
export function checkRequest(schema: z.ZodType, input: unknown): PayPalIssues | null {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? null : paypalIssues(result.error);
}
