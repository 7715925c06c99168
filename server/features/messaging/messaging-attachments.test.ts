import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { MESSAGES } from "../../../contracts/constants.ts";
import type { Message, MessageAttachment } from "../../../contracts/messages.ts";
import { conversationImageUrl } from "../../../contracts/messages.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import type { Party } from "../../test/bookings.ts";
import {
  conversationsOf,
  messagesOf,
  messagingPair,
  openConversation,
  postMessage,
} from "../../test/messaging.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { form, photo } from "../profile-setup/uploads-test-helpers.ts";
import { MESSAGING_JOBS } from "./jobs.ts";

// Images in messages: checked by content, re-encoded without metadata, stored privately and
// served only to the participants; uploads never sent are swept after a day.

const START = new Date("2030-11-23T15:00:00Z");
let clock = START;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(() => {
  clock = START;
});

async function upload(party: Party, conversationId: string, data: Buffer, type = "image/jpeg") {
  return app.fetch(`/api/conversations/${conversationId}/attachments`, {
    method: "POST",
    headers: { cookie: party.cookie, origin: app.url },
    body: form("file", [[data, "photo.jpg", type]]),
  });
}

async function uploaded(party: Party, conversationId: string, color?: string) {
  const response = await upload(party, conversationId, await photo(color));
  expect(response.status).toBe(201);
  return ((await response.json()) as { attachment: MessageAttachment }).attachment;
}

const image = (party: Party | undefined, conversationId: string, id: string, size = "thumb") =>
  app.fetch(conversationImageUrl(conversationId, id, size as "thumb"), {
    headers: party ? { cookie: party.cookie } : {},
  });

it("serves a sent image only to the participants, re-encoded without its metadata", async () => {
  const pair = await messagingPair(app);
  const conversation = await openConversation(app, pair);
  const first = await uploaded(pair.client, conversation.id, "#a33");
  const second = await uploaded(pair.client, conversation.id, "#3a3");
  expect(first).toMatchObject({ width: 1200, height: 800 });
  // Not sent yet: only the uploader sees it.
  expect((await image(pair.client, conversation.id, first.id)).status).toBe(200);
  expect((await image(pair.creator, conversation.id, first.id)).status).toBe(404);

  const sent = await postMessage(app, pair.client, conversation.id, "", {
    attachmentIds: [second.id, first.id],
  });
  expect(sent.status).toBe(201);
  const { message } = (await sent.json()) as { message: Message };
  expect(message.attachments.map((a) => a.id)).toEqual([second.id, first.id]);
  const page = await messagesOf(app, pair.creator, conversation.id);
  expect(page.messages[0]!.attachments.map((a) => a.id)).toEqual([second.id, first.id]);
  const [mine] = (await conversationsOf(app, pair.creator)).conversations;
  expect(mine!.lastMessage).toMatchObject({ body: "", attachmentCount: 2 });
  const notification = await app.database.db
    .selectFrom("notifications")
    .select("body")
    .where("user_id", "=", pair.creator.userId)
    .executeTakeFirstOrThrow();
  expect(notification.body).toBe("📷 Photo");

  for (const size of ["thumb", "large"]) {
    const response = await image(pair.creator, conversation.id, first.id, size);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toMatch(/^private/);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
  }
  // Anyone else: 401 signed out, 404 signed in; a wrong conversation or size is 404 too.
  expect((await image(undefined, conversation.id, first.id)).status).toBe(401);
  const outsider = await createVerifiedUser(app);
  const stranger = { userId: outsider.userId, email: outsider.email, cookie: outsider.cookie };
  expect((await image(stranger, conversation.id, first.id)).status).toBe(404);
  expect((await image(pair.creator, conversation.id, first.id, "huge")).status).toBe(404);
  const other = await openConversation(app, { ...(await messagingPair(app)), client: pair.client });
  expect((await image(pair.client, other.id, first.id)).status).toBe(404);
  // The files are private: never under the public media prefix.
  const row = await app.database.db
    .selectFrom("message_attachments")
    .select("image_key")
    .where("id", "=", first.id)
    .executeTakeFirstOrThrow();
  expect(row.image_key.startsWith("private/")).toBe(true);
  expect((await app.fetch(`/media/${row.image_key}/thumb.webp`)).status).toBe(404);
});

it("refuses a file that is not an image, and attachments that are not the sender's to send", async () => {
  const pair = await messagingPair(app);
  const conversation = await openConversation(app, pair);
  const fake = await upload(
    pair.client,
    conversation.id,
    Buffer.from("GIF89a not really"),
    "image/gif",
  );
  expect(fake.status).toBe(400);
  const theirs = await uploaded(pair.creator, conversation.id);
  const refused = await postMessage(app, pair.client, conversation.id, "look", {
    attachmentIds: [theirs.id],
  });
  expect(refused.status).toBe(400);
  const mine = await uploaded(pair.client, conversation.id);
  expect(
    (await postMessage(app, pair.client, conversation.id, "once", { attachmentIds: [mine.id] }))
      .status,
  ).toBe(201);
  // Already sent: not attachable again.
  expect(
    (await postMessage(app, pair.client, conversation.id, "twice", { attachmentIds: [mine.id] }))
      .status,
  ).toBe(400);
  // A refused send leaves nothing behind.
  expect((await messagesOf(app, pair.client, conversation.id)).messages.map((m) => m.body)).toEqual(
    ["once"],
  );
});

it("sweeps uploads never sent after a day, files included", async () => {
  const pair = await messagingPair(app);
  const conversation = await openConversation(app, pair);
  const unsent = await uploaded(pair.client, conversation.id);
  const kept = await uploaded(pair.client, conversation.id);
  await postMessage(app, pair.client, conversation.id, "kept", { attachmentIds: [kept.id] });
  const keyOf = async (id: string) =>
    (
      await app.database.db
        .selectFrom("message_attachments")
        .select("image_key")
        .where("id", "=", id)
        .executeTakeFirst()
    )?.image_key;
  const unsentKey = (await keyOf(unsent.id))!;
  const hour = 60 * 60 * 1000;
  await app.deps.jobs.run(
    MESSAGING_JOBS.sweepAttachments,
    {},
    new Date(START.getTime() + (MESSAGES.unsentAttachmentHours - 1) * hour),
  );
  expect(await keyOf(unsent.id)).toBe(unsentKey);
  await app.deps.jobs.run(
    MESSAGING_JOBS.sweepAttachments,
    {},
    new Date(START.getTime() + (MESSAGES.unsentAttachmentHours + 1) * hour),
  );
  expect(await keyOf(unsent.id)).toBeUndefined();
  expect(await app.deps.storage.get(`${unsentKey}/thumb.webp`)).toBeNull();
  expect(await keyOf(kept.id)).toBeDefined();
  expect((await image(pair.creator, conversation.id, kept.id)).status).toBe(200);
});
