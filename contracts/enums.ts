// Enumerations of the spec's §3, shared by the database checks, the API and the web.

export const APPLICATION_STATUSES = [
  "pending",
  "under_review",
  "approved",
  "denied",
  "converted",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const EXPERIENCE_LEVELS = [
  { value: "beginner", label: "Beginner (0-2 years)" },
  { value: "intermediate", label: "Intermediate (2-5 years)" },
  { value: "advanced", label: "Advanced (5-10 years)" },
  { value: "professional", label: "Professional (10+ years)" },
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]["value"];

export const APPLICATION_SPECIALTIES = [
  "Portrait",
  "Wedding",
  "Event",
  "Commercial",
  "Fashion",
  "Landscape",
  "Product",
  "Street",
  "Documentary",
  "Fine Art Photography",
] as const;

export const PROFILE_SPECIALTIES = [
  "Wedding",
  "Portrait",
  "Event",
  "Fashion",
  "Product",
  "Food",
  "Travel",
  "Newborn",
  "Real Estate",
  "Sports",
  "Landscape",
  "Commercial",
  "Headshots",
] as const;

export const EQUIPMENT = [
  "DSLR Camera",
  "Mirrorless Camera",
  "Professional Lenses",
  "Tripods",
  "External Flash",
  "Lighting Equipment",
  "Drone",
  "Action Camera",
] as const;

export const PAYMENT_METHODS = ["direct_deposit", "paypal", "stripe"] as const;

export const SERVICES = ["Photography", "Videography", "Content Creation"] as const;
export type Service = (typeof SERVICES)[number];

export const CREATOR_TYPES = ["photographer", "videographer", "content creator"] as const;
export type CreatorType = (typeof CREATOR_TYPES)[number];
export const CREATOR_TYPE_LABELS = {
  photographer: "Photographer",
  videographer: "Videographer",
  "content creator": "Content Creator",
} as const satisfies Record<CreatorType, string>;

export const QUICK_FILTERS = [
  "Photography",
  "Videography",
  "Content Creation",
  "Wedding",
  "Portrait",
  "Event",
  "Social Media",
] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

export const BOOKING_STATUSES = [
  "pending_payment",
  "pending",
  "confirmed",
  "completed",
  "declined",
  "cancelled",
  "expired",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
