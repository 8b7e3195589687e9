// A failed creation is explained by the server's status and code (ADR 077), never by the words of
// its message: the same German message with another code shows another panel.
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/browser/api-client";
import type { ErrorCode } from "~/lib/error-codes";

const sendForm = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => vi.fn(() => "toast"));

vi.mock("~/browser/upload", () => ({ sendForm }));
vi.mock("~/components/ui/use-toast", () => ({ toast }));
// The photo's decode check and the browser's copies need a real canvas; here the chosen file is taken as it is.
vi.mock("~/browser/photo-check", () => ({
  addPhotos: async (current: File[], chosen: File[]) => ({ files: [...current, ...chosen], undecodable: [], overLimit: [] }),
  photoSelectionMessages: () => [],
}));
vi.mock("~/browser/downscale", () => ({
  downscalePhoto: async (file: File) => file,
  coverCrop: async () => null,
  modelCopy: async () => null,
}));

const seller = {
  subscriptionStatus: null,
  planType: "free" as const,
  monthlyAllowance: 0,
  adCredits: 1,
  preferredPlatform: "kleinanzeigen" as const,
};

type Refusal = { message: string; code?: ErrorCode; fieldErrors?: Record<string, string> };

/** The photo uploads as it is chosen (ADR 082); `refusing` is the request the server refuses. */
async function sendRefused(status: number, body: Refusal, refusing: "/api/ads" | "/api/photos" = "/api/ads") {
  sendForm.mockImplementation(async (_method: string, path: string) => {
    if (path !== refusing) {
      const draft = crypto.randomUUID();
      return { upload: `ads/${draft}/${"a".repeat(43)}.jpg`, draft };
    }
    throw new ApiError(status, JSON.stringify(body), "");
  });
  const { CreateAdForm } = await import("~/components/ads/create-ad-form");
  const Stub = createRemixStub([{ path: "/", Component: () => <CreateAdForm user={seller} onCreated={() => {}} /> }]);
  render(<Stub initialEntries={["/"]} />);
  await userEvent.type(await screen.findByLabelText("Was verkaufst du? *"), "Vitrine");
  await userEvent.selectOptions(screen.getByLabelText("Kategorie *"), "moebel");
  await userEvent.upload(
    screen.getByLabelText("Fotos auswählen"),
    new File([new Uint8Array([1, 2, 3])], "vitrine.jpg", { type: "image/jpeg" }),
  );
  await userEvent.click(screen.getByRole("button", { name: "KI-Anzeige erstellen" }));
  if (refusing === "/api/ads") await vi.waitFor(() => expect(sendForm).toHaveBeenCalledWith("POST", "/api/ads", expect.any(FormData), {}));
}

describe("a refused creation, by status and code", () => {
  beforeEach(() => {
    sendForm.mockReset();
    toast.mockClear();
  });

  it("shows the photo panel with the server's words for a photo it refused, and sends no ad", async () => {
    await sendRefused(400, { message: "Das Foto „vitrine.jpg“ ist beschädigt.", code: "photo_upload_failed" }, "/api/photos");
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading", { name: "Foto-Upload fehlgeschlagen" })).toBeTruthy();
    expect(within(panel).getByText("Das Foto „vitrine.jpg“ ist beschädigt.")).toBeTruthy();
    expect(sendForm).not.toHaveBeenCalledWith("POST", "/api/ads", expect.anything(), expect.anything());
  });

  it("uploads the photos again when the ad's uploads are gone, and says so in the photo panel", async () => {
    await sendRefused(400, { message: "Ein hochgeladenes Foto ist nicht mehr da.", code: "photo_upload_failed" });
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading", { name: "Foto-Upload fehlgeschlagen" })).toBeTruthy();
    expect(within(panel).getByText(/werden gerade neu hochgeladen/)).toBeTruthy();
    const photoUploads = () => sendForm.mock.calls.filter(([, path]) => path === "/api/photos").length;
    await vi.waitFor(() => expect(photoUploads()).toBe(2));
  });

  it("does not take a message's words for a photo failure: a server error naming the upload is a server error", async () => {
    await sendRefused(503, { message: "Bildupload fehlgeschlagen (Serverfehler).", code: "unavailable" });
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading", { name: "KI ist gerade überlastet" })).toBeTruthy();
  });

  it("offers more ads for limit_reached, not a panel", async () => {
    await sendRefused(402, { message: "Du hast keine Anzeigen mehr frei.", code: "limit_reached" });
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Limit erreicht! 🚀" })));
    expect(screen.queryByTestId(/^error-panel-/)).toBeNull();
  });

  it("asks to sign in again for 401, and shows the rest as what went wrong", async () => {
    await sendRefused(401, { message: "Anmeldung erforderlich.", code: "unauthorized" });
    expect(await screen.findByTestId("error-panel-auth")).toBeTruthy();
  });

  it("puts the server's fieldErrors under their fields", async () => {
    await sendRefused(400, {
      message: "Bitte gib an, was du verkaufst.",
      code: "invalid_input",
      fieldErrors: { itemName: "Bitte gib an, was du verkaufst." },
    });
    expect(await screen.findByText("Bitte gib an, was du verkaufst.")).toBeTruthy();
    expect(screen.getByLabelText("Was verkaufst du? *").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByTestId(/^error-panel-/)).toBeNull();
  });
});
