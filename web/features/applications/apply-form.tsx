import { useState } from "react";
import type { z } from "zod";
import { ZSubmitApplicationRequest } from "../../../contracts/applications.ts";
import { APPLICATION_SPECIALTIES } from "../../../contracts/enums.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import {
  CityField,
  ExperienceSelect,
  PortfolioUrlField,
  SpecialtiesField,
  TravelRadiusField,
} from "../../components/ui/creator-fields.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { selectInput, wholeNumberInput } from "../../lib/form-inputs.ts";
import { toast } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/use-zod-form.ts";
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

export function ApplyFormCard({ onSubmitted }: { onSubmitted: () => void }) {
  const [images, setImages] = useState<SampleImage[]>([]);
  const { register, handleSubmit, watch, setValue, errors, isSubmitting } = useZodForm(ZApplyForm, {
    fullName: "",
    email: "",
    phone: "",
    city: "",
    portfolioUrl: "",
    experienceLevel: "",
    specialties: [],
    aboutMe: "",
    travelRadius: "",
  });
  const specialties = watch("specialties") ?? [];

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
          <Field id="fullName" label="Full Name" required error={errors.fullName?.message}>
            <Input
              id="fullName"
              autoComplete="name"
              aria-invalid={!!errors.fullName}
              {...register("fullName")}
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
          <CityField autoComplete="address-level2" {...register("city")} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Professional Background</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <PortfolioUrlField
            placeholder="https://yourportfolio.com"
            error={errors.portfolioUrl?.message}
            {...register("portfolioUrl")}
          />
          <Field id="experienceLevel" label="Experience Level">
            <ExperienceSelect id="experienceLevel" {...register("experienceLevel")} />
          </Field>
          <TravelRadiusField
            placeholder="25"
            aria-invalid={!!errors.travelRadius}
            error={errors.travelRadius?.message}
            {...register("travelRadius")}
          />
          <SpecialtiesField
            options={APPLICATION_SPECIALTIES}
            value={specialties}
            onChange={(next) => setValue("specialties", next)}
          />
          <Field id="aboutMe" label="About You" className="sm:col-span-2">
            <Textarea
              id="aboutMe"
              rows={5}
              placeholder="Tell us about your style, experience and the kind of work you love."
              {...register("aboutMe")}
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
