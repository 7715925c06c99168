import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { createPayPalProvider } from "./paypal/paypal.ts";
import type { PaymentProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox/sandbox.ts";

// The payment provider of one running app: PayPal Orders v2 when it is configured, else the
// built-in sandbox. Made on first use from the app's own config, database and clock, and kept
// for the life of those deps (a PayPal provider caches its OAuth token).

const providers = new WeakMap<AppDeps, PaymentProvider>();

export function paymentProvider(deps: AppDeps): PaymentProvider {
  let provider = providers.get(deps);
  if (!provider) {
    const { config, database, log, now } = deps;
    provider = config.paypal
      ? createPayPalProvider({ config: config.paypal, log, now })
      : createSandboxProvider({ database, now, origin: () => siteOrigin(config) });
    providers.set(deps, provider);
  }
  return provider;
}
