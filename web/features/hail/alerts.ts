import { useState } from "react";

// How an incoming hail gets a creator's attention: a short two-tone beep drawn with Web Audio
// (no sound file), and a system notification when the tab is hidden and the creator allowed it.

let audio: AudioContext | undefined;

/** Two short rising tones. Browsers mute audio until the page was interacted with: then silent. */
export function beep() {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    const ctx = audio;
    void ctx.resume();
    [880, 1320].forEach((frequency, i) => {
      const start = ctx.currentTime + i * 0.16;
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.14);
      tone.connect(gain).connect(ctx.destination);
      tone.start(start);
      tone.stop(start + 0.15);
    });
  } catch {
    // No audio output: the card is still there.
  }
}

const supported = () => typeof window !== "undefined" && "Notification" in window;

/** A system notification, only while the tab is hidden and only with the creator's permission. */
export function notifyWhenHidden(title: string, body: string, tag: string) {
  if (document.visibilityState !== "hidden") return;
  if (!supported() || Notification.permission !== "granted") return;
  try {
    const note = new Notification(title, { body, tag });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker: the beep and card remain.
  }
}

/** Whether notifications may be shown, and the ask (only ever on the creator's click). */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">(() =>
    supported() ? Notification.permission : "unsupported",
  );
  const ask = async () => {
    if (!supported()) return;
    setPermission(await Notification.requestPermission());
  };
  return { permission, ask };
}
