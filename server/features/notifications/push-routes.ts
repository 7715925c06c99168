import {
  pushKeyApiPath,
  pushSubscriptionsApiPath,
  ZPushDeviceIdParam,
  ZPushDeviceResponse,
  ZPushDevicesResponse,
  ZPushKeyResponse,
  ZPushSubscribeRequest,
} from "../../../contracts/push.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { perUser, rateLimit } from "../../platform/rate-limit.ts";
import { listPushDevices, pushKey, removePushDevice, subscribePush } from "./push.ts";

const SUBSCRIBE_LIMIT = { name: "push-subscribe", max: 20, windowSeconds: 60 * 60 };

const keyRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: pushKeyApiPath,
  summary: "The VAPID public key a browser subscribes to push with",
  tags: ["notifications"],
  responses: { 200: { description: "The key, base64url", content: json(ZPushKeyResponse) } },
});

const listRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: pushSubscriptionsApiPath,
  summary: "The caller's devices that get push notifications",
  tags: ["notifications"],
  responses: { 200: { description: "The devices", content: json(ZPushDevicesResponse) } },
});

const subscribeRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: pushSubscriptionsApiPath,
  middleware: [rateLimit(SUBSCRIBE_LIMIT, perUser)],
  summary: "Get push notifications on this device (the browser's PushSubscription)",
  description:
    "Idempotent per endpoint: subscribing a device again updates it; a device another person subscribed on moves to the caller. Only the browsers' push services are accepted as endpoints.",
  tags: ["notifications"],
  request: { body: { content: json(ZPushSubscribeRequest), required: true } },
  responses: {
    200: { description: "The device", content: json(ZPushDeviceResponse) },
    400: failure("Not a push subscription, or an endpoint outside the push services"),
    429: failure("Too many subscriptions"),
  },
});

const removeRoute = defineRoute({
  access: "signedIn",
  method: "delete",
  path: `${pushSubscriptionsApiPath}/{id}`,
  summary: "Stop push notifications to one of the caller's devices",
  tags: ["notifications"],
  request: { params: ZPushDeviceIdParam },
  responses: {
    204: { description: "Removed" },
    404: failure("No such device of the caller's"),
  },
});

export function pushRoutes() {
  return createRouter()
    .openapi(keyRoute, (c) => c.json(pushKey(c.var.deps), 200))
    .openapi(listRoute, async (c) => c.json(await listPushDevices(c.var.deps, c.var.user.id), 200))
    .openapi(subscribeRoute, async (c) =>
      c.json(await subscribePush(c.var.deps, c.var.user.id, c.req.valid("json")), 200),
    )
    .openapi(removeRoute, async (c) => {
      await removePushDevice(c.var.deps, c.var.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
