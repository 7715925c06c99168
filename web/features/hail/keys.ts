// Query keys of the hail.
export const hailKeys = {
  all: ["hails"] as const,
  quote: (q: object) => ["hails", "quote", q] as const,
  detail: (id: string) => ["hails", "detail", id] as const,
  current: ["hails", "current"] as const,
  offers: ["hail-offers"] as const,
};
