import { z } from "@hono/zod-openapi";
import {
  ZApplicationDecisionResponse,
  ZApplicationDetailResponse,
  ZApplicationIdParam,
  ZApplicationListQuery,
  ZApplicationListResponse,
  ZDenyApplicationRequest,
} from "../../../contracts/applications.ts";
import { defineRoute, failure, json, jsonResponse } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import {
  decide,
  getApplication,
  listApplications,
  openApplication,
  sampleImage,
} from "./service.ts";

const errors = { 404: failure("No such application") };

const listRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/applications",
  summary: "List applications with counts per status",
  description: "Newest first; q matches name or email.",
  tags: ["admin"],
  request: { query: ZApplicationListQuery },
  responses: { 200: jsonResponse(ZApplicationListResponse, "A page of applications"), ...errors },
});

const detailRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/applications/{id}",
  summary: "One application, read only",
  tags: ["admin"],
  request: { params: ZApplicationIdParam },
  responses: { 200: jsonResponse(ZApplicationDetailResponse, "The application"), ...errors },
});

const openRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/applications/{id}/open",
  summary: "Open an application: a pending one goes under review, recording who opened it",
  description:
    "The detail screen sends it when staff open the application; any other status stays.",
  tags: ["admin"],
  request: { params: ZApplicationIdParam },
  responses: {
    200: jsonResponse(ZApplicationDetailResponse, "The application as opened"),
    ...errors,
  },
});

const decisionResponses = {
  200: jsonResponse(
    ZApplicationDecisionResponse,
    "Decided; warnings say what mail could not be sent",
  ),
  ...errors,
  409: failure("Not pending or under review (e.g. another admin decided first)"),
};

const approveRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/applications/{id}/approve",
  summary: "Approve an application and email the onboarding link",
  tags: ["admin"],
  request: { params: ZApplicationIdParam },
  responses: decisionResponses,
});

const denyRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/applications/{id}/deny",
  summary: "Deny an application, emailing the reason when one is given",
  tags: ["admin"],
  request: {
    params: ZApplicationIdParam,
    body: { content: json(ZDenyApplicationRequest), required: false },
  },
  responses: decisionResponses,
});

const sampleRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/applications/{id}/sample-images/{imageId}/{size}",
  summary: "A sample image of an application (private to staff)",
  tags: ["admin"],
  request: {
    params: ZApplicationIdParam.extend({
      imageId: z.uuid("File not found"),
      size: z.string().max(64),
    }),
  },
  responses: { 200: { description: "WebP image" }, ...errors },
});

export function adminApplicationRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listApplications(c.var.deps, c.req.valid("query")), 200),
    )
    .openapi(detailRoute, async (c) => {
      const application = await getApplication(c.var.deps, c.req.valid("param").id);
      return c.json({ application }, 200);
    })
    .openapi(openRoute, async (c) => {
      const { id } = c.req.valid("param");
      const application = await openApplication(c.var.deps, id, c.var.user.id);
      return c.json({ application }, 200);
    })
    .openapi(approveRoute, async (c) => {
      const id = c.req.valid("param").id;
      const adminId = c.var.user.id;
      return c.json(await decide(c.var.deps, id, { status: "approved", adminId }), 200);
    })
    .openapi(denyRoute, async (c) => {
      const id = c.req.valid("param").id;
      // The body is optional: with none, the validator leaves it undefined.
      const reason = (c.req.valid("json") as { reason?: string } | undefined)?.reason;
      return c.json(
        await decide(c.var.deps, id, { status: "denied", adminId: c.var.user.id, reason }),
        200,
      );
    })
    .openapi(sampleRoute, async (c) => {
      const { id, imageId, size } = c.req.valid("param");
      const object = await sampleImage(c.var.deps, id, imageId, size);
      return c.body(new Uint8Array(object.data), 200, {
        "Content-Type": object.contentType,
        "Cache-Control": "private, max-age=3600",
        "X-Content-Type-Options": "nosniff",
      });
    });
}
