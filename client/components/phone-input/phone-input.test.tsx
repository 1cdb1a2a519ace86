// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { textsFor } from "#shared/text-catalog.ts";
import { PHONE_TYPE_AHEAD_RESET_MS } from "#shared/phone/constants.ts";
import type { Locale } from "#shared/locales.ts";
import { I18nProvider } from "#client/i18n/intl.tsx";
import { dropdownPlacement } from "./country-dropdown.tsx";
import { LazyPhoneInput } from "./lazy-phone-input.tsx";
import { PhoneInput, type PhoneInputProps } from "./phone-input.tsx";

function ui(props: PhoneInputProps = {}, locale: Locale = "en") {
  return (
    <I18nProvider locale={locale} texts={textsFor(locale)}>
      <form aria-label="form">
        <PhoneInput {...props} />
      </form>
      <p>outside</p>
    </I18nProvider>
  );
}

function setup(props: PhoneInputProps = {}, locale: Locale = "en") {
  const result = render(ui(props, locale));
  const input = screen.getByRole("textbox") as HTMLInputElement;
  const button = result.container.querySelector<HTMLButtonElement>('button[aria-haspopup="listbox"]')!;
  const countryField = () => result.container.querySelector<HTMLInputElement>('input[name="telephone_country"]')!;
  return { ...result, input, button, countryField };
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;

/** What the browser does on a keystroke: new text, the caret after it, then an input event. */
function edit(input: HTMLInputElement, text: string, caret = text.length) {
  valueSetter.call(input, text);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input);
}

/** Types characters at the caret one by one. */
function type(input: HTMLInputElement, chars: string) {
  for (const ch of chars) {
    const at = input.selectionStart ?? input.value.length;
    edit(input, input.value.slice(0, at) + ch + input.value.slice(at), at + 1);
  }
}

const listbox = () => screen.getByRole("listbox");
const activeOption = () => {
  const id = listbox().getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
};

beforeEach(() => {
  Object.defineProperty(window, "innerHeight", { configurable: true, value: 800 });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("without JavaScript (server-rendered markup)", () => {
  it("is a plain tel field plus a native country select, with the product §9 defaults", () => {
    const html = renderToString(ui({ defaultCountry: "RS" }));
    const doc = new DOMParser().parseFromString(html, "text/html");
    const input = doc.querySelector("input")!;
    expect(input.getAttribute("type")).toBe("tel");
    expect(input.getAttribute("name")).toBe("telephone");
    expect(input.getAttribute("autocomplete")).toBe("tel");
    expect(input.getAttribute("maxlength")).toBe("25");
    expect(input.getAttribute("placeholder")).toBe("Enter a phone number");
    const select = doc.querySelector("select")!;
    expect(select.getAttribute("name")).toBe("telephone_country");
    expect(select.querySelector("option[selected]")?.getAttribute("value")).toBe("RS");
    expect(select.querySelector('option[value="RS"]')?.textContent).toBe("🇷🇸 Serbia +381");
    expect(doc.querySelector("button")).toBeNull();
    const label = doc.querySelector("label")!;
    expect(label.getAttribute("for")).toBe(input.getAttribute("id"));
  });

  it("localizes the placeholder", () => {
    const html = renderToString(ui({ defaultCountry: "RS" }, "ru"));
    expect(html).toContain('placeholder="Введите номер телефона"');
  });
});

describe("after hydration", () => {
  it("shows the country button with flag and dial code and posts the country in a hidden field", () => {
    const { button, countryField, input } = setup({ defaultCountry: "RS" });
    expect(button.getAttribute("aria-haspopup")).toBe("listbox");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.textContent).toContain("🇷🇸");
    expect(button.textContent).toContain("+381");
    expect(button.getAttribute("aria-label")).toBe("Country code: Serbia +381");
    expect(countryField().type).toBe("hidden");
    expect(countryField().value).toBe("RS");
    expect(input.type).toBe("tel");
    expect(input.getAttribute("autocomplete")).toBe("tel");
    expect(screen.getByLabelText("Phone number")).toBe(input);
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("hides flags and dial code on request and can turn autocomplete off", () => {
    const { button, input } = setup({
      defaultCountry: "RS",
      showFlags: false,
      showDialCode: false,
      autocomplete: false,
      name: "contact",
    });
    expect(button.textContent).not.toContain("🇷🇸");
    expect(button.textContent).not.toContain("+381");
    expect(input.getAttribute("autocomplete")).toBe("off");
    expect(input.name).toBe("contact");
    expect(document.querySelector<HTMLInputElement>('input[name="contact_country"]')?.value).toBe("RS");
  });

  it("falls back to the first preferred country, else the first in the list", () => {
    expect(setup({ defaultCountry: "XX", preferredCountries: ["ME", "RS"] }).countryField().value).toBe("ME");
    cleanup();
    expect(setup({ defaultCountry: undefined }).countryField().value).toBe("AF");
  });

  it("shows 'unable to fetch the country' (localized) when no country can be determined", () => {
    const { countryField, button } = setup({ defaultCountry: "RS", onlyCountries: ["ZZ"] }, "ru");
    expect(countryField().value).toBe("");
    expect(button.getAttribute("aria-label")).toBe("Выберите страну");
    expect(screen.getByRole("status").textContent).toBe("Не удалось определить страну");
    cleanup();
    setup({ defaultCountry: "RS" });
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("dropdown placement (more than 200 px below → below, else above)", () => {
  it.each([
    [199, "above"],
    [200, "above"],
    [201, "below"],
  ] as const)("%i px below the field opens %s", (space, expected) => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
      top: 800 - space - 44,
      bottom: 800 - space,
      left: 0,
      right: 300,
      width: 300,
      height: 44,
      x: 0,
      y: 800 - space - 44,
      toJSON: () => ({}),
    } as DOMRect);
    const { button } = setup({ defaultCountry: "RS" });
    fireEvent.click(button);
    expect(screen.getByTestId("phone-country-popup").dataset.placement).toBe(expected);
    expect(dropdownPlacement(space)).toBe(expected);
  });
});

describe("keyboard and ARIA listbox", () => {
  it("opens with ArrowDown on the button, highlights the current country and moves with the keys", () => {
    const { button, countryField, input } = setup({ defaultCountry: "RS" });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(listbox().id);
    expect(document.activeElement).toBe(listbox());
    expect(activeOption()?.textContent).toContain("Serbia");
    expect(activeOption()?.getAttribute("aria-selected")).toBe("true");
    expect(activeOption()?.getAttribute("role")).toBe("option");

    fireEvent.keyDown(listbox(), { key: "ArrowDown" });
    expect(activeOption()?.textContent).toContain("Seychelles");
    expect(within(listbox()).getAllByRole("option", { selected: true })).toHaveLength(1);
    fireEvent.keyDown(listbox(), { key: "ArrowUp" });
    fireEvent.keyDown(listbox(), { key: "ArrowUp" });
    expect(activeOption()?.textContent).toContain("Senegal");
    fireEvent.keyDown(listbox(), { key: "Home" });
    expect(activeOption()?.textContent).toContain("Afghanistan");
    fireEvent.keyDown(listbox(), { key: "ArrowUp" });
    expect(activeOption()?.textContent).toContain("Afghanistan");
    fireEvent.keyDown(listbox(), { key: "End" });
    expect(activeOption()?.textContent).toContain("Zimbabwe");

    fireEvent.keyDown(listbox(), { key: "Home" });
    fireEvent.keyDown(listbox(), { key: "Enter" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(countryField().value).toBe("AF");
    expect(button.getAttribute("aria-label")).toBe("Country code: Afghanistan +93");
    expect(document.activeElement).toBe(input);
  });

  it("Escape closes without choosing and returns focus to the button", () => {
    const { button, countryField } = setup({ defaultCountry: "RS" });
    fireEvent.click(button);
    fireEvent.keyDown(listbox(), { key: "Home" });
    fireEvent.keyDown(listbox(), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
    expect(countryField().value).toBe("RS");
  });

  it("Tab closes the list and moves on to the phone field; Shift+Tab back to the button", () => {
    const { button, input, countryField } = setup({ defaultCountry: "RS" });
    fireEvent.click(button);
    fireEvent.keyDown(listbox(), { key: "Home" });
    fireEvent.keyDown(listbox(), { key: "Tab" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(countryField().value).toBe("RS");
    fireEvent.click(button);
    fireEvent.keyDown(listbox(), { key: "Tab", shiftKey: true });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("a click on an option chooses it", () => {
    const { button, countryField } = setup({ defaultCountry: "RS" });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("option", { name: /Montenegro/ }));
    expect(countryField().value).toBe("ME");
  });

  it("lists preferred countries first", () => {
    const { button } = setup({ defaultCountry: "RS", preferredCountries: ["RS", "ME"] });
    fireEvent.click(button);
    const names = within(listbox())
      .getAllByRole("option")
      .slice(0, 3)
      .map((o) => o.textContent);
    expect(names[0]).toContain("Serbia");
    expect(names[1]).toContain("Montenegro");
    expect(names[2]).toContain("Afghanistan");
  });

  it("the optional search box filters the list and keeps keyboard control", () => {
    const { button, countryField } = setup({ defaultCountry: "RS", searchBox: true });
    fireEvent.click(button);
    const search = screen.getByRole("searchbox", { name: "Search countries" });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: "+382" } });
    expect(
      within(listbox())
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["🇲🇪Montenegro+382"]);
    fireEvent.keyDown(search, { key: "Enter" });
    expect(countryField().value).toBe("ME");
  });

  it("without the search box there is none (default off)", () => {
    const { button } = setup({ defaultCountry: "RS" });
    fireEvent.click(button);
    expect(screen.queryByRole("searchbox")).toBeNull();
  });
});

describe("type-ahead (resets after 700 ms)", () => {
  it("letters typed within 700 ms build one query; after 700 ms a new one starts", () => {
    vi.useFakeTimers();
    const { button } = setup({ defaultCountry: "US" });
    fireEvent.click(button);
    fireEvent.keyDown(listbox(), { key: "s" });
    fireEvent.keyDown(listbox(), { key: "e" });
    expect(activeOption()?.textContent).toContain("Senegal");
    act(() => vi.advanceTimersByTime(PHONE_TYPE_AHEAD_RESET_MS - 1));
    fireEvent.keyDown(listbox(), { key: "r" });
    expect(activeOption()?.textContent).toContain("Serbia");

    act(() => vi.advanceTimersByTime(PHONE_TYPE_AHEAD_RESET_MS));
    fireEvent.keyDown(listbox(), { key: "m" });
    // A fresh query "m", not "serm" (which matches nothing and would stay on Serbia).
    expect(activeOption()?.textContent?.replace(/^\p{Regional_Indicator}{2}/u, "")).toMatch(/^M/);
  });

  it("exactly at 699 ms the query continues, at 700 ms it is gone", () => {
    vi.useFakeTimers();
    const { button } = setup({ defaultCountry: "US" });
    fireEvent.click(button);
    fireEvent.keyDown(listbox(), { key: "u" });
    fireEvent.keyDown(listbox(), { key: "n" });
    fireEvent.keyDown(listbox(), { key: "i" });
    act(() => vi.advanceTimersByTime(699));
    fireEvent.keyDown(listbox(), { key: "t" });
    fireEvent.keyDown(listbox(), { key: "e" });
    fireEvent.keyDown(listbox(), { key: "d" });
    fireEvent.keyDown(listbox(), { key: " " });
    fireEvent.keyDown(listbox(), { key: "k" });
    expect(activeOption()?.textContent).toContain("United Kingdom");
    act(() => vi.advanceTimersByTime(700));
    fireEvent.keyDown(listbox(), { key: "k" });
    expect(activeOption()?.textContent).toContain("Kazakhstan");
  });
});

describe("outside click", () => {
  it("closes the list; a press inside does not", () => {
    const { button } = setup({ defaultCountry: "RS" });
    fireEvent.click(button);
    fireEvent.pointerDown(listbox());
    expect(screen.queryByRole("listbox")).not.toBeNull();
    fireEvent.pointerDown(screen.getByText("outside"));
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("typing", () => {
  it("formats as the visitor types and keeps the caret at the end", () => {
    const { input } = setup({ defaultCountry: "RS" });
    input.focus();
    type(input, "0612345678");
    expect(input.value).toBe("061 2345678");
    expect(input.selectionStart).toBe(11);
  });

  it("keeps the caret after the inserted digit when typing in the middle", () => {
    const { input } = setup({ defaultCountry: "US" });
    input.focus();
    type(input, "21337342");
    expect(input.value).toBe("(213) 373-42");
    input.setSelectionRange(3, 3); // after "(21"
    type(input, "9");
    expect(input.value).toBe("(219) 337-342");
    expect(input.selectionStart).toBe(4);
    type(input, "8");
    expect(input.value).toBe("(219) 833-7342");
    expect(input.selectionStart).toBe(7);
  });

  it("backspace over a separator deletes the digit before it", () => {
    const { input } = setup({ defaultCountry: "US" });
    input.focus();
    type(input, "2133734253");
    // Caret after ") " is 6; backspace removes the space → the browser leaves "(213)373-4253" with the caret at 5.
    fireEvent.keyDown(input, { key: "Backspace" });
    edit(input, "(213)373-4253", 5);
    expect(input.value).toBe("(213) 734-253");
    expect(input.selectionStart).toBe(3);
  });

  it("switches the country when an international number is typed", () => {
    const { input, countryField } = setup({ defaultCountry: "RS" });
    type(input, "+447400123456");
    expect(input.value).toBe("+44 7400 123456");
    expect(countryField().value).toBe("GB");
  });

  it("choosing a country rewrites an international number's calling code", () => {
    const { input, button, countryField } = setup({ defaultCountry: "RS" });
    type(input, "+381612345678");
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("option", { name: /Montenegro/ }));
    expect(countryField().value).toBe("ME");
    expect(input.value.startsWith("+382")).toBe(true);
  });

  it("mode international writes national input with the calling code", () => {
    const { input } = setup({ defaultCountry: "RS", mode: "international" });
    type(input, "0612345678");
    expect(input.value).toBe("+381 61 2345678");
  });

  it("auto-format off leaves the text alone", () => {
    const { input } = setup({ defaultCountry: "RS", autoFormat: false });
    type(input, "0612345678");
    expect(input.value).toBe("0612345678");
  });

  it("an input mask formats instead, keeping the caret", () => {
    const { input } = setup({ defaultCountry: "RS", mask: "+### ## ###-####" });
    type(input, "381612345678");
    expect(input.value).toBe("+381 61 234-5678");
    expect(input.selectionStart).toBe(16);
  });

  it("valid-characters-only mode refuses other characters", () => {
    const { input } = setup({ defaultCountry: "RS", validCharactersOnly: true, autoFormat: false });
    type(input, "061a");
    expect(input.value).toBe("061");
    type(input, "(2)-");
    expect(input.value).toBe("061(2)-");
  });
});

describe("validation", () => {
  it("sets the localized reason with setCustomValidity while invalid, clears it when valid", () => {
    const spy = vi.spyOn(HTMLInputElement.prototype, "setCustomValidity");
    const onChange = vi.fn();
    const { input } = setup({ defaultCountry: "RS", onChange });
    type(input, "1");
    expect(spy).toHaveBeenLastCalledWith("The phone number is too short");
    type(input, "1".repeat(17));
    expect(spy).toHaveBeenLastCalledWith("The phone number is too long");
    edit(input, "");
    expect(spy).toHaveBeenLastCalledWith("");
    type(input, "0612345678");
    expect(spy).toHaveBeenLastCalledWith("");
    expect(onChange).toHaveBeenLastCalledWith(
      { text: "061 2345678", country: "RS" },
      expect.objectContaining({
        valid: true,
        possible: true,
        country: "RS",
        countryCode: "381",
        nationalNumber: "612345678",
        formatted: "061 2345678",
      }),
    );
  });

  it("uses the custom invalid message and marks the field after blur", () => {
    const spy = vi.spyOn(HTMLInputElement.prototype, "setCustomValidity");
    const { input } = setup({ defaultCountry: "RS", invalidMessage: "Wrong number" });
    type(input, "12");
    expect(spy).toHaveBeenLastCalledWith("Wrong number");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(input.getAttribute("aria-describedby")!.split(" ")[0]!);
    expect(error?.textContent).toBe("Wrong number");
  });

  it("a number of an excluded country is invalid", () => {
    const spy = vi.spyOn(HTMLInputElement.prototype, "setCustomValidity");
    const { input, countryField } = setup({ defaultCountry: "RS", ignoredCountries: ["GB"] });
    type(input, "+447400123456");
    expect(countryField().value).toBe("RS");
    expect(spy).toHaveBeenLastCalledWith("Phone numbers of this country are not accepted");
  });

  it("a custom pattern makes other numbers invalid", () => {
    const spy = vi.spyOn(HTMLInputElement.prototype, "setCustomValidity");
    const { input } = setup({ defaultCountry: "RS", pattern: String.raw`06[\d ]+` });
    type(input, "0212345678");
    expect(spy).toHaveBeenLastCalledWith("The phone number is not in the required format");
  });
});

describe("lazy entry", () => {
  it("exports the widget as default for React.lazy", async () => {
    const entry = await import("./index.ts");
    expect(entry.default).toBe(PhoneInput);
  });

  it("LazyPhoneInput shows a plain tel field, then the widget", async () => {
    render(
      <I18nProvider locale="en" texts={textsFor("en")}>
        <LazyPhoneInput defaultCountry="RS" />
      </I18nProvider>,
    );
    expect(await screen.findByRole("button", { name: "Country code: Serbia +381" })).toBeTruthy();
    expect(screen.getByRole("textbox").getAttribute("name")).toBe("telephone");
  });
});
