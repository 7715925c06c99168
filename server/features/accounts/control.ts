import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { ZAdminRole } from "../../../contracts/accounts.ts";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import type { Config } from "../../config.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { changeStaffAccess } from "./service.ts";

// On the embedded database only the running app may open the data directory, so
// `admin:create` asks the app to make the change. The app writes a one-run token into the
// data directory (readable by its own user only); holding it proves access to the machine.

type ControlFile = { pid: number; port: number; token: string };

let activeToken: string | undefined;

const controlPath = (config: Config) => path.join(config.dataDir, "control.json");

/** Called once the app listens on the embedded database; returns the clean-up. */
export function openControlChannel(config: Config, port: number): () => void {
  activeToken = randomBytes(32).toString("hex");
  const file: ControlFile = { pid: process.pid, port, token: activeToken };
  writeFileSync(controlPath(config), JSON.stringify(file), { mode: 0o600 });
  return () => {
    activeToken = undefined;
    rmSync(controlPath(config), { force: true });
  };
}

export function readControlFile(config: Config): ControlFile | undefined {
  try {
    return JSON.parse(readFileSync(controlPath(config), "utf8")) as ControlFile;
  } catch {
    return undefined;
  }
}

export const ZStaffChangeRequest = z.object({
  email: z.email().max(320),
  role: ZAdminRole,
  deactivate: z.boolean().default(false),
});

const ZStaffChange = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("granted"),
    userId: z.string(),
    created: z.boolean(),
    hasPassword: z.boolean(),
  }),
  z.object({ action: z.literal("deactivated"), userId: z.string() }),
  z.object({ action: z.literal("unchanged"), reason: z.string() }),
]);

const staffRoute = createRoute({
  method: "post",
  path: "/internal/staff",
  summary: "Grant or remove staff access (used by npm run admin:create)",
  description:
    "Who may call: the admin:create command on the app's machine, with the bearer token the app wrote to DATA_DIR/control.json; 401 for anyone else.",
  tags: ["internal"],
  request: { body: { content: { "application/json": { schema: ZStaffChangeRequest } } } },
  responses: {
    200: { description: "Done", content: { "application/json": { schema: ZStaffChange } } },
    401: { description: "No token", content: { "application/json": { schema: ZErrorResponse } } },
  },
});

function tokenMatches(header: string | undefined): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(activeToken ?? "");
  return (
    expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected)
  );
}

export function controlRoutes() {
  return createRouter().openapi(staffRoute, async (c) => {
    if (!tokenMatches(c.req.header("authorization"))) {
      throw new AppError("unauthenticated", "Authentication required");
    }
    const change = await changeStaffAccess(c.var.deps, c.req.valid("json"));
    return c.json(change, 200);
  });
}
