import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConversationReport as Report } from "../../../contracts/messages.ts";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { renderNotificationsApp } from "../../test/notification-fixtures.tsx";
import { ConversationReport } from "./conversation-report.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPORT_ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const CONVERSATION_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const CREATOR_ID = "3f2b8a1c-5d6e-4f70-8a9b-0c1d2e3f4a5b";

const message = (seq: number, senderRole: "client" | "creator", body: string) => ({
  id: crypto.randomUUID(),
  seq,
  conversationId: CONVERSATION_ID,
  senderRole,
  senderName: senderRole === "client" ? "Cleo Client" : "Nora Frame",
  body,
  attachments: [],
  createdAt: "2026-11-23T15:00:00.000Z",
});

const report: Report = {
  id: REPORT_ID,
  reason: "Asked me to pay outside the platform",
  reporterName: "Cleo Client",
  createdAt: "2026-11-23T16:00:00.000Z",
  resolvedAt: null,
  conversation: {
    id: CONVERSATION_ID,
    clientName: "Cleo Client",
    creatorName: "Nora Frame",
    creatorId: CREATOR_ID,
  },
  messages: [message(1, "client", "Are you free?"), message(2, "creator", "Pay me by transfer")],
};

describe("the staff's reported conversation", () => {
  it("shows the report and the messages read-only, with the creator's profile", async () => {
    const calls = fakeApi(() => report);
    const { wrapper } = renderNotificationsApp(<ConversationReport id={REPORT_ID} />);
    render(wrapper);
    expect(await screen.findByText("Asked me to pay outside the platform")).toBeTruthy();
    expect(calls[0]?.path).toBe(`/admin/conversation-reports/${REPORT_ID}`);
    const messages = screen.getByRole("list", { name: "Messages" });
    const items = within(messages).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Cleo Client · client");
    expect(items[0]?.textContent).toContain("Are you free?");
    expect(items[1]?.textContent).toContain("Nora Frame · creator");
    expect(screen.getByRole("link", { name: "Nora Frame's profile" }).getAttribute("href")).toBe(
      `/p/${CREATOR_ID}`,
    );
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("an unknown report says so", async () => {
    fakeApi(() => apiFailure(404, "not_found", "Report not found"));
    const { wrapper } = renderNotificationsApp(<ConversationReport id={REPORT_ID} />);
    render(wrapper);
    expect(await screen.findByText(/This report does not exist/)).toBeTruthy();
  });
});
