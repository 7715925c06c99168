import { useSyncExternalStore } from "react";

export type AuthMode = "signin" | "signup" | "photographer";

// Which auth dialog mode is open (null: closed). Any screen may open it.
let mode: AuthMode | null = null;
const listeners = new Set<() => void>();

function setMode(next: AuthMode | null) {
  mode = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const openAuthDialog = (next: AuthMode = "signin") => setMode(next);
export const closeAuthDialog = () => setMode(null);

export function useAuthDialogMode(): AuthMode | null {
  return useSyncExternalStore(subscribe, () => mode);
}
