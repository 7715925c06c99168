import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { ZIP_PATTERN } from "../../../contracts/constants.ts";
import { SERVICES, type Service } from "../../../contracts/enums.ts";
import { ZIP_HELP } from "../../../contracts/search.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";
import type { SearchParams } from "./api.ts";

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** ZIP (exactly 5 digits), date and service; submitting puts them in the URL. */
export function SearchForm({
  initial,
  onSearch,
}: {
  initial: SearchParams;
  onSearch: (next: Pick<SearchParams, "zip" | "date" | "service">) => void;
}) {
  const id = useId();
  const [zip, setZip] = useState(initial.zip ?? "");
  const [date, setDate] = useState(initial.date ?? "");
  const [service, setService] = useState<Service | "">(initial.service ?? "");
  const [zipInvalid, setZipInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (zip && !ZIP_PATTERN.test(zip)) {
      setZipInvalid(true);
      return;
    }
    setZipInvalid(false);
    onSearch({ zip: zip || undefined, date: date || undefined, service: service || undefined });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Search creators"
      className="grid gap-4 rounded-card border border-ink-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start sm:p-5"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-zip`}>ZIP code</Label>
        <Input
          id={`${id}-zip`}
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="\d{5}"
          maxLength={5}
          placeholder="33139"
          value={zip}
          aria-invalid={zipInvalid || undefined}
          aria-describedby={`${id}-zip-help`}
          onChange={(e) => setZip(e.target.value.replace(/\D/g, "").slice(0, 5))}
          className={cn(zipInvalid && "border-red-500 focus:ring-red-200")}
        />
        <p
          id={`${id}-zip-help`}
          className={cn("text-xs", zipInvalid ? "font-medium text-red-600" : "text-ink-500")}
        >
          {ZIP_HELP}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-date`}>Date</Label>
        <Input
          id={`${id}-date`}
          name="date"
          type="date"
          min={today()}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-service`}>Service</Label>
        <select
          id={`${id}-service`}
          name="service"
          value={service}
          onChange={(e) => setService(e.target.value as Service | "")}
          className="h-11 w-full rounded-xl border border-ink-300 bg-white px-3 text-sm text-ink-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        >
          <option value="">All services</option>
          {SERVICES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="sm:mt-6.5">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  );
}
