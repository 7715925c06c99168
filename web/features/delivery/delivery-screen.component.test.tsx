import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Delivery, DeliveryFile } from "../../../contracts/delivery.ts";
import { formatDateTime } from "../../lib/format.ts";
import BookingPhotosScreen from "../../routes/booking-photos.tsx";
import { BOOKING_ID, signedInSession } from "../../test/booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { resetScreen, screenAt } from "../../test/screen-fixtures.tsx";
import { closeAuthDialog } from "../accounts/auth-dialog-store.ts";

// 'View Photos' (issue 14): the creator uploads and delivers, the client accepts or reports a
// problem, staff resolve it. Photos upload with XMLHttpRequest (for its progress), so the
// upload test fakes that request too; everything else goes through fetch.

afterEach(() => {
  closeAuthDialog();
  resetScreen();
});

const PHOTOS = { route: "/bookings/:id/photos", path: `/bookings/${BOOKING_ID}/photos` };
const API = `/bookings/${BOOKING_ID}/delivery`;

const file = (n: number, overrides: Partial<DeliveryFile> = {}): DeliveryFile => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`,
  fileName: `IMG_00${n}.jpg`,
  width: 6000,
  height: 4000,
  bytes: 1_750_000,
  thumbUrl: `/thumb/${n}`,
  previewUrl: `/preview/${n}`,
  downloadUrl: `/original/${n}`,
  favourite: false,
  createdAt: "2026-12-06T10:00:00.000Z",
  ...overrides,
});

const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  bookingId: BOOKING_ID,
  role: "client",
  status: "delivered",
  creatorName: "Maya Chen",
  clientName: "Cleo Client",
  sessionStart: "2026-12-05T14:00:00.000Z",
  canUpload: false,
  videoUrl: null,
  deliveredAt: "2026-12-06T12:00:00.000Z",
  acceptBy: "2026-12-13T12:00:00.000Z",
  acceptedAt: null,
  acceptedBy: null,
  problemReportedAt: null,
  problemText: null,
  problemResolvedAt: null,
  problemResolution: null,
  files: [file(1, { favourite: true }), file(2)],
  zipUrl: `/api${API}/zip`,
  ...overrides,
});

/** The photos page signed in; every change answers the delivery `change` makes of it. */
function showPhotos(
  start: Delivery,
  change: (call: ApiCall, current: Delivery) => Delivery | Response | undefined = () => undefined,
) {
  let current = start;
  const calls = fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.method === "GET" && call.path === API) return { delivery: current };
    const next = change(call, current);
    if (next instanceof Response) return next;
    if (next) {
      current = next;
      return { delivery: current };
    }
    return apiFailure(404, "not_found", "Not found");
  });
  render(screenAt(<BookingPhotosScreen />, PHOTOS).wrapper);
  return { calls, user: userEvent.setup() };
}

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== "GET");

describe("the client's photos", () => {
  it("shows the delivery, marks favourites, and accepts it", async () => {
    const { calls, user } = showPhotos(delivery(), (call, d) => {
      if (call.path.endsWith("/favourite")) return new Response(JSON.stringify(call.body));
      if (call.path === `${API}/accept`)
        return {
          ...d,
          status: "accepted",
          acceptedBy: "client",
          acceptedAt: "2026-12-07T12:00:00.000Z",
        };
      return undefined;
    });
    expect(await screen.findByRole("heading", { name: "Photos" })).toBeTruthy();
    expect(
      screen.getByText(
        `Your session with Maya Chen, ${formatDateTime("2026-12-05T14:00:00.000Z")}`,
      ),
    ).toBeTruthy();
    expect(screen.getByText("Happy with your photos?")).toBeTruthy();
    expect(screen.getByText(formatDateTime("2026-12-13T12:00:00.000Z"))).toBeTruthy();
    expect(screen.getByRole("heading", { name: "2 photos" })).toBeTruthy();
    expect(screen.getByText("3.5 MB at full resolution · 1 favourite")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download all (ZIP)" }).getAttribute("href")).toBe(
      `/api${API}/zip`,
    );

    await user.click(screen.getByRole("button", { name: "Add IMG_002.jpg to favourites" }));
    expect(await screen.findByText("3.5 MB at full resolution · 2 favourites")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Accept delivery" }));
    expect(await screen.findByText("Delivery accepted. Thank you!")).toBeTruthy();
    expect(screen.getByText(/Delivery accepted by the client on/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accept delivery" })).toBeNull();
    expect(writes(calls)).toEqual([
      {
        method: "PUT",
        path: `${API}/files/${file(2).id}/favourite`,
        body: { favourite: true },
      },
      { method: "POST", path: `${API}/accept`, body: {} },
    ]);
  });

  it("reports a problem in words; a refused favourite is undone", async () => {
    const { calls, user } = showPhotos(delivery(), (call, d) => {
      if (call.path.endsWith("/favourite")) return apiFailure(409, "conflict", "Already accepted");
      if (call.path === `${API}/report`)
        return {
          ...d,
          status: "disputed",
          problemReportedAt: "2026-12-07T12:00:00.000Z",
          problemText: (call.body as { problem: string }).problem,
        };
      return undefined;
    });
    await user.click(
      await screen.findByRole("button", { name: "Remove IMG_001.jpg from favourites" }),
    );
    expect(await screen.findByText("Could not save the favourite")).toBeTruthy();
    expect(screen.getByText("Already accepted")).toBeTruthy();
    expect(
      screen
        .getByRole("button", { name: "Remove IMG_001.jpg from favourites" })
        .getAttribute("aria-pressed"),
    ).toBe("true");

    await user.click(screen.getByRole("button", { name: "Report a problem" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a problem" });
    const send = within(dialog).getByRole("button", { name: "Send report" });
    expect(send.hasAttribute("disabled")).toBe(true);
    await user.type(within(dialog).getByLabelText("What is the problem?"), "Half are blurry ");
    await user.click(send);
    expect(await screen.findByText("Problem reported: our team will be in touch")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText(/You reported a problem on/)).toBeTruthy();
    expect(screen.getByText("Half are blurry")).toBeTruthy();
    expect(writes(calls).at(-1)).toEqual({
      method: "POST",
      path: `${API}/report`,
      body: { problem: "Half are blurry" },
    });
  });

  it("before delivery the client is told to wait, with no gallery", async () => {
    showPhotos(
      delivery({ status: "none", files: [], zipUrl: null, deliveredAt: null, acceptBy: null }),
    );
    expect(await screen.findByText("The photos are not delivered yet")).toBeTruthy();
    expect(screen.getByText(/Maya Chen will upload them after your session/)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /photos?$/ })).toBeNull();
  });
});

describe("staff and a disputed delivery", () => {
  it("see the client's words and resolve it", async () => {
    const disputed = delivery({
      role: "staff",
      status: "disputed",
      problemReportedAt: "2026-12-07T12:00:00.000Z",
      problemText: "Half are blurry",
    });
    const { calls, user } = showPhotos(disputed, (call, d) =>
      call.path === `/admin/deliveries/${BOOKING_ID}/resolve`
        ? {
            ...d,
            status: "accepted",
            acceptedBy: "staff",
            acceptedAt: "2026-12-08T12:00:00.000Z",
            problemResolution: "Creator re-edited the set",
          }
        : undefined,
    );
    expect(await screen.findByText("Cleo Client with Maya Chen", { exact: false })).toBeTruthy();
    expect(screen.getByText(/The client reported a problem on/)).toBeTruthy();
    expect(screen.getByText("The payout waits until you resolve it.")).toBeTruthy();
    // Staff neither favourite nor accept: they see the client's favourite.
    expect(screen.queryByRole("button", { name: /favourites/ })).toBeNull();
    expect(screen.getByLabelText("Client favourite")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Resolve problem" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolve the problem" });
    await user.type(within(dialog).getByLabelText("Resolution"), "Creator re-edited the set");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(await screen.findByText("Problem resolved")).toBeTruthy();
    expect(screen.getByText(/Delivery accepted by our team on/)).toBeTruthy();
    expect(screen.getByText("Resolution: Creator re-edited the set")).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: "POST",
        path: `/admin/deliveries/${BOOKING_ID}/resolve`,
        body: { resolution: "Creator re-edited the set" },
      },
    ]);
  });
});

/** XMLHttpRequest as the upload uses it; the test answers each upload by hand. */
class FakeUploadRequest {
  static sent: FakeUploadRequest[] = [];
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = "";
  url = "";
  form: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    this.form = form;
    FakeUploadRequest.sent.push(this);
  }
  answer(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

describe("the creator delivers", () => {
  it("uploads photos with progress, retries a failed one under the same id, removes one, links a video and delivers", async () => {
    FakeUploadRequest.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeUploadRequest);
    const draft = delivery({
      role: "creator",
      status: "none",
      canUpload: true,
      files: [],
      zipUrl: null,
      deliveredAt: null,
      acceptBy: null,
    });
    // What the server holds: the photos uploaded and not removed.
    let stored: DeliveryFile[] = [];
    const { calls, user } = showPhotos(draft, (call, d) => {
      if (call.method === "DELETE") {
        stored = stored.filter((f) => !call.path.endsWith(f.id));
        return new Response(null, { status: 204 });
      }
      if (call.path === `${API}/video`)
        return { ...d, files: stored, videoUrl: (call.body as { videoUrl: string }).videoUrl };
      if (call.path === `${API}/deliver`)
        return {
          ...d,
          files: stored,
          status: "delivered",
          deliveredAt: "2026-12-06T12:00:00.000Z",
          acceptBy: "2026-12-13T12:00:00.000Z",
        };
      return undefined;
    });
    const uploaded = (request: FakeUploadRequest, photo: DeliveryFile) => {
      stored = [...stored, photo];
      request.answer(201, { file: photo });
    };
    expect(await screen.findByRole("heading", { name: "Upload the final photos" })).toBeTruthy();
    const deliver = screen.getByRole("button", { name: "Deliver photos" });
    expect(deliver.hasAttribute("disabled")).toBe(true);

    const photos = [1, 2].map((n) => new File(["x"], `IMG_00${n}.jpg`, { type: "image/jpeg" }));
    await user.upload(screen.getByLabelText("Choose photos"), photos);
    expect(FakeUploadRequest.sent.map((r) => r.url)).toEqual([
      `/api${API}/files`,
      `/api${API}/files`,
    ]);
    const [first, second] = FakeUploadRequest.sent;
    act(() => first!.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }));
    expect(
      screen
        .getByRole("progressbar", { name: "Uploading IMG_001.jpg" })
        .getAttribute("aria-valuenow"),
    ).toBe("50");
    uploaded(first!, file(1));
    second!.answer(413, {
      error: { code: "payload_too_large", message: "This photo is over 40 MB" },
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText("This photo is over 40 MB")).toBeTruthy();
    expect(screen.getByText("Uploaded")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "1 photo" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Retry" }));
    const again = FakeUploadRequest.sent[2]!;
    expect(again.form?.get("uploadId")).toBe(second!.form?.get("uploadId"));
    uploaded(again, file(2));
    expect(await screen.findByRole("heading", { name: "2 photos" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove IMG_002.jpg" }));
    expect(await screen.findByRole("heading", { name: "1 photo" })).toBeTruthy();

    await user.type(screen.getByLabelText("Video link (optional)"), "https://vimeo.com/1");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Video link saved")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Watch the video delivery" }).getAttribute("href"),
    ).toBe("https://vimeo.com/1");

    await user.click(screen.getByRole("button", { name: "Deliver photos (1)" }));
    expect(await screen.findByText("Photos delivered: the client has been told")).toBeTruthy();
    expect(screen.getByText(/The client has until/)).toBeTruthy();
    expect(writes(calls)).toEqual([
      { method: "DELETE", path: `${API}/files/${file(2).id}`, body: undefined },
      { method: "PUT", path: `${API}/video`, body: { videoUrl: "https://vimeo.com/1" } },
      { method: "POST", path: `${API}/deliver`, body: {} },
    ]);
  });

  it("before the session ends there is nothing to upload yet", async () => {
    showPhotos(delivery({ role: "creator", status: "none", files: [], canUpload: false }));
    expect(
      await screen.findByText("You can upload the photos once the session has ended."),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Choose photos")).toBeNull();
  });
});

describe("the photos page's other states", () => {
  it("signed out asks to sign in; an unknown booking is not found; a failure offers to try again", async () => {
    const calls = fakeApi(() => null);
    render(screenAt(<BookingPhotosScreen />, PHOTOS).wrapper);
    expect(await screen.findByText("Sign in to see the photos of this booking.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in to continue" })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["/auth/get-session"]);
    resetScreen();

    fakeApi((call) =>
      call.path === "/auth/get-session"
        ? signedInSession
        : apiFailure(404, "not_found", "No booking"),
    );
    render(screenAt(<BookingPhotosScreen />, PHOTOS).wrapper);
    expect(await screen.findByText("404 - Oops! Page not found")).toBeTruthy();
    resetScreen();

    let down = true;
    fakeApi((call) => {
      if (call.path === "/auth/get-session") return signedInSession;
      return down ? apiFailure(500, "internal", "Boom") : { delivery: delivery() };
    });
    render(screenAt(<BookingPhotosScreen />, PHOTOS).wrapper);
    expect(await screen.findByText(/The photos could not be loaded/)).toBeTruthy();
    down = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Happy with your photos?")).toBeTruthy();
  });
});
