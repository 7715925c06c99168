import {
  BadgeCheck,
  Camera,
  Clapperboard,
  Eye,
  type LucideIcon,
  Search,
  ShieldCheck,
  Smartphone,
  Zap,
} from "lucide-react";
import { MARKETING } from "../../../contracts/constants.ts";
import type { Service } from "../../../contracts/enums.ts";

/** The four steps of How it Works (spec §2), shared by the home teaser and the full page. */
export const HOW_IT_WORKS_STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Search,
    title: "Find Photographers",
    text: "Search by ZIP code, service and date, or open the map to see creators near you right now.",
  },
  {
    icon: Eye,
    title: "View Portfolios",
    text: "Browse portfolios, specialties, hourly rates and real reviews before you choose.",
  },
  {
    icon: Zap,
    title: "Book Instantly",
    text: "Send a 'Hail' to available photographers and get a session booked in minutes.",
  },
  {
    icon: ShieldCheck,
    title: "Secure and Protected",
    text: "Pay a deposit through our secure payment provider; the balance is only held until your session.",
  },
];

export const CLIENT_STATS = [
  { value: MARKETING.photographers, label: "Photographers" },
  { value: MARKETING.rating, label: "Average rating" },
  { value: MARKETING.bookings, label: "Bookings" },
  { value: MARKETING.averageResponse, label: "Average response" },
] as const;

export const CREATOR_KINDS: {
  icon: LucideIcon;
  title: string;
  service: Service;
  text: string;
  tags: string[];
  tint: string;
}[] = [
  {
    icon: Camera,
    title: "Photographers",
    service: "Photography",
    text: "Weddings, portraits, events, products and headshots.",
    tags: ["Wedding", "Portrait", "Event"],
    tint: "from-brand-400 to-rose-500",
  },
  {
    icon: Clapperboard,
    title: "Videographers",
    service: "Videography",
    text: "Films, highlight reels, interviews and brand videos.",
    tags: ["Events", "Commercial", "Music"],
    tint: "from-violet-500 to-indigo-600",
  },
  {
    icon: Smartphone,
    title: "Content Creators",
    service: "Content Creation",
    text: "Short-form video and photos made for social media.",
    tags: ["Social Media", "Reels", "UGC"],
    tint: "from-emerald-400 to-teal-600",
  },
];

export const TRUST_POINTS: { icon: LucideIcon; text: string }[] = [
  { icon: BadgeCheck, text: "Every creator is reviewed and approved by our team" },
  { icon: ShieldCheck, text: "Secure deposits — the balance is only held until your session" },
  { icon: Zap, text: `${MARKETING.averageResponse} average response` },
];
