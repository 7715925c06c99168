// Every number the spec fixes, in one place (spec §9 and the screens that name them).

export const BRAND_NAME = "ShutterHail";

export const CURRENCY = "USD";
export const SERVICE_FEE_PERCENT = 5;
export const DEPOSIT_PERCENT = 30;
export const BOOKING_HOURS = { min: 1, max: 12, default: 1 } as const;
export const BOOKING_START_TIMES = { first: "06:00", last: "22:45", stepMinutes: 15 } as const;

/** How long each step of a booking may wait (docs/decisions/017, shared/DESIGN.md). */
export const BOOKING_TIMINGS = {
  /** An unpaid booking holds its time this long, then expires. */
  paymentWindowMinutes: 30,
  /** A request the creator has not answered expires after this, or at its start if sooner. */
  responseWindowHours: 24,
  /** The remainder is captured this long after the session ends, unless a problem is reported. */
  completionDelayHours: 24,
} as const;

/** The payment provider's authorization lifetimes (PayPal: honoured 3 days, valid 29). */
export const HOLD_LIFETIME = { honoredDays: 3, validDays: 29 } as const;

/** Client cancels a confirmed booking: refund of the deposit by notice given. */
export const CANCELLATION_POLICY = { fullRefundDays: 7, halfRefundHours: 48 } as const;

export const SAMPLE_CREATOR_RATES = [150, 120, 180, 200, 140] as const;

export const COMMISSION_TIERS = [
  { name: "Starter", ratePercent: 20, rule: "Under 10 completed bookings" },
  { name: "Pro", ratePercent: 15, rule: "10-50 bookings and a rating of at least 4.5" },
  {
    name: "Elite",
    ratePercent: 10,
    rule: "50+ bookings and a rating of at least 4.8 kept for 6 months",
  },
  { name: "VIP", ratePercent: 5, rule: "By invitation" },
] as const;

export const MAP = {
  defaultCenter: { lat: 25.6, lng: -80.8 },
  bounds: { south: 24.3, north: 26.4, west: -82.2, east: -79.9 },
  minZoom: 8,
  startZoom: 12,
  geolocation: { timeoutMs: 10_000, maximumAgeMs: 5 * 60_000, enableHighAccuracy: true },
} as const;

export const AVAILABILITY_WATCH = {
  enableHighAccuracy: true,
  timeoutMs: 10_000,
  maximumAgeMs: 60_000,
  coordinateDecimals: 4,
} as const;

// Search: a creator is free on a date when no live booking overlaps that date's working window in
// the market's time zone (South Florida). Weekly schedules will narrow this further.
export const MARKET_TIME_ZONE = "America/New_York";
export const SEARCH_FREE_WINDOW = { start: "06:00", end: "23:00" } as const;

export const PORTFOLIO_PAGE_SIZE = 9;
export const GALLERY_MAX_IMAGES = 18;
export const PROFILE_SETUP_STEPS = 5;
export const DEFAULT_TRAVEL_RADIUS_MILES = 25;
export const TRAVEL_RADIUS_OPTIONS = [10, 25, 50, 100] as const;

export const APPLICATIONS_PAGE_SIZE = 20;
export const PAGE_WINDOW = 5;
export const SEARCH_DEBOUNCE_MS = 300;

export const SHARE_POPUP = { width: 600, height: 600 } as const;
export const TOASTS = { visibleMax: 3, durationMs: 4500 } as const;

export const ZIP_PATTERN = /^\d{5}$/;

export const MARKETING = {
  photographers: "500+",
  rating: "4.9",
  bookings: "10K+",
  sessions: "50K+",
  averageResponse: "2 min",
  applicationReview: "24 hours",
  payoutWindow: "24-48 hours",
  typicalEarnings: "$100-$500",
} as const;

export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/**
 * Where a page's HTML carries API responses the server already had (JSON keyed by API path),
 * so the web shows the page without asking for them again.
 */
export const INITIAL_API_DATA_ELEMENT_ID = "initial-api-data";
