import { createRoute, type z } from "@hono/zod-openapi";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import {
  ZCompleteOnboardingRequest,
  ZCompleteOnboardingResponse,
  ZOnboardingApplicationIdParam,
  ZOnboardingStateResponse,
} from "../../../contracts/onboarding.ts";
import { createRouter } from "../../platform/http.ts";
import { requireUser } from "../../platform/session.ts";
import { completeOnboarding, onboardingState } from "./service.ts";

const WHO =
  "Who may call: the signed-in user whose account email matches the application's (401 without a session, 403 for anyone else).";
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const errors = {
  401: json(ZErrorResponse, "Not signed in"),
  403: json(ZErrorResponse, "The application belongs to another email"),
  404: json(ZErrorResponse, "Application not found"),
  409: json(ZErrorResponse, "Not approved yet, or the profile exists already"),
};

const stateRoute = createRoute({
  method: "get",
  path: "/onboarding/applications/{id}",
  summary: "Run the onboarding guard and return the prefill",
  description: WHO,
  tags: ["onboarding"],
  request: { params: ZOnboardingApplicationIdParam },
  responses: { 200: json(ZOnboardingStateResponse, "Ready, or the profile exists"), ...errors },
});

const completeRoute = createRoute({
  method: "post",
  path: "/onboarding/complete",
  summary: "Create the approved creator profile and mark the application converted",
  description: WHO,
  tags: ["onboarding"],
  request: {
    body: {
      content: { "application/json": { schema: ZCompleteOnboardingRequest } },
      required: true,
    },
  },
  responses: { 201: json(ZCompleteOnboardingResponse, "Profile created"), ...errors },
});

export function onboardingRoutes() {
  return createRouter()
    .openapi(stateRoute, async (c) => {
      const user = await requireUser(c);
      return c.json(await onboardingState(c.var.deps, c.req.valid("param").id, user), 200);
    })
    .openapi(completeRoute, async (c) => {
      const user = await requireUser(c);
      return c.json(await completeOnboarding(c.var.deps, c.req.valid("json"), user), 201);
    });
}
