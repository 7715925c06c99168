import { expect } from "vitest";
import type {
  Conversation,
  ConversationsResponse,
  Message,
  MessagesResponse,
} from "../../contracts/messages.ts";
import { createCreator } from "../db/factories.ts";
import { createVerifiedUser, jsonInit } from "./accounts.ts";
import type { Party } from "./bookings.ts";
import type { TestApp } from "./test-app.ts";

// Messaging over real HTTP: a client and a listed creator who can both sign in.

export type Pair = { client: Party; creator: Party; creatorId: string };

export async function messagingPair(
  app: TestApp,
  names = { client: "Casey Client", creator: "Riley Creator" },
): Promise<Pair> {
  const creatorAccount = await createVerifiedUser(app, { name: names.creator });
  const { profile } = await createCreator(app.database.db, {
    userId: creatorAccount.userId,
    fullName: names.creator,
  });
  const client = await createVerifiedUser(app, { name: names.client });
  return {
    client: { userId: client.userId, email: client.email, cookie: client.cookie },
    creator: {
      userId: creatorAccount.userId,
      email: creatorAccount.email,
      cookie: creatorAccount.cookie,
    },
    creatorId: profile.id,
  };
}

export const call = (app: TestApp, method: string, path: string, cookie?: string, body?: unknown) =>
  app.fetch(`/api${path}`, jsonInit(app, method, body, cookie));

export async function openConversation(
  app: TestApp,
  pair: Pair,
  bookingId?: string,
): Promise<Conversation> {
  const response = await call(app, "POST", "/conversations", pair.client.cookie, {
    creatorId: pair.creatorId,
    ...(bookingId ? { bookingId } : {}),
  });
  expect([200, 201]).toContain(response.status);
  return ((await response.json()) as { conversation: Conversation }).conversation;
}

export function postMessage(
  app: TestApp,
  sender: Party,
  conversationId: string,
  body: string,
  extra: { id?: string; attachmentIds?: string[] } = {},
) {
  return call(app, "POST", `/conversations/${conversationId}/messages`, sender.cookie, {
    id: extra.id ?? crypto.randomUUID(),
    body,
    ...(extra.attachmentIds ? { attachmentIds: extra.attachmentIds } : {}),
  });
}

export async function send(
  app: TestApp,
  sender: Party,
  conversationId: string,
  body: string,
): Promise<Message> {
  const response = await postMessage(app, sender, conversationId, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { message: Message }).message;
}

export async function messagesOf(
  app: TestApp,
  party: Party,
  conversationId: string,
  query = "",
): Promise<MessagesResponse> {
  const response = await call(
    app,
    "GET",
    `/conversations/${conversationId}/messages${query}`,
    party.cookie,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as MessagesResponse;
}

export async function conversationsOf(app: TestApp, party: Party): Promise<ConversationsResponse> {
  const response = await call(app, "GET", "/conversations", party.cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationsResponse;
}

export async function markRead(app: TestApp, party: Party, conversationId: string, seq: number) {
  const response = await call(app, "POST", `/conversations/${conversationId}/read`, party.cookie, {
    seq,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { lastReadSeq: number; unreadTotal: number };
}
