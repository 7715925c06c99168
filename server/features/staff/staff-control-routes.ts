import { z } from "@hono/zod-openapi";
import { ZAdminRole } from "../../../contracts/accounts.ts";
import { defineRoute, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { changeStaffAccess } from "./staff-access.ts";

// `admin:create` on the embedded database asks the running app to make the change, over the
// control channel (platform/control-channel.ts).

export const ZStaffChangeRequest = z.object({
  email: z.email().max(320),
  role: ZAdminRole,
  deactivate: z.boolean().default(false),
});

const ZStaffChange = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("granted"),
    userId: z.string(),
    created: z.boolean(),
    hasPassword: z.boolean(),
  }),
  z.object({ action: z.literal("deactivated"), userId: z.string() }),
  z.object({ action: z.literal("unchanged"), reason: z.string() }),
]);

const staffRoute = defineRoute({
  access: "internal",
  method: "post",
  path: "/internal/staff",
  summary: "Grant or remove staff access (used by npm run admin:create)",
  description:
    "The admin:create command on the app's machine, with the bearer token the app wrote to DATA_DIR/control.json.",
  tags: ["internal"],
  request: { body: { content: json(ZStaffChangeRequest) } },
  responses: {
    200: { description: "Done", content: json(ZStaffChange) },
  },
});

export function controlRoutes() {
  return createRouter().openapi(staffRoute, async (c) => {
    const change = await changeStaffAccess(c.var.deps, c.req.valid("json"));
    return c.json(change, 200);
  });
}
