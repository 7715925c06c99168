import { describe, expect, it } from "vitest";
import { findInWeb } from "./scan.ts";

// One error path (ARCHITECTURE.md, the request path): every failure toast goes through
// web/lib/api-errors.ts (toastApiError for a failed call, showError for a failure the screen
// found itself), and screens tell failures apart by the API's error code (isApiError), never
// by an HTTP status.

const RAW_ERROR_TOAST = /\btoast\.error\s*\(|\btoast\s*\([^)]*type:\s*["']error/;
const ERROR_STATUS = /\.status\s*[!=]==?\s*[45]\d\d|\b[45]\d\d\s*[!=]==?\s*[\w.]*\.status\b/;

describe("the web's one error path", () => {
  it("toasts a failure only through web/lib", () => {
    expect(findInWeb(RAW_ERROR_TOAST, ["lib"])).toEqual([]);
  });

  it("branches on the API's error code, never on an HTTP status", () => {
    expect(findInWeb(ERROR_STATUS, ["lib"])).toEqual([]);
  });

  it("recognises what it forbids", () => {
    expect(RAW_ERROR_TOAST.test('toast.error("Booking failed")')).toBe(true);
    expect(RAW_ERROR_TOAST.test('toast("x", { type: "error" })')).toBe(true);
    expect(RAW_ERROR_TOAST.test('toast.success("Saved")')).toBe(false);
    expect(ERROR_STATUS.test("query.error.status === 403")).toBe(true);
    expect(ERROR_STATUS.test("404 === error.status")).toBe(true);
    expect(ERROR_STATUS.test("xhr.status === 201")).toBe(false);
  });
});
