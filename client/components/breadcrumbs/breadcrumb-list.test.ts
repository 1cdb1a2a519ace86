import { expect, it } from "vitest";
import { breadcrumbList } from "./breadcrumb-list.ts";

it("lists the trail with positions and absolute URLs", () => {
  expect(
    breadcrumbList(
      [
        { name: "Kvadrat", path: "/sr/" },
        { name: "Prodaja", path: "/sr/buy/apartment/" },
      ],
      "https://kvadrat.test",
    ),
  ).toEqual({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Kvadrat", item: "https://kvadrat.test/sr/" },
      { "@type": "ListItem", position: 2, name: "Prodaja", item: "https://kvadrat.test/sr/buy/apartment/" },
    ],
  });
});
