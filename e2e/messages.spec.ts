import { test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./support/accessibility.ts";
import { PHONE } from "./support/devices.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";
import { type Account, type MessagesWorld, startMessagesWorld } from "./support/messages-world.ts";
import { DESKTOP_ONLY, PHONE_ONLY } from "./support/sizes.ts";

// The messaging journey over its own app and database: a client opens the conversation with a
// creator from a booking, both chat live in their own browsers, the creator's unread badge
// rises and clears, 'Seen' follows the reading, and a tab that was offline catches up.
base.describe.configure({ mode: "default" });
const world = fileWorld(startMessagesWorld);

const test = base.extend<{ world: MessagesWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

/**
 * Signs in through the dialog: `prompt` says whether the page opens it by itself (a link to a
 * conversation) or the visitor opens it with 'Sign in to continue'.
 */
async function signIn(page: Page, account: Account, prompt: "opens" | "click") {
  const dialog = page.getByRole("dialog");
  if (prompt === "click") {
    await page.getByRole("button", { name: "Sign in to continue" }).first().click();
  }
  // The dialog's code loads on first use: slow on a busy machine.
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
}

const messages = (page: Page) =>
  page.getByRole("list", { name: "Messages" }).getByTestId("message");

async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
  await expect(box).toHaveValue("");
}

// The client on a phone, the creator at a desk: both layouts in one journey.
test(
  "a client and a creator chat live; unread rises and clears; an offline tab catches up",
  PHONE_ONLY,
  async ({ browser, world }) => {
    test.setTimeout(180_000);
    const clientContext = await browser.newContext({ baseURL: world.url, ...PHONE });
    const creatorContext = await browser.newContext({
      baseURL: world.url,
      viewport: { width: 1440, height: 900 },
    });
    const client = await clientContext.newPage();
    const creator = await creatorContext.newPage();

    // The creator waits on /messages with nothing yet.
    await creator.goto("/messages");
    await signIn(creator, world.creator, "click");
    await expect(creator.getByText("No conversations yet")).toBeVisible();

    // The client follows 'Message' on the booking: signed out, the page asks to sign in first.
    await client.goto(`/messages?with=${world.creator.profileId}&booking=${world.bookingId}`);
    await signIn(client, world.client, "opens");
    await expect(client).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
    const pane = client.getByRole("region", { name: "Conversation with Sofia Martinez" });
    await expect(pane.getByRole("link", { name: /^Booking ·/ })).toBeVisible();
    await expect(pane.getByRole("link", { name: "Sofia Martinez" })).toHaveAttribute(
      "href",
      `/p/${world.creator.profileId}`,
    );

    // Blank input is never sent.
    await expect(client.getByRole("button", { name: "Send" })).toBeDisabled();

    // The client writes; the creator's list and header badge show it at once.
    await send(client, "Hi Sofia! Can we start at 4pm?");
    await expect(messages(client).last()).toContainText("Hi Sofia! Can we start at 4pm?");
    const creatorLink = creator.getByRole("banner").getByRole("link", { name: /^Messages/ });
    await expect(creatorLink).toContainText("1");
    const row = creator.getByRole("list", { name: "Conversations" }).getByRole("button").first();
    await expect(row).toContainText("Cleo Client");
    await expect(row).toContainText("Hi Sofia! Can we start at 4pm?");
    await expect(row).toContainText("1");

    // The creator opens it: read, so the badge clears and the client sees 'Seen'.
    await row.click();
    await expect(messages(creator)).toHaveCount(1);
    await expect(messages(creator).first()).toContainText("Hi Sofia!");
    await expect(creatorLink).not.toContainText("1");
    await expect(client.getByText("Seen")).toBeVisible();
    await expectAccessible(client, "a conversation with its booking");
    await expectAccessible(creator, "Messages with the selected conversation");

    // The creator types and answers; the client sees both live.
    await creator.getByRole("textbox", { name: "Message" }).pressSequentially("Sure");
    await expect(pane.getByText("typing…")).toBeVisible();
    await creator.getByRole("textbox", { name: "Message" }).fill("");
    await send(creator, "4pm works. See you at Bayfront Park!");
    await expect(messages(client)).toHaveCount(2);
    await expect(messages(client).last()).toContainText("4pm works.");

    // A photo: uploaded as it is picked, a thumbnail in the bubble, the large size in a viewer.
    await client.getByTestId("attachment-input").setInputFiles({
      name: "outfit.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({
        create: { width: 1200, height: 900, channels: 3, background: "#d97706" },
      })
        .jpeg()
        .toBuffer(),
    });
    const attached = client.getByRole("list", { name: "Attached photos" });
    await expect(attached.getByRole("img")).toHaveCount(1);
    await expect(attached.getByLabel("Uploading")).toHaveCount(0, { timeout: 30_000 });
    await send(client, "This one?");
    await expect(messages(creator)).toHaveCount(3);
    await creator.getByRole("button", { name: "Open photo" }).click();
    const viewer = creator.getByRole("dialog", { name: "Photo" });
    await expect(viewer.getByRole("img", { name: "Attachment" })).toBeVisible();
    await viewer.getByRole("button", { name: "Close" }).click();

    // The client's tab drops off the network; what was sent meanwhile arrives once, in order.
    await clientContext.setOffline(true);
    await send(creator, "I'll bring a reflector.");
    await send(creator, "And a second lens.");
    await expect(messages(creator)).toHaveCount(5);
    await clientContext.setOffline(false);
    await expect(messages(client)).toHaveCount(5, { timeout: 30_000 });
    await expect(messages(client).nth(3)).toContainText("I'll bring a reflector.");
    await expect(messages(client).nth(4)).toContainText("And a second lens.");

    // On a phone the conversation is full-screen; the back control returns to the list.
    await client.getByRole("button", { name: "Back to conversations" }).click();
    await expect(client.getByRole("list", { name: "Conversations" })).toBeVisible();
    await expect(client.getByText("And a second lens.")).toBeVisible();

    await clientContext.close();
    await creatorContext.close();
  },
);

test(
  "a creator writes first from a booking card; the client finds it in their inbox",
  DESKTOP_ONLY,
  async ({ browser, world }) => {
    test.setTimeout(120_000);
    // A pair of their own, so the journey above keeps its empty inbox whatever the order.
    const { createBooking, createCreator, createUser } = await import("../server/db/factories.ts");
    const db = world.app.database.db;
    const creator = await createCreator(db, {
      fullName: "Marcus Lee",
      user: { password: world.client.password, emailVerified: true },
    });
    const client = await createUser(db, {
      name: "Nora Newclient",
      password: world.client.password,
      emailVerified: true,
    });
    await createBooking(db, {
      creatorProfileId: creator.profile.id,
      clientUserId: client.id,
      status: "confirmed",
      eventType: "Headshots",
    });

    const context = await browser.newContext({ baseURL: world.url });
    const page = await context.newPage();
    await page.goto("/bookings");
    await signIn(
      page,
      { email: creator.user.email, password: world.client.password, name: "Marcus Lee" },
      "click",
    );
    const card = page.getByRole("listitem").filter({ hasText: "Nora Newclient" });
    await card.getByRole("link", { name: "Message" }).click();
    await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
    const pane = page.getByRole("region", { name: "Conversation with Nora Newclient" });
    await expect(pane.getByRole("link", { name: /^Booking ·/ })).toBeVisible();
    await send(page, "Hi Nora, anything I should know before Saturday?");
    await expect(messages(page)).toHaveCount(1);

    const clientContext = await browser.newContext({ baseURL: world.url });
    const clientPage = await clientContext.newPage();
    await clientPage.goto("/messages");
    await signIn(
      clientPage,
      { email: client.email, password: world.client.password, name: "Nora Newclient" },
      "click",
    );
    const row = clientPage.getByRole("list", { name: "Conversations" }).getByRole("button").first();
    await expect(row).toContainText("Marcus Lee");
    await expect(row).toContainText("anything I should know before Saturday?");
    await context.close();
    await clientContext.close();
  },
);
