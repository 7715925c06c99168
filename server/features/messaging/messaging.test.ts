import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contracts/constants.ts";
import {
  CONVERSATION_NOT_FOUND,
  type Conversation,
  type ConversationReport,
  MESSAGE_BLOCKED,
  MESSAGE_ID_TAKEN,
  MESSAGE_RATE_LIMIT,
  MESSAGE_SELF,
} from "../../../contracts/messages.ts";
import { REALTIME_SIGNALS, REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { conversationPath, conversationReportPath } from "../../../contracts/routes.ts";
import { createBooking, createCreator } from "../../db/factories.ts";
import { createAdmin, createVerifiedUser } from "../../test/accounts.ts";
import { heartbeat } from "../../test/hail.ts";
import {
  call,
  conversationsOf,
  markRead,
  messagesOf,
  messagingPair,
  openConversation,
  postMessage,
  send,
} from "../../test/messaging.ts";
import { openSseStream } from "../../test/sse-client.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// Messaging over real HTTP: who may do what, open-or-create, idempotent sends in order, read
// pointers and receipts, blocking, the send rate limit, notifications and the typing signal.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const events = (topic: string, userId: string) =>
  app.database.db
    .selectFrom("realtime_events")
    .select(["id", "payload"])
    .where("topic", "=", topic)
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();

describe("who may use a conversation", () => {
  it("refuses anonymous callers (401) and non-participants (404) on every route", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    const message = await send(app, pair.client, conversation.id, "hello");
    const outsider = await createVerifiedUser(app);
    const id = conversation.id;
    const routes: [string, string, unknown?][] = [
      ["GET", `/conversations/${id}`],
      ["GET", `/conversations/${id}/messages`],
      ["POST", `/conversations/${id}/messages`, { id: crypto.randomUUID(), body: "hi" }],
      ["POST", `/conversations/${id}/read`, { seq: message.seq }],
      ["POST", `/conversations/${id}/typing`],
      ["POST", `/conversations/${id}/block`],
      ["DELETE", `/conversations/${id}/block`],
      ["POST", `/conversations/${id}/report`, { reason: "spam" }],
      ["GET", `/conversations/${id}/attachments/${crypto.randomUUID()}/thumb`],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await call(app, method, path, undefined, body);
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      const stranger = await call(app, method, path, outsider.cookie, body);
      expect(stranger.status, `${method} ${path} outsider`).toBe(404);
      if (stranger.status === 404 && !path.includes("/attachments/")) {
        expect((await stranger.json()).error.message).toBe(CONVERSATION_NOT_FOUND);
      }
    }
    const upload = await app.fetch(`/api/conversations/${id}/attachments`, {
      method: "POST",
      headers: { cookie: outsider.cookie, origin: app.url },
      body: new FormData(),
    });
    expect(upload.status).toBe(404);
    expect((await call(app, "GET", "/conversations")).status).toBe(401);
    expect(
      (await call(app, "POST", "/conversations", undefined, { creatorId: pair.creatorId })).status,
    ).toBe(401);
    // Nothing of theirs shows in an outsider's list.
    expect(
      (await conversationsOf(app, { ...pair.client, cookie: outsider.cookie })).conversations,
    ).toEqual([]);
  });

  it("lets only staff read a reported conversation", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    await send(app, pair.client, conversation.id, "please stop");
    await send(app, pair.creator, conversation.id, "rude reply");
    const reported = await call(
      app,
      "POST",
      `/conversations/${conversation.id}/report`,
      pair.client.cookie,
      {
        reason: "Rude messages",
      },
    );
    expect(reported.status).toBe(201);
    const { id } = (await reported.json()) as { id: string };
    const notification = await app.database.db
      .selectFrom("admin_notifications")
      .selectAll()
      .where("link", "=", conversationReportPath(id))
      .executeTakeFirst();
    expect(notification?.title).toBe("Conversation reported");
    const path = `/admin/conversation-reports/${id}`;
    expect((await call(app, "GET", path)).status).toBe(401);
    expect((await call(app, "GET", path, pair.client.cookie)).status).toBe(403);
    expect((await call(app, "GET", path, pair.creator.cookie)).status).toBe(403);
    const admin = await createAdmin(app);
    const response = await call(app, "GET", path, admin.cookie);
    expect(response.status).toBe(200);
    const report = (await response.json()) as ConversationReport;
    expect(report).toMatchObject({
      reason: "Rude messages",
      reporterName: "Casey Client",
      conversation: {
        id: conversation.id,
        clientName: "Casey Client",
        creatorName: "Riley Creator",
      },
    });
    expect(report.messages.map((m) => m.body)).toEqual(["please stop", "rude reply"]);
    expect(
      (await call(app, "GET", `/admin/conversation-reports/${crypto.randomUUID()}`, admin.cookie))
        .status,
    ).toBe(404);
  });
});

describe("staff reading a reported conversation", () => {
  it("is written to the audit log, each time, and refused reads write nothing", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    await send(app, pair.creator, conversation.id, "private words");
    const reported = await call(
      app,
      "POST",
      `/conversations/${conversation.id}/report`,
      pair.client.cookie,
      { reason: "Harassment" },
    );
    const { id } = (await reported.json()) as { id: string };
    const audit = () =>
      app.database.db
        .selectFrom("staff_audit_log")
        .select(["actor_user_id", "action", "target_type", "target_id", "details"])
        .where("target_id", "=", conversation.id)
        .orderBy("id")
        .execute();
    const path = `/admin/conversation-reports/${id}`;
    expect((await call(app, "GET", path, pair.client.cookie)).status).toBe(403);
    expect(await audit()).toEqual([]);

    const admin = await createAdmin(app);
    expect((await call(app, "GET", path, admin.cookie)).status).toBe(200);
    const read = {
      actor_user_id: admin.userId,
      action: "conversation.read_report",
      target_type: "conversation",
      target_id: conversation.id,
      details: { reportId: id },
    };
    expect(await audit()).toEqual([read]);
    expect((await call(app, "GET", path, admin.cookie)).status).toBe(200);
    expect(await audit()).toEqual([read, read]);
  });
});

describe("opening a conversation", () => {
  it("creates it once (201, then 200), also when opened many times at once", async () => {
    const pair = await messagingPair(app);
    const first = await call(app, "POST", "/conversations", pair.client.cookie, {
      creatorId: pair.creatorId,
    });
    expect(first.status).toBe(201);
    const { conversation } = (await first.json()) as { conversation: Conversation };
    expect(conversation).toMatchObject({
      myRole: "client",
      other: { name: "Riley Creator", creatorId: pair.creatorId, online: false },
      lastMessage: null,
      unreadCount: 0,
      booking: null,
      blockedByMe: false,
      blockedByOther: false,
    });
    const again = await call(app, "POST", "/conversations", pair.client.cookie, {
      creatorId: pair.creatorId,
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { conversation: Conversation }).conversation.id).toBe(
      conversation.id,
    );

    const racing = await messagingPair(app);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(app, "POST", "/conversations", racing.client.cookie, { creatorId: racing.creatorId }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(
      await Promise.all(
        responses.map(
          async (r) => ((await r.json()) as { conversation: Conversation }).conversation.id,
        ),
      ),
    );
    expect(ids.size).toBe(1);
    const members = await app.database.db
      .selectFrom("conversation_members")
      .select(["user_id", "role"])
      .where("conversation_id", "=", [...ids][0]!)
      .orderBy("role")
      .execute();
    expect(members).toEqual([
      { user_id: racing.client.userId, role: "client" },
      { user_id: racing.creator.userId, role: "creator" },
    ]);
    // Started: both parties' tabs were told once.
    expect(await events(REALTIME_TOPICS.conversations, racing.creator.userId)).toHaveLength(1);
    // The creator sees it from their side.
    const theirs = await conversationsOf(app, racing.creator);
    expect(theirs.conversations[0]).toMatchObject({
      myRole: "creator",
      other: { name: "Casey Client", creatorId: null },
    });
  });

  it("refuses unknown or unlisted creators, the creator themself, and others' bookings", async () => {
    const pair = await messagingPair(app);
    const open = (cookie: string, body: object) =>
      call(app, "POST", "/conversations", cookie, body);
    expect((await open(pair.client.cookie, { creatorId: crypto.randomUUID() })).status).toBe(404);
    const hiddenUser = await createVerifiedUser(app);
    const hidden = await createCreator(app.database.db, {
      userId: hiddenUser.userId,
      approved: false,
    });
    expect((await open(pair.client.cookie, { creatorId: hidden.profile.id })).status).toBe(404);
    const self = await open(pair.creator.cookie, { creatorId: pair.creatorId });
    expect(self.status).toBe(400);
    expect((await self.json()).error.message).toBe(MESSAGE_SELF);
    const other = await createVerifiedUser(app);
    const notTheirs = await createBooking(app.database.db, {
      clientUserId: other.userId,
      creatorProfileId: pair.creatorId,
    });
    const refused = await open(pair.client.cookie, {
      creatorId: pair.creatorId,
      bookingId: notTheirs.id,
    });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toBe("Booking not found");
    const theirs = await createBooking(app.database.db, {
      clientUserId: pair.client.userId,
      creatorProfileId: pair.creatorId,
    });
    const withBooking = await openConversation(app, pair, theirs.id);
    expect(withBooking.booking).toMatchObject({ id: theirs.id, location: theirs.location });
  });

  it("lets either party of a booking open the pair's conversation from it, and nobody else", async () => {
    const pair = await messagingPair(app);
    const booking = await createBooking(app.database.db, {
      clientUserId: pair.client.userId,
      creatorProfileId: pair.creatorId,
    });
    const fromBooking = (cookie: string | undefined, id = booking.id) =>
      call(app, "POST", `/bookings/${id}/conversation`, cookie);
    const stranger = await createVerifiedUser(app);
    const admin = await createAdmin(app);
    expect((await fromBooking(undefined)).status).toBe(401);
    for (const cookie of [stranger.cookie, admin.cookie]) {
      const refused = await fromBooking(cookie);
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.message).toBe("Booking not found");
    }
    expect((await fromBooking(pair.creator.cookie, crypto.randomUUID())).status).toBe(404);
    expect((await fromBooking(pair.creator.cookie, "not-an-id")).status).toBe(404);

    // The creator writes first: the conversation is started with the booking as its context.
    const started = await fromBooking(pair.creator.cookie);
    expect(started.status).toBe(201);
    const { conversation } = (await started.json()) as { conversation: Conversation };
    expect(conversation.booking).toMatchObject({ id: booking.id });
    await send(app, pair.creator, conversation.id, "Looking forward to Saturday!");
    const clientSide = await conversationsOf(app, pair.client);
    expect(clientSide.conversations.map((c) => [c.id, c.unreadCount])).toEqual([
      [conversation.id, 1],
    ]);
    // Opened again, by either party, it is the same one.
    const again = await fromBooking(pair.client.cookie);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { conversation: Conversation }).conversation.id).toBe(
      conversation.id,
    );
    expect((await openConversation(app, pair)).id).toBe(conversation.id);
  });
});

describe("sending", () => {
  it("is idempotent by the message id: one row, 201 then 200; another's id is 409", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    const id = crypto.randomUUID();
    const first = await postMessage(app, pair.client, conversation.id, "Hi there", { id });
    expect(first.status).toBe(201);
    const retry = await postMessage(app, pair.client, conversation.id, "Hi there", { id });
    expect(retry.status).toBe(200);
    expect((await retry.json()).message).toEqual((await first.json()).message);
    const rows = await app.database.db
      .selectFrom("messages")
      .select("id")
      .where("id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    const stolen = await postMessage(app, pair.creator, conversation.id, "mine", { id });
    expect(stolen.status).toBe(409);
    expect((await stolen.json()).error.message).toBe(MESSAGE_ID_TAKEN);
    const elsewhere = await messagingPair(app);
    const second = await openConversation(app, { ...elsewhere, client: pair.client });
    const moved = await postMessage(app, pair.client, second.id, "Hi there", { id });
    expect(moved.status).toBe(409);
    // Concurrent retries of one send still make one message.
    const racedId = crypto.randomUUID();
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () =>
        postMessage(app, pair.client, conversation.id, "raced", { id: racedId }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.sort()).toEqual([200, 200, 200, 201]);
    // One event per participant for each message, never for a retry.
    expect(await events(REALTIME_TOPICS.messages, pair.creator.userId)).toHaveLength(2);
  });

  it("refuses blank messages and messages over the limit", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    expect((await postMessage(app, pair.client, conversation.id, "   ")).status).toBe(400);
    expect(
      (await postMessage(app, pair.client, conversation.id, "x".repeat(MESSAGES.maxLength + 1)))
        .status,
    ).toBe(400);
    expect(
      (await postMessage(app, pair.client, conversation.id, "x".repeat(MESSAGES.maxLength))).status,
    ).toBe(201);
  });

  it("answers a page in one statement: each message as its send answered it, or none", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    const empty = await messagesOf(app, pair.client, conversation.id);
    expect(empty).toEqual({
      messages: [],
      hasOlder: false,
      myLastReadSeq: 0,
      otherLastReadSeq: 0,
    });
    const sent = [
      await send(app, pair.client, conversation.id, "first"),
      await send(app, pair.creator, conversation.id, "second"),
    ];
    const page = await messagesOf(app, pair.creator, conversation.id);
    expect(page.messages).toEqual(sent);
    expect(page.hasOlder).toBe(false);
    const before = await messagesOf(app, pair.client, conversation.id, `?before=${sent[1]!.id}`);
    expect(before.messages).toEqual([sent[0]]);
    // An outsider learns nothing, with or without a page boundary.
    const outsider = await createVerifiedUser(app);
    for (const query of ["", `?before=${sent[1]!.id}`, `?before=${crypto.randomUUID()}`]) {
      const refused = await call(
        app,
        "GET",
        `/conversations/${conversation.id}/messages${query}`,
        outsider.cookie,
      );
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.message).toBe(CONVERSATION_NOT_FOUND);
    }
  });

  it("orders by seq, pages with before, and counts unread per side", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    const sent = [];
    for (let i = 1; i <= 7; i++) {
      sent.push(await send(app, i % 2 ? pair.client : pair.creator, conversation.id, `m${i}`));
    }
    expect(sent.map((m) => m.seq)).toEqual([...sent.map((m) => m.seq)].sort((a, b) => a - b));
    const latest = await messagesOf(app, pair.creator, conversation.id, "?limit=3");
    expect(latest.messages.map((m) => m.body)).toEqual(["m5", "m6", "m7"]);
    expect(latest.hasOlder).toBe(true);
    const older = await messagesOf(
      app,
      pair.creator,
      conversation.id,
      `?limit=3&before=${latest.messages[0]!.id}`,
    );
    expect(older.messages.map((m) => m.body)).toEqual(["m2", "m3", "m4"]);
    const oldest = await messagesOf(
      app,
      pair.creator,
      conversation.id,
      `?limit=3&before=${older.messages[0]!.id}`,
    );
    expect(oldest.messages.map((m) => m.body)).toEqual(["m1"]);
    expect(oldest.hasOlder).toBe(false);
    expect(latest.messages[2]).toMatchObject({ senderRole: "client", senderName: "Casey Client" });
    expect(latest.messages[1]).toMatchObject({
      senderRole: "creator",
      senderName: "Riley Creator",
    });
    // A message id of another conversation is not a page boundary here.
    const other = await messagingPair(app);
    const otherConversation = await openConversation(app, other);
    const foreign = await send(app, other.client, otherConversation.id, "elsewhere");
    const refused = await call(
      app,
      "GET",
      `/conversations/${conversation.id}/messages?before=${foreign.id}`,
      pair.client.cookie,
    );
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toBe("Message not found");

    // Sending reads up to one's own message: the creator (last sent m6) has only m7 unread.
    const creatorSide = await conversationsOf(app, pair.creator);
    expect(creatorSide.conversations[0]).toMatchObject({
      id: conversation.id,
      unreadCount: 1,
      lastMessage: { body: "m7", senderRole: "client", attachmentCount: 0 },
    });
    expect(creatorSide.unreadTotal).toBe(1);
    expect((await conversationsOf(app, pair.client)).unreadTotal).toBe(0);
  });

  it("lists conversations newest activity first", async () => {
    const pair = await messagingPair(app);
    const first = await openConversation(app, pair);
    const another = await messagingPair(app, { client: "X", creator: "Second Creator" });
    const second = await openConversation(app, { ...another, client: pair.client });
    await send(app, pair.client, first.id, "older");
    await new Promise((r) => setTimeout(r, 5));
    await send(app, pair.client, second.id, "newer");
    const { conversations } = await conversationsOf(app, pair.client);
    expect(conversations.map((c) => c.id)).toEqual([second.id, first.id]);
    await send(app, pair.client, first.id, "newest");
    expect((await conversationsOf(app, pair.client)).conversations.map((c) => c.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it("is limited per user per minute (429 with the spec-style message)", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    for (let i = 0; i < MESSAGES.sendsPerMinute; i++) {
      expect((await postMessage(app, pair.client, conversation.id, `n${i}`)).status).toBe(201);
    }
    const refused = await postMessage(app, pair.client, conversation.id, "one too many");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe(MESSAGE_RATE_LIMIT);
    // The other party is counted apart.
    expect((await postMessage(app, pair.creator, conversation.id, "still fine")).status).toBe(201);
  });
});

describe("read pointers", () => {
  it("move forward only, clear unread counts and the grouped notification", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    const m1 = await send(app, pair.client, conversation.id, "first");
    const m2 = await send(app, pair.client, conversation.id, "second");
    const notifications = await app.database.db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", pair.creator.userId)
      .execute();
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: "message",
      title: "New message from Casey Client",
      body: "second",
      count: 2,
      link: conversationPath(conversation.id),
      group_key: `conversation:${conversation.id}`,
      read_at: null,
    });
    expect((await conversationsOf(app, pair.creator)).unreadTotal).toBe(2);
    expect(await markRead(app, pair.creator, conversation.id, m1.seq)).toEqual({
      lastReadSeq: m1.seq,
      unreadTotal: 1,
    });
    // Never back, never past the conversation's newest message.
    expect(await markRead(app, pair.creator, conversation.id, 0)).toEqual({
      lastReadSeq: m1.seq,
      unreadTotal: 1,
    });
    expect(await markRead(app, pair.creator, conversation.id, m2.seq + 1000)).toEqual({
      lastReadSeq: m2.seq,
      unreadTotal: 0,
    });
    const read = await app.database.db
      .selectFrom("notifications")
      .select("read_at")
      .where("id", "=", notifications[0]!.id)
      .executeTakeFirstOrThrow();
    expect(read.read_at).not.toBeNull();
    const page = await messagesOf(app, pair.client, conversation.id);
    expect(page).toMatchObject({ myLastReadSeq: m2.seq, otherLastReadSeq: m2.seq });
    // The reader's tabs and the sender's were told.
    const toSender = await events(REALTIME_TOPICS.conversationRead, pair.client.userId);
    expect(toSender.at(-1)?.payload).toEqual({
      conversationId: conversation.id,
      readerRole: "creator",
      lastReadSeq: m2.seq,
    });
    expect(await events(REALTIME_TOPICS.conversationRead, pair.creator.userId)).toHaveLength(2);
    // A new message is a new notification.
    await send(app, pair.client, conversation.id, "📷 later");
    const open = await app.database.db
      .selectFrom("notifications")
      .select("count")
      .where("user_id", "=", pair.creator.userId)
      .where("read_at", "is", null)
      .execute();
    expect(open).toEqual([{ count: 1 }]);
  });

  it("are hidden from the other party when read receipts are off", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    await app.database.db
      .insertInto("user_preferences")
      .values({ user_id: pair.creator.userId, read_receipts: false })
      .execute();
    const m = await send(app, pair.client, conversation.id, "did you see this?");
    await markRead(app, pair.creator, conversation.id, m.seq);
    const page = await messagesOf(app, pair.client, conversation.id);
    expect(page.otherLastReadSeq).toBeNull();
    expect(await events(REALTIME_TOPICS.conversationRead, pair.client.userId)).toEqual([]);
    expect(await events(REALTIME_TOPICS.conversationRead, pair.creator.userId)).toHaveLength(1);
    // The creator still sees how far the client read (the client shows receipts).
    expect((await messagesOf(app, pair.creator, conversation.id)).otherLastReadSeq).toBe(m.seq);
  });
});

describe("blocking", () => {
  it("stops messages both ways while either side blocks", async () => {
    for (const blocker of ["client", "creator"] as const) {
      const pair = await messagingPair(app);
      const conversation = await openConversation(app, pair);
      const other = blocker === "client" ? "creator" : "client";
      const blocked = await call(
        app,
        "POST",
        `/conversations/${conversation.id}/block`,
        pair[blocker].cookie,
      );
      expect(blocked.status).toBe(200);
      expect(
        ((await blocked.json()) as { conversation: Conversation }).conversation.blockedByMe,
      ).toBe(true);
      const seen = await call(app, "GET", `/conversations/${conversation.id}`, pair[other].cookie);
      expect(((await seen.json()) as { conversation: Conversation }).conversation).toMatchObject({
        blockedByMe: false,
        blockedByOther: true,
      });
      for (const sender of [pair.client, pair.creator]) {
        const refused = await postMessage(app, sender, conversation.id, "hello?");
        expect(refused.status).toBe(403);
        expect((await refused.json()).error.message).toBe(MESSAGE_BLOCKED);
      }
      // Only the blocker can lift their own block.
      await call(app, "DELETE", `/conversations/${conversation.id}/block`, pair[other].cookie);
      expect((await postMessage(app, pair[other], conversation.id, "still?")).status).toBe(403);
      const lifted = await call(
        app,
        "DELETE",
        `/conversations/${conversation.id}/block`,
        pair[blocker].cookie,
      );
      expect(lifted.status).toBe(200);
      expect((await postMessage(app, pair[other], conversation.id, "back")).status).toBe(201);
      // conversation_changed: started, blocked, unblocked.
      expect(await events(REALTIME_TOPICS.conversations, pair[other].userId)).toHaveLength(3);
    }
  });
});

describe("live", () => {
  it("delivers a message to both participants' streams and typing only to the other, never replayed", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    const creatorStream = await openSseStream(`${app.url}/api/events`, {
      cookie: pair.creator.cookie,
    });
    const clientStream = await openSseStream(`${app.url}/api/events`, {
      cookie: pair.client.cookie,
    });
    const ready = (await creatorStream.readUntil((m) => m.event === "ready")).at(-1)!;
    await clientStream.readUntil((m) => m.event === "ready");

    const typing = await call(
      app,
      "POST",
      `/conversations/${conversation.id}/typing`,
      pair.client.cookie,
    );
    expect(typing.status).toBe(204);
    // Throttled: a second one within the second is dropped.
    await call(app, "POST", `/conversations/${conversation.id}/typing`, pair.client.cookie);
    const message = await send(app, pair.client, conversation.id, "live hello");
    const seenByCreator = await creatorStream.readUntil(
      (m) => m.event === REALTIME_TOPICS.messages,
    );
    const typed = seenByCreator.filter((m) => m.event === REALTIME_SIGNALS.typing);
    expect(typed).toHaveLength(1);
    expect(typed[0]!.id).toBeUndefined();
    expect(JSON.parse(typed[0]!.data)).toEqual({ conversationId: conversation.id, role: "client" });
    expect(JSON.parse(seenByCreator.at(-1)!.data)).toEqual(message);
    const seenByClient = await clientStream.readUntil((m) => m.event === REALTIME_TOPICS.messages);
    expect(seenByClient.filter((m) => m.event === REALTIME_SIGNALS.typing)).toEqual([]);
    creatorStream.close();
    clientStream.close();

    // Catching up from before the signal replays the message, never the signal.
    const again = await openSseStream(`${app.url}/api/events`, {
      cookie: pair.creator.cookie,
      lastEventId: ready.id!,
    });
    const replayed = await again.readUntil((m) => m.event === "ready");
    again.close();
    expect(replayed.filter((m) => m.event === REALTIME_SIGNALS.typing)).toEqual([]);
    expect(replayed.filter((m) => m.event === REALTIME_TOPICS.messages)).toHaveLength(1);
    const stored = await app.database.db
      .selectFrom("realtime_events")
      .select("id")
      .where("topic", "=", REALTIME_SIGNALS.typing)
      .execute();
    expect(stored).toEqual([]);
  });

  it("shows a creator online by presence and a client online while a tab of theirs is open", async () => {
    const pair = await messagingPair(app);
    const conversation = await openConversation(app, pair);
    const onlineOf = async (party: typeof pair.client) =>
      (await conversationsOf(app, party)).conversations.find((c) => c.id === conversation.id)!.other
        .online;
    expect(await onlineOf(pair.client)).toBe(false);
    expect(await onlineOf(pair.creator)).toBe(false);
    await app.database.db
      .updateTable("photographer_profiles")
      .set({ available_now: true })
      .where("id", "=", pair.creatorId)
      .execute();
    await heartbeat(app.database.db, pair.creatorId, new Date());
    expect(await onlineOf(pair.client)).toBe(true);
    const stream = await openSseStream(`${app.url}/api/events`, { cookie: pair.client.cookie });
    await stream.readUntil((m) => m.event === "ready");
    await expect.poll(() => onlineOf(pair.creator)).toBe(true);
    stream.close();
  });
});
