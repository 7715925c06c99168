import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { isApiError, isRetryable } from "./api-errors.ts";

const failure = (code: ApiError["code"]) => new ApiError(0, code, "message");

describe("API errors on the web", () => {
  it("match by code, never by status", () => {
    expect(isApiError(new ApiError(403, "forbidden", "m"), "forbidden")).toBe(true);
    expect(isApiError(new ApiError(403, "forbidden", "m"), "unauthenticated")).toBe(false);
    expect(isApiError(failure("network"))).toBe(true);
    expect(isApiError(new Error("x"))).toBe(false);
  });

  it("retry the server's own faults only, not refusals or a lost connection", () => {
    expect(isRetryable(failure("internal"))).toBe(true);
    expect(isRetryable(failure("unavailable"))).toBe(true);
    expect(isRetryable(failure("unexpected_response"))).toBe(true);
    expect(isRetryable(new TypeError("schema mismatch"))).toBe(true);
    expect(isRetryable(failure("not_found"))).toBe(false);
    expect(isRetryable(failure("validation_failed"))).toBe(false);
    expect(isRetryable(failure("network"))).toBe(false);
  });
});
