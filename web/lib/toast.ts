import type { ExternalToast, toast as sonnerToast } from "sonner";

// sonner (9 KB gzipped) loads with the first toast instead of with every page (the home page's
// 140 KB budget). Toasts asked for before it is ready wait here, in order, until sonner has
// loaded and the app's Toaster listens (web/main.tsx mounts it on demand through
// setToasterHost); without a host — a component test renders its own <Toaster /> — they go
// to sonner as soon as it has loaded.

type Sonner = typeof sonnerToast;
type Show = (sonner: Sonner) => void;

let ready: Sonner | undefined;
let waiting: Show[] = [];
let loading = false;
let mountToaster: (() => Promise<void>) | undefined;

/** Called once by the app: `mount` shows its Toaster and resolves once it listens. */
export function setToasterHost(mount: () => Promise<void>) {
  mountToaster = mount;
}

async function load() {
  try {
    const sonner = (await import("sonner")).toast;
    await mountToaster?.();
    ready = sonner;
    for (const show of waiting.splice(0)) show(sonner);
  } catch (error) {
    // Offline, or a new deploy removed the chunk: the waiting toasts go with the next attempt.
    loading = false;
    console.warn("toasts not loaded", error);
  }
}

function show(call: Show) {
  if (ready) return call(ready);
  waiting.push(call);
  if (loading) return;
  loading = true;
  void load();
}

type Message = Parameters<Sonner>[0];
const kind =
  (pick: (sonner: Sonner) => (message: Message, data?: ExternalToast) => unknown) =>
  (message: Message, data?: ExternalToast) =>
    show((sonner) => {
      pick(sonner)(message, data);
    });

/** sonner's `toast` for what the app uses; failures go through web/lib/api-errors.ts. */
export const toast = Object.assign(
  kind((sonner) => sonner),
  {
    success: kind((sonner) => sonner.success),
    error: kind((sonner) => sonner.error),
    warning: kind((sonner) => sonner.warning),
    dismiss: () => {
      waiting = [];
      ready?.dismiss();
    },
  },
);
