import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_HEADER } from "../../contracts/applications.ts";
import { cookieFrom } from "../test/accounts.ts";
import { freePort } from "../test/free-port.ts";
import { type ServerProcess, startServerProcess, waitHealthy } from "../test/server-process.ts";
import { createPostgresTestDatabase } from "../test/test-database.ts";
import { type Database, openDatabase } from "./database.ts";
import { createCreator, createPortfolioItems, createUser, uniqueEmail } from "./factories.ts";

// PostgreSQL's side of the crash-safety promise (the embedded side: durability.pglite.test.ts),
// proven on the real server process: kill -9 in the middle of a load of writes loses no
// acknowledged write and leaves no half-written record.

const STARTUP_MS = 120_000;
const PASSWORD = "durable password 1";
const READERS = 4;
const ITEMS = 40;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-durability-pg-"));
const children: ChildProcess[] = [];
let target: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let database: Database;
let itemIds: string[] = [];
const readers: { id: string; email: string }[] = [];

beforeAll(async () => {
  target = await createPostgresTestDatabase();
  database = await openDatabase({ kind: "postgres", url: target.url });
  const creator = await createCreator(database.db);
  const items = await createPortfolioItems(
    database.db,
    Array.from({ length: ITEMS }, (_, i) => ({
      userId: creator.user.id,
      imagePath: `portfolio/durable-${i}`,
    })),
  );
  itemIds = items.map((item) => item.id);
  for (let i = 0; i < READERS; i++) {
    const user = await createUser(database.db, {
      email: uniqueEmail("reader"),
      password: PASSWORD,
    });
    readers.push({ id: user.id, email: user.email });
  }
}, STARTUP_MS);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await database?.close();
  await target?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number): ServerProcess {
  const origin = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    dataDir,
    port,
    databaseUrl: target.url,
    // Distinct X-Forwarded-For addresses keep the per-address limits out of the load.
    env: { TRUST_PROXY: "true", PUBLIC_ORIGIN: origin },
  });
  children.push(server.child);
  return server;
}

let sequence = 0;
function headers(server: ServerProcess, extra: Record<string, string> = {}) {
  sequence += 1;
  return {
    origin: server.url,
    "x-forwarded-for": `10.${sequence >> 16}.${(sequence >> 8) & 255}.${sequence & 255}`,
    ...extra,
  };
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: headers(server, { "content-type": "application/json" }),
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return cookieFrom(response);
}

type Applied = { email: string; sampleImages: string[] };
type Commented = { id: string; userId: string; itemId: string; body: string };
/** Per reader and item: the like state of every acknowledged change, or null once one was cut off. */
type LikeLog = Map<string, boolean | null>;

describe("PostgreSQL durability", () => {
  it(
    "keeps every acknowledged write through kill -9 and leaves no half-written record",
    async () => {
      const port = await freePort();
      const server = startServer(port);
      await waitHealthy(server, STARTUP_MS);
      const cookies = await Promise.all(readers.map((r) => signIn(server, r.email)));
      const sample = await sharp({
        create: { width: 64, height: 48, channels: 3, background: "#3a7" },
      })
        .png()
        .toBuffer();

      const applied: Applied[] = [];
      const commented: Commented[] = [];
      const likes: LikeLog = new Map();
      let likeWrites = 0;
      let killed = false;
      let failure: Error | undefined;
      /** The answer's body, or null when the kill cut it off (never acknowledged). */
      const send = async (url: string, init: RequestInit, expected: number) => {
        try {
          const response = await fetch(`${server.url}${url}`, init);
          // The kill can cut the body too: an answer counts once it has arrived whole.
          if (response.status === expected)
            return (await response.json()) as Record<string, string>;
          if (!killed) failure ??= new Error(`${url} answered ${response.status}`);
        } catch {
          // Cut off by the kill: it may or may not have been written.
        }
        return null;
      };

      const applicant = async (lane: number) => {
        for (let n = 0; !killed && !failure; n++) {
          const sampleImages: string[] = [];
          for (let i = 0; i < n % 3; i++) {
            const form = new FormData();
            form.append("file", new Blob([new Uint8Array(sample)], { type: "image/png" }), "s.png");
            const uploaded = await send(
              "/api/applications/sample-images",
              { method: "POST", headers: headers(server), body: form },
              201,
            );
            if (!uploaded) return;
            sampleImages.push(uploaded.key!);
          }
          const email = `applicant-${lane}-${n}@example.test`;
          const response = await send(
            "/api/applications",
            {
              method: "POST",
              headers: headers(server, {
                "content-type": "application/json",
                [IDEMPOTENCY_HEADER]: crypto.randomUUID(),
              }),
              body: JSON.stringify({
                fullName: `Durable Applicant ${lane}-${n}`,
                email,
                specialties: ["Portrait"],
                travelRadius: 25,
                sampleImages,
              }),
            },
            201,
          );
          if (response) applied.push({ email, sampleImages });
        }
      };

      const reader = async (index: number) => {
        const user = readers[index]!;
        const init = (method: string, body?: unknown): RequestInit => ({
          method,
          headers: headers(server, {
            cookie: cookies[index]!,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          }),
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        for (let n = 0; !killed && !failure; n++) {
          const itemId = itemIds[n % ITEMS]!;
          const pair = `${user.id} ${itemId}`;
          // Like every item, and take back every third like on the next pass.
          const liked = !(likes.get(pair) === true && n % 3 === 0);
          const likeUrl = `/api/portfolio/${itemId}/like`;
          const like = await send(likeUrl, init(liked ? "PUT" : "DELETE"), 200);
          if (likes.get(pair) !== null) likes.set(pair, like ? liked : null);
          if (!like) return;
          likeWrites += 1;
          const body = `Comment ${n} from reader ${index}`;
          const comment = await send(
            `/api/portfolio/${itemId}/comments`,
            init("POST", { body }),
            201,
          );
          if (!comment) return;
          commented.push({ id: comment.id!, userId: user.id, itemId, body });
        }
      };

      const lanes = [...[0, 1].map(applicant), ...readers.map((_, index) => reader(index))];
      const deadline = Date.now() + 60_000;
      while (
        !failure &&
        Date.now() < deadline &&
        (applied.length < 8 || likeWrites < 40 || commented.length < 40)
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
      killed = true;
      server.child.kill("SIGKILL");
      await Promise.all(lanes);
      await server.exited;
      expect(failure).toBeUndefined();
      expect(applied.some((a) => a.sampleImages.length > 0)).toBe(true);
      expect(applied.some((a) => a.sampleImages.length === 0)).toBe(true);
      expect(likeWrites).toBeGreaterThan(0);
      expect(commented.length).toBeGreaterThan(0);

      const restarted = startServer(port);
      await waitHealthy(restarted, STARTUP_MS);
      restarted.child.kill("SIGTERM");
      expect((await restarted.exited).code).toBe(0);

      const db = database.db;
      // Applications: every acknowledged one, with its sample images and its staff notification
      // (same transaction).
      const applications = await db
        .selectFrom("applications")
        .select(["id", "email", "sample_images"])
        .execute();
      const byEmail = new Map(applications.map((a) => [a.email, a]));
      for (const { email, sampleImages } of applied) {
        expect(byEmail.get(email)?.sample_images).toEqual(sampleImages);
      }
      const notified = await db.selectFrom("admin_notifications").select("link").execute();
      const links = new Set(notified.map((n) => n.link));
      for (const application of applications) {
        // No half-written application, acknowledged or not.
        expect(links).toContain(`/admin/applications/${application.id}`);
        for (const key of application.sample_images) {
          expect(existsSync(path.join(dataDir, "uploads", key, "thumb.webp"))).toBe(true);
        }
      }

      // Likes: each pair whose changes were all acknowledged is as the last one left it, and
      // every item's counter equals its likes (changed in one statement).
      const likeRows = await db
        .selectFrom("portfolio_likes")
        .select(["user_id", "item_id"])
        .execute();
      const present = new Set(likeRows.map((l) => `${l.user_id} ${l.item_id}`));
      for (const [pair, liked] of likes) {
        if (liked !== null) expect({ pair, liked: present.has(pair) }).toEqual({ pair, liked });
      }
      const counters = await db
        .selectFrom("portfolio_items as i")
        .select([
          "i.id",
          "i.like_count",
          (eb) =>
            eb
              .selectFrom("portfolio_likes as l")
              .whereRef("l.item_id", "=", "i.id")
              .select((c) => c.fn.countAll<string>().as("n"))
              .as("likes"),
        ])
        .execute();
      for (const item of counters) {
        expect({ item: item.id, count: item.like_count }).toEqual({
          item: item.id,
          count: Number(item.likes),
        });
      }

      // Comments: every acknowledged one, whole, and none without its author.
      const comments = await db
        .selectFrom("portfolio_comments as c")
        .leftJoin("user as u", "u.id", "c.user_id")
        .select(["c.id", "c.user_id", "c.item_id", "c.body", "u.id as author"])
        .execute();
      const commentsById = new Map(comments.map((c) => [c.id, c]));
      for (const comment of commented) {
        expect(commentsById.get(comment.id)).toEqual({
          id: comment.id,
          user_id: comment.userId,
          item_id: comment.itemId,
          body: comment.body,
          author: comment.userId,
        });
      }
      for (const comment of comments) expect(comment.author).toBe(comment.user_id);
    },
    STARTUP_MS * 3,
  );
});
