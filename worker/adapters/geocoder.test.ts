import { describe, expect, it } from "vitest";
import { fromNominatim, fromPhoton, geocoderConfig } from "./geocoder.ts";

describe("geocoderConfig", () => {
  it("is null without a URL, refuses one that is not http(s), Nominatim unless Photon is named", () => {
    for (const GEOCODER_URL of [undefined, "", "  "]) expect(geocoderConfig({ GEOCODER_URL })).toBeNull();
    for (const GEOCODER_URL of ["not a url", "ftp://geo.example.rs/search"])
      expect(() => geocoderConfig({ GEOCODER_URL })).toThrow(/GEOCODER_URL must be an http\(s\) URL/);
    expect(geocoderConfig({ GEOCODER_URL: "https://geo.example.rs/search" })?.kind).toBe("nominatim");
    expect(geocoderConfig({ GEOCODER_URL: "https://geo.example.rs/api", GEOCODER_KIND: "photon" })?.kind).toBe(
      "photon",
    );
    expect(geocoderConfig({ GEOCODER_URL: "https://g.rs/s", SITE_ORIGIN: "https://kvadrat.rs" })?.userAgent).toContain(
      "https://kvadrat.rs",
    );
  });
});

describe("answers", () => {
  it("Nominatim: street and number, then the town; a named place without a street; junk skipped", () => {
    expect(
      fromNominatim([
        { lat: "44.8", lon: "20.4", address: { road: "Bulevar oslobođenja", house_number: "7", town: "Novi Sad" } },
        {
          lat: "44.1",
          lon: "20.9",
          name: "Oplenac",
          display_name: "Oplenac, Topola, Serbia",
          address: { town: "Topola" },
        },
        { lat: "x", lon: "20" },
        "junk",
      ]),
    ).toEqual([
      { label: "Bulevar oslobođenja 7, Novi Sad", lat: 44.8, lng: 20.4 },
      { label: "Oplenac, Topola", lat: 44.1, lng: 20.9 },
    ]);
    expect(fromNominatim({ features: [] })).toBeNull();
  });

  it("Photon: GeoJSON features; not a FeatureCollection is no answer", () => {
    expect(
      fromPhoton({
        features: [{ geometry: { coordinates: [19.84, 45.25] }, properties: { name: "Štrand", city: "Novi Sad" } }],
      }),
    ).toEqual([{ label: "Štrand, Novi Sad", lat: 45.25, lng: 19.84 }]);
    expect(fromPhoton([])).toBeNull();
  });
});
