import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { conversationPath } from "../../../contracts/routes.ts";
import { markRead, messagingPair, openConversation, send } from "../../test/messaging.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { MESSAGING_JOBS } from "./jobs.ts";

// The unread-messages mail with a controllable clock: one mail per conversation once a
// message is 10 minutes unread, at most one an hour, only about messages newer than the last.

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

const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

async function digestAt(at: Date) {
  clock = at;
  await app.deps.jobs.run(MESSAGING_JOBS.unreadDigest, {}, at);
  await app.deps.jobs.drain();
}

const mailsTo = (email: string) =>
  app.database.db
    .selectFrom("mail_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .orderBy("created_at")
    .execute();

it("mails once at 10 minutes unread, not again within the hour, and again after", async () => {
  const pair = await messagingPair(app);
  const conversation = await openConversation(app, pair);
  await send(app, pair.client, conversation.id, "Are you free on Saturday?");
  await send(app, pair.client, conversation.id, "Around 5pm");

  await digestAt(minutes(9));
  expect(await mailsTo(pair.creator.email)).toEqual([]);

  await digestAt(minutes(10));
  const [mail, ...rest] = await mailsTo(pair.creator.email);
  expect(rest).toEqual([]);
  expect(mail!.subject).toBe("2 new messages from Casey Client");
  expect(mail!.text_body).toContain("Casey Client: Are you free on Saturday?");
  expect(mail!.text_body).toContain("Casey Client: Around 5pm");
  expect(mail!.text_body).toContain(`${app.url}${conversationPath(conversation.id)}`);
  // The sender is never mailed about their own messages.
  expect(await mailsTo(pair.client.email)).toEqual([]);

  clock = minutes(15);
  await send(app, pair.client, conversation.id, "Or Sunday?");
  await digestAt(minutes(30));
  await digestAt(minutes(69));
  expect(await mailsTo(pair.creator.email)).toHaveLength(1);

  await digestAt(minutes(71));
  const mails = await mailsTo(pair.creator.email);
  expect(mails).toHaveLength(2);
  expect(mails[1]!.subject).toBe("New message from Casey Client");
  expect(mails[1]!.text_body).toContain("Or Sunday?");
  expect(mails[1]!.text_body).not.toContain("Around 5pm");

  // Nothing new: no more mail, however long it stays unread.
  await digestAt(minutes(200));
  expect(await mailsTo(pair.creator.email)).toHaveLength(2);
});

it("does not mail about messages read in time, and never twice from racing runs", async () => {
  const pair = await messagingPair(app);
  const conversation = await openConversation(app, pair);
  const read = await send(app, pair.creator, conversation.id, "I can do Saturday");
  clock = minutes(2);
  await markRead(app, pair.client, conversation.id, read.seq);
  await digestAt(minutes(20));
  expect(await mailsTo(pair.client.email)).toEqual([]);

  clock = minutes(21);
  await send(app, pair.creator, conversation.id, "Confirm?");
  clock = minutes(40);
  await Promise.all(
    Array.from({ length: 4 }, () =>
      app.deps.jobs.run(MESSAGING_JOBS.unreadDigest, {}, minutes(40)),
    ),
  );
  await app.deps.jobs.drain();
  const mails = await mailsTo(pair.client.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text_body).toContain("Riley Creator: Confirm?");
});
