import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { ZSubmitApplicationRequest } from "../../../contracts/applications.ts";
import { APPLICATION_SPECIALTIES, EXPERIENCE_LEVELS } from "../../../contracts/enums.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input, Label, Textarea } from "../../components/ui/input.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { selectInput, wholeNumberInput } from "../../lib/form-inputs.ts";
import { submitApplication } from "./api.ts";
import { type SampleImage, SampleImagesField } from "./sample-images-field.tsx";

// The request's own rules and messages (spec §5); sample images are sent apart from the inputs.
const ZApplyForm = ZSubmitApplicationRequest.omit({ sampleImages: true }).extend({
  experienceLevel: selectInput(ZSubmitApplicationRequest.shape.experienceLevel),
  travelRadius: wholeNumberInput(
    ZSubmitApplicationRequest.shape.travelRadius,
    "Enter a whole number of miles",
  ),
});
type ApplyForm = z.output<typeof ZApplyForm>;

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
  } = useForm<z.input<typeof ZApplyForm>, unknown, ApplyForm>({
    resolver: zodResolver(ZApplyForm),
    defaultValues: {
      fullName: "",
      email: "",
      phone: "",
      city: "",
      portfolioUrl: "",
      experienceLevel: "",
      specialties: [],
      aboutMe: "",
      travelRadius: "",
    },
  });
  const specialties = watch("specialties") ?? [];
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
      const response = await submitApplication({ ...values, sampleImages: sampleKeys });
      toast.success("Application submitted successfully! Check your email for confirmation.");
      for (const warning of response.warnings ?? []) toast.warning(warning);
      onSubmitted();
    } catch (error) {
      if (error instanceof ApiError && error.code === "network") {
        toast.error("Failed to submit application. Please try again.");
      } else {
        toast.error(
          error instanceof ApiError && error.message
            ? error.message
            : "Failed to submit application",
        );
      }
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
            <Label htmlFor="fullName">Full Name *</Label>
            <Input
              id="fullName"
              autoComplete="name"
              aria-invalid={!!errors.fullName}
              {...register("fullName")}
            />
            <FieldError message={errors.fullName?.message} />
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
            <Label htmlFor="portfolioUrl">Portfolio URL</Label>
            <Input
              id="portfolioUrl"
              type="url"
              placeholder="https://yourportfolio.com"
              aria-invalid={!!errors.portfolioUrl}
              {...register("portfolioUrl")}
            />
            <FieldError message={errors.portfolioUrl?.message} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="experienceLevel">Experience Level</Label>
            <select
              id="experienceLevel"
              className="h-11 rounded-xl border border-ink-300 bg-white px-3 text-sm"
              {...register("experienceLevel")}
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
            <Label htmlFor="travelRadius">Travel Radius (miles)</Label>
            <Input
              id="travelRadius"
              inputMode="numeric"
              placeholder="25"
              aria-invalid={!!errors.travelRadius}
              {...register("travelRadius")}
            />
            <FieldError message={errors.travelRadius?.message} />
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
            <Label htmlFor="aboutMe">About You</Label>
            <Textarea
              id="aboutMe"
              rows={5}
              placeholder="Tell us about your style, experience and the kind of work you love."
              {...register("aboutMe")}
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
