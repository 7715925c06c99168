/** The spec's welcome form of a role: uppercase, underscores as spaces (super_admin → SUPER ADMIN). */
export const roleWelcomeName = (role: string) => role.replace(/_/g, " ").toUpperCase();

/** The header's label of a role: super_admin → Super Admin. */
export const roleLabel = (role: string) =>
  role
    .split("_")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
