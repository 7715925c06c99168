import { Button } from "../../components/ui/button.tsx";
import { showError } from "../../lib/api-errors.ts";
import { authClient } from "../../lib/auth-client.ts";
import { toastAuthError } from "../../lib/auth-errors.ts";
import { useAuthProviders } from "./api.ts";

const PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "facebook", label: "Facebook" },
] as const;

/** Google and Facebook sign-in; when the server has no credentials for one, its button says so. */
export function SocialButtons() {
  const { data } = useAuthProviders();
  return (
    <div className="grid grid-cols-2 gap-3">
      {PROVIDERS.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          onClick={async () => {
            if (!data?.social.includes(provider.id)) {
              showError(
                `${provider.label} sign-in is not available`,
                "It has not been set up on this server. Use your email instead.",
              );
              return;
            }
            const { error } = await authClient.signIn.social({
              provider: provider.id,
              callbackURL: window.location.href,
            });
            if (error) toastAuthError(error);
          }}
        >
          {provider.label}
        </Button>
      ))}
    </div>
  );
}
