import { ZAuthProvidersResponse } from "../../../contracts/accounts.ts";
import { defineRoute } from "../../platform/define-route.ts";
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
      content: { "application/json": { schema: ZAuthProvidersResponse } },
    },
  },
});

export function accountRoutes() {
  return createRouter().openapi(providersRoute, (c) => {
    const { google, facebook } = c.var.deps.config.oauth;
    const social = [google && ("google" as const), facebook && ("facebook" as const)].filter(
      (p) => p !== undefined,
    );
    return c.json({ social }, 200);
  });
}
