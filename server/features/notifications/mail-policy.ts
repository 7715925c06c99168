import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { UNSUBSCRIBE_API_PATH } from "./paths.ts";
import { optedOut } from "./preferences.ts";
import { findUserIdByEmail } from "./queries.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/**
 * Tells the mailer, at send time, whether an optional-category mail goes to its recipient and
 * how they turn that category off. Mail to an address with no account goes without a link.
 */
export function registerMailPolicy(deps: AppDeps) {
  deps.mailer.setRecipientPolicy(async (mail) => {
    const userId = await findUserIdByEmail(deps.database.db, mail.to);
    if (!userId) return { deliver: true };
    if (await optedOut(deps, userId, mail.category)) return { deliver: false };
    const token = encodeURIComponent(
      unsubscribeToken(deps.config.authSecret, userId, mail.category),
    );
    const origin = siteOrigin(deps.config);
    return {
      deliver: true,
      unsubscribe: {
        pageUrl: `${origin}${PAGE_ROUTES.unsubscribe}?token=${token}`,
        oneClickUrl: `${origin}/api${UNSUBSCRIBE_API_PATH}?token=${token}`,
      },
    };
  });
}
