// The eBay draft form as a seller sees it (ADR 046): a list to choose from for an aspect eBay takes
// only from its list, a text field (with suggestions) for a free one, only the conditions the
// category allows, another category's rules when the seller picks it, and the parcel where the
// shipping policy calculates the cost — all sent as chosen on "Jetzt auf eBay veröffentlichen".
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EbayPublishForm } from "~/components/ebay/ebay-publish-form";
import type { ApiAnswer } from "~/lib/api/types";

type EbayDraft = ApiAnswer<"GET", "/api/ads/{id}/ebay-draft">;

const clothing: EbayDraft["conditions"] = [
  { value: "NEW", label: "Neu mit Etikett", descriptors: [] },
  { value: "PRE_OWNED_EXCELLENT", label: "Gebraucht – Hervorragend", descriptors: [] },
  { value: "USED_EXCELLENT", label: "Gebraucht – Gut", descriptors: [] },
  { value: "PRE_OWNED_FAIR", label: "Gebraucht – Akzeptabel", descriptors: [] },
];

const jackets: EbayDraft = {
  title: "Winterjacke Herren Gr. M",
  categories: [
    { categoryId: "57988", categoryName: "Herrenjacken & -mäntel", path: "Kleidung & Accessoires › Herrenmode" },
    { categoryId: "63862", categoryName: "Damenjacken & -mäntel", path: "Kleidung & Accessoires › Damenmode" },
  ],
  categoryId: "57988",
  aspects: [
    { name: "Marke", required: true, mode: "FREE_TEXT", multiple: false, maxLength: 50, values: ["Jack Wolfskin", "Nike"], value: "" },
    { name: "Größe", required: true, mode: "SELECTION_ONLY", multiple: false, maxLength: 50, values: ["S", "M", "L"], value: "M" },
  ],
  conditions: clothing,
  condition: "USED_EXCELLENT",
  priceCents: 3500,
  offerNotes: ["VB: Käufer können dir Preisvorschläge senden."],
  needsPackage: false,
  needsShippingCost: false,
};

const womens: EbayDraft = {
  ...jackets,
  categoryId: "63862",
  aspects: [
    { name: "Marke", required: true, mode: "FREE_TEXT", multiple: false, maxLength: 50, values: [], value: "" },
    { name: "Größe", required: true, mode: "SELECTION_ONLY", multiple: false, maxLength: 50, values: ["XS", "S", "M"], value: "" },
  ],
  conditions: [
    { value: "NEW", label: "Neu", descriptors: [] },
    { value: "USED_EXCELLENT", label: "Gebraucht", descriptors: [] },
  ],
  needsPackage: true,
};

function server(drafts: Record<string, EbayDraft>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === "POST") return Response.json({ status: "live" });
      const categoryId = new URL(url, "http://localhost").searchParams.get("categoryId") ?? "57988";
      return Response.json(drafts[categoryId]);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const form = () => screen.findByRole("form", { name: "Auf eBay veröffentlichen" });

describe("the eBay draft form", () => {
  it("shows a selection-only aspect as a list, a free one as a text field, and only the category's conditions", async () => {
    server({ "57988": jackets });
    render(<EbayPublishForm adId="ad-1" onPublished={() => {}} onFailed={() => {}} onCancel={() => {}} />);
    const draft = await form();
    const size = within(draft).getByRole("combobox", { name: "Größe *" }) as unknown as HTMLSelectElement;
    expect([...size.querySelectorAll("option")].map((option) => option.textContent)).toEqual(["Bitte wählen", "S", "M", "L"]);
    expect(size.value).toBe("M");
    const brand = within(draft).getByRole("combobox", { name: "Marke *" });
    expect(brand.tagName).toBe("INPUT");
    expect(brand.getAttribute("maxlength")).toBe("50");
    const condition = within(draft).getByRole("combobox", { name: "Zustand" }) as unknown as HTMLSelectElement;
    expect([...condition.options].map((option) => option.textContent)).toEqual(clothing.map((entry) => entry.label));
    expect(condition.value).toBe("USED_EXCELLENT");
    expect(within(draft).queryByTestId("ebay-parcel")).toBeNull();
  });

  it("loads the rules of the category the seller picks and asks for the parcel where needed", async () => {
    const calls = server({ "57988": jackets, "63862": womens });
    const published = vi.fn();
    render(<EbayPublishForm adId="ad-1" onPublished={published} onFailed={() => {}} onCancel={() => {}} />);
    const draft = await form();
    await userEvent.selectOptions(within(draft).getByRole("combobox", { name: "eBay-Kategorie" }), "63862");
    expect(calls.map((call) => call.url)).toContain("/api/ads/ad-1/ebay-draft?categoryId=63862");
    const size = (await within(draft).findByRole("combobox", { name: "Größe *" })) as unknown as HTMLSelectElement;
    await vi.waitFor(() => expect([...size.options].map((option) => option.value)).toEqual(["", "XS", "S", "M"]));
    // The size typed for the other category is one of this one's too, so it stays.
    expect(size.value).toBe("M");
    const condition = within(draft).getByRole("combobox", { name: "Zustand" }) as unknown as HTMLSelectElement;
    expect([...condition.options].map((option) => option.textContent)).toEqual(["Neu", "Gebraucht"]);
    expect(condition.value).toBe("USED_EXCELLENT");

    await userEvent.type(within(draft).getByRole("textbox", { name: "Marke *" }), "Esprit");
    await userEvent.click(within(draft).getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }));
    expect(within(draft).getByRole("alert").textContent).toBe("Gib das Gewicht des Pakets in kg an, z. B. 2,5.");
    const parcel = within(draft).getByTestId("ebay-parcel");
    await userEvent.type(within(parcel).getByLabelText("Gewicht (kg)"), "1,2");
    await userEvent.type(within(parcel).getByLabelText("Länge (cm)"), "40");
    await userEvent.type(within(parcel).getByLabelText("Breite (cm)"), "30");
    await userEvent.type(within(parcel).getByLabelText("Höhe (cm)"), "10");
    await userEvent.click(within(draft).getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }));
    await vi.waitFor(() => expect(published).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      url: "/api/ads/ad-1/ebay-publish",
      body: {
        categoryId: "63862",
        condition: "USED_EXCELLENT",
        priceCents: 3500,
        aspects: { Marke: "Esprit", Größe: "M" },
        package: { weightGrams: 1200, lengthCm: 40, widthCm: 30, heightCm: 10 },
      },
    });
  });

  it("says which required aspect is missing before anything is sent", async () => {
    const calls = server({ "57988": jackets });
    render(<EbayPublishForm adId="ad-1" onPublished={() => {}} onFailed={() => {}} onCancel={() => {}} />);
    const draft = await form();
    await userEvent.click(within(draft).getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }));
    expect(within(draft).getByRole("alert").textContent).toBe("eBay verlangt die Angabe „Marke“.");
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });
});
