import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { Login, LoginRegisterBody, PasswordLoginBody } from "./auth.ts";
import { safeNextPath } from "#shared/auth-links.ts";

describe("safeNextPath: same-origin paths only", () => {
  it.each([
    ["/", "/"],
    ["/cabinet/", "/cabinet/"],
    ["/ru/listing/edit/5/?step=2#photos", "/ru/listing/edit/5/?step=2#photos"],
    ["/search/?q=stan%20beograd", "/search/?q=stan%20beograd"],
    ["/a/../cabinet/", "/cabinet/"],
  ])("%s → %s", (input, output) => {
    expect(safeNextPath(input)).toBe(output);
  });

  it.each([
    "//evil.example/",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "cabinet/",
    " /cabinet/",
    "/cabinet/\nLocation: x",
    "/\tevil",
    "/%09/evil.example",
    "",
    "/" + "a".repeat(2048),
    null,
    undefined,
    42,
    ["/cabinet/"],
  ])("rejects %j", (input) => {
    const result = safeNextPath(input);
    if (result !== null) {
      // The few odd inputs that parse as paths must stay on this origin.
      expect(new URL(result, "https://kvadrat.test").origin).toBe("https://kvadrat.test");
      expect(result.startsWith("//")).toBe(false);
    } else expect(result).toBeNull();
  });

  it("no accepted value ever leaves the origin", () => {
    const tricky = ["/%2F%2Fevil.example", "/.//evil", "/..//evil", "/%5Cevil", "/@evil.example", "/:evil"];
    for (const value of tricky) {
      const result = safeNextPath(value);
      if (result !== null) {
        expect(new URL(result, "https://kvadrat.test").host).toBe("kvadrat.test");
        expect(result).toMatch(/^\/(?![/\\])/);
      }
    }
  });
});

describe("Login: phone or e-mail in one field", () => {
  it("reads e-mails lower-case and phones as E.164 (national numbers are Serbian)", () => {
    expect(v.parse(Login, " Ana@Example.RS ")).toEqual({ kind: "email", value: "ana@example.rs" });
    expect(v.parse(Login, "064 123 4567")).toEqual({ kind: "phone", value: "+381641234567" });
    expect(v.parse(Login, "+7 912 345-67-89")).toEqual({ kind: "phone", value: "+79123456789" });
  });

  it("fails with a message id", () => {
    const result = v.safeParse(Login, "nonsense");
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toMatch(/^(phone|auth)\.invalid\./);
    expect(v.safeParse(Login, "a@b").success).toBe(false);
  });

  it("password sign-in defaults remember_me to false; login/register takes exactly one identity", () => {
    expect(v.parse(PasswordLoginBody, { login: "ana@example.rs", password: "x" }).remember_me).toBe(false);
    expect(v.safeParse(LoginRegisterBody, {}).success).toBe(false);
    expect(v.safeParse(LoginRegisterBody, { email: "ana@example.rs" }).success).toBe(true);
  });
});
