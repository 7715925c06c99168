import { z } from "zod";

export const ZHealthResponse = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof ZHealthResponse>;

export const ZReadyResponse = z.object({
  status: z.literal("ready"),
  database: z.enum(["pglite", "postgres"]),
  /** What this process does (PROCESS_ROLE): serve web traffic, run jobs, or both. */
  role: z.enum(["web", "worker", "both"]),
});
export type ReadyResponse = z.infer<typeof ZReadyResponse>;
