// A journey whose people use it at one size runs in that project only (playwright.config.ts
// leaves the other size's tag out): clients on phones, creators and staff at desks. A journey
// whose screens differ by size, with no tag, runs at both.

/** Runs in the desktop project only. */
export const DESKTOP_ONLY = { tag: "@desktop-only" } as const;
/** Runs in the phone project only. */
export const PHONE_ONLY = { tag: "@phone-only" } as const;
