import { BOOKING_IDEMPOTENCY_HEADER } from "../../../contracts/bookings.ts";
import {
  ZCreateHailRequest,
  ZCreateHailResponse,
  ZCurrentHailResponse,
  ZHailIdParam,
  ZHailOfferResponse,
  ZHailOffersResponse,
  ZHailQuote,
  ZHailQuoteQuery,
  ZHailResponse,
} from "../../../contracts/hail.ts";
import { defineRoute, failure, idempotencyKey, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { perUser, rateLimit } from "../../platform/rate-limit.ts";
import { acceptHail, declineHail, listOffers } from "./offers.ts";
import { cancelHail, createHail, currentHail, getHail, quoteHail } from "./service.ts";

// The form asks again as the client changes the service, hours, start, radius or address:
// plenty for people, and a wall for anyone probing the map with chosen points (issue 23).
const QUOTE_LIMIT = { name: "hail-quote", max: 60, windowSeconds: 10 * 60 };

const quoteRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/hails/quote",
  middleware: [rateLimit(QUOTE_LIMIT, perUser)],
  summary: "Hail: how many creators online nearby could take it, and the price range",
  description:
    "From the browser's position (lat, lng) or a typed place (place: a 5-digit ZIP or \"City, ST\"). Creators are matched by the presence grid's cells, so a quote tells no more about where anyone is than the map does. At most 60 quotes per account in 10 minutes.",
  tags: ["hail"],
  request: { query: ZHailQuoteQuery },
  responses: {
    200: { description: "The quote", content: json(ZHailQuote) },
    400: failure("Invalid input, or a place that could not be found"),
    429: failure("Too many quotes"),
  },
});

const createRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/hails",
  summary: "Send a hail: held by a provider order for the most any matching creator costs",
  description: `Send a fresh ${BOOKING_IDEMPOTENCY_HEADER} per submit; a repeat with the same key answers the same hail. Open the order's link with rel "approve": once approved, the hail goes live to the matching creators for 90 seconds.`,
  tags: ["hail"],
  request: { body: { content: json(ZCreateHailRequest), required: true } },
  responses: {
    201: { description: "Awaiting payment", content: json(ZCreateHailResponse) },
    400: failure("Invalid input, or no way to place the address"),
    409: failure("Nobody online could take it, or the client already has an open hail"),
    429: failure("Too many hails this hour"),
    503: failure("The payment provider is not answering"),
  },
});

const currentRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/hails/current",
  summary: "The caller's open hail, else their latest from the last hour",
  tags: ["hail"],
  responses: { 200: { description: "The hail or null", content: json(ZCurrentHailResponse) } },
});

const detailRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/hails/{id}",
  summary: "One of the caller's hails",
  tags: ["hail"],
  request: { params: ZHailIdParam },
  responses: {
    200: { description: "The hail", content: json(ZHailResponse) },
    404: failure("No such hail of the caller's"),
  },
});

const cancelRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/hails/{id}/cancel",
  summary: "Cancel an open hail: offers withdrawn, the authorization voided",
  tags: ["hail"],
  request: { params: ZHailIdParam },
  responses: {
    200: { description: "The hail", content: json(ZHailResponse) },
    404: failure("No such hail of the caller's"),
    409: failure("The hail is no longer open"),
  },
});

const offersRoute = defineRoute({
  access: "creator",
  method: "get",
  path: "/hail-offers",
  summary: "Creator: open offers of live hails",
  tags: ["hail"],
  responses: { 200: { description: "The offers", content: json(ZHailOffersResponse) } },
});

const offerAction = (action: "accept" | "decline", summary: string) =>
  defineRoute({
    access: "creator",
    method: "post",
    path: `/hail-offers/{id}/${action}`,
    summary,
    tags: ["hail"],
    request: { params: ZHailIdParam },
    responses: {
      200: { description: "The offer after the action", content: json(ZHailOfferResponse) },
      404: failure("The hail did not reach this creator"),
      409: failure("Taken by another creator, closed, or overlapping the creator's booking"),
    },
  });

const acceptRoute = offerAction("accept", "Creator: accept a hail (the first accept wins)");
const declineRoute = offerAction("decline", "Creator: decline a hail");

export function hailRoutes() {
  return createRouter()
    .openapi(quoteRoute, async (c) =>
      c.json(await quoteHail(c.var.deps, c.var.user.id, c.req.valid("query")), 200),
    )
    .openapi(createRoute, async (c) => {
      const key = idempotencyKey(c, BOOKING_IDEMPOTENCY_HEADER);
      return c.json(await createHail(c.var.deps, c.var.user.id, c.req.valid("json"), key), 201);
    })
    .openapi(currentRoute, async (c) => c.json(await currentHail(c.var.deps, c.var.user.id), 200))
    .openapi(detailRoute, async (c) =>
      c.json(await getHail(c.var.deps, c.var.user.id, c.req.valid("param").id), 200),
    )
    .openapi(cancelRoute, async (c) =>
      c.json(await cancelHail(c.var.deps, c.var.user.id, c.req.valid("param").id), 200),
    )
    .openapi(offersRoute, async (c) =>
      c.json(await listOffers(c.var.deps, c.var.creator.profileId), 200),
    )
    .openapi(acceptRoute, async (c) =>
      c.json(await acceptHail(c.var.deps, c.var.creator.profileId, c.req.valid("param").id), 200),
    )
    .openapi(declineRoute, async (c) =>
      c.json(await declineHail(c.var.deps, c.var.creator.profileId, c.req.valid("param").id), 200),
    );
}
