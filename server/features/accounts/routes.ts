import {
  accountRolesApiPath,
  ZAccountRoles,
  ZAuthProvidersResponse,
} from "../../../contracts/accounts.ts";
import { defineRoute, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";

const providersRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/accounts/providers",
  summary: "Which social sign-in providers are configured",
  tags: ["accounts"],
  responses: {
    200: {
      description: "Configured providers",
      content: json(ZAuthProvidersResponse),
    },
  },
});

const rolesRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: accountRolesApiPath,
  summary: "Whether the caller is an approved creator and whether staff",
  description:
    "Decided as the creator and admin access levels decide it, so a screen asks for a creator's or staff data only when it would be answered.",
  tags: ["accounts"],
  responses: {
    200: {
      description: "The caller's roles",
      content: json(ZAccountRoles),
    },
  },
});

export function accountRoutes() {
  return createRouter()
    .openapi(providersRoute, (c) => {
      const { google, facebook } = c.var.deps.config.oauth;
      const social = [google && ("google" as const), facebook && ("facebook" as const)].filter(
        (p) => p !== undefined,
      );
      return c.json({ social }, 200);
    })
    .openapi(rolesRoute, async (c) => {
      const [creator, staff] = await Promise.all([
        c.var.roles.creator(c.var.user.id),
        c.var.roles.admin(c.var.user.id),
      ]);
      return c.json({ creator: creator !== undefined, staff: staff !== undefined }, 200);
    });
}
