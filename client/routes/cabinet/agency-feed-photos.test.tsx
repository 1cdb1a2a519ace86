// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiFeedPhotoProblems } from "#shared/api/agency-feeds.ts";
import type { Locale } from "#shared/locales.ts";
import { textsFor } from "#shared/text-catalog.ts";
import { I18nProvider } from "#client/i18n/intl.tsx";
import { FeedPhotoProblems } from "./agency-feed-photos.tsx";

const PROBLEMS: ApiFeedPhotoProblems = {
  count: 3,
  items: [
    {
      listing_id: 41,
      listing_title: "Flat on Vračar",
      listing_title_lang: "en",
      url: "https://photos.agency.rs/41/1.jpg",
      code: "http_status",
      message: "feedPhoto.problem.http_status",
      args: { status: 404 },
      tried_at: Date.UTC(2026, 10, 29, 11, 0),
      tries: 1,
      next_try_at: Date.UTC(2026, 10, 29, 12, 0),
    },
    {
      listing_id: 42,
      listing_title: null,
      listing_title_lang: "en",
      url: "https://photos.agency.rs/42/1.jpg",
      code: "too_large",
      message: "feedPhoto.problem.too_large",
      args: { max: 15 },
      tried_at: Date.UTC(2026, 10, 29, 11, 5),
      tries: 10,
      next_try_at: null,
    },
  ],
};

function rows(problems: ApiFeedPhotoProblems, locale: Locale) {
  render(
    <I18nProvider locale={locale} texts={textsFor(locale)}>
      <FeedPhotoProblems problems={problems} />
    </I18nProvider>,
  );
  const table = screen.queryByRole("table");
  if (!table) return null;
  return {
    caption: table.querySelector("caption")!.textContent,
    rows: [...table.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => td.textContent.replace(/[\u00a0\u202f]/g, " ")),
    ),
  };
}

afterEach(cleanup);

describe("the agency's photos not fetched", () => {
  it("lists each photo with its listing, address, reason and time, saying how many are shown", () => {
    const shown = rows(PROBLEMS, "en")!;
    expect(shown.caption).toBe("Photos not fetched: the latest 2 of 3");
    expect(shown.rows.map((row) => row.slice(0, 3))).toEqual([
      [
        "No. 41: Flat on Vračar",
        "https://photos.agency.rs/41/1.jpg",
        "The photo's server answered with an error (HTTP 404).",
      ],
      ["No. 42: —", "https://photos.agency.rs/42/1.jpg", "The photo is larger than 15 MB."],
    ]);
    expect(shown.rows[0]![3]).toContain("2026");
  });

  it("says when each photo is tried next, or that it is not tried by itself any more", () => {
    const shown = rows(PROBLEMS, "en")!;
    // 12:00 UTC is 13:00 in Belgrade.
    expect(shown.rows[0]![4]).toBe("at the feed's first check from 29 Nov 2026, 13:00");
    expect(shown.rows[1]![4]).toBe("Failed 10 times: tried again only when the feed changes this listing's photos");
    cleanup();
    expect(rows(PROBLEMS, "ru")!.rows[1]![4]).toBe(
      "Неудачных попыток: 10. Снова попробуем, только когда фид изменит фото этого объявления",
    );
    cleanup();
    expect(rows(PROBLEMS, "sr")!.rows[0]![4]).toContain("pri prvoj proveri fida od");
  });

  it("speaks the page's language, the listing's title marked with its own", () => {
    const ru = rows(PROBLEMS, "ru")!;
    expect(ru.rows[0]![0]).toBe("№ 41: Flat on Vračar");
    expect(screen.getByText("Flat on Vračar").getAttribute("lang")).toBe("en");
    expect(ru.rows[1]![2]).toBe("Фото больше 15 МБ.");
    cleanup();
    expect(rows(PROBLEMS, "sr")!.rows[0]![2]).toBe("Server fotografije je odgovorio greškom (HTTP 404).");
  });

  it("shows nothing while every photo was fetched", () => {
    expect(rows({ count: 0, items: [] }, "en")).toBeNull();
  });
});
