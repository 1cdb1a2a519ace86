import { expect, it } from "vitest";
import { jsonLdMeta, serializeJsonLd } from "./json-ld.tsx";

it("escapes everything that could close the script element, and stays the same JSON", () => {
  const data = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
  const text = serializeJsonLd(data);
  expect(text).not.toMatch(/[<>&\u2028]/);
  expect(JSON.parse(text)).toEqual(data);
});

it("gives React Router's meta its ld+json descriptor", () => {
  expect(jsonLdMeta({ "@type": "Thing" })).toEqual({ "script:ld+json": { "@type": "Thing" } });
});
