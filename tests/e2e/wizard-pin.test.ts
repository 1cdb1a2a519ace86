/**
 * The wizard's pin picker in Chromium (decisions 044 and 064): a street address chosen from the
 * suggestions (the geocoder stand-in, tests/e2e/geocoder-server.ts) places the pin and fills the latitude
 * and longitude; an address typed never moves a placed pin, another suggestion only after asking; dragging
 * the pin sets the position, and changes the chosen city and district from `/api/geocoder/back` only when
 * the owner says so; "only the district" draws the public area and is saved with the step; on a phone the
 * map loads only when a quarter of it is scrolled onto the screen.
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { LOCATION_AREA_RADIUS_M, PIN_MAP_SHOWN_SHARE } from "#shared/map.ts";
import { fileBrowser, hydrated, pagePerTest } from "./browser.ts";
import { api, CSP_PRELOADS, sessions, signIn as signInContext, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const page = pagePerTest(
  browser,
  {
    baseURL,
    locale: "en-GB",
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: {
      "cf-connecting-ip": `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  },
  [
    SUPERSEDED_DATA,
    // A place search the owner typed past (or a city's middle no longer needed) is aborted on purpose.
    /^requestfailed: \S+\/api\/location\/search\?\S* net::ERR_ABORTED$/,
    // The place of a pin moved again before it answered; addresses typed past.
    /^requestfailed: \S+\/api\/geocoder\/back\?\S* net::ERR_ABORTED$/,
    /^requestfailed: \S+\/api\/geocode\?\S* net::ERR_ABORTED$/,
    // Leaflet cancels the tiles of a view it has left (the pin's jumps move the map at once).
    /^requestfailed: \S+\/map\/tiles\/\S+ net::ERR_ABORTED$/,
  ],
);

async function signIn(p: Page) {
  const account = DEV_ACCOUNTS.find((a) => a.role === "user")!;
  await p.goto("/about/");
  await hydrated(p);
  const status = await p.evaluate(
    async ({ login, password }) => {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: JSON.stringify({ login, password, remember_me: false }),
      });
      await res.text();
      return res.status;
    },
    { login: account.email, password: account.password },
  );
  expect(status).toBe(200);
}

/** A GET of the API from the page (the session's cookie), its `data`. */
const apiData = <T>(p: Page, path: string) =>
  p.evaluate(async (url) => {
    const res = await fetch(url, { headers: { "x-requested-with": "XMLHttpRequest" } });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;

interface Place {
  slug: string;
  city: { slug: string; name: string };
  name: string;
  lat: number;
  lng: number;
}

/** The middle of an element's box on the page. */
async function middleOf(p: Page, selector: string) {
  const box = (await p.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

it("moves the pin to the address, fills the place from a dragged pin, and saves the district-only precision", async () => {
  const p = page();
  await signIn(p);
  await p.goto("/listing/create/");
  await hydrated(p);
  await p.getByRole("group", { name: "Sell" }).getByLabel("Apartment").check();
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\/listing\/edit\/\d+\/\?step=params$/);
  const id = Number(/edit\/(\d+)\//.exec(p.url())![1]);

  // The map (its own lazy chunks) is a labelled, focusable group; the pin is on it.
  const map = p.getByRole("group", { name: "Map of the property's position" });
  await map.waitFor();
  const marker = "[data-pin-map] .leaflet-marker-icon";
  await p.locator(marker).waitFor();
  expect(await map.getAttribute("tabindex")).toBe("0");
  const lat = p.getByRole("textbox", { name: /^Latitude/ });
  const lng = p.getByRole("textbox", { name: /^Longitude/ });
  expect(await lat.inputValue()).toBe("");

  // A street address chosen from the suggestions: the pin on it, the city and district of that point.
  const address = p.getByRole("combobox", { name: /^Address/ });
  await address.pressSequentially("Knez Mih", { delay: 20 });
  const option = p.getByRole("option", { name: /^Knez Mihailova 12, Belgrade/ });
  await option.waitFor();
  await address.press("ArrowDown");
  expect(await address.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
  await address.press("Enter");
  expect(await address.inputValue()).toBe("Knez Mihailova 12, Belgrade");
  const geocoded = { lat: 44.8176, lng: 20.4569 };
  await expect.poll(() => lat.inputValue()).toBe(String(geocoded.lat));
  expect(await lng.inputValue()).toBe(String(geocoded.lng));
  const there = await apiData<{ city: Place; district: Place | null }>(
    p,
    `/api/geocoder/back?lat=${geocoded.lat}&lng=${geocoded.lng}`,
  );
  expect(await p.getByLabel(/^City/).inputValue()).toBe("beograd");
  expect(await p.getByLabel(/^District/).inputValue()).toBe(there.district?.slug ?? "");
  await expect
    .poll(async () => {
      const [pin, frame] = [await middleOf(p, marker), await middleOf(p, "[data-pin-map]")];
      return Math.abs(pin.x - frame.x) < 2 && Math.abs(pin.box.y + 29 - frame.y) < 2;
    })
    .toBe(true);

  // The address edited and left: the placed pin stays. Another address chosen: only after asking.
  await address.fill("Knez Mihailova 14, Stari Grad, Beograd");
  await address.press("Tab");
  await address.fill("");
  await address.pressSequentially("Bulevar kr", { delay: 20 });
  await p.getByRole("option", { name: /^Bulevar kralja Aleksandra 73/ }).click();
  const question = p.locator("[data-pin-question]");
  await expect.poll(() => question.textContent()).toContain("Move the pin to Bulevar kralja Aleksandra 73, Belgrade?");
  expect(await lat.inputValue()).toBe(String(geocoded.lat));
  await question.getByRole("button", { name: "Keep it as it is" }).click();
  expect(await question.count()).toBe(0);
  expect(await lat.inputValue()).toBe(String(geocoded.lat));

  // Another city chosen by hand and the address cleared: the dragged pin asks before changing them back.
  await p.getByLabel(/^City/).selectOption("novi-sad");
  await address.fill("");
  const start = await middleOf(p, marker);
  await p.mouse.move(start.x, start.y);
  await p.mouse.down();
  for (let i = 1; i <= 10; i++) await p.mouse.move(start.x + 9 * i, start.y + 6 * i);
  await p.mouse.up();
  await expect.poll(() => lat.inputValue()).not.toBe(String(geocoded.lat));
  const dragged = { lat: Number(await lat.inputValue()), lng: Number(await lng.inputValue()) };
  expect(dragged.lat).toBeLessThan(geocoded.lat);
  expect(dragged.lng).toBeGreaterThan(geocoded.lng);
  // Rounded to six decimals (about 10 cm).
  expect(Math.round(dragged.lat * 1e6) / 1e6).toBe(dragged.lat);
  const back = await apiData<{ city: Place; district: Place | null }>(
    p,
    `/api/geocoder/back?lat=${dragged.lat}&lng=${dragged.lng}`,
  );
  expect(back.city.slug).toBe("beograd");
  const placeName = back.district ? `${back.district.name}, ${back.city.name}` : back.city.name;
  await expect.poll(() => question.textContent()).toContain(`Change the district to ${placeName}?`);
  expect(await p.getByLabel(/^City/).inputValue()).toBe("novi-sad");
  await question.getByRole("button", { name: "Change the district" }).click();
  await expect.poll(() => p.getByLabel(/^City/).inputValue()).toBe(back.city.slug);
  await expect.poll(() => p.getByLabel(/^District/).inputValue()).toBe(back.district?.slug ?? "");
  await expect.poll(() => address.inputValue()).toBe(placeName);

  // Typing a position moves the pin there.
  await lat.fill(String(geocoded.lat));
  await lng.fill(String(geocoded.lng));
  await expect
    .poll(async () => {
      const [pin, frame] = [await middleOf(p, marker), await middleOf(p, "[data-pin-map]")];
      return Math.abs(pin.x - frame.x) < 2 && Math.abs(pin.box.y + 29 - frame.y) < 2;
    })
    .toBe(true);
  // From the keyboard: arrows move the focused map, Enter puts the pin in its middle.
  await map.focus();
  const before = await middleOf(p, marker);
  await p.keyboard.press("ArrowRight");
  // The view pans east (animated): the pin slides west by Leaflet's 80 px step.
  await expect.poll(async () => before.x - (await middleOf(p, marker)).x).toBeCloseTo(80, 0);
  await p.keyboard.press("Enter");
  await expect.poll(async () => Number(await lng.inputValue())).toBeGreaterThan(geocoded.lng);
  expect(Number(await lat.inputValue())).toBeCloseTo(geocoded.lat, 4);
  await lat.fill(String(dragged.lat));
  await lng.fill(String(dragged.lng));

  // Only the district: the public area drawn around the pin.
  const area = p.locator("[data-pin-map] .leaflet-overlay-pane path");
  expect(await area.count()).toBe(0);
  await p.getByRole("radio", { name: /^Only the district/ }).check();
  await expect.poll(() => area.count()).toBe(1);
  expect(await p.locator("[data-pin-map]").getAttribute("data-precision")).toBe("district");
  const districtPx = (await area.boundingBox())!.width;
  expect(districtPx).toBeGreaterThan(0);
  // Only the street: a smaller area, in the radii's proportion (the same zoom).
  await p.getByRole("radio", { name: /^Only the street/ }).check();
  await expect.poll(async () => (await area.boundingBox())!.width).toBeLessThan(districtPx);
  const ratio = districtPx / (await area.boundingBox())!.width;
  expect(ratio).toBeCloseTo(LOCATION_AREA_RADIUS_M.district / LOCATION_AREA_RADIUS_M.street, 0);
  await p.getByRole("radio", { name: /^Only the district/ }).check();

  // The step with its map, pin and area drawn passes axe.
  expect(describeViolations(await runAxe(p))).toEqual([]);

  // The step's other required facts (decision 069: a step with an empty required field is refused).
  await p.getByRole("textbox", { name: /^Area/ }).fill("58");
  await p.getByLabel(/^Rooms/).fill("2");
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=description$/);
  const saved = await apiData<{ location_precision: string; lat: number; lng: number; city: string }>(
    p,
    `/api/realty/edit/${id}`,
  );
  expect(saved).toMatchObject({ location_precision: "district", lat: dragged.lat, lng: dragged.lng, city: "beograd" });

  // Back on the step: the stored precision is checked and drawn.
  await p.goto(`/listing/edit/${id}/?step=params`);
  await hydrated(p);
  expect(await p.getByRole("radio", { name: /^Only the district/ }).isChecked()).toBe(true);
  await expect.poll(() => area.count()).toBe(1);

  // On a phone the map starts at the first screen's edge: Leaflet loads only once a quarter of it is on the
  // screen (decision 045), so a map that merely touches the edge costs the load nothing.
  await p.setViewportSize({ width: 412, height: 823 });
  const leaflet: string[] = [];
  p.on("request", (request) => {
    if (/\/assets\/leaflet-[\w-]+\.js$/.test(request.url())) leaflet.push(request.url());
  });
  await p.goto(`/listing/edit/${id}/?step=params`);
  await hydrated(p);
  await p.waitForLoadState("networkidle");
  const box = (await map.boundingBox())!;
  expect(box.y).toBeGreaterThan(823 - box.height * PIN_MAP_SHOWN_SHARE);
  expect(await p.locator("[data-pin-map].leaflet-container").count()).toBe(0);
  expect(leaflet).toEqual([]);
  await map.scrollIntoViewIfNeeded();
  await p.locator(marker).waitFor();
  expect(leaflet).toHaveLength(1);
  await expect.poll(() => area.count()).toBe(1);
}, 120_000);

const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);

it("without JavaScript keeps the number fields and posts the precision with the step", async () => {
  const owner = await open({ js: false });
  const p = owner.page;
  try {
    await signInContext(owner.context, "user");
    await p.goto("/listing/create/");
    await p.getByRole("group", { name: "Sell" }).getByLabel("Apartment").check();
    await p.getByRole("button", { name: "Save and continue" }).click();
    await p.waitForURL(/\/listing\/edit\/\d+\/\?step=params$/);
    const id = Number(/edit\/(\d+)\//.exec(p.url())![1]);
    // No map without JavaScript: the position is typed; "exact" is the default.
    expect(await p.locator("[data-pin-map]").count()).toBe(0);
    expect(await p.getByRole("radio", { name: "The exact point" }).isChecked()).toBe(true);
    await p.getByLabel(/^City/).selectOption("beograd");
    await p.getByLabel(/^Latitude/).fill("44.8176");
    await p.getByLabel(/^Longitude/).fill("20.4569");
    await p.getByRole("radio", { name: /^Only the street/ }).check();
    await p.getByLabel(/^Address/).fill("Knez Mihailova 12");
    await p.getByLabel(/^Area/).fill("58");
    await p.getByLabel(/^Rooms/).fill("2");
    await p.getByRole("button", { name: "Save and continue" }).click();
    await p.waitForURL(/\?step=description$/);
    const saved = await api<{ data: { location_precision: string; lat: number } }>(
      owner.context,
      "GET",
      `/api/realty/edit/${id}`,
    );
    expect(saved.body.data).toMatchObject({ location_precision: "street", lat: 44.8176 });
  } finally {
    await close(owner);
  }
}, 60_000);
