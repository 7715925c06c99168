import { fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button.tsx";
import { Slot } from "./slot.tsx";

describe("Slot", () => {
  it("gives the child the button's look, keeping the child's own props", () => {
    render(
      <Button asChild variant="outline">
        <a href="/search" className="w-full" aria-label="Find">
          Find a creator
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Find" });
    expect(link.getAttribute("href")).toBe("/search");
    expect(link.className).toContain("border-ink-200");
    expect(link.className).toMatch(/ w-full$/);
  });

  it("runs both click handlers (the child's first), merges styles and sets both refs", () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLButtonElement>();
    const childRef = vi.fn();
    render(
      <Slot
        ref={slotRef}
        onClick={() => calls.push("slot")}
        style={{ color: "red", margin: 1 }}
        title="slot"
      >
        <button
          type="button"
          ref={childRef}
          onClick={() => calls.push("child")}
          style={{ color: "blue" }}
          title="child"
        >
          Go
        </button>
      </Slot>,
    );
    const button = screen.getByRole("button", { name: "Go" });
    fireEvent.click(button);
    expect(calls).toEqual(["child", "slot"]);
    expect(button.title).toBe("child");
    expect(button.style.color).toBe("blue");
    expect(button.style.margin).toBe("1px");
    expect(slotRef.current).toBe(button);
    expect(childRef).toHaveBeenCalledWith(button);
  });
});
