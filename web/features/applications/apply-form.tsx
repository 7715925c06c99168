import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { APPLICATION_SPECIALTIES, EXPERIENCE_LEVELS } from "../../../contracts/enums.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input, Label, Textarea } from "../../components/ui/input.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { cn } from "../../lib/cn.ts";
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

function FieldError({ message }: { message?: string }) {
  return message ? <p className="text-xs font-medium text-red-600">{message}</p> : null;
}

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
  const toggle = (s: string) =>
    setValue(
      "specialties",
      specialties.includes(s) ? specialties.filter((x) => x !== s) : [...specialties, s],
    );

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
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="full_name">Full Name *</Label>
            <Input
              id="full_name"
              autoComplete="name"
              aria-invalid={!!errors.full_name}
              {...register("full_name")}
            />
            <FieldError message={errors.full_name?.message} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="email">Email *</Label>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              aria-invalid={!!errors.email}
              {...register("email")}
            />
            <FieldError message={errors.email?.message} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="phone">Phone</Label>
            <Input id="phone" type="tel" autoComplete="tel" {...register("phone")} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="city">City</Label>
            <Input
              id="city"
              placeholder="City, State"
              autoComplete="address-level2"
              {...register("city")}
            />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Professional Background</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor="portfolio_url">Portfolio URL</Label>
            <Input
              id="portfolio_url"
              type="url"
              placeholder="https://yourportfolio.com"
              aria-invalid={!!errors.portfolio_url}
              {...register("portfolio_url")}
            />
            <FieldError message={errors.portfolio_url?.message} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="experience_level">Experience Level</Label>
            <select
              id="experience_level"
              className="h-11 rounded-xl border border-ink-300 bg-white px-3 text-sm"
              {...register("experience_level")}
            >
              <option value="">Select your experience</option>
              {EXPERIENCE_LEVELS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="travel_radius">Travel Radius (miles)</Label>
            <Input
              id="travel_radius"
              inputMode="numeric"
              placeholder="25"
              aria-invalid={!!errors.travel_radius}
              {...register("travel_radius")}
            />
            <FieldError message={errors.travel_radius?.message} />
          </div>
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="mb-2 text-sm font-medium text-ink-800">Specialties</legend>
            <div className="flex flex-wrap gap-2">
              {APPLICATION_SPECIALTIES.map((s) => {
                const on = specialties.includes(s);
                return (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(s)}
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
            <Label htmlFor="about_me">About You</Label>
            <Textarea
              id="about_me"
              rows={5}
              placeholder="Tell us about your style, experience and the kind of work you love."
              {...register("about_me")}
            />
          </div>
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
