import { z } from "zod";
import { optionalText } from "../../../contracts/common.ts";
import {
  ZAdminPayoutResponse,
  ZAdminPayoutsResponse,
  ZAdminTiersResponse,
  ZCreatorIdParam,
  ZEarningsResponse,
  ZPayoutIdParam,
  ZStaffReason,
  ZTierChangeResponse,
} from "../../../contracts/payouts.ts";
import { defineRoute, failure, json, jsonResponse } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { earningsCsv, earningsOf } from "./earnings.ts";
import { markPayoutSent, retryPayout } from "./payout-service.ts";
import { listStaffPayouts, staffPayout } from "./staff-payouts.ts";
import { listTiers, setVip } from "./staff-tiers.ts";

const earningsRoute = defineRoute({
  access: "creator",
  method: "get",
  path: "/earnings",
  summary: "The creator's tier and progress, balance, upcoming payouts, payouts and ledger",
  tags: ["payouts"],
  responses: { 200: jsonResponse(ZEarningsResponse, "The creator's earnings") },
});

const csvRoute = defineRoute({
  access: "creator",
  method: "get",
  path: "/earnings/export",
  summary: "The creator's payout ledger as CSV (amounts in decimal dollars)",
  tags: ["payouts"],
  responses: {
    200: { description: "text/csv", content: { "text/csv": { schema: z.string() } } },
  },
});

const staffListRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/payouts",
  summary: "Payouts for staff: manual ones to send, failures to retry, the latest",
  tags: ["admin"],
  responses: { 200: jsonResponse(ZAdminPayoutsResponse, "Payouts") },
});

const markSentRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/payouts/{id}/mark-sent",
  summary:
    "Record that staff sent a direct-deposit or Stripe payout (audit-logged; a repeat answers the sent payout)",
  tags: ["admin"],
  request: {
    params: ZPayoutIdParam,
    body: { content: json(ZStaffReason), required: false },
  },
  responses: {
    200: jsonResponse(ZAdminPayoutResponse, "The payout, sent"),
    404: failure("No such payout"),
    409: failure("Neither waiting to be sent nor sent"),
  },
});

const retryRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/payouts/{id}/retry",
  summary:
    "Send a failed PayPal payout again, as a new attempt (audit-logged; a repeat answers the retried payout)",
  tags: ["admin"],
  request: { params: ZPayoutIdParam },
  responses: {
    200: jsonResponse(ZAdminPayoutResponse, "The payout after the new attempt"),
    404: failure("No such payout"),
    409: failure("Neither failed nor already retried"),
  },
});

const tiersRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/tiers",
  summary: "Every approved creator's commission tier and figures",
  tags: ["admin"],
  responses: { 200: jsonResponse(ZAdminTiersResponse, "Creators and tiers") },
});

const vipRoute = defineRoute({
  access: "admin",
  method: "put",
  path: "/admin/tiers/{id}/vip",
  summary: "Invite a creator to VIP (5 %) or remove the invitation (audit-logged)",
  tags: ["admin"],
  request: {
    params: ZCreatorIdParam,
    body: {
      content: json(z.object({ vip: z.boolean(), reason: optionalText(500) })),
      required: true,
    },
  },
  responses: {
    200: jsonResponse(ZTierChangeResponse, "The creator's tier now"),
    404: failure("No such creator"),
  },
});

export function payoutRoutes() {
  return createRouter()
    .openapi(earningsRoute, async (c) =>
      c.json(
        await earningsOf(c.var.deps.database.db, c.var.creator.profileId, c.var.deps.now()),
        200,
      ),
    )
    .openapi(csvRoute, async (c) => {
      const csv = await earningsCsv(c.var.deps.database.db, c.var.creator.profileId);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="shutterhail-earnings.csv"',
        "Cache-Control": "private, no-store",
      });
    })
    .openapi(staffListRoute, async (c) => c.json(await listStaffPayouts(c.var.deps), 200))
    .openapi(markSentRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = (await c.req.json().catch(() => ({}))) as unknown;
      const reason = ZStaffReason.safeParse(body ?? {}).data?.reason ?? null;
      await markPayoutSent(c.var.deps, id, c.var.user.id, reason);
      return c.json({ payout: await staffPayout(c.var.deps, id) }, 200);
    })
    .openapi(retryRoute, async (c) => {
      const { id } = c.req.valid("param");
      await retryPayout(c.var.deps, id, c.var.user.id);
      return c.json({ payout: await staffPayout(c.var.deps, id) }, 200);
    })
    .openapi(tiersRoute, async (c) => c.json(await listTiers(c.var.deps), 200))
    .openapi(vipRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { vip, reason } = c.req.valid("json");
      return c.json({ tier: await setVip(c.var.deps, id, c.var.user.id, vip, reason) }, 200);
    });
}
