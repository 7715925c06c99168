import { CalendarDays, MapPin, Search, Sparkles } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ZIP_PATTERN } from "../../../contracts/constants.ts";
import { SERVICES } from "../../../contracts/enums.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label, Select } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";

function today() {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** ZIP, service and date: hands the search to /search, which does the finding. */
export function HeroSearch() {
  const navigate = useNavigate();
  const id = useId();
  const [zipError, setZipError] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const zip = String(form.get("zip") ?? "").trim();
    if (zip && !ZIP_PATTERN.test(zip)) {
      setZipError(true);
      return;
    }
    const params = new URLSearchParams();
    for (const key of ["zip", "service", "date"]) {
      const value = String(form.get(key) ?? "").trim();
      if (value) params.set(key, value);
    }
    const query = params.toString();
    navigate(query ? `${PAGE_ROUTES.search}?${query}` : PAGE_ROUTES.search);
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Search creators"
      className="grid gap-3 rounded-2xl bg-white p-4 text-left shadow-lift ring-1 ring-ink-900/5 sm:grid-cols-3 sm:p-5"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-zip`} className="flex items-center gap-1.5">
          <MapPin className="size-4 text-brand-600" aria-hidden /> ZIP code
        </Label>
        <Input
          id={`${id}-zip`}
          name="zip"
          inputMode="numeric"
          pattern="\d{5}"
          maxLength={5}
          placeholder="33139"
          autoComplete="postal-code"
          aria-invalid={zipError || undefined}
          aria-describedby={`${id}-zip-help`}
          onChange={() => zipError && setZipError(false)}
          className={cn(zipError && "border-red-500 focus:border-red-500 focus:ring-red-100")}
        />
        <p
          id={`${id}-zip-help`}
          className={cn("text-xs", zipError ? "font-medium text-red-700" : "text-ink-500")}
        >
          Enter 5-digit ZIP code
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-service`} className="flex items-center gap-1.5">
          <Sparkles className="size-4 text-brand-600" aria-hidden /> Service
        </Label>
        <Select id={`${id}-service`} name="service" defaultValue="">
          <option value="">Any service</option>
          {SERVICES.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </Select>
        <p className="text-xs text-ink-500">Photo, video or content</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-date`} className="flex items-center gap-1.5">
          <CalendarDays className="size-4 text-brand-600" aria-hidden /> Date
        </Label>
        <Input id={`${id}-date`} name="date" type="date" min={today()} />
        <p className="text-xs text-ink-500">Optional</p>
      </div>
      <Button type="submit" size="lg" className="w-full sm:col-span-3">
        <Search aria-hidden /> Search
      </Button>
    </form>
  );
}
