import { z } from "zod";

export const FAILED_MAIL_LIMIT = 50;

/** A mail the queue gave up on after its retries: staff resend it by hand. */
export const ZFailedMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The last delivery error. */
  error: z.string(),
  attempts: z.number().int().min(1),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedMail = z.infer<typeof ZFailedMail>;

export const ZFailedMailResponse = z.object({ items: z.array(ZFailedMail) });
export type FailedMailResponse = z.infer<typeof ZFailedMailResponse>;
