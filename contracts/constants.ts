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

/** Unpaid bookings (each holding a creator's time for its payment window) a client may hold. */
export const UNPAID_BOOKINGS_MAX = 3;

/** The smallest amount charged at once: PayPal refuses zero, and a card fee eats smaller ones. */
export const PAYMENT_MINIMUM_CENTS = 100;

/**
 * The remaining balance is approved by the client in the days before the session (decision
 * 021): from this long before its capture (the session's end plus the completion delay), so
 * that a hold made at approval is still inside PayPal's 3-day honour period at the capture, with
 * an hour to spare; until the session starts. Reminders go at the opening and this long before
 * the start.
 */
export const REMAINDER_APPROVAL = {
  opensHoursBeforeCapture: 71,
  reminderHoursBeforeStart: 6,
  /** A balance whose capture failed after the session may be approved again this long. */
  retryDaysAfterSession: 3,
} as const;

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

/** How each creator's tier is computed every day (COMMISSION_TIERS' rules, issue 14). */
export const TIER_RULES = {
  proMinBookings: 10,
  proMinRating: 4.5,
  eliteMinBookings: 50,
  eliteMinRating: 4.8,
  /** Elite needs the rating kept at or above eliteMinRating for this many months. */
  eliteRatingMonths: 6,
} as const;

/** Photo delivery after a session (issue 14). */
export const DELIVERY = {
  /** A delivery the client neither accepts nor disputes is accepted this long after delivery. */
  autoAcceptHours: 72,
  /** Web-size previews: the longest side, in pixels. Originals are kept at full resolution. */
  previewMaxPx: 1600,
} as const;

/** Two-sided blind reviews (issue 14). */
export const REVIEWS = {
  /** Both parties may review for this long after the booking completes. */
  windowDays: 14,
  ratingMin: 1,
  ratingMax: 5,
} as const;

/** Creator payouts: sent 24-48 hours after the delivery is accepted (spec's marketing). */
export const PAYOUTS = { minHoursAfterAcceptance: 24, maxHoursAfterAcceptance: 48 } as const;

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

/**
 * Live presence (docs/decisions/018): the browser heartbeats while its creator is online; the
 * server counts a creator online only while heartbeats arrive. Clients see live positions only
 * snapped to a grid of `gridDegrees` (about 500 m) and as a distance band.
 */
export const PRESENCE = {
  heartbeatSeconds: 30,
  /** Silent this long: the sweep turns the creator offline and tells every map. */
  staleAfterSeconds: 90,
  /** A new position is sent after a move of at least this far… */
  minMoveMeters: 250,
  /** …or, having moved at all, when the last one sent is this old. */
  maxPositionAgeSeconds: 60,
  /** The server writes a creator's position at most this often (others only keep them online). */
  minPositionIntervalSeconds: 10,
  gridDegrees: 0.005,
  /** A hidden tab stops its location watch; hidden this long, it also stops heartbeating. */
  hiddenOfflineSeconds: 60,
  /**
   * A page that goes away (closed, reloaded, or left for another URL) says so; the creator goes
   * offline this long after unless a page of theirs heartbeats again (a reload does at once;
   * another open tab within heartbeatSeconds). The sweep runs every 30 s, so up to 30 s later.
   */
  leaveGraceSeconds: 45,
  /** Staying available without a tab (push reaches the creator): at most this far ahead. */
  maxStayAvailableHours: 16,
} as const;

/** Distance bands clients see instead of a creator's exact distance (upper bounds, miles). */
export const DISTANCE_BANDS_MILES = [1, 3, 5, 10, 25] as const;

/** A creator's schedule settings, and the hours of a creator who has set no schedule at all. */
export const SCHEDULE = {
  minNoticeMinutes: { default: 720, max: 20_160 },
  bufferMinutes: { default: 30, max: 240 },
  defaultHours: { start: "06:00", end: "23:00" },
  /** How far ahead one-off times and overrides may be set. */
  horizonDays: 365,
  /** How many days ahead, from today, a creator's nearest bookable start is looked for. */
  nextStartDays: 7,
} as const;

/** Hail: an instant request to the creators online nearby; the first to accept is booked. */
export const HAIL = {
  /** How long a hail stays open to creators once it is live. */
  liveSeconds: 90,
  /** An unapproved hail payment lapses after this. */
  paymentWindowMinutes: 10,
  radiusOptionsMiles: [10, 25, 50],
  defaultRadiusMiles: 10,
  /** 0 = as soon as possible; otherwise a start this many minutes from now. */
  startOptionsMinutes: [0, 30, 60, 90, 120, 180, 240],
  /** At most this many creators are reached, nearest first. */
  maxOffers: 50,
  /** Arrival estimates assume this average speed across town, plus time to set off. */
  arrivalSpeedMph: 25,
  arrivalSetOffMinutes: 10,
  /** A client may send this many hails per hour. */
  perHourPerClient: 6,
  /** A creator who cancels this many hail bookings within `days` is flagged to staff. */
  creatorCancelFlag: { count: 3, days: 30 },
} as const;

/** Messaging (issue 13, docs/decisions/019). */
export const MESSAGES = {
  maxLength: 4000,
  /** The character counter shows from this many characters on. */
  counterFrom: 3500,
  pageSize: 50,
  maxAttachments: 10,
  /** Sends per user per minute; more answer 429 with the spec-style toast. */
  sendsPerMinute: 30,
  /** The browser sends a typing signal at most this often while the person types… */
  typingThrottleMs: 3000,
  /** …and the other party's indicator goes away this long after the last one. */
  typingShowMs: 5000,
  /** A message still unread this long after it was sent is mailed to its recipient… */
  unreadMailAfterMinutes: 10,
  /** …at most once per conversation in this many minutes. */
  unreadMailEveryMinutes: 60,
  /** A client is shown online while a tab of theirs was active this recently. */
  clientOnlineSeconds: 90,
  /** Uploaded attachments never sent are deleted after this. */
  unsentAttachmentHours: 24,
  reportReasonMaxLength: 1000,
} as const;

/** The notification centre. */
export const NOTIFICATIONS = {
  pageSize: 30,
  /** The bell's dropdown shows this many. */
  dropdownSize: 8,
} as const;

// Search's dates are days in the market's time zone (South Florida); each creator's free time on
// that date is read in their own zone (docs/decisions/018).
export const MARKET_TIME_ZONE = "America/New_York";

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
