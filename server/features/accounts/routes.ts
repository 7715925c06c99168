import { createRoute } from "@hono/zod-openapi";
import { ZAuthProvidersResponse } from "../../../contracts/accounts.ts";
import { createRouter } from "../../platform/http.ts";

const providersRoute = createRoute({
  method: "get",
  path: "/accounts/providers",
  summary: "Which social sign-in providers are configured",
  description: "Who may call: anyone.",
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
