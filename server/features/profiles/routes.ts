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
import { getSession } from "../../platform/access.ts";
import { siteOrigin } from "../../platform/auth.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { perUser, rateLimit } from "../../platform/rate-limit.ts";
import type { HeadResolver } from "../../platform/web-app.ts";
import {
  addComment,
  getPortfolioPage,
  getPublicProfile,
  listComments,
  profileHead,
  setItemLike,
} from "./service.ts";

const errorResponses = (codes: (400 | 401 | 404 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, failure(`Error ${code}`)]));

const profileRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/creators/{id}",
  summary: "A creator's public profile",
  description: "Only published, approved creators; others are 404.",
  tags: ["profiles"],
  request: { params: ZCreatorIdParam },
  responses: {
    200: { description: "Profile", content: json(ZPublicProfile) },
    ...errorResponses([400, 404]),
  },
});

const portfolioRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/creators/{id}/portfolio",
  summary: "One page (9) of a creator's portfolio with likes and comment counts",
  description: "A signed-in viewer also sees which items they liked.",
  tags: ["profiles"],
  request: { params: ZCreatorIdParam, query: ZPortfolioQuery },
  responses: {
    200: { description: "Page", content: json(ZPortfolioPage) },
    ...errorResponses([400, 404]),
  },
});

// Per account, from every address: generous for a person browsing, tight for a script.
// Like and unlike share one counter (one rule name).
const LIKE_LIMIT = { name: "portfolio-like", max: 120, windowSeconds: 10 * 60 };
const COMMENT_LIMIT = { name: "portfolio-comment", max: 20, windowSeconds: 10 * 60 };

const likeRoute = (method: "put" | "delete") =>
  defineRoute({
    access: "signedIn",
    method,
    path: "/portfolio/{itemId}/like",
    middleware: [rateLimit(LIKE_LIMIT, perUser)],
    summary: method === "put" ? "Like a portfolio image" : "Remove your like",
    description: `Idempotent; the count stays exact. At most ${LIKE_LIMIT.max} likes and unlikes per account in ${LIKE_LIMIT.windowSeconds / 60} minutes (429 with Retry-After).`,
    tags: ["profiles"],
    request: { params: ZItemIdParam },
    responses: {
      200: { description: "Like state", content: json(ZLikeState) },
      ...errorResponses([400, 404, 429]),
    },
  });

const commentsRoute = defineRoute({
  access: "public",
  method: "get",
  path: "/portfolio/{itemId}/comments",
  summary: "Comments on a portfolio image, oldest first",
  tags: ["profiles"],
  request: { params: ZItemIdParam },
  responses: {
    200: { description: "Comments", content: json(ZCommentList) },
    ...errorResponses([400, 404]),
  },
});

const addCommentRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/portfolio/{itemId}/comments",
  middleware: [rateLimit(COMMENT_LIMIT, perUser)],
  summary: "Comment on a portfolio image",
  description: `Blank comments are refused. At most ${COMMENT_LIMIT.max} comments per account in ${COMMENT_LIMIT.windowSeconds / 60} minutes (429 with Retry-After).`,
  tags: ["profiles"],
  request: {
    params: ZItemIdParam,
    body: { content: json(ZAddCommentRequest), required: true },
  },
  responses: {
    201: { description: "Created", content: json(ZComment) },
    ...errorResponses([400, 404, 429]),
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
      const { itemId } = c.req.valid("param");
      return c.json(await setItemLike(c.var.deps, itemId, c.var.user.id, true), 200);
    })
    .openapi(likeRoute("delete"), async (c) => {
      const { itemId } = c.req.valid("param");
      return c.json(await setItemLike(c.var.deps, itemId, c.var.user.id, false), 200);
    })
    .openapi(commentsRoute, async (c) => {
      const { itemId } = c.req.valid("param");
      return c.json({ items: await listComments(c.var.deps, itemId) }, 200);
    })
    .openapi(addCommentRoute, async (c) => {
      const { itemId } = c.req.valid("param");
      const { body } = c.req.valid("json");
      return c.json(await addComment(c.var.deps, itemId, c.var.user.id, body), 201);
    });
}

/** /p/{id}: the profile's title, description, canonical link and Open Graph tags in the HTML. */
export const profilePageHead: HeadResolver = {
  pattern: /^\/p\/([^/]+)\/?$/,
  resolve: (c, [id]) => profileHead(c.var.deps, id ?? "", siteOrigin(c.var.deps.config)),
};
