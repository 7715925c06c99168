import { type APIRequestContext, expect } from "@playwright/test";

/** The password every e2e account uses. */
export const E2E_PASSWORD = "e2e password 123";

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;

/** The text of the newest mail to `to` with this subject, read from the development outbox. */
export async function readMail(request: APIRequestContext, to: string, subject: string) {
  let text = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
        text = items.find((m) => m.subject === subject)?.text ?? "";
        return text;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return text;
}

/**
 * The first link in a mail, as a path: the app writes links with its public origin, and the
 * test server may be reached under another.
 */
export function linkIn(text: string) {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** A client signed up through the API and confirmed by the mail's link; answers their email. */
export async function signedInClient(request: APIRequestContext) {
  const email = uniqueEmail("client");
  await request.post("/api/auth/sign-up/email", {
    data: { email, password: E2E_PASSWORD, name: "Robin Client", callbackURL: "/" },
  });
  await request.get(linkIn(await readMail(request, email, "Confirm your ShutterHail account")));
  return email;
}
