import { describe, expect, it } from "vitest";
import { authErrorMessage, EMAIL_NOT_VERIFIED, isAuthError } from "./auth-errors.ts";

describe("auth errors (Better Auth's shape)", () => {
  it("uses the server's message, or the fallback when there is none", () => {
    expect(authErrorMessage({ code: "X", message: "Invalid email or password" }, "f")).toBe(
      "Invalid email or password",
    );
    expect(authErrorMessage({ code: "X", message: "" }, "Please try again")).toBe(
      "Please try again",
    );
    expect(authErrorMessage(null, "Please try again")).toBe("Please try again");
    expect(authErrorMessage(new Error("offline"), "f")).toBe("offline");
  });

  it("branches on the code", () => {
    expect(isAuthError({ code: EMAIL_NOT_VERIFIED, message: "m" }, EMAIL_NOT_VERIFIED)).toBe(true);
    expect(isAuthError({ code: "INVALID_EMAIL_OR_PASSWORD" }, EMAIL_NOT_VERIFIED)).toBe(false);
    expect(isAuthError(null, EMAIL_NOT_VERIFIED)).toBe(false);
  });
});
