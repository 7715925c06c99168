import { z } from "zod";

export const ZHealthResponse = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof ZHealthResponse>;
