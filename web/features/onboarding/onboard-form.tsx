import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { APPLICATION_SPECIALTIES, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import {
  type CompleteOnboardingRequest,
  type OnboardingApplication,
  ZCompleteOnboardingRequest,
  ZCompleteOnboardingResponse,
} from "../../../contracts/onboarding.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import { Input, Label, Textarea } from "../../components/ui/input.tsx";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { wholeNumberInput } from "../../lib/form-inputs.ts";

// The request's own rules and messages; the application id comes from the page, not an input.
const ZOnboardForm = ZCompleteOnboardingRequest.omit({ applicationId: true }).extend({
  travelRadius: wholeNumberInput(
    ZCompleteOnboardingRequest.shape.travelRadius,
    "Enter a whole number of miles",
  ),
});
type OnboardForm = z.output<typeof ZOnboardForm>;

const SPECIALTY_CHOICES = [
  ...new Set<string>([...APPLICATION_SPECIALTIES, ...PROFILE_SPECIALTIES]),
];

/** 'Complete Your Profile', prefilled from the application (the bio from its "about you"). */
export function OnboardForm({ application }: { application: OnboardingApplication }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZOnboardForm>, unknown, OnboardForm>({
    resolver: zodResolver(ZOnboardForm),
    defaultValues: {
      fullName: application.fullName,
      businessName: "",
      bio: application.aboutMe ?? "",
      specialties: application.specialties,
      portfolioUrl: application.portfolioUrl ?? "",
      city: application.city ?? "",
      travelRadius: application.travelRadius ? String(application.travelRadius) : "",
    },
  });
  const specialties = watch("specialties") ?? [];
  const choices = [...new Set([...application.specialties, ...SPECIALTY_CHOICES])];

  const onSubmit = async (values: OnboardForm) => {
    try {
      await apiRequest("POST", "/onboarding/complete", ZCompleteOnboardingResponse, {
        body: { applicationId: application.id, ...values } satisfies CompleteOnboardingRequest,
      });
      toast.success("Profile created successfully!");
      navigate("/profile");
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        toast.error("Failed to create profile", { description: error.message });
      } else {
        toast.error("Failed to complete onboarding");
      }
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
            <Label htmlFor="fullName">Full Name *</Label>
            <Input id="fullName" aria-invalid={!!errors.fullName} {...register("fullName")} />
            {errors.fullName ? (
              <p className="text-xs font-medium text-red-600">{errors.fullName.message}</p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="businessName">Business Name</Label>
            <Input id="businessName" {...register("businessName")} />
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
            <Label htmlFor="portfolioUrl">Portfolio URL</Label>
            <Input
              id="portfolioUrl"
              type="url"
              aria-invalid={!!errors.portfolioUrl}
              {...register("portfolioUrl")}
            />
            {errors.portfolioUrl ? (
              <p className="text-xs font-medium text-red-600">{errors.portfolioUrl.message}</p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="city">City</Label>
            <Input id="city" placeholder="City, State" {...register("city")} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="travelRadius">Travel Radius (miles)</Label>
            <Input id="travelRadius" inputMode="numeric" {...register("travelRadius")} />
            {errors.travelRadius ? (
              <p className="text-xs font-medium text-red-600">{errors.travelRadius.message}</p>
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
