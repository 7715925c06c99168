import type { CreateHailRequest } from "../../../contracts/hail.ts";

// What the browser alone knows about a hail it sent: the request as sent (a new hail with the
// same details: 'Hail again', 'Widen') and the approval link (reopen the PayPal tab). Kept for
// the tab's session only.

type Remembered = { request: CreateHailRequest; approveHref?: string };

const key = (id: string) => `shutterhail.hail.${id}`;

export function rememberHail(id: string, value: Remembered) {
  try {
    sessionStorage.setItem(key(id), JSON.stringify(value));
  } catch {
    // Storage full or refused: the live view falls back to what the server tells.
  }
}

export function recallHail(id: string): Remembered | null {
  try {
    const text = sessionStorage.getItem(key(id));
    return text ? (JSON.parse(text) as Remembered) : null;
  } catch {
    return null;
  }
}
