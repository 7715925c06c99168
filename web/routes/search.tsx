import { useSearchParams } from "react-router";
import { QUICK_FILTERS, SERVICES } from "../../contracts/enums.ts";
import { Button } from "../components/ui/button.tsx";
import { ChipPicker } from "../components/ui/chip-picker.tsx";
import { Container, PageHeading } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { HailButton } from "../features/hail/hail-button.tsx";
import {
  type SearchParams,
  useCreatorSearch,
  useLiveSearchAvailability,
} from "../features/search/api.ts";
import { CreatorResultCard } from "../features/search/creator-result-card.tsx";
import { SearchForm } from "../features/search/search-form.tsx";
import { formatLongDate } from "../lib/format.ts";

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

function describeSearch(params: SearchParams): string {
  const parts = [params.service ?? "All creators"];
  if (params.filter && params.filter !== params.service) parts.push(`(${params.filter})`);
  if (params.zip) parts.push(`near ${params.zip}`);
  if (params.date) {
    parts.push(`on ${formatLongDate(new Date(`${params.date}T12:00:00`))}`);
  }
  return parts.join(" ");
}

export default function SearchScreen() {
  const [urlParams, setUrlParams] = useSearchParams();
  const params: SearchParams = {
    zip: urlParams.get("zip") || undefined,
    date: urlParams.get("date") || undefined,
    service: pick(urlParams.get("service"), SERVICES),
    filter: pick(urlParams.get("filter"), QUICK_FILTERS),
  };
  const search = useCreatorSearch(params);
  useLiveSearchAvailability();
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];

  // Every change is a new history entry, so the query is shareable and Back returns to it.
  function update(next: SearchParams) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) query.set(key, value);
    setUrlParams(query);
  }

  return (
    <Container className="pb-24">
      <PageHeading
        title="Find Creators"
        subtitle="Photographers, videographers and content creators who travel to you"
        actions={<HailButton size="md" />}
      />
      <SearchForm
        key={`${params.zip}|${params.date}|${params.service}`}
        initial={params}
        onSearch={(form) => update({ ...form, filter: params.filter })}
      />
      <ChipPicker
        legend="Quick filters"
        hideLegend
        variant="solid"
        className="mt-4"
        options={QUICK_FILTERS}
        value={params.filter ? [params.filter] : []}
        // One filter at a time: a new pick replaces the active one, picking it again clears it.
        onChange={(next) => update({ ...params, filter: next.find((f) => f !== params.filter) })}
      />

      <section aria-labelledby="results-heading" className="mt-8">
        <h2 id="results-heading" className="mb-4 text-lg font-semibold text-ink-800">
          {describeSearch(params)}
          {search.data?.pages[0]?.origin ? (
            <span className="font-normal text-ink-500">
              {" "}
              · {search.data.pages[0].origin.city}, {search.data.pages[0].origin.state}
            </span>
          ) : null}
        </h2>
        {search.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner className="size-8" label="Searching" />
          </div>
        ) : search.isError ? (
          <p role="alert" className="rounded-card border border-red-200 bg-red-50 p-6 text-red-700">
            {search.error.message}
          </p>
        ) : items.length === 0 ? (
          <p className="rounded-card border border-ink-200 bg-white p-10 text-center text-ink-600">
            No creators found.
          </p>
        ) : (
          <>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((creator, index) => (
                <li key={creator.id} className="flex">
                  <CreatorResultCard creator={creator} eager={index < 2} />
                </li>
              ))}
            </ul>
            {search.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() => void search.fetchNextPage()}
                  disabled={search.isFetchingNextPage}
                >
                  {search.isFetchingNextPage ? <Spinner className="size-4" /> : null}
                  Load More Results
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </Container>
  );
}
