import {
  ZCompleteOnboardingRequest,
  ZCompleteOnboardingResponse,
  ZOnboardingApplicationIdParam,
  ZOnboardingStateResponse,
} from "../../../contracts/onboarding.ts";
import { defineRoute, failure, json, jsonResponse } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { completeOnboarding, onboardingState } from "./service.ts";

const OWN_APPLICATION =
  "Only a verified account whose email matches the application's (403 for anyone else, and for an unverified email).";
const errors = {
  403: failure("The application belongs to another email, or the email is unverified"),
  404: failure("Application not found"),
  409: failure("Not approved yet, or the profile exists already"),
};

const stateRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/onboarding/applications/{id}",
  summary: "Run the onboarding guard and return the prefill",
  description: OWN_APPLICATION,
  tags: ["onboarding"],
  request: { params: ZOnboardingApplicationIdParam },
  responses: {
    200: jsonResponse(ZOnboardingStateResponse, "Ready, or the profile exists"),
    ...errors,
  },
});

const completeRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/onboarding/complete",
  summary: "Create the approved creator profile and mark the application converted",
  description: OWN_APPLICATION,
  tags: ["onboarding"],
  request: {
    body: {
      content: json(ZCompleteOnboardingRequest),
      required: true,
    },
  },
  responses: { 201: jsonResponse(ZCompleteOnboardingResponse, "Profile created"), ...errors },
});

export function onboardingRoutes() {
  return createRouter()
    .openapi(stateRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await onboardingState(c.var.deps, id, c.var.user), 200);
    })
    .openapi(completeRoute, async (c) => {
      return c.json(await completeOnboarding(c.var.deps, c.req.valid("json"), c.var.user), 201);
    });
}
