import { createRequire } from "node:module";
import { MAP, SAMPLE_CREATOR_RATES } from "../../../contracts/constants.ts";
import type { CreatorType } from "../../../contracts/enums.ts";

// The demo world's creators, spread over South Florida. Positions are real ZIP centroids
// (the `zipcodes` data search uses), so a ZIP search near any of them finds them.

type ZipRecord = { latitude: number; longitude: number; city: string; state: string };
const zipcodes = createRequire(import.meta.url)("zipcodes") as {
  lookup(zip: string): ZipRecord | undefined;
};

export type DemoCreator = {
  name: string;
  type: CreatorType;
  zip: string;
  city: string;
  /** Profile specialties (contracts/enums.ts PROFILE_SPECIALTIES). */
  specialties: string[];
  rateDollars: number;
  travelRadius: 10 | 25 | 50 | 100;
  businessName?: string;
  availableNow?: boolean;
  years: number;
};

type Row = [string, CreatorType, string, string, string[], number, 10 | 25 | 50 | 100, number];

const P: CreatorType = "photographer";
const V: CreatorType = "videographer";
const C: CreatorType = "content creator";

// The spec's five sample creators come first, at its rates (1 = 150 … 5 = 140).
const SAMPLES: Row[] = [
  [
    "Sofia Martinez",
    P,
    "33131",
    "Miami, FL",
    ["Wedding", "Portrait"],
    SAMPLE_CREATOR_RATES[0],
    25,
    9,
  ],
  [
    "Marcus Johnson",
    V,
    "33301",
    "Fort Lauderdale, FL",
    ["Event", "Commercial", "Wedding"],
    SAMPLE_CREATOR_RATES[1],
    50,
    7,
  ],
  [
    "Isabella Chen",
    C,
    "33139",
    "Miami Beach, FL",
    ["Fashion", "Food", "Travel"],
    SAMPLE_CREATOR_RATES[2],
    25,
    6,
  ],
  [
    "David Thompson",
    P,
    "33432",
    "Boca Raton, FL",
    ["Real Estate", "Commercial", "Headshots"],
    SAMPLE_CREATOR_RATES[3],
    50,
    12,
  ],
  [
    "Aaliyah Brooks",
    V,
    "33134",
    "Coral Gables, FL",
    ["Wedding", "Event"],
    SAMPLE_CREATOR_RATES[4],
    25,
    8,
  ],
];
const SAMPLE_BUSINESS = [
  "Sofia Martinez Photography",
  "Tidewater Films",
  "Isabella Creates",
  "Thompson Visuals",
  "Brooks Motion Studio",
];

const OTHERS: Row[] = [
  ["Carlos Rivera", P, "33010", "Hialeah, FL", ["Event", "Portrait"], 95, 25, 5],
  ["Emily Nguyen", P, "33178", "Doral, FL", ["Product", "Commercial"], 130, 25, 7],
  ["Jordan Ellis", C, "33127", "Wynwood, Miami, FL", ["Fashion", "Event"], 110, 10, 4],
  ["Valentina Cruz", P, "33156", "Pinecrest, FL", ["Newborn", "Portrait"], 125, 25, 9],
  ["Andre Baptiste", V, "33169", "Miami Gardens, FL", ["Sports", "Event"], 105, 50, 6],
  ["Hannah Kowalski", P, "33040", "Key West, FL", ["Wedding", "Travel", "Landscape"], 175, 100, 11],
  [
    "Mateo Alvarez",
    V,
    "33037",
    "Key Largo, FL",
    ["Travel", "Landscape", "Commercial"],
    160,
    100,
    8,
  ],
  ["Priya Patel", C, "33326", "Weston, FL", ["Food", "Product"], 90, 25, 3],
  ["Tyler Jenkins", P, "33030", "Homestead, FL", ["Landscape", "Sports", "Event"], 85, 50, 4],
  ["Camila Reyes", P, "34102", "Naples, FL", ["Wedding", "Portrait"], 190, 50, 13],
  ["Nathan Cole", V, "34145", "Marco Island, FL", ["Wedding", "Real Estate"], 170, 100, 10],
  ["Gabriela Santos", C, "33020", "Hollywood, FL", ["Travel", "Food"], 100, 25, 5],
  ["Olivia Bennett", P, "33009", "Hallandale Beach, FL", ["Headshots", "Portrait"], 115, 10, 6],
  ["Derek Washington", V, "33131", "Brickell, Miami, FL", ["Commercial", "Event"], 185, 25, 12],
  ["Mia Rossi", C, "33133", "Coconut Grove, FL", ["Fashion", "Portrait"], 135, 10, 5],
  ["Luis Fernandez", P, "33135", "Little Havana, Miami, FL", ["Event", "Portrait"], 95, 25, 8],
  ["Chloe Anderson", P, "33062", "Pompano Beach, FL", ["Newborn", "Portrait"], 95, 25, 6],
  [
    "Sebastian Moreno",
    V,
    "33441",
    "Deerfield Beach, FL",
    ["Real Estate", "Commercial"],
    150,
    50,
    9,
  ],
  ["Zoe Kim", C, "33180", "Aventura, FL", ["Fashion", "Product"], 125, 25, 4],
  ["Kevin Osei", P, "33324", "Plantation, FL", ["Sports", "Event"], 80, 25, 3],
  ["Ava Whitfield", P, "33149", "Key Biscayne, FL", ["Wedding", "Landscape"], 210, 25, 14],
  ["Daniel Ortiz", V, "33012", "Hialeah, FL", ["Event", "Wedding"], 95, 25, 5],
  ["Natalie Greene", C, "33428", "Boca Raton, FL", ["Food", "Travel"], 145, 50, 7],
  ["Ethan Park", P, "33178", "Doral, FL", ["Product", "Commercial", "Headshots"], 140, 25, 8],
  ["Lucia Herrera", P, "33157", "Cutler Bay, FL", ["Portrait", "Newborn"], 90, 25, 4],
  ["Brandon Mitchell", V, "33308", "Fort Lauderdale, FL", ["Sports", "Commercial"], 130, 50, 7],
  ["Jasmine Carter", C, "33301", "Fort Lauderdale, FL", ["Fashion", "Event"], 115, 25, 5],
  ["Ricardo Gomez", P, "33036", "Islamorada, FL", ["Travel", "Landscape", "Wedding"], 165, 100, 15],
  ["Sarah Goldberg", P, "33160", "Sunny Isles Beach, FL", ["Wedding", "Event"], 220, 25, 16],
  ["Jamal Harris", V, "33138", "Miami Shores, FL", ["Event", "Sports"], 110, 25, 6],
  ["Elena Petrova", C, "34108", "Naples, FL", ["Travel", "Food"], 130, 50, 6],
  ["Kayla Robinson", P, "33027", "Pembroke Pines, FL", ["Newborn", "Portrait", "Event"], 85, 25, 3],
  ["Diego Castillo", V, "33050", "Marathon, FL", ["Travel", "Landscape"], 125, 100, 9],
  ["Amara Okafor", C, "33137", "Design District, Miami, FL", ["Fashion", "Commercial"], 165, 10, 8],
  ["Ryan O'Connor", P, "33433", "Boca Raton, FL", ["Sports", "Headshots"], 100, 25, 5],
  ["Paola Jimenez", V, "33165", "Westchester, Miami, FL", ["Wedding", "Event"], 135, 25, 7],
  ["Grace Liu", C, "33065", "Coral Springs, FL", ["Food", "Product"], 85, 25, 2],
  ["Miguel Torres", P, "33034", "Florida City, FL", ["Landscape", "Real Estate"], 90, 50, 10],
  ["Hailey Morgan", C, "33019", "Hollywood Beach, FL", ["Travel", "Fashion"], 120, 25, 4],
];

const LIVE = new Set([
  "Sofia Martinez",
  "Isabella Chen",
  "Jordan Ellis",
  "Andre Baptiste",
  "Derek Washington",
  "Zoe Kim",
  "Ethan Park",
  "Jamal Harris",
]);

function toCreator(row: Row, businessName?: string): DemoCreator {
  const [name, type, zip, city, specialties, rateDollars, travelRadius, years] = row;
  return {
    name,
    type,
    zip,
    city,
    specialties,
    rateDollars,
    travelRadius,
    years,
    businessName,
    availableNow: LIVE.has(name),
  };
}

export const DEMO_CREATORS: DemoCreator[] = [
  ...SAMPLES.map((row, i) => toCreator(row, SAMPLE_BUSINESS[i])),
  ...OTHERS.map((row) => toCreator(row)),
];

/** The ZIP's centroid; throws for an unknown ZIP or one outside the map's bounds. */
export function zipCentroid(zip: string): { lat: number; lng: number } {
  const found = zipcodes.lookup(zip);
  const { south, north, west, east } = MAP.bounds;
  if (
    !found ||
    found.latitude < south ||
    found.latitude > north ||
    found.longitude < west ||
    found.longitude > east
  ) {
    throw new Error(`Demo ZIP ${zip} is unknown or outside the map bounds`);
  }
  return { lat: found.latitude, lng: found.longitude };
}

/** The search service words a creator type offers. */
export const SERVICE_TAGS: Record<CreatorType, string[]> = {
  photographer: ["Photography"],
  videographer: ["Videography"],
  "content creator": ["Content Creation", "Social Media"],
};

export const EQUIPMENT_BY_TYPE: Record<CreatorType, string[]> = {
  photographer: [
    "Mirrorless Camera",
    "Professional Lenses",
    "External Flash",
    "Lighting Equipment",
    "Tripods",
  ],
  videographer: [
    "Mirrorless Camera",
    "Professional Lenses",
    "Drone",
    "Tripods",
    "Lighting Equipment",
  ],
  "content creator": ["Mirrorless Camera", "Action Camera", "Lighting Equipment", "Drone"],
};

const WORK: Record<CreatorType, string> = {
  photographer: "photographer",
  videographer: "videographer and editor",
  "content creator": "content creator",
};

const BIO_OPENERS = [
  (c: DemoCreator, first: string) =>
    `Hi, I'm ${first} — a ${c.city.split(",")[0]}-based ${WORK[c.type]} with ${c.years} years behind the camera.`,
  (c: DemoCreator, first: string) =>
    `${first} here! I've spent ${c.years} years as a ${WORK[c.type]} across South Florida, from the beaches to the Everglades.`,
  (c: DemoCreator) =>
    `South Florida ${WORK[c.type]} with ${c.years} years of experience and a love for natural light.`,
];

const BIO_FOCUS: Record<CreatorType, string[]> = {
  photographer: [
    "I focus on {specialties} sessions that feel relaxed, honest and full of colour.",
    "My favourite work is {specialties}: real moments, clean edits and images you'll print.",
  ],
  videographer: [
    "I film {specialties} stories with cinematic colour, clean audio and quick turnarounds.",
    "From {specialties} shoots to short social edits, I deliver films you'll actually rewatch.",
  ],
  "content creator": [
    "I create scroll-stopping {specialties} content for brands, restaurants and small businesses.",
    "Reels, stories and product shots: I plan, shoot and edit {specialties} content that performs.",
  ],
};

const BIO_CLOSERS = [
  "Every booking includes a quick planning call and an online gallery.",
  "Bilingual (English/Spanish) and always on time.",
  "Tell me about your plans and let's make something great together.",
  "I travel with my own lighting, so any location works.",
];

export function demoBio(c: DemoCreator, index: number): string {
  const first = c.name.split(" ")[0] ?? c.name;
  const opener = BIO_OPENERS[index % BIO_OPENERS.length] as (
    c: DemoCreator,
    first: string,
  ) => string;
  const focuses = BIO_FOCUS[c.type];
  const focus = (focuses[index % focuses.length] as string).replace(
    "{specialties}",
    c.specialties.map((s) => s.toLowerCase()).join(" and "),
  );
  return `${opener(c, first)} ${focus} ${BIO_CLOSERS[index % BIO_CLOSERS.length]}`;
}

export function demoPackages(c: DemoCreator): string {
  const rate = c.rateDollars;
  if (c.type === "videographer") {
    return `Highlight film (2 hours): $${rate * 2}. Half-day coverage with a 3-minute film and raw footage: $${rate * 4}.`;
  }
  if (c.type === "content creator") {
    return `Social starter (1 hour, 5 edited reels): $${rate}. Monthly content day (4 hours, 20 assets): $${rate * 4}.`;
  }
  return `Mini session (1 hour, 25 edited photos): $${rate}. Full session (3 hours, 80+ edited photos): $${rate * 3}.`;
}
