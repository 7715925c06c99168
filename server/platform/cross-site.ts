import type { MiddlewareHandler } from "hono";
import { hasBody } from "./body-limit.ts";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./http.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// `none`: typed into the address bar or opened from a bookmark; never another site's page.
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

export const CROSS_SITE_REFUSAL = "Cross-site requests are not accepted.";

/** Whether a state-changing request may proceed, by the rule of docs/decisions/016. */
export function isSameSiteWrite(
  headers: { origin?: string; secFetchSite?: string },
  trusted: readonly string[],
): boolean {
  if (headers.origin !== undefined) return trusted.includes(headers.origin);
  if (headers.secFetchSite !== undefined) return OWN_FETCH_SITES.has(headers.secFetchSite);
  // No browser leaves out both on a POST; curl, scripts and the CLI carry no one's cookie.
  return true;
}

/**
 * Refuses (403) every POST, PUT, PATCH and DELETE a page of another origin sent: a browser
 * names the sending page's origin (`Origin`) or at least its relation (`Sec-Fetch-Site`).
 */
export function refuseCrossSiteWrites(trusted: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const headers = {
      origin: c.req.header("origin"),
      secFetchSite: c.req.header("sec-fetch-site"),
    };
    if (isSameSiteWrite(headers, trusted)) return next();
    // The body is never read: close the connection rather than leave it unread on it.
    return c.json(errorBody("forbidden", CROSS_SITE_REFUSAL), 403, {
      ...(hasBody(c) ? { Connection: "close" } : {}),
    });
  };
}
