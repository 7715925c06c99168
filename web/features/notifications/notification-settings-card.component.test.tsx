import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PREFERENCES, PREFERENCES_SAVED } from "../../../contracts/preferences.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { renderNotificationsApp } from "../../test/notification-fixtures.tsx";
import { NotificationSettingsCard } from "./notification-settings-card.tsx";

beforeEach(() => {
  // Radix's switch measures its thumb; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe("the notification settings card", () => {
  it("shows the saved settings, always-on mails, and saves changes with a toast", async () => {
    const calls = fakeApi((call) =>
      call.method === "PUT"
        ? call.body
        : { ...DEFAULT_PREFERENCES, mail: { ...DEFAULT_PREFERENCES.mail, reviews: false } },
    );
    const { wrapper } = renderNotificationsApp(<NotificationSettingsCard />);
    render(wrapper);

    const receipts = await screen.findByRole("switch", { name: "Show read receipts" });
    expect(receipts.getAttribute("aria-checked")).toBe("true");
    expect(
      screen
        .getByRole("switch", { name: "Reviews and photo deliveries" })
        .getAttribute("aria-checked"),
    ).toBe("false");
    // Payment and security mails always go: no switch.
    expect(screen.queryByRole("switch", { name: "Payments and refunds" })).toBeNull();
    expect(screen.getByText("Payments and refunds")).toBeTruthy();
    expect(screen.getByText("Account and security")).toBeTruthy();
    expect(screen.getAllByText("Always on")).toHaveLength(2);
    expect(calls[0]).toMatchObject({ method: "GET", path: "/account/preferences" });

    const save = screen.getByRole("button", { name: "Save settings" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(receipts);
    fireEvent.click(screen.getByRole("switch", { name: "Unread messages" }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText(PREFERENCES_SAVED)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      readReceipts: false,
      mail: { messages: false, bookings: true, reviews: false },
    });
    await waitFor(() =>
      expect(
        (screen.getByRole("button", { name: "Save settings" }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it("asks for browser notification permission only when clicked", async () => {
    fakeApi(() => DEFAULT_PREFERENCES);
    const requestPermission = vi.fn(async () => "granted" as const);
    vi.stubGlobal(
      "Notification",
      Object.assign(vi.fn(), { permission: "default", requestPermission }),
    );
    const { wrapper } = renderNotificationsApp(<NotificationSettingsCard />);
    render(wrapper);
    const enable = await screen.findByRole("button", { name: "Enable browser notifications" });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(enable);
    expect(await screen.findByText(/Browser notifications are on/)).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledOnce();
  });
});
