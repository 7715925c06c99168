import { randomUUID } from "node:crypto";
import type { Db } from "../factories.ts";
import type { SeededCreator } from "./creators.ts";

// Messaging in the demo (issue 13): the demo client has conversations with the first three
// demo creators, a few messages each, the creators' latest ones unread. The unread mail is
// marked as already sent so the demo does not mail about its own history.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Line = [from: "client" | "creator", agoMs: number, body: string];

const SCRIPTS: Line[][] = [
  [
    ["client", 3 * DAY, "Hi Sofia! Loved our engagement photos. Do you also do family sessions?"],
    [
      "creator",
      3 * DAY - 2 * HOUR,
      "Thank you so much! Yes, I do — beaches at golden hour are my favourite.",
    ],
    ["client", 2 * DAY, "Great, my parents visit next month. Could we do South Pointe again?"],
    ["creator", 40 * MINUTE, "Absolutely. Send me a couple of dates and I'll hold them for you."],
    ["creator", 38 * MINUTE, "Sunset is around 7:40pm then, so a 6:45pm start works best."],
  ],
  [
    ["client", 2 * DAY, "Hi Marcus, looking forward to the product launch shoot!"],
    ["creator", 2 * DAY - HOUR, "Me too. Is there a shot list I should see beforehand?"],
    ["client", DAY, "I'll send it tonight. Parking is in the garage on SE 3rd Ave."],
    [
      "creator",
      3 * HOUR,
      "Got the shot list, thanks. I'll bring two extra lights for the indoor part.",
    ],
  ],
  [
    ["client", 5 * HOUR, "Hi Isabella, I just sent a request for brand reels on Lincoln Road."],
    ["creator", 2 * HOUR, "Thanks! I'm checking my calendar and will confirm today."],
  ],
];

export async function seedDemoConversations(
  db: Db,
  clientId: string,
  creators: SeededCreator[],
  now = new Date(),
) {
  for (const [index, script] of SCRIPTS.entries()) {
    const creator = creators[index];
    if (!creator) break;
    const booking = await db
      .selectFrom("bookings")
      .select("id")
      .where("client_user_id", "=", clientId)
      .where("creator_profile_id", "=", creator.profile.id)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    const at = (ago: number) => new Date(now.getTime() - ago);
    const conversation = await db
      .insertInto("conversations")
      .values({
        client_user_id: clientId,
        creator_profile_id: creator.profile.id,
        context_booking_id: booking?.id ?? null,
        created_at: at(script[0]![1]),
        last_message_at: at(script.at(-1)![1]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const seqs: Record<"client" | "creator", number> = { client: 0, creator: 0 };
    let lastClientMessage = 0;
    for (const [from, ago, body] of script) {
      const row = await db
        .insertInto("messages")
        .values({
          id: randomUUID(),
          conversation_id: conversation.id,
          sender_user_id: from === "client" ? clientId : creator.user.id,
          body,
          created_at: at(ago),
        })
        .returning("seq")
        .executeTakeFirstOrThrow();
      seqs[from] = row.seq;
      if (from === "client") lastClientMessage = row.seq;
    }
    // The client read up to their own last message (the creator's replies after it are
    // unread); the creator read everything.
    const newest = Math.max(seqs.client, seqs.creator);
    await db
      .insertInto("conversation_members")
      .values([
        {
          conversation_id: conversation.id,
          user_id: clientId,
          role: "client",
          last_read_seq: lastClientMessage,
          last_mailed_at: now,
        },
        {
          conversation_id: conversation.id,
          user_id: creator.user.id,
          role: "creator",
          last_read_seq: newest,
          last_mailed_at: now,
        },
      ])
      .execute();
  }
}
