import { createApplication, type Db } from "../factories.ts";
import type { SeededCreator } from "./creators.ts";
import type { Random } from "./random.ts";

// The admin's queue: applications in every status. The five sample creators came in through
// the application process (converted), so their profiles point at their applications.

const DAY = 24 * 60 * 60 * 1000;

type Applicant = {
  name: string;
  city: string;
  status: "pending" | "under_review" | "approved" | "denied";
  level: "beginner" | "intermediate" | "advanced" | "professional";
  specialties: string[];
  about: string;
  radius: number;
  daysAgo: number;
  denialReason?: string;
};

const APPLICANTS: Applicant[] = [
  {
    name: "Bianca Flores",
    city: "Miami, FL",
    status: "pending",
    level: "intermediate",
    specialties: ["Portrait", "Fashion"],
    about: "Fashion and portrait photographer working with local designers in Wynwood.",
    radius: 25,
    daysAgo: 1,
  },
  {
    name: "Trevor Lang",
    city: "Fort Lauderdale, FL",
    status: "pending",
    level: "advanced",
    specialties: ["Event", "Commercial"],
    about: "Corporate events and conferences for 7 years; I deliver same-day edits.",
    radius: 50,
    daysAgo: 2,
  },
  {
    name: "Keisha Boyd",
    city: "Homestead, FL",
    status: "pending",
    level: "beginner",
    specialties: ["Landscape", "Street"],
    about: "Recent photography graduate shooting the Everglades and farm country.",
    radius: 50,
    daysAgo: 3,
  },
  {
    name: "Rafael Dominguez",
    city: "Hialeah, FL",
    status: "pending",
    level: "professional",
    specialties: ["Wedding", "Documentary"],
    about: "Documentary-style wedding photographer with 12 years of experience.",
    radius: 100,
    daysAgo: 5,
  },
  {
    name: "Lily Huang",
    city: "Naples, FL",
    status: "under_review",
    level: "advanced",
    specialties: ["Product", "Commercial"],
    about: "Product and e-commerce photography with a small in-home studio.",
    radius: 25,
    daysAgo: 6,
  },
  {
    name: "Oscar Medina",
    city: "Doral, FL",
    status: "under_review",
    level: "intermediate",
    specialties: ["Event", "Portrait"],
    about: "Quinceañeras, birthdays and family events across Miami-Dade.",
    radius: 25,
    daysAgo: 8,
  },
  {
    name: "Nina Kaplan",
    city: "Boca Raton, FL",
    status: "approved",
    level: "professional",
    specialties: ["Fine Art Photography", "Portrait"],
    about: "Fine art portraiture; exhibited at local galleries.",
    radius: 25,
    daysAgo: 12,
  },
  {
    name: "Joel Pierre",
    city: "Miami Gardens, FL",
    status: "approved",
    level: "advanced",
    specialties: ["Event", "Street"],
    about: "Concerts, nightlife and street photography.",
    radius: 25,
    daysAgo: 15,
  },
  {
    name: "Megan Walsh",
    city: "Hollywood, FL",
    status: "denied",
    level: "beginner",
    specialties: ["Portrait"],
    about: "I just bought my first camera and want to start doing portraits.",
    radius: 10,
    daysAgo: 20,
    denialReason: "Please apply again once your portfolio shows at least 10 client sessions.",
  },
  {
    name: "Sam Brody",
    city: "Key West, FL",
    status: "denied",
    level: "intermediate",
    specialties: ["Landscape"],
    about: "Landscape prints only; not available for client sessions.",
    radius: 100,
    daysAgo: 26,
    denialReason: "We only list creators who take client bookings.",
  },
];

function handle(name: string) {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}

export async function seedApplications(
  db: Db,
  random: Random,
  { adminId, creators }: { adminId: string; creators: SeededCreator[] },
) {
  for (const a of APPLICANTS) {
    const created = new Date(Date.now() - a.daysAgo * DAY);
    const touched = new Date(created.getTime() + random.int(2, 36) * 60 * 60 * 1000);
    const reviewed = a.status !== "pending";
    const decided = a.status === "approved" || a.status === "denied";
    await createApplication(db, {
      status: a.status,
      full_name: a.name,
      email: `${handle(a.name)}@applicants.shutterhail.local`,
      phone: `(954) 555-${String(2000 + a.daysAgo * 41).slice(-4)}`,
      city: a.city,
      portfolio_url: `https://www.instagram.com/${handle(a.name)}.photo`,
      experience_level: a.level,
      specialties: a.specialties,
      about_me: a.about,
      travel_radius: a.radius,
      created_at: created,
      updated_at: reviewed ? touched : created,
      reviewed_by: reviewed ? adminId : null,
      reviewed_at: reviewed ? touched : null,
      decided_by: decided ? adminId : null,
      decided_at: decided ? touched : null,
      denial_reason: a.denialReason ?? null,
    });
  }
  for (const creator of creators.slice(0, 5)) {
    const created = new Date(creator.profile.created_at.getTime() - 3 * DAY);
    const decided = new Date(created.getTime() + DAY);
    const application = await createApplication(db, {
      status: "converted",
      full_name: creator.demo.name,
      email: creator.user.email,
      city: creator.demo.city,
      portfolio_url: creator.profile.portfolio_url,
      experience_level: creator.demo.years >= 10 ? "professional" : "advanced",
      specialties: creator.demo.specialties.filter((s) => s !== "Real Estate" && s !== "Food"),
      about_me: creator.profile.bio,
      travel_radius: creator.demo.travelRadius,
      created_at: created,
      updated_at: creator.profile.created_at,
      reviewed_by: adminId,
      reviewed_at: decided,
      decided_by: adminId,
      decided_at: decided,
      converted_at: creator.profile.created_at,
    });
    await db
      .updateTable("photographer_profiles")
      .set({ application_id: application.id })
      .where("id", "=", creator.profile.id)
      .execute();
  }
}
