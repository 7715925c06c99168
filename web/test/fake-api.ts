import { vi } from "vitest";

export type ApiCall = { method: string; path: string; body: unknown; search?: string };

/** An API failure in the contract's one error shape. */
export function apiFailure(status: number, code: string, message: string) {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Replaces fetch for a component test: every request is recorded (method, path under /api,
 * parsed JSON body) and answered by `respond`, 200 with its JSON unless it returns a Response.
 * The real API client parses the answer with the contract's schema, as in the browser. An answer
 * may be a promise, to hold a request until the test lets it go.
 */
export function fakeApi(respond: (call: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
    // The query string only when there is one, so calls without one compare as before.
    const call: ApiCall = {
      method: init.method ?? "GET",
      path: url.pathname.replace(/^\/api/, ""),
      body,
      ...(url.search ? { search: url.search } : {}),
    };
    calls.push(call);
    const answer = await respond(call);
    return answer instanceof Response
      ? answer
      : new Response(JSON.stringify(answer), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}
