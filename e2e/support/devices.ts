/** The phone every journey's phone user holds (the phone project's size: 390×844). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;
