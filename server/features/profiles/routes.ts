import { createRoute } from "@hono/zod-openapi";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import {
  ZAddCommentRequest,
  ZComment,
  ZCommentList,
  ZCreatorIdParam,
  ZItemIdParam,
  ZLikeState,
  ZPortfolioPage,
  ZPortfolioQuery,
  ZPublicProfile,
} from "../../../contracts/profiles.ts";
import { createRouter } from "../../platform/http.ts";
import { getSession, requireUser } from "../../platform/session.ts";
import type { HeadResolver } from "../../platform/web-app.ts";
import {
  addComment,
  getPortfolioPage,
  getPublicProfile,
  listComments,
  profileHead,
  setItemLike,
} from "./service.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const errorResponses = (codes: (400 | 401 | 404)[]) =>
  Object.fromEntries(
    codes.map((code) => [code, { description: `Error ${code}`, content: json(ZErrorResponse) }]),
  );

const profileRoute = createRoute({
  method: "get",
  path: "/creators/{id}",
  summary: "A creator's public profile",
  description: "Who may call: anyone. Only published, approved creators; others are 404.",
  tags: ["profiles"],
  request: { params: ZCreatorIdParam },
  responses: {
    200: { description: "Profile", content: json(ZPublicProfile) },
    ...errorResponses([400, 404]),
  },
});

const portfolioRoute = createRoute({
  method: "get",
  path: "/creators/{id}/portfolio",
  summary: "One page (9) of a creator's portfolio with likes and comment counts",
  description: "Who may call: anyone (a signed-in viewer also sees which items they liked).",
  tags: ["profiles"],
  request: { params: ZCreatorIdParam, query: ZPortfolioQuery },
  responses: {
    200: { description: "Page", content: json(ZPortfolioPage) },
    ...errorResponses([400, 404]),
  },
});

const likeRoute = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/portfolio/{itemId}/like",
    summary: method === "put" ? "Like a portfolio image" : "Remove your like",
    description: "Who may call: any signed-in user. Idempotent; the count stays exact.",
    tags: ["profiles"],
    request: { params: ZItemIdParam },
    responses: {
      200: { description: "Like state", content: json(ZLikeState) },
      ...errorResponses([400, 401, 404]),
    },
  });

const commentsRoute = createRoute({
  method: "get",
  path: "/portfolio/{itemId}/comments",
  summary: "Comments on a portfolio image, oldest first",
  description: "Who may call: anyone.",
  tags: ["profiles"],
  request: { params: ZItemIdParam },
  responses: {
    200: { description: "Comments", content: json(ZCommentList) },
    ...errorResponses([400, 404]),
  },
});

const addCommentRoute = createRoute({
  method: "post",
  path: "/portfolio/{itemId}/comments",
  summary: "Comment on a portfolio image",
  description: "Who may call: any signed-in user. Blank comments are refused.",
  tags: ["profiles"],
  request: {
    params: ZItemIdParam,
    body: { content: json(ZAddCommentRequest), required: true },
  },
  responses: {
    201: { description: "Created", content: json(ZComment) },
    ...errorResponses([400, 401, 404]),
  },
});

export function profileRoutes() {
  return createRouter()
    .openapi(profileRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await getPublicProfile(c.var.deps, id), 200);
    })
    .openapi(portfolioRoute, async (c) => {
      const { id } = c.req.valid("param");
      const session = await getSession(c);
      const { page } = c.req.valid("query");
      return c.json(await getPortfolioPage(c.var.deps, id, page, session?.user.id ?? null), 200);
    })
    .openapi(likeRoute("put"), async (c) => {
      const user = await requireUser(c);
      const { itemId } = c.req.valid("param");
      return c.json(await setItemLike(c.var.deps, itemId, user.id, true), 200);
    })
    .openapi(likeRoute("delete"), async (c) => {
      const user = await requireUser(c);
      const { itemId } = c.req.valid("param");
      return c.json(await setItemLike(c.var.deps, itemId, user.id, false), 200);
    })
    .openapi(commentsRoute, async (c) => {
      const { itemId } = c.req.valid("param");
      return c.json({ items: await listComments(c.var.deps, itemId) }, 200);
    })
    .openapi(addCommentRoute, async (c) => {
      const user = await requireUser(c);
      const { itemId } = c.req.valid("param");
      const { body } = c.req.valid("json");
      return c.json(await addComment(c.var.deps, itemId, user.id, body), 201);
    });
}

/** /p/{id}: the profile's title, description, canonical link and Open Graph tags in the HTML. */
export const profilePageHead: HeadResolver = {
  pattern: /^\/p\/([^/]+)\/?$/,
  resolve: (c, [id]) => profileHead(c.var.deps, id ?? ""),
};
