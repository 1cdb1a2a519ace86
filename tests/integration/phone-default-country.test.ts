/**
 * The phone field's country: the visitor's country from the edge, else Serbia — never
 * workerd's placeholder "US" — with Serbia and its neighbours first in the list.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PHONE_PREFERRED_COUNTRIES } from "#shared/phone/constants.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { ORIGIN, signUpByPhone } from "./auth-fixtures.ts";

/** The personal page's phone country select, as its option values in order and the selected one. */
async function phoneCountries(path: string, cookie: string, country?: string) {
  const headers: Record<string, string> = { "user-agent": BROWSER_UA, cookie };
  if (country) headers["cf-ipcountry"] = country;
  const html = await (await SELF.fetch(`${ORIGIN}${path}`, { headers })).text();
  const select = /<select[^>]*name="telephone_country"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  const options = [...select.matchAll(/<option([^>]*)value="([A-Z]{2})"([^>]*)>/g)];
  return {
    order: options.map((option) => option[2]),
    selected: options.find((option) => /selected/.test(`${option[1]}${option[3]}`))?.[2],
  };
}

describe("the phone field's country", () => {
  it("is Serbia without an edge country, with Serbia and its neighbours first, in every language", async () => {
    const who = await signUpByPhone({ name: "Mila" });
    for (const path of ["/cabinet/personal/", "/ru/cabinet/personal/", "/sr/cabinet/personal/"]) {
      const { order, selected } = await phoneCountries(path, who.jar.header());
      expect(selected, path).toBe("RS");
      expect(order.slice(0, PHONE_PREFERRED_COUNTRIES.length), path).toEqual([...PHONE_PREFERRED_COUNTRIES]);
      expect(order.length, path).toBeGreaterThan(200);
    }
  });

  it("is the visitor's country when the edge names one", async () => {
    const who = await signUpByPhone({ name: "Hans" });
    expect((await phoneCountries("/cabinet/personal/", who.jar.header(), "DE")).selected).toBe("DE");
  });
});
