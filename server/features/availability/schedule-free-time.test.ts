import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createBooking, createCreator } from "../../db/factories.ts";
import { createTestDatabase } from "../../test/test-database.ts";
import {
  freeTime,
  localInstant,
  nextDate,
  type OverrideRule,
  type ScheduleRules,
  type WeeklyRule,
} from "./schedule-free-time.ts";

// The two implementations of free time — schedule-free-time.ts (booking times and refusal) and
// creator_free_time() in migration 091 (search's date filter) — over the same cases: chosen
// ones around both DST changes in New York and Sydney, and generated ones. They must agree to
// the millisecond.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

type Case = {
  name: string;
  zone: string;
  rules: ScheduleRules;
  bookings: { start: Date; end: Date }[];
  /** Busy times from an external calendar (issue 25): they block as bookings do. */
  external?: { start: Date; end: Date }[];
  now: Date;
  dates: string[];
};

async function sqlFreeTime(profileId: string, userId: string, c: Case, date: string) {
  const rows = await sql<{ s: Date; e: Date }>`select lower(r) as s, upper(r) as e
    from unnest(creator_free_time(${profileId}::uuid, ${userId}, ${c.zone}, ${c.rules.minNoticeMinutes},
      ${c.rules.bufferMinutes}, ${date}::date, ${c.now}::timestamptz)) r order by 1`.execute(
    database.db,
  );
  return rows.rows.map((r) => [new Date(r.s).toISOString(), new Date(r.e).toISOString()]);
}

async function store(c: Case) {
  const { user, profile } = await createCreator(database.db);
  const db = database.db;
  await db
    .updateTable("photographer_profiles")
    .set({
      time_zone: c.zone,
      min_notice_minutes: c.rules.minNoticeMinutes,
      buffer_minutes: c.rules.bufferMinutes,
    })
    .where("id", "=", profile.id)
    .execute();
  if (c.rules.weekly.length) {
    await db
      .insertInto("availability_weekly_hours")
      .values(
        c.rules.weekly.map((w) => ({
          profile_id: profile.id,
          weekday: w.weekday,
          start_local: w.start,
          end_local: w.end,
        })),
      )
      .execute();
  }
  for (const o of c.rules.overrides) {
    await db
      .insertInto("availability_date_overrides")
      .values({
        profile_id: profile.id,
        local_date: sql<Date>`${o.date}::date`,
        start_local: o.start,
        end_local: o.end,
      })
      .execute();
  }
  for (const o of c.rules.oneOffs) {
    await db
      .insertInto("availability_slots")
      .values({ user_id: user.id, start_time: o.start, end_time: o.end, is_recurring: false })
      .execute();
  }
  for (const b of c.bookings) {
    await createBooking(db, {
      creatorProfileId: profile.id,
      startTime: b.start,
      hours: (b.end.getTime() - b.start.getTime()) / 3_600_000,
    });
  }
  if (c.external?.length) {
    const calendar = await db
      .insertInto("external_calendars")
      .values({
        profile_id: profile.id,
        url: "https://calendar.test/x.ics",
        label: "calendar.test",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("external_busy_times")
      .values(
        c.external.map((x) => ({
          calendar_id: calendar.id,
          profile_id: profile.id,
          start_time: x.start,
          end_time: x.end,
        })),
      )
      .execute();
  }
  return { profileId: profile.id, userId: user.id };
}

async function expectEqual(c: Case) {
  const ids = await store(c);
  for (const date of c.dates) {
    const ts = freeTime({
      rules: c.rules,
      timeZone: c.zone,
      bookings: [...c.bookings, ...(c.external ?? [])],
      now: c.now,
      date,
    }).map((i) => [i.start.toISOString(), i.end.toISOString()]);
    expect(await sqlFreeTime(ids.profileId, ids.userId, c, date), `${c.name} on ${date}`).toEqual(
      ts,
    );
    const freeOn = await sql<{ free: boolean }>`select creator_free_on(${ids.profileId}::uuid,
      ${ids.userId}, ${c.zone}, ${c.rules.minNoticeMinutes}, ${c.rules.bufferMinutes},
      ${date}::date, ${c.now}::timestamptz, 60) as free`.execute(database.db);
    const hasHour = ts.some(
      ([s, e]) => new Date(e!).getTime() - new Date(s!).getTime() >= 3_600_000,
    );
    expect(freeOn.rows[0]?.free, `${c.name} free on ${date}`).toBe(hasHour);
  }
}

const rules = (r: Partial<ScheduleRules>): ScheduleRules => ({
  weekly: [],
  overrides: [],
  oneOffs: [],
  minNoticeMinutes: 0,
  bufferMinutes: 0,
  ...r,
});
const NY = "America/New_York";
const SYD = "Australia/Sydney";
const at = (date: string, time: string, zone: string) => new Date(localInstant(date, time, zone));
const everyDay = (start: string, end: string): WeeklyRule[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
const around = (date: string) => [nextDate(date, -1), date, nextDate(date)];

const CHOSEN: Case[] = [
  {
    name: "no schedule: default hours, spring forward (NY)",
    zone: NY,
    rules: rules({ minNoticeMinutes: 720, bufferMinutes: 30 }),
    bookings: [],
    now: new Date("2026-03-01T12:00:00Z"),
    dates: around("2026-03-08"),
  },
  {
    name: "no schedule: fall back (NY) with a booking and buffer",
    zone: NY,
    rules: rules({ bufferMinutes: 30 }),
    bookings: [{ start: at("2026-11-01", "10:00", NY), end: at("2026-11-01", "12:00", NY) }],
    now: new Date("2026-10-20T12:00:00Z"),
    dates: around("2026-11-01"),
  },
  {
    name: "weekly across the spring-forward hour (01:00–04:00 and 02:30–03:00)",
    zone: NY,
    rules: rules({
      weekly: [...everyDay("01:00", "04:00"), { weekday: 7, start: "02:30", end: "03:00" }],
    }),
    bookings: [],
    now: new Date("2026-03-01T00:00:00Z"),
    dates: around("2026-03-08"),
  },
  {
    name: "weekly across the repeated hour (00:30–02:30) on fall back",
    zone: NY,
    rules: rules({ weekly: everyDay("00:30", "02:30") }),
    bookings: [],
    now: new Date("2026-10-01T00:00:00Z"),
    dates: around("2026-11-01"),
  },
  {
    name: "schedule from 13:00 on both transition days",
    zone: NY,
    rules: rules({ weekly: everyDay("13:00", "18:00"), bufferMinutes: 15 }),
    bookings: [{ start: at("2026-03-08", "14:00", NY), end: at("2026-03-08", "15:00", NY) }],
    now: new Date("2026-03-01T00:00:00Z"),
    dates: ["2026-03-08", "2026-11-01"],
  },
  {
    name: "minimum notice ending on the transition day",
    zone: NY,
    rules: rules({ weekly: everyDay("06:00", "22:00"), minNoticeMinutes: 720 }),
    bookings: [],
    // 20:00 EST on 7 March + 12 h = 09:00 EDT on 8 March (one hour fewer on the clock).
    now: at("2026-03-07", "20:00", NY),
    dates: ["2026-03-07", "2026-03-08"],
  },
  {
    name: "override near midnight (22:00–24:00) replaces weekly hours",
    zone: NY,
    rules: rules({
      weekly: everyDay("09:00", "17:00"),
      overrides: [{ date: "2026-11-01", start: "22:00", end: "24:00" }],
    }),
    bookings: [],
    now: new Date("2026-10-01T00:00:00Z"),
    dates: around("2026-11-01"),
  },
  {
    name: "day off override and a one-off time that spans midnight",
    zone: NY,
    rules: rules({
      weekly: everyDay("09:00", "17:00"),
      overrides: [{ date: "2026-12-24", start: null, end: null }],
      oneOffs: [{ start: at("2026-12-24", "21:00", NY), end: at("2026-12-25", "02:00", NY) }],
    }),
    bookings: [],
    now: new Date("2026-12-01T00:00:00Z"),
    dates: around("2026-12-24"),
  },
  {
    name: "Sydney: autumn fall back (5 April) and spring forward (4 October)",
    zone: SYD,
    rules: rules({ weekly: everyDay("01:00", "04:00"), bufferMinutes: 30, minNoticeMinutes: 60 }),
    bookings: [{ start: at("2026-10-04", "03:00", SYD), end: at("2026-10-04", "04:00", SYD) }],
    now: new Date("2026-03-01T00:00:00Z"),
    dates: [...around("2026-04-05"), ...around("2026-10-04")],
  },
  {
    name: "external busy times block as bookings do, buffer included, over a DST change",
    zone: NY,
    rules: rules({ bufferMinutes: 30 }),
    bookings: [{ start: at("2026-11-01", "09:00", NY), end: at("2026-11-01", "10:00", NY) }],
    external: [
      { start: at("2026-11-01", "12:00", NY), end: at("2026-11-01", "13:30", NY) },
      { start: at("2026-10-31", "22:00", NY), end: at("2026-11-01", "07:00", NY) },
    ],
    now: new Date("2026-10-20T12:00:00Z"),
    dates: around("2026-11-01"),
  },
  {
    name: "an external all-day busy time with no schedule takes the default hours' fast path away",
    zone: SYD,
    rules: rules({}),
    bookings: [],
    external: [{ start: at("2026-04-05", "00:00", SYD), end: at("2026-04-06", "00:00", SYD) }],
    now: new Date("2026-03-01T00:00:00Z"),
    dates: around("2026-04-05"),
  },
  {
    name: "only one-off times: nothing else that day",
    zone: SYD,
    rules: rules({
      oneOffs: [{ start: at("2026-04-05", "13:00", SYD), end: at("2026-04-05", "15:00", SYD) }],
    }),
    bookings: [],
    now: new Date("2026-03-01T00:00:00Z"),
    dates: around("2026-04-05"),
  },
];

describe("free time: TypeScript and SQL agree", () => {
  for (const c of CHOSEN) {
    it(c.name, async () => {
      await expectEqual(c);
    });
  }

  it("agrees over 40 generated schedules in four zones around their DST changes", async () => {
    let seed = 12;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const time = (min: number, max: number) => {
      const q = min + rand(max - min + 1);
      return `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`;
    };
    const zones: [string, string][] = [
      [NY, "2026-03-08"],
      [NY, "2026-11-01"],
      [SYD, "2026-04-05"],
      [SYD, "2026-10-04"],
      ["Europe/London", "2026-03-29"],
      ["Asia/Kolkata", "2026-06-01"],
    ];
    for (let i = 0; i < 40; i += 1) {
      const [zone, day] = zones[rand(zones.length)]!;
      const dates = around(day);
      const weekly: WeeklyRule[] = [];
      if (rand(4) > 0) {
        for (let k = 0; k < 1 + rand(6); k += 1) {
          const start = time(0, 90);
          const startQ = Number(start.slice(0, 2)) * 4 + Number(start.slice(3)) / 15;
          weekly.push({ weekday: 1 + rand(7), start, end: time(startQ + 1, 96) });
        }
      }
      const overrides: OverrideRule[] = [];
      if (rand(2)) {
        const date = dates[rand(3)]!;
        if (rand(3) === 0) overrides.push({ date, start: null, end: null });
        else overrides.push({ date, start: "00:00", end: time(1, 96) });
      }
      const dayStart = at(dates[0]!, "00:00", zone).getTime();
      const span = at(dates[2]!, "24:00", zone).getTime() - dayStart;
      const instant = () => new Date(dayStart + Math.floor(rand(span / 900_000)) * 900_000);
      const oneOffs = rand(3)
        ? []
        : [0].map(() => {
            const start = instant();
            return { start, end: new Date(start.getTime() + (1 + rand(16)) * 900_000) };
          });
      const bookings: { start: Date; end: Date }[] = [];
      for (let k = 0; k < rand(4); k += 1) {
        const start = instant();
        const overlapping = bookings.some(
          (b) => b.start.getTime() < start.getTime() + 4 * 3_600_000 && b.end > start,
        );
        if (!overlapping) {
          bookings.push({ start, end: new Date(start.getTime() + (1 + rand(3)) * 3_600_000) });
        }
      }
      await expectEqual({
        name: `generated #${i} (${zone})`,
        zone,
        rules: rules({
          weekly,
          overrides,
          oneOffs,
          minNoticeMinutes: [0, 60, 720, 1440][rand(4)]!,
          bufferMinutes: [0, 15, 30, 240][rand(4)]!,
        }),
        bookings,
        now: new Date(dayStart + rand(span / 3_600_000) * 3_600_000 - 86_400_000),
        dates,
      });
    }
  }, 120_000);
});

// Custom plans made every booking plan these queries afresh (1.7 against 0.4 ms per booking);
// a migration that redefines the verdict must set the mode again.
it("booking's schedule verdict plans its free-time queries generically (migration 129)", async () => {
  const { rows } = await sql<{ config: string[] | null }>`
    select proconfig as config from pg_proc where proname = 'booking_schedule_verdict'`.execute(
    database.db,
  );
  expect(rows).toEqual([{ config: ["plan_cache_mode=force_generic_plan"] }]);
});
