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
import { ChipPicker } from "../../components/ui/chip-picker.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
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
          <Field id="full_name" label="Full Name" required error={errors.full_name?.message}>
            <Input id="full_name" aria-invalid={!!errors.full_name} {...register("full_name")} />
          </Field>
          <Field id="business_name" label="Business Name">
            <Input id="business_name" {...register("business_name")} />
          </Field>
          <Field id="bio" label="Bio" className="sm:col-span-2">
            <Textarea id="bio" rows={5} {...register("bio")} />
          </Field>
          <ChipPicker
            legend="Specialties"
            options={choices}
            value={specialties}
            onChange={(next) => setValue("specialties", next)}
            className="sm:col-span-2"
          />
          <Field
            id="portfolio_url"
            label="Portfolio URL"
            error={errors.portfolio_url?.message}
            className="sm:col-span-2"
          >
            <Input
              id="portfolio_url"
              type="url"
              aria-invalid={!!errors.portfolio_url}
              {...register("portfolio_url")}
            />
          </Field>
          <Field id="city" label="City">
            <Input id="city" placeholder="City, State" {...register("city")} />
          </Field>
          <Field
            id="travel_radius"
            label="Travel Radius (miles)"
            error={errors.travel_radius?.message}
          >
            <Input id="travel_radius" inputMode="numeric" {...register("travel_radius")} />
          </Field>
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
