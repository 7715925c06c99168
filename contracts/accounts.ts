import { z } from "zod";

export const ZAuthProvidersResponse = z.object({
  social: z.array(z.enum(["google", "facebook"])),
});
export type AuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;
