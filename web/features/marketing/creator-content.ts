import {
  CalendarClock,
  type LucideIcon,
  MapPinned,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  Wallet,
} from "lucide-react";
import { MARKETING } from "../../../contracts/constants.ts";

export const CREATOR_BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Wallet,
    title: "Set your own rates",
    text: `You choose your hourly rate. Creators typically earn ${MARKETING.typicalEarnings} per shoot.`,
  },
  {
    icon: CalendarClock,
    title: "Work when you want",
    text: "Go live when you are free, or keep a schedule. You decide which bookings to take.",
  },
  {
    icon: MapPinned,
    title: "Clients near you",
    text: "Clients find you on the map and in search within the travel radius you choose.",
  },
  {
    icon: ShieldCheck,
    title: "Secure payments",
    text: "Clients pay a deposit up front and the balance is held, so every session is covered.",
  },
  {
    icon: Sparkles,
    title: "Fast payouts",
    text: `Get paid ${MARKETING.payoutWindow} after the final photos are delivered.`,
  },
  {
    icon: TrendingUp,
    title: "Lower fees as you grow",
    text: "Your commission drops automatically as you complete bookings and keep a great rating.",
  },
];

export const CREATOR_STEPS = [
  {
    title: "Apply in minutes",
    text: `Tell us about your experience, specialties and portfolio. Applications are reviewed within ${MARKETING.applicationReview}.`,
  },
  {
    title: "Set up your profile",
    text: "Once approved, add your portfolio, rates, equipment and the area you travel to.",
  },
  {
    title: "Start earning",
    text: "Go live to receive booking requests nearby, shoot, deliver your photos and get paid.",
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      "I went live on a Saturday afternoon and had two portrait sessions booked before dinner. The deposit up front means no more no-shows.",
    name: "Danielle M.",
    role: "Portrait photographer",
    tint: "from-brand-400 to-rose-500",
  },
  {
    quote:
      "Clients find me on the map because I'm close by. I set my own rate and my payouts arrive right after I deliver.",
    name: "Marcus T.",
    role: "Event videographer",
    tint: "from-violet-500 to-indigo-600",
  },
  {
    quote:
      "Most of my brand work now comes through here. Moving up to a lower commission tier happened automatically.",
    name: "Priya S.",
    role: "Content creator",
    tint: "from-emerald-400 to-teal-600",
  },
] as const;

export const CREATOR_FAQ = [
  {
    question: "How long does it take to get approved?",
    answer: `Our team reviews applications within ${MARKETING.applicationReview}. You will get an email as soon as yours has been reviewed.`,
  },
  {
    question: "When do I get paid?",
    answer: `Payouts are sent ${MARKETING.payoutWindow} after the final photos are delivered to the client.`,
  },
  {
    question: "How much can I earn?",
    answer: `Typical earnings are ${MARKETING.typicalEarnings} per shoot, depending on your rate, the length of the session and the type of shoot.`,
  },
  {
    question: "How much commission do you take?",
    answer:
      "It depends on your tier: Starter 20%, Pro 15%, Elite 10% and VIP 5%. Upgrades are automatic, based on your completed bookings and rating; VIP is by invitation.",
  },
  {
    question: "Do I need a business or special equipment?",
    answer:
      "No. Photographers, videographers and content creators of every level can apply; tell us about your experience and the equipment you use.",
  },
  {
    question: "Can I choose which bookings I take?",
    answer:
      "Yes. You decide when you are available and you accept or decline each booking request.",
  },
] as const;
