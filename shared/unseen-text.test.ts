import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { PersonName } from "./api/auth.ts";
import { FIELD_SCHEMAS } from "./api/listing-edit.ts";
import { SaveSearchBody } from "./api/saved-searches.ts";
import { parseSearch } from "./search-query.ts";
import { stripUnseen, stripUnseenLine } from "./unseen-text.ts";

const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

describe("free text", () => {
  it("drops C0 and C1 controls and bidi controls, keeps line feeds, tabs and ordinary text", () => {
    expect(stripUnseen(`a\u0000b\u0007c\u001b\u007f\u0085d${BIDI.join("")}e`)).toBe("abcde");
    expect(stripUnseen("one\r\ntwo\rthree\n\tfour")).toBe("one\ntwo\nthree\n\tfour");
    expect(stripUnseen("Ćevapi — «Белград» 💬 \u200f")).toBe("Ćevapi — «Белград» 💬 \u200f");
  });

  it("makes one line of a title: breaks and tabs become spaces", () => {
    expect(stripUnseenLine("Sunny\r\nflat\tby\u202e the\u0000 park")).toBe("Sunny flat by the park");
    expect(v.parse(FIELD_SCHEMAS.title, " Flat\u202e near\nthe park \u0000")).toBe("Flat near the park");
    const description = "A bright flat near the park,\nrenovated last year, with a view.";
    expect(v.parse(FIELD_SCHEMAS.description, `${description.replace("park", "park\u0000\u2066")}\u202e`)).toBe(
      description,
    );
  });

  it("saved-search names and the search text lose them too", () => {
    const saved = v.parse(SaveSearchBody, { query: { city: "beograd" }, name: "Mine\u202e\u0000" });
    expect(saved.name).toBe("Mine");
    expect(parseSearch(new URLSearchParams("q=stan\u0000\u202ebeograd")).state.q).toBe("stanbeograd");
  });

  it("a person's name refuses them instead", () => {
    for (const bad of ["Ana\u202e", "Ana\u0000", "A\u2066na", "Ana\u0085", "A\nna"]) {
      expect(v.safeParse(PersonName, bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(v.parse(PersonName, " Ана Petrović ")).toBe("Ана Petrović");
  });
});
