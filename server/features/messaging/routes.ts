import { z } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import { ZBookingIdParam } from "../../../contracts/bookings.ts";
import { MESSAGES } from "../../../contracts/constants.ts";
import { IMAGE_UPLOAD_MAX_BYTES, UPLOAD_REQUEST_MAX_BYTES } from "../../../contracts/media.ts";
import {
  MESSAGE_RATE_LIMIT,
  ZAttachmentImageParams,
  ZAttachmentResponse,
  ZConversationIdParam,
  ZConversationReport,
  ZConversationResponse,
  ZConversationsResponse,
  ZMarkReadRequest,
  ZMarkReadResponse,
  ZMessageResponse,
  ZMessagesQuery,
  ZMessagesResponse,
  ZOpenConversationRequest,
  ZReportConversationRequest,
  ZReportConversationResponse,
  ZReportIdParam,
  ZSendMessageRequest,
} from "../../../contracts/messages.ts";

import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { perUser, rateLimit } from "../../platform/rate-limit.ts";
import { readUploadedFiles } from "../../platform/uploads.ts";
import { readAttachment, uploadAttachment } from "./attachments.ts";
import { listMessages, markRead } from "./read.ts";
import { getReport, reportConversation } from "./reports.ts";
import { sendMessage } from "./send.ts";
import {
  getConversation,
  listConversations,
  openBookingConversation,
  openConversation,
  setBlock,
} from "./service.ts";
import { signalTyping } from "./typing.ts";

const body = <T extends ZodType>(schema: T) => ({
  body: { content: json(schema), required: true },
});
const NOT_PARTICIPANT = failure("No such conversation of the caller's");

const SEND_LIMIT = {
  name: "message-send",
  max: MESSAGES.sendsPerMinute,
  windowSeconds: 60,
  message: MESSAGE_RATE_LIMIT,
};

const listRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/conversations",
  summary: "The caller's conversations, newest activity first, with unread counts",
  tags: ["messages"],
  responses: { 200: { description: "The conversations", content: json(ZConversationsResponse) } },
});

const openRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/conversations",
  summary: "Open (or start) the caller's conversation with a creator",
  description: "201 when it was started now, 200 when it existed.",
  tags: ["messages"],
  request: body(ZOpenConversationRequest),
  responses: {
    200: { description: "The conversation", content: json(ZConversationResponse) },
    201: { description: "Started", content: json(ZConversationResponse) },
    400: failure("The creator is the caller"),
    404: failure("No such listed creator, or no such booking of the caller's with them"),
  },
});

const bookingConversationRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/bookings/{id}/conversation",
  summary: "Open (or start) the conversation of a booking's client and creator, for either",
  description:
    "The booking becomes the conversation's context. 201 when it was started now, 200 when it existed.",
  tags: ["messages"],
  request: { params: ZBookingIdParam },
  responses: {
    200: { description: "The conversation", content: json(ZConversationResponse) },
    201: { description: "Started", content: json(ZConversationResponse) },
    404: failure("No such booking of the caller's"),
  },
});
const detailRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/conversations/{id}",
  summary: "One of the caller's conversations",
  tags: ["messages"],
  request: { params: ZConversationIdParam },
  responses: {
    200: { description: "The conversation", content: json(ZConversationResponse) },
    404: NOT_PARTICIPANT,
  },
});

const messagesRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/conversations/{id}/messages",
  summary: "A page of messages, oldest first: the newest, or those before a message",
  tags: ["messages"],
  request: { params: ZConversationIdParam, query: ZMessagesQuery },
  responses: {
    200: { description: "The page", content: json(ZMessagesResponse) },
    404: NOT_PARTICIPANT,
  },
});

const sendRoute = defineRoute({
  access: "signedIn",
  middleware: [rateLimit(SEND_LIMIT, perUser)],
  method: "post",
  path: "/conversations/{id}/messages",
  summary: "Send a message (idempotent by its client-generated id)",
  description: "201 for a new message; a retry with the same id answers the same message (200).",
  tags: ["messages"],
  request: { params: ZConversationIdParam, ...body(ZSendMessageRequest) },
  responses: {
    200: { description: "Already sent", content: json(ZMessageResponse) },
    201: { description: "Sent", content: json(ZMessageResponse) },
    400: failure("Invalid message or attachment"),
    403: failure("Messages in this conversation are blocked"),
    404: NOT_PARTICIPANT,
    409: failure("The id is another message's"),
    429: failure("Too many messages this minute"),
  },
});

const readRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/conversations/{id}/read",
  summary: "Move the caller's read pointer forward",
  tags: ["messages"],
  request: { params: ZConversationIdParam, ...body(ZMarkReadRequest) },
  responses: {
    200: { description: "The pointer and unread total", content: json(ZMarkReadResponse) },
    404: NOT_PARTICIPANT,
  },
});

const typingRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/conversations/{id}/typing",
  summary: "Tell the other party the caller is typing (live only, never stored)",
  tags: ["messages"],
  request: { params: ZConversationIdParam },
  responses: { 204: { description: "Signalled" }, 404: NOT_PARTICIPANT },
});

const uploadRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/conversations/{id}/attachments",
  summary: "Upload an image for a message (multipart field `file`); the send attaches it",
  tags: ["messages"],
  bodyLimit: UPLOAD_REQUEST_MAX_BYTES,
  request: { params: ZConversationIdParam },
  responses: {
    201: { description: "Stored, not sent yet", content: json(ZAttachmentResponse) },
    400: failure("Not an image"),
    403: failure("Messages in this conversation are blocked"),
    404: NOT_PARTICIPANT,
    413: failure("Too large"),
  },
});

const imageRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/conversations/{id}/attachments/{attachmentId}/{size}",
  summary: "An attachment's image (participants only)",
  tags: ["messages"],
  request: { params: ZAttachmentImageParams },
  responses: {
    200: { description: "The image", content: { "image/webp": { schema: z.string() } } },
    404: failure("No such attachment in a conversation of the caller's"),
  },
});

const blockRoute = (method: "post" | "delete", summary: string) =>
  defineRoute({
    access: "signedIn",
    method,
    path: "/conversations/{id}/block",
    summary,
    tags: ["messages"],
    request: { params: ZConversationIdParam },
    responses: {
      200: { description: "The conversation", content: json(ZConversationResponse) },
      404: NOT_PARTICIPANT,
    },
  });
const blockOnRoute = blockRoute("post", "Block the other party: no new messages either way");
const blockOffRoute = blockRoute("delete", "Lift the caller's block");

const reportRoute = defineRoute({
  access: "signedIn",
  method: "post",
  path: "/conversations/{id}/report",
  summary: "Report the conversation to staff",
  tags: ["messages"],
  request: { params: ZConversationIdParam, ...body(ZReportConversationRequest) },
  responses: {
    201: { description: "Reported", content: json(ZReportConversationResponse) },
    404: NOT_PARTICIPANT,
  },
});

const staffReportRoute = defineRoute({
  access: "admin",
  method: "get",
  path: "/admin/conversation-reports/{id}",
  summary: "Staff: a reported conversation with its latest messages (each read is audit-logged)",
  tags: ["admin", "messages"],
  request: { params: ZReportIdParam },
  responses: {
    200: { description: "The report", content: json(ZConversationReport) },
    404: failure("No such report"),
  },
});

export function messagingRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listConversations(c.var.deps, c.var.user.id), 200),
    )
    .openapi(openRoute, async (c) => {
      const opened = await openConversation(c.var.deps, c.var.user.id, c.req.valid("json"));
      return opened.created
        ? c.json({ conversation: opened.conversation }, 201)
        : c.json({ conversation: opened.conversation }, 200);
    })
    .openapi(bookingConversationRoute, async (c) => {
      const { id } = c.req.valid("param");
      const opened = await openBookingConversation(c.var.deps, c.var.user.id, id);
      return opened.created
        ? c.json({ conversation: opened.conversation }, 201)
        : c.json({ conversation: opened.conversation }, 200);
    })
    .openapi(detailRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ conversation: await getConversation(c.var.deps, c.var.user.id, id) }, 200);
    })
    .openapi(messagesRoute, async (c) => {
      const { id } = c.req.valid("param");
      const page = c.req.valid("query");
      return c.json(await listMessages(c.var.deps, c.var.user.id, id, page), 200);
    })
    .openapi(sendRoute, async (c) => {
      const { id } = c.req.valid("param");
      const sent = await sendMessage(c.var.deps, c.var.user.id, id, c.req.valid("json"));
      return sent.created
        ? c.json({ message: sent.message }, 201)
        : c.json({ message: sent.message }, 200);
    })
    .openapi(readRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { seq } = c.req.valid("json");
      return c.json(await markRead(c.var.deps, c.var.user.id, id, seq), 200);
    })
    .openapi(typingRoute, async (c) => {
      await signalTyping(c.var.deps, c.var.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(uploadRoute, async (c) => {
      const { id } = c.req.valid("param");
      const readFile = async () => {
        const [file] = await readUploadedFiles(c, "file", {
          maxFiles: 1,
          maxBytes: IMAGE_UPLOAD_MAX_BYTES,
          tooLarge: "Image is too large (15 MB at most)",
        });
        return file!;
      };
      const attachment = await uploadAttachment(c.var.deps, c.var.user.id, id, readFile);
      return c.json({ attachment }, 201);
    })
    .openapi(imageRoute, async (c) => {
      const { id, attachmentId, size } = c.req.valid("param");
      const image = await readAttachment(c.var.deps, c.var.user.id, id, attachmentId, size);
      return c.body(new Uint8Array(image.data), 200, {
        "Content-Type": "image/webp",
        "Cache-Control": "private, max-age=86400",
        "X-Content-Type-Options": "nosniff",
      });
    })
    .openapi(blockOnRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ conversation: await setBlock(c.var.deps, c.var.user.id, id, true) }, 200);
    })
    .openapi(blockOffRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ conversation: await setBlock(c.var.deps, c.var.user.id, id, false) }, 200);
    })
    .openapi(reportRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      return c.json(await reportConversation(c.var.deps, c.var.user.id, id, reason), 201);
    })
    .openapi(staffReportRoute, async (c) =>
      c.json(await getReport(c.var.deps, c.var.user.id, c.req.valid("param").id), 200),
    );
}
