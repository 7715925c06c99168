import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SEARCH_DEBOUNCE_MS } from "../../contracts/constants.ts";
import { useListParams } from "./use-list-params.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SHOWS = ["open", "resolved", "all"] as const;

function StaffList() {
  const list = useListParams();
  const location = useLocation();
  return (
    <>
      <p>Address: {location.search || "(none)"}</p>
      <p>
        Page {list.page} · q {list.q ?? "-"} · show {list.oneOf("show", SHOWS, "open")}
      </p>
      <input
        aria-label="Search"
        value={list.searchText}
        onChange={(e) => list.setSearchText(e.target.value)}
      />
      <button type="button" onClick={() => list.setPage(3)}>
        Page 3
      </button>
      <button type="button" onClick={() => list.update({ show: "all" })}>
        Show all
      </button>
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <StaffList />
    </MemoryRouter>,
  );

describe("a staff list's address", () => {
  it("reads page, search and a filter from the address, ignoring a filter it does not know", () => {
    renderAt("/admin/x?page=2&q=maya&show=bogus");
    expect(screen.getByText("Page 2 · q maya · show open")).toBeTruthy();
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("maya");
  });

  it("keeps the page, and starts again at page 1 when a filter changes", () => {
    renderAt("/admin/x?q=maya");
    fireEvent.click(screen.getByText("Page 3"));
    expect(screen.getByText("Address: ?q=maya&page=3")).toBeTruthy();
    fireEvent.click(screen.getByText("Show all"));
    expect(screen.getByText("Address: ?q=maya&show=all")).toBeTruthy();
  });

  it("puts the search in the address once typing pauses, back at page 1", () => {
    vi.useFakeTimers();
    renderAt("/admin/x?page=4");
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: " lee " } });
    expect(screen.getByText("Address: ?page=4")).toBeTruthy();
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText("Address: ?q=lee")).toBeTruthy();
    expect(screen.getByText("Page 1 · q lee · show open")).toBeTruthy();
  });
});
