import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSUBSCRIBE_INVALID } from "../../../contracts/preferences.ts";
import UnsubscribeScreen from "../../routes/unsubscribe.tsx";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { renderNotificationsApp } from "../../test/notification-fixtures.tsx";

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe("the unsubscribe page", () => {
  it("does nothing until the person confirms, then says which mails stop", async () => {
    const calls = fakeApi(() => ({ category: "messages", label: "Unread messages" }));
    const { wrapper } = renderNotificationsApp(<UnsubscribeScreen />, "/unsubscribe?token=tok-1");
    render(wrapper);
    const confirm = await screen.findByRole("button", { name: "Unsubscribe" });
    // Opening the link (a mail scanner does) must not unsubscribe.
    expect(calls).toHaveLength(0);
    fireEvent.click(confirm);
    expect(await screen.findByText("You won't get Unread messages emails any more.")).toBeTruthy();
    expect(calls).toEqual([
      { method: "POST", path: "/mail/unsubscribe", body: { token: "tok-1" } },
    ]);
    expect(
      screen.getByRole("link", { name: "Change your email settings" }).getAttribute("href"),
    ).toBe("/profile#notification-settings");
  });

  it("a bad token shows that the link is not valid", async () => {
    fakeApi(() => apiFailure(400, "bad_request", UNSUBSCRIBE_INVALID));
    const { wrapper } = renderNotificationsApp(<UnsubscribeScreen />, "/unsubscribe?token=nope");
    render(wrapper);
    fireEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect((await screen.findByRole("alert")).textContent).toBe(UNSUBSCRIBE_INVALID);
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("no token at all is not valid either", async () => {
    const calls = fakeApi(() => ({}));
    const { wrapper } = renderNotificationsApp(<UnsubscribeScreen />, "/unsubscribe");
    render(wrapper);
    expect((await screen.findByRole("alert")).textContent).toBe(UNSUBSCRIBE_INVALID);
    expect(calls).toHaveLength(0);
  });
});
