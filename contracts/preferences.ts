import { z } from "zod";

// A person's settings for messaging and mail (issue 13). Security and payment mails always go.

export const MAIL_CATEGORIES = [
  { value: "messages", label: "Unread messages", optional: true },
  { value: "bookings", label: "Booking updates", optional: true },
  { value: "reviews", label: "Reviews and photo deliveries", optional: true },
  { value: "payments", label: "Payments and refunds", optional: false },
  { value: "security", label: "Account and security", optional: false },
] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number]["value"];
export const OPTIONAL_MAIL_CATEGORIES = ["messages", "bookings", "reviews"] as const;
export type OptionalMailCategory = (typeof OPTIONAL_MAIL_CATEGORIES)[number];

export const ZPreferences = z.object({
  /** Show the other party when I have read their messages ('Seen'). */
  readReceipts: z.boolean(),
  /** Each optional mail category: true = send it. */
  mail: z.object({
    messages: z.boolean(),
    bookings: z.boolean(),
    reviews: z.boolean(),
  }),
});
export type Preferences = z.infer<typeof ZPreferences>;
export const DEFAULT_PREFERENCES: Preferences = {
  readReceipts: true,
  mail: { messages: true, bookings: true, reviews: true },
};
export const PREFERENCES_SAVED = "Settings saved";

/** POST /api/mail/unsubscribe: the token from a mail's link (or its List-Unsubscribe POST). */
export const ZUnsubscribeRequest = z.object({ token: z.string().min(1).max(500) });
export const ZUnsubscribeResponse = z.object({
  category: z.enum(OPTIONAL_MAIL_CATEGORIES),
  label: z.string(),
});
export const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid.";
