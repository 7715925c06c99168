import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { APPLICATION_SPECIALTIES, EXPERIENCE_LEVELS } from "../../../contracts/enums.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ChipPicker } from "../../components/ui/chip-picker.tsx";
import { Field, selectClass } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { submitApplication } from "./api.ts";
import { type SampleImage, SampleImagesField } from "./sample-images-field.tsx";

// Spec §5: full name and a valid email required; the portfolio must be a URL; the radius an integer.
const ZApplyForm = z.object({
  full_name: z.string().trim().min(1, "Full name is required"),
  email: z.string().trim().email("Enter a valid email address"),
  phone: z.string(),
  city: z.string(),
  portfolio_url: z.union([
    z.literal(""),
    z.url({ protocol: /^https?$/, message: "Enter a valid URL (https://...)" }),
  ]),
  experience_level: z.string(),
  specialties: z.array(z.string()),
  about_me: z.string(),
  travel_radius: z.string().regex(/^\d*$/, "Enter a whole number of miles"),
});
type ApplyForm = z.infer<typeof ZApplyForm>;

export function ApplyFormCard({ onSubmitted }: { onSubmitted: () => void }) {
  const [images, setImages] = useState<SampleImage[]>([]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ApplyForm>({
    resolver: zodResolver(ZApplyForm),
    defaultValues: {
      full_name: "",
      email: "",
      phone: "",
      city: "",
      portfolio_url: "",
      experience_level: "",
      specialties: [],
      about_me: "",
      travel_radius: "",
    },
  });
  const specialties = watch("specialties");

  const onSubmit = async (values: ApplyForm) => {
    try {
      // Images still uploading are waited for; failed ones were already dropped with a toast.
      const sampleKeys = (await Promise.all(images.map((i) => i.upload))).filter(
        (key): key is string => key !== null,
      );
      const response = await submitApplication({
        full_name: values.full_name,
        email: values.email,
        phone: values.phone,
        city: values.city,
        portfolio_url: values.portfolio_url,
        experience_level: values.experience_level || null,
        specialties: values.specialties,
        about_me: values.about_me,
        ...(values.travel_radius
          ? { travel_radius: Number.parseInt(values.travel_radius, 10) }
          : {}),
        sample_images: sampleKeys,
      });
      toast.success("Application submitted successfully! Check your email for confirmation.");
      for (const warning of response.warnings ?? []) toast.warning(warning);
      onSubmitted();
    } catch (error) {
      toastApiError(error, "Failed to submit application", {
        offlineTitle: "Failed to submit application. Please try again.",
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Personal Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id="full_name" label="Full Name" required error={errors.full_name?.message}>
            <Input
              id="full_name"
              autoComplete="name"
              aria-invalid={!!errors.full_name}
              {...register("full_name")}
            />
          </Field>
          <Field id="email" label="Email" required error={errors.email?.message}>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              aria-invalid={!!errors.email}
              {...register("email")}
            />
          </Field>
          <Field id="phone" label="Phone">
            <Input id="phone" type="tel" autoComplete="tel" {...register("phone")} />
          </Field>
          <Field id="city" label="City">
            <Input
              id="city"
              placeholder="City, State"
              autoComplete="address-level2"
              {...register("city")}
            />
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Professional Background</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field
            id="portfolio_url"
            label="Portfolio URL"
            error={errors.portfolio_url?.message}
            className="sm:col-span-2"
          >
            <Input
              id="portfolio_url"
              type="url"
              placeholder="https://yourportfolio.com"
              aria-invalid={!!errors.portfolio_url}
              {...register("portfolio_url")}
            />
          </Field>
          <Field id="experience_level" label="Experience Level">
            <select id="experience_level" className={selectClass} {...register("experience_level")}>
              <option value="">Select your experience</option>
              {EXPERIENCE_LEVELS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="travel_radius"
            label="Travel Radius (miles)"
            error={errors.travel_radius?.message}
          >
            <Input
              id="travel_radius"
              inputMode="numeric"
              placeholder="25"
              aria-invalid={!!errors.travel_radius}
              {...register("travel_radius")}
            />
          </Field>
          <ChipPicker
            legend="Specialties"
            options={APPLICATION_SPECIALTIES}
            value={specialties}
            onChange={(next) => setValue("specialties", next)}
            className="sm:col-span-2"
          />
          <Field id="about_me" label="About You" className="sm:col-span-2">
            <Textarea
              id="about_me"
              rows={5}
              placeholder="Tell us about your style, experience and the kind of work you love."
              {...register("about_me")}
            />
          </Field>
          <div className="sm:col-span-2">
            <SampleImagesField images={images} onChange={setImages} />
          </div>
        </CardContent>
      </Card>
      <div className="flex flex-col items-center gap-3">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:min-w-64"
          disabled={isSubmitting}
        >
          {isSubmitting ? "Submitting..." : "Submit Application"}
        </Button>
        <p className="text-center text-sm text-ink-600">
          You'll receive a confirmation email once your application is submitted. We review
          applications within 24 hours.
        </p>
      </div>
    </form>
  );
}
