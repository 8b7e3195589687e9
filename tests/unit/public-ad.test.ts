import { describe, expect, it } from "vitest";
import { listingUrlSchema } from "~/.server/app-worker/ads/listing";
import { listingButtonLabel, marketplaceOf } from "~/lib/listing-url";
import { itemCondition, jsonLdText, productJsonLd } from "~/lib/product-json-ld";

describe("marketplace links", () => {
  it("accept https addresses on the five marketplaces, on the subdomains their listings are shown on", () => {
    expect(marketplaceOf("https://www.kleinanzeigen.de/s-anzeige/sofa/123")).toBe("kleinanzeigen");
    expect(marketplaceOf("https://www.ebay.de/itm/123")).toBe("ebay");
    expect(marketplaceOf("https://www.vinted.de/items/1-jacke")).toBe("vinted");
    expect(marketplaceOf("https://www.willhaben.at/iad/kaufen-und-verkaufen/d/sofa-1")).toBe("willhaben");
    expect(marketplaceOf("https://www.facebook.com/marketplace/item/123")).toBe("facebook");
    expect(listingButtonLabel("https://m.facebook.com/marketplace/item/1")).toBe("Zur Anzeige bei Facebook Marketplace");
    expect(marketplaceOf("https://sandbox.ebay.de/itm/110099")).toBe("ebay");
  });

  it("refuse other hosts, look-alikes, http and credentials", () => {
    for (const address of [
      "https://kleinanzeigen.de.evil.example/s-anzeige",
      "https://evilkleinanzeigen.de/x",
      "http://www.ebay.de/itm/1",
      "https://user:pw@www.ebay.de/itm/1",
      "javascript:alert(1)",
      "kein link",
      // The marketplaces' own services that forward anywhere: no listing of the seller.
      "https://rover.ebay.com/rover/1/707-53477-19255-0/1?mpre=https%3A%2F%2Fevil.example%2Fphish",
      "https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example",
    ]) {
      expect(marketplaceOf(address)).toBeNull();
    }
    const refused = listingUrlSchema.safeParse({ listingUrl: "https://example.com/sofa" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toContain("Bitte füge den Link zu deiner Anzeige");
    expect(listingUrlSchema.parse({ listingUrl: "" })).toEqual({ listingUrl: null });
    expect(listingUrlSchema.parse({ listingUrl: null })).toEqual({ listingUrl: null });
  });
});

describe("JSON-LD for the public page", () => {
  it("describes a Product with an Offer: price as decimal euros, currency, condition, availability", () => {
    const ld = productJsonLd({
      url: "https://anzeigenpilot.de/ad/1",
      title: "Sofa",
      description: "Blau",
      images: ["https://anzeigenpilot.de/images/a.jpg", "https://anzeigenpilot.de/images/b.jpg"],
      priceCents: 12050,
      condition: "gebraucht, gut",
      brand: "IKEA",
    });
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Sofa",
      description: "Blau",
      image: ["https://anzeigenpilot.de/images/a.jpg", "https://anzeigenpilot.de/images/b.jpg"],
      url: "https://anzeigenpilot.de/ad/1",
      brand: { "@type": "Brand", name: "IKEA" },
      offers: {
        "@type": "Offer",
        url: "https://anzeigenpilot.de/ad/1",
        price: "120.50",
        priceCurrency: "EUR",
        itemCondition: "https://schema.org/UsedCondition",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("names no itemCondition where the seller stated no grade", () => {
    const ld = productJsonLd({
      url: "https://anzeigenpilot.de/ad/1",
      title: "Sofa",
      description: "Blau",
      images: [],
      priceCents: 5000,
      condition: null,
    });
    expect(ld.offers).toEqual({
      "@type": "Offer",
      url: "https://anzeigenpilot.de/ad/1",
      price: "50.00",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    });
  });

  it("maps the condition words and never lets text close the script tag", () => {
    expect(itemCondition("Neu und originalverpackt")).toBe("https://schema.org/NewCondition");
    expect(itemCondition("neuwertig")).toBe("https://schema.org/UsedCondition");
    expect(itemCondition("wie neu")).toBe("https://schema.org/UsedCondition");
    expect(itemCondition("defekt, für Bastler")).toBe("https://schema.org/DamagedCondition");
    // No grade stated, no condition claimed: not even "used".
    expect(itemCondition(null)).toBeNull();
    expect(itemCondition("  ")).toBeNull();
    expect(jsonLdText({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
