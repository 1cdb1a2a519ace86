/**
 * Decision 064 in Chromium at 1280×800: the street map drawn from the site's vector tiles (protomaps-leaflet,
 * loaded only then) with the credit in the page's language, and the wizard's address combobox. The served
 * worker has no archive (as development): the page is given the style a worker with one answers and the
 * tiles of a small archive the test writes — the worker's own serving of tiles is the workers project's
 * test (tests/integration/map-vector-tiles.test.ts). Addresses come from the geocoder stand-in the suite's
 * worker calls (tests/e2e/geocoder-server.ts).
 */
import { expect, inject, it } from "vitest";
import ru from "#locales/ru.json";
import { BASEMAP_COLORS, type MapStyle, VECTOR_TILES_PATH } from "#shared/map.ts";
import { BELGRADE_LAYERS, vectorTiles } from "#tests/fixtures/pmtiles.ts";
import { fileBrowser, hydrated, pagePerTest } from "./browser.ts";
import { ABANDONED_LOOKUPS, signUp, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const WAIT = { timeout: 15_000 };
const page = pagePerTest(
  browser,
  {
    baseURL,
    locale: "en-GB",
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: {
      "cf-connecting-ip": `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  },
  [
    SUPERSEDED_DATA,
    ABANDONED_LOOKUPS,
    // A newer map move aborts the features of the older one.
    /^requestfailed: \S+\/api\/realty\/map\?\S* net::ERR_ABORTED$/,
  ],
);

/** The archive's data (central Belgrade): no tile is asked outside it. */
const DATA_BOUNDS: [number, number, number, number] = [20.38, 44.78, 20.52, 44.86];
const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

it("draws the street map from vector tiles, loading their drawing only then, credited in Russian", async () => {
  const p = page();
  const tiles = new Map(vectorTiles(BELGRADE_LAYERS, 0, 14).map((t) => [`/tiles/${t.z}/${t.x}/${t.y}.mvt`, t.data]));
  const credit = ru["map.credits.osm"].replace(
    "{osm}",
    '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  );
  await p.route("**/map/style.json?**", async (route) => {
    const response = await route.fetch();
    const style = (await response.json()) as MapStyle;
    expect(style.vector).toBeNull();
    const vector = { tiles: VECTOR_TILES_PATH, min_zoom: 0, max_zoom: 14, bounds: DATA_BOUNDS };
    await route.fulfill({ response, json: { ...style, attribution: credit, vector } });
  });
  const asked: string[] = [];
  await p.route("**/tiles/**", async (route) => {
    const path = new URL(route.request().url()).pathname;
    asked.push(path);
    const data = tiles.get(path);
    if (!data) return route.fulfill({ status: 404, body: "No such tile in the test archive" });
    await route.fulfill({ body: Buffer.from(data), contentType: "application/vnd.mapbox-vector-tile" });
  });
  const scripts: string[] = [];
  p.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });

  await p.goto("/ru/buy/apartment/beograd/");
  await hydrated(p);
  await p.waitForLoadState("networkidle");
  expect(scripts.filter((s) => /vector-layer/.test(s))).toEqual([]);

  await p.goto("/ru/buy/apartment/beograd/?view=map");
  await hydrated(p);
  const map = p.getByTestId("results-map");
  await expect.poll(() => map.locator(".leaflet-tile-pane canvas").count(), WAIT).toBeGreaterThan(0);
  expect(scripts.filter((s) => /vector-layer/.test(s))).toHaveLength(1);
  expect(asked.length).toBeGreaterThan(0);
  expect(
    asked.every((path) => tiles.has(path)),
    asked.join(" "),
  ).toBe(true);
  expect(await map.locator("img.leaflet-tile").count()).toBe(0);
  expect(await map.locator(".leaflet-control-attribution").textContent()).toContain("© участники OpenStreetMap");

  // The land of the archive is painted in the basemap's colour for Serbia (the rest is water's).
  const [earth, water] = [hex(BASEMAP_COLORS.serbia), hex(BASEMAP_COLORS.water)];
  await expect
    .poll(
      () =>
        map.evaluate(
          (element, colors) => {
            const found = { earth: false, water: false };
            for (const canvas of element.querySelectorAll<HTMLCanvasElement>(".leaflet-tile-pane canvas")) {
              const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
              for (let i = 0; i < data.length; i += 4 * 97) {
                const near = (c: number[]) => c.every((v, k) => Math.abs(v - data[i + k]!) <= 2);
                if (near(colors.earth)) found.earth = true;
                if (near(colors.water)) found.water = true;
              }
            }
            return found;
          },
          { earth, water },
        ),
      WAIT,
    )
    .toEqual({ earth: true, water: true });
}, 60_000);

it("suggests street addresses as the owner types, chosen with the keyboard, placing the pin", async () => {
  const p = page();
  await signUp(p, "Map Owner");
  await p.goto("/listing/create/");
  await hydrated(p);
  await p.getByRole("group", { name: "Sell" }).getByLabel("Apartment").check();
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\/listing\/edit\/\d+\/\?step=params$/);

  const address = p.getByRole("combobox", { name: /^Address/ });
  expect(await address.getAttribute("aria-expanded")).toBe("false");
  await address.pressSequentially("Bulevar kr", { delay: 20 });
  const list = p.getByRole("listbox", { name: "Suggested addresses and places" });
  await list.getByRole("option").first().waitFor(WAIT);
  expect(await address.getAttribute("aria-expanded")).toBe("true");
  expect(await address.getAttribute("aria-controls")).toBe(await list.getAttribute("id"));
  // The street first, marked as an address; Escape closes the list and keeps the text.
  await expect
    .poll(() => list.getByRole("option").first().textContent())
    .toBe("Bulevar kralja Aleksandra 73, Belgradeaddress");
  await address.press("Escape");
  expect(await address.getAttribute("aria-expanded")).toBe("false");
  expect(await address.inputValue()).toBe("Bulevar kr");
  await address.press("ArrowDown");
  expect(await address.getAttribute("aria-activedescendant")).toBe(
    await list.getByRole("option").first().getAttribute("id"),
  );
  await address.press("Enter");
  // Chosen, not posted: the step is still here, the pin and the fields at the address.
  expect(p.url()).toMatch(/\?step=params$/);
  expect(await address.inputValue()).toBe("Bulevar kralja Aleksandra 73, Belgrade");
  await expect.poll(() => p.getByRole("textbox", { name: /^Latitude/ }).inputValue()).toBe("44.8052");
  expect(await p.getByRole("textbox", { name: /^Longitude/ }).inputValue()).toBe("20.4781");
  expect(await p.getByLabel(/^City/).inputValue()).toBe("beograd");
}, 60_000);
