import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  type Position,
  type PresenceState,
  AVAILABILITY_STRINGS as S,
} from "../../../contracts/availability.ts";
import { AVAILABILITY_WATCH, PRESENCE } from "../../../contracts/constants.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { isApiError, showError } from "../../lib/api-errors.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { availabilityKeys, sendHeartbeat, sendPageLeftBeacon } from "./api.ts";
import { type SentPosition, shouldSendPosition } from "./presence-policy.ts";

// Live presence in the browser (docs/decisions/018): while the creator is online the page
// watches the device's location (only while visible), heartbeats every PRESENCE.heartbeatSeconds
// with a position only when shouldSendPosition says so, stops heartbeating after
// PRESENCE.hiddenOfflineSeconds hidden (the server's sweep then takes the creator offline), and
// says it is going away with a beacon: offline after PRESENCE.leaveGraceSeconds unless a page of
// theirs heartbeats again, so a reload or a typed URL never takes a live creator offline.

function subscribeVisibility(listener: () => void) {
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

// The device's latest position, for the Live Availability card; the keeper writes it.
let devicePosition: Position | null = null;
const deviceListeners = new Set<() => void>();

function setDevicePosition(position: Position | null) {
  devicePosition = position;
  for (const listener of deviceListeners) listener();
}

/** The position the device last reported while its creator was online (else null). */
export function useDevicePosition(): Position | null {
  return useSyncExternalStore(
    (listener) => {
      deviceListeners.add(listener);
      return () => deviceListeners.delete(listener);
    },
    () => devicePosition,
    () => null,
  );
}

export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}

/**
 * Keeps an online creator online and located, on whatever screen the tab shows (mounted once,
 * app-wide, by presence-keeper.tsx).
 */
export function useLivePresence(state: PresenceState | undefined): void {
  const client = useQueryClient();
  const online = state?.online ?? false;
  const profileId = state?.profileId;
  const visible = usePageVisible();
  const [hiddenLong, setHiddenLong] = useState(false);
  const latest = useRef<Position | null>(null);
  const lastSent = useRef<SentPosition | null>(null);
  const locationErrorShown = useRef(false);
  const onlineNow = useRef(online);
  onlineNow.current = online;

  const beat = useCallback(async () => {
    const current = latest.current;
    const at = Date.now();
    const position =
      current && shouldSendPosition(current, lastSent.current, at) ? current : undefined;
    try {
      const next = await sendHeartbeat(position);
      if (position) lastSent.current = { position, atMs: at };
      client.setQueryData(availabilityKeys.presence, next);
    } catch (error) {
      // Swept offline (or switched off in another tab): the page shows it. A network blip is
      // left to the next heartbeat.
      if (isApiError(error, "conflict")) {
        void client.invalidateQueries({ queryKey: availabilityKeys.presence });
      }
    }
  }, [client]);

  // Each time the creator goes online the position is sent afresh.
  useEffect(() => {
    if (online) return;
    setDevicePosition(null);
    lastSent.current = null;
    locationErrorShown.current = false;
  }, [online]);

  // The location watch: only while online and the page is visible.
  useEffect(() => {
    if (!online || !visible) return;
    const failed = () => {
      if (locationErrorShown.current) return;
      locationErrorShown.current = true;
      showError(S.locationErrorTitle, S.locationError);
    };
    if (!("geolocation" in navigator)) {
      failed();
      return;
    }
    const id = navigator.geolocation.watchPosition(
      (fix) => {
        const position = { lat: fix.coords.latitude, lng: fix.coords.longitude };
        latest.current = position;
        setDevicePosition(position);
        locationErrorShown.current = false;
        if (shouldSendPosition(position, lastSent.current, Date.now())) void beat();
      },
      failed,
      {
        enableHighAccuracy: AVAILABILITY_WATCH.enableHighAccuracy,
        timeout: AVAILABILITY_WATCH.timeoutMs,
        maximumAge: AVAILABILITY_WATCH.maximumAgeMs,
      },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [online, visible, beat]);

  // Hidden for long: stop heartbeating. Visible again: check in at once.
  const wasHidden = useRef(false);
  useEffect(() => {
    if (!visible) {
      wasHidden.current = true;
      const timer = setTimeout(() => setHiddenLong(true), PRESENCE.hiddenOfflineSeconds * 1000);
      return () => clearTimeout(timer);
    }
    setHiddenLong(false);
    if (wasHidden.current && onlineNow.current) void beat();
    wasHidden.current = false;
  }, [visible, beat]);

  // The heartbeat.
  useEffect(() => {
    if (!online || hiddenLong) return;
    const timer = setInterval(() => void beat(), PRESENCE.heartbeatSeconds * 1000);
    return () => clearInterval(timer);
  }, [online, hiddenLong, beat]);

  // A page loaded while online (a reload, a typed URL, a new tab) checks in at once: the page
  // before it may have said it was going away.
  useEffect(() => {
    if (online) void beat();
  }, [online, beat]);

  // Closing, reloading or leaving the page: offline after the grace unless a page checks in.
  useEffect(() => {
    if (!online) return;
    const onPageHide = () => sendPageLeftBeacon();
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, [online]);

  // The sweep (or another tab) turned this creator off: every presence event naming them
  // reloads their state.
  useEffect(() => {
    if (!profileId) return;
    const reload = () => void client.invalidateQueries({ queryKey: availabilityKeys.presence });
    return subscribeEvents(REALTIME_TOPICS.creatorPresence, {
      onEvent: (payload) => {
        if ((payload as { id?: unknown } | null)?.id === profileId) reload();
      },
      onResync: reload,
    });
  }, [profileId, client]);
}
