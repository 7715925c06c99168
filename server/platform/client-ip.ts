import { normalizeIP } from "@better-auth/core/utils/ip";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "./http.ts";

/**
 * The caller's address: the connection's, or with TRUST_PROXY the last X-Forwarded-For hop
 * (the one our proxy added; anything before it is the client's own claim).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Who per-address limits count, grouped as Better Auth groups its own limits (the same
 * function): an IPv6 address by its /64, since one subscriber is handed a whole /64 and
 * could otherwise take a fresh address per request; an IPv4-mapped IPv6 address as IPv4.
 */
export function limitedAddress(c: Context<AppEnv>): string {
  return normalizeIP(clientIp(c), { ipv6Subnet: 64 });
}
