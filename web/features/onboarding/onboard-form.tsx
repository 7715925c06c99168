import { useNavigate } from "react-router";
import type { z } from "zod";
import { APPLICATION_SPECIALTIES, PROFILE_SPECIALTIES } from "../../../contracts/enums.ts";
import {
  type OnboardingApplication,
  ZCompleteOnboardingRequest,
} from "../../../contracts/onboarding.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx";
import {
  CityField,
  PortfolioUrlField,
  SpecialtiesField,
  TravelRadiusField,
} from "../../components/ui/creator-fields.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { wholeNumberInput } from "../../lib/form-inputs.ts";
import { toast } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/use-zod-form.ts";
import { completeOnboarding } from "./api.ts";

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
  const { register, handleSubmit, watch, setValue, errors, isSubmitting } = useZodForm(
    ZOnboardForm,
    {
      fullName: application.fullName,
      businessName: "",
      bio: application.aboutMe ?? "",
      specialties: application.specialties,
      portfolioUrl: application.portfolioUrl ?? "",
      city: application.city ?? "",
      travelRadius: application.travelRadius ? String(application.travelRadius) : "",
    },
  );
  const specialties = watch("specialties") ?? [];
  const choices = [...new Set([...application.specialties, ...SPECIALTY_CHOICES])];

  const onSubmit = async (values: OnboardForm) => {
    try {
      await completeOnboarding({ applicationId: application.id, ...values });
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
          <Field id="fullName" label="Full Name" required error={errors.fullName?.message}>
            <Input id="fullName" aria-invalid={!!errors.fullName} {...register("fullName")} />
          </Field>
          <Field id="businessName" label="Business Name">
            <Input id="businessName" {...register("businessName")} />
          </Field>
          <Field id="bio" label="Bio" className="sm:col-span-2">
            <Textarea id="bio" rows={5} {...register("bio")} />
          </Field>
          <SpecialtiesField
            options={choices}
            value={specialties}
            onChange={(next) => setValue("specialties", next)}
          />
          <PortfolioUrlField error={errors.portfolioUrl?.message} {...register("portfolioUrl")} />
          <CityField {...register("city")} />
          <TravelRadiusField error={errors.travelRadius?.message} {...register("travelRadius")} />
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
