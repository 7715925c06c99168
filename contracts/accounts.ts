import { z } from "zod";

export const ZAuthProvidersResponse = z.object({
  social: z.array(z.enum(["google", "facebook"])),
});
export type AuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;

/** Staff roles are free text (e.g. super_admin, reviewer). */
export const ZAdminRole = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, "use lowercase letters, digits and underscores (e.g. super_admin)");

export const ZAdminMe = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  /** When the app last detected this admin (set to now by this call). */
  lastLoginAt: z.string().nullable(),
});
export type AdminMe = z.infer<typeof ZAdminMe>;

export const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const ZOutboxResponse = z.object({ items: z.array(ZOutboxMail) });
export type OutboxMail = z.infer<typeof ZOutboxMail>;

/** The dashboard's figures (the spec's placeholder cards, computed). */
export const ZAdminOverview = z.object({
  activeCreators: z.number().int().min(0),
  /** Bookings whose deposit was paid: pending, confirmed or completed. */
  paidBookings: z.number().int().min(0),
  /** Service fees on those bookings, in cents. */
  feeRevenueCents: z.number().int().min(0),
  currency: z.string(),
});
export type AdminOverview = z.infer<typeof ZAdminOverview>;

/** GET /api/accounts/me: what the signed-in account is, so screens ask only what it may see. */
export const accountRolesApiPath = "/accounts/me";
export const ZAccountRoles = z.object({
  /** An approved creator profile: the creator access level. */
  creator: z.boolean(),
  /** An active staff row (the admin level also needs a second factor). */
  staff: z.boolean(),
});
export type AccountRoles = z.infer<typeof ZAccountRoles>;
