import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { APPLICATION_SPECIALTIES, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import type { OnboardingApplication } from "../../../contracts/onboarding.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { Input, Label, Textarea } from "../../components/ui/input.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { cn } from "../../lib/cn.ts";
import { completeOnboarding } from "./api.ts";

const ZOnboardForm = z.object({
  full_name: z.string().trim().min(1, "Full name is required"),
  business_name: z.string(),
  bio: z.string(),
  specialties: z.array(z.string()),
  portfolio_url: z.union([
    z.literal(""),
    z.url({ protocol: /^https?$/, message: "Enter a valid URL (https://...)" }),
  ]),
  city: z.string(),
  travel_radius: z.string().regex(/^\d*$/, "Enter a whole number of miles"),
});
type OnboardForm = z.infer<typeof ZOnboardForm>;

const SPECIALTY_CHOICES = [
  ...new Set<string>([...APPLICATION_SPECIALTIES, ...PROFILE_SPECIALTIES]),
];

/** 'Complete Your Profile', prefilled from the application (bio from about_me). */
export function OnboardForm({ application }: { application: OnboardingApplication }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<OnboardForm>({
    resolver: zodResolver(ZOnboardForm),
    defaultValues: {
      full_name: application.full_name,
      business_name: "",
      bio: application.about_me ?? "",
      specialties: application.specialties,
      portfolio_url: application.portfolio_url ?? "",
      city: application.city ?? "",
      travel_radius: application.travel_radius ? String(application.travel_radius) : "",
    },
  });
  const specialties = watch("specialties");
  const choices = [...new Set([...application.specialties, ...SPECIALTY_CHOICES])];

  const onSubmit = async (values: OnboardForm) => {
    try {
      await completeOnboarding({
        application_id: application.id,
        ...values,
        travel_radius: values.travel_radius ? Number.parseInt(values.travel_radius, 10) : null,
      });
      toast.success("Profile created successfully!");
      navigate("/profile");
    } catch (error) {
      toastApiError(error, "Failed to create profile", {
        offlineTitle: "Failed to complete onboarding",
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Complete Your Profile</CardTitle>
        <CardDescription>
          We filled this in from your application. Change anything you like.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="full_name">Full Name *</Label>
            <Input id="full_name" aria-invalid={!!errors.full_name} {...register("full_name")} />
            {errors.full_name ? (
              <p className="text-xs font-medium text-red-600">{errors.full_name.message}</p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="business_name">Business Name</Label>
            <Input id="business_name" {...register("business_name")} />
          </div>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor="bio">Bio</Label>
            <Textarea id="bio" rows={5} {...register("bio")} />
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="mb-2 text-sm font-medium text-ink-800">Specialties</legend>
            <div className="flex flex-wrap gap-2">
              {choices.map((s) => {
                const on = specialties.includes(s);
                return (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={on}
                    onClick={() =>
                      setValue(
                        "specialties",
                        on ? specialties.filter((x) => x !== s) : [...specialties, s],
                      )
                    }
                    className={cn(
                      "rounded-full border px-3 py-1.5 text-sm transition-colors",
                      on
                        ? "border-brand-500 bg-brand-50 text-brand-700"
                        : "border-ink-200 text-ink-700 hover:border-ink-300",
                    )}
                  >
                    {s}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor="portfolio_url">Portfolio URL</Label>
            <Input
              id="portfolio_url"
              type="url"
              aria-invalid={!!errors.portfolio_url}
              {...register("portfolio_url")}
            />
            {errors.portfolio_url ? (
              <p className="text-xs font-medium text-red-600">{errors.portfolio_url.message}</p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="city">City</Label>
            <Input id="city" placeholder="City, State" {...register("city")} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="travel_radius">Travel Radius (miles)</Label>
            <Input id="travel_radius" inputMode="numeric" {...register("travel_radius")} />
            {errors.travel_radius ? (
              <p className="text-xs font-medium text-red-600">{errors.travel_radius.message}</p>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? "Creating Profile..." : "Complete Setup"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
