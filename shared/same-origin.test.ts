import { expect, it } from "vitest";
import { originOf } from "./same-origin.ts";

const post = (origin?: string) =>
  new Request("https://kvadrat.test/sr/cabinet/?auth=signin", {
    method: "POST",
    headers: origin === undefined ? {} : { origin },
  });

it("tells a same-origin, a cross-site and an unsaid Origin apart", () => {
  expect(originOf(post("https://kvadrat.test"))).toBe("same");
  expect(originOf(post())).toBe("none");
  expect(originOf(post("https://evil.test"))).toBe("cross");
  // Another scheme, port or subdomain is another origin; so is the opaque "null".
  expect(originOf(post("http://kvadrat.test"))).toBe("cross");
  expect(originOf(post("https://kvadrat.test:8443"))).toBe("cross");
  expect(originOf(post("https://www.kvadrat.test"))).toBe("cross");
  expect(originOf(post("null"))).toBe("cross");
  expect(originOf(post("https://kvadrat.test/"))).toBe("cross");
});
