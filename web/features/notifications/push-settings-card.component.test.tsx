import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PUSH_SETTINGS, type PushDevice } from "../../../contracts/push.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { renderNotificationsApp } from "../../test/notification-fixtures.tsx";
import { deviceName } from "./push-api.ts";
import { PushSettingsCard } from "./push-settings-card.tsx";

// The push card with the browser's push machinery stood in for (jsdom has none): the card
// subscribes with the server's key and saves what the browser gave; it lists and removes devices.

const KEY =
  "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";
const PHONE = "https://fcm.googleapis.com/fcm/send/phone";
const LAPTOP = "https://updates.push.services.mozilla.com/wpush/v2/laptop";

const device = (id: string, endpoint: string, name: string): PushDevice => ({
  id,
  endpoint,
  device: name,
  createdAt: "2030-11-20T10:00:00.000Z",
  lastSentAt: null,
});

type FakeSubscription = { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> };

/** A browser with a service worker registration whose push subscription is `current`. */
function fakeBrowser(current: FakeSubscription | null) {
  const state = { current };
  const subscribe = vi.fn(async () => {
    state.current = subscription(PHONE);
    return state.current;
  });
  const registration = {
    pushManager: { getSubscription: async () => state.current, subscribe },
  };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: async () => registration,
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal(
    "Notification",
    Object.assign(class {}, {
      permission: "default",
      requestPermission: vi.fn(async () => "granted"),
    }),
  );
  return { subscribe, state };
}

function subscription(endpoint: string): FakeSubscription {
  return {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
}

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the push notifications card", () => {
  it("turns push on for this device: asks permission, subscribes with the server's key, saves the device", async () => {
    const browser = fakeBrowser(null);
    const devices: PushDevice[] = [];
    const calls = fakeApi((call) => {
      if (call.path === "/push/key") return { publicKey: KEY };
      if (call.method === "POST") {
        const saved = device("a1b2c3d4-0000-4000-8000-000000000001", PHONE, "Chrome on Android");
        devices.push(saved);
        return { device: saved };
      }
      return { devices };
    });
    render(renderNotificationsApp(<PushSettingsCard />).wrapper);

    expect(await screen.findByText(PUSH_SETTINGS.noDevices)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: PUSH_SETTINGS.enable }));

    await waitFor(() => expect(browser.subscribe).toHaveBeenCalled());
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: KEY,
    });
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/push/subscriptions",
      body: { endpoint: PHONE, keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) } },
    });
    expect(await screen.findByText(PUSH_SETTINGS.thisDevice)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(PUSH_SETTINGS.enabled);
  });

  it("lists every device, marks this one, and removes another", async () => {
    fakeBrowser(subscription(PHONE));
    let devices = [
      device("a1b2c3d4-0000-4000-8000-000000000001", PHONE, "Chrome on Android"),
      device("a1b2c3d4-0000-4000-8000-000000000002", LAPTOP, "Firefox on Windows"),
    ];
    const calls = fakeApi((call) => {
      if (call.method === "DELETE") {
        devices = devices.filter((d) => !call.path.endsWith(d.id));
        return new Response(null, { status: 204 });
      }
      return { devices };
    });
    render(renderNotificationsApp(<PushSettingsCard />).wrapper);

    expect(await screen.findByText("Firefox on Windows")).toBeTruthy();
    expect(screen.getByRole("button", { name: PUSH_SETTINGS.disable })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove Firefox on Windows" }));
    await waitFor(() => expect(screen.queryByText("Firefox on Windows")).toBeNull());
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe(
      "/push/subscriptions/a1b2c3d4-0000-4000-8000-000000000002",
    );
    expect(screen.getByText("Chrome on Android")).toBeTruthy();
  });

  it("says so when the browser cannot receive pushes", async () => {
    fakeApi(() => ({ devices: [] }));
    render(renderNotificationsApp(<PushSettingsCard />).wrapper);
    expect(await screen.findByText(PUSH_SETTINGS.unsupported)).toBeTruthy();
    expect(screen.queryByRole("button", { name: PUSH_SETTINGS.enable })).toBeNull();
  });

  it("names a device by its browser and system", () => {
    expect(
      deviceName(
        "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
    expect(
      deviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
  });
});
