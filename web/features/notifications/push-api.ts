import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  pushKeyApiPath,
  pushSubscriptionsApiPath,
  ZPushDeviceResponse,
  ZPushDevicesResponse,
  ZPushKeyResponse,
} from "../../../contracts/push.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { SERVICE_WORKER_URL } from "../../lib/service-worker.ts";
import { notificationKeys } from "./keys.ts";

// Web Push on this device (docs/push.md): the browser's subscription, kept on the server as
// one of the person's devices.

export type PushSupport = "supported" | "unsupported" | "denied";

export function pushSupport(): PushSupport {
  if (
    typeof window === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  ) {
    return "unsupported";
  }
  return Notification.permission === "denied" ? "denied" : "supported";
}

async function registration() {
  return (
    (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)) ??
    (await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }))
  );
}

/** This device's current subscription endpoint, if it has one. */
export function useThisDeviceEndpoint() {
  return useQuery({
    queryKey: [...notificationKeys.push, "this-device"],
    enabled: pushSupport() !== "unsupported",
    queryFn: async () => {
      const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
      return (await reg?.pushManager.getSubscription())?.endpoint ?? null;
    },
  });
}

export function usePushDevices() {
  return useQuery({
    queryKey: notificationKeys.push,
    queryFn: ({ signal }) =>
      apiRequest("GET", pushSubscriptionsApiPath, ZPushDevicesResponse, { signal }),
  });
}

/** "Chrome on Android": enough for a person to tell their devices apart. */
export function deviceName(userAgent: string): string {
  const browser =
    [
      ["Edge", /Edg\//],
      ["Opera", /OPR\//],
      ["Firefox", /Firefox\//],
      ["Chrome", /Chrome\//],
      ["Safari", /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? "Browser";
  const system =
    [
      ["Android", /Android/],
      ["iPhone", /iPhone/],
      ["iPad", /iPad/],
      ["Windows", /Windows/],
      ["Mac", /Macintosh/],
      ["Linux", /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? "a device";
  return `${browser} on ${system}`;
}

/** Asks the browser's permission, subscribes with the server's VAPID key and saves the device. */
export function useEnablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if ((await Notification.requestPermission()) !== "granted") {
        throw new Error("Notifications were not allowed for this site.");
      }
      const { publicKey } = await apiRequest("GET", pushKeyApiPath, ZPushKeyResponse);
      const reg = await registration();
      await navigator.serviceWorker.ready;
      const subscription =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: publicKey,
        }));
      const json = subscription.toJSON();
      return apiRequest("POST", pushSubscriptionsApiPath, ZPushDeviceResponse, {
        body: { endpoint: json.endpoint, keys: json.keys, device: deviceName(navigator.userAgent) },
      });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: notificationKeys.push }),
    meta: { errorTitle: "Push notifications could not be turned on" },
  });
}

/** Removes a device; removing this one also ends the browser's subscription. */
export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (device: { id: string; endpoint: string }) => {
      await apiRequest("DELETE", `${pushSubscriptionsApiPath}/${device.id}`, z.unknown());
      const reg = await navigator.serviceWorker?.getRegistration(SERVICE_WORKER_URL);
      const own = await reg?.pushManager.getSubscription();
      if (own?.endpoint === device.endpoint) await own.unsubscribe();
    },
    onSettled: () => void client.invalidateQueries({ queryKey: notificationKeys.push }),
    meta: { errorTitle: "The device could not be removed" },
  });
}
