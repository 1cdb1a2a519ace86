import { describe, expect, it } from "vitest";
import { initialView, withAuthParams, withoutAuthParams } from "./auth-view.ts";

describe("the dialog's URL state", () => {
  it("opens only for the three flows; the phone tab unless e-mail is asked for", () => {
    expect(initialView(new URLSearchParams("auth=signin"))).toEqual({ mode: "signin", via: "phone", step: "identity" });
    expect(initialView(new URLSearchParams("auth=recover&via=email"))).toEqual({
      mode: "recover",
      via: "email",
      step: "identity",
    });
    expect(initialView(new URLSearchParams("auth=register&via=fax"))?.via).toBe("phone");
    expect(initialView(new URLSearchParams("auth=admin"))).toBeNull();
    expect(initialView(new URLSearchParams(""))).toBeNull();
  });

  it("closing drops auth, via, next and return_to and keeps the rest", () => {
    expect(withoutAuthParams("/search/", "?q=stan&auth=signin&via=email&next=%2Fcabinet%2F&page=2")).toBe(
      "/search/?q=stan&page=2",
    );
    expect(withoutAuthParams("/ru/", "?auth=signin")).toBe("/ru/");
  });

  it("switching flow or tab keeps a same-origin next and drops any other", () => {
    expect(withAuthParams("/", "?auth=signin&next=%2Fcabinet%2F", "register")).toBe(
      "/?auth=register&next=%2Fcabinet%2F",
    );
    expect(withAuthParams("/", "?auth=signin&via=email", "signin", "phone")).toBe("/?auth=signin");
    expect(withAuthParams("/a/", "?x=1", "recover", "email")).toBe("/a/?x=1&auth=recover&via=email");
    expect(withAuthParams("/", "?auth=signin&next=%2F%2Fevil.example", "register")).toBe("/?auth=register");
  });
});
