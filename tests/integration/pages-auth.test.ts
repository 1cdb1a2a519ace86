/**
 * The sign-in dialog as pages (decision 007): rendered open on the server per `?auth=…`,
 * every step's action with good and bad input as a browser without JavaScript posts it, the session
 * cookies relayed from the API, the header after sign-in, sign-out, guards landing on the open dialog
 * with `next`, and `next` open-redirect attempts ignored.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import {
  ACCESS,
  call,
  Jar,
  lastCode,
  outbox,
  REFRESH,
  signUpByPhone,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from "./auth-fixtures.ts";

const DEV_USER = { email: "user@kvadrat.test", password: "kvadrat-user-2026" };

/** A page as a browser asks for it. */
async function page(path: string, jar?: Jar, locale = "en") {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": locale,
      ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}),
    },
  });
  jar?.take(res);
  return res;
}

/** A form post as a browser without JavaScript makes it. */
async function post(
  path: string,
  fields: Record<string, string>,
  options: { jar?: Jar; ip?: string; origin?: string | null; now?: number } = {},
) {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "user-agent": BROWSER_UA,
    "cf-connecting-ip": options.ip ?? uniqueIp(),
  };
  if (options.now !== undefined) headers["x-debug-now"] = String(options.now);
  if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
  if (options.jar && options.jar.cookies.size) headers.cookie = options.jar.header();
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers,
    body: new URLSearchParams(fields),
  });
  options.jar?.take(res);
  return res;
}

// The dialog's markup wherever React placed it (in place, or in a streamed chunk: see decision 007).
const dialogOf = (html: string) => /<dialog[^>]*>[\s\S]*?<\/dialog>/.exec(html)?.[0];
const hidden = (html: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** Registers through the dialog by phone (no JavaScript) and returns the signed-in jar. */
async function registerByPhone(name = "Jelena Marković") {
  const phone = uniquePhone();
  const ip = uniqueIp();
  const sent = await post(
    "/auth/",
    { mode: "register", via: "phone", intent: "code", name, telephone: phone, telephone_country: "RS", return_to: "/" },
    { ip },
  );
  expect(sent.status).toBe(200);
  const jar = new Jar();
  const done = await post(
    "/auth/",
    {
      mode: "register",
      via: "phone",
      intent: "verify",
      identity: phone,
      name,
      code: await lastCode(phone),
      remember_me: "1",
      return_to: "/",
    },
    { ip, jar },
  );
  expect(done.status).toBe(302);
  return { jar, phone, ip };
}

describe("the dialog opened by ?auth=", () => {
  for (const [locale, prefix, title] of [
    ["en", "", "Sign in"],
    ["ru", "/ru", "Вход"],
    ["sr", "/sr", "Prijava"],
  ] as const) {
    it(`is rendered open on the server (${locale})`, async () => {
      const res = await page(`${prefix}/?auth=signin`, undefined, locale);
      expect(res.status).toBe(200);
      const dialog = dialogOf(await res.text());
      expect(dialog).toBeDefined();
      expect(dialog).toMatch(/^<dialog open=""/);
      expect(text(dialog!)).toContain(`>${title}</h2>`);
      // The phone tab first: the phone widget's fields and a form posting to this locale's auth action.
      // The phone widget (lazy: its country select may stream in after the dialog on a cold isolate).
      expect(dialog).toContain('name="telephone"');
      expect(dialog).toContain(`action="${prefix}/auth/"`);
      expect(dialog).toMatch(/aria-current="true"[^>]*>[^<]*<\/a>/);
    });
  }

  it("opens registration, recovery and the e-mail tab; nothing without the parameter", async () => {
    const register = dialogOf(await (await page("/about/?auth=register")).text())!;
    expect(text(register)).toContain("Create an account");
    expect(register).toContain('name="name"');
    expect(hidden(register, "return_to")).toBe("/about/");

    const recover = dialogOf(await (await page("/?auth=recover&via=email")).text())!;
    expect(text(recover)).toContain("Reset your password");
    expect(recover).toMatch(/<input[^>]+type="email"[^>]+name="email"/);
    expect(recover).not.toContain('name="telephone"');

    expect(dialogOf(await (await page("/")).text())).toBeUndefined();
    expect(dialogOf(await (await page("/?auth=admin")).text())).toBeUndefined();
  });

  it("shows a sign-in link in the header of a signed-out page", async () => {
    const html = await (await page("/search/?q=stan")).text();
    expect(html).toContain('href="/search/?q=stan&amp;auth=signin"');
  });
});

describe("sign-in by phone code", () => {
  it("identity → code → signed in, cookies set, back to the page, header shows the user", async () => {
    const { phone, user } = await signUpByPhone({ name: "Nikola Ilić" });
    const ip = uniqueIp();
    const sent = await post(
      "/auth/",
      { mode: "signin", via: "phone", intent: "code", telephone: phone, telephone_country: "RS", return_to: "/faq/" },
      { ip },
    );
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(html).toMatch(/inputmode="numeric"/i);
    expect(html).toMatch(/autocomplete="one-time-code"/i);
    expect(hidden(html, "identity")).toBe(phone);
    expect(hidden(html, "return_to")).toBe("/faq/");
    expect(text(html)).toContain("exists, we’ve sent a 6-digit code to it by SMS.");
    expect(html).toContain('value="resend"');

    const jar = new Jar();
    const wrong = await post(
      "/auth/",
      { mode: "signin", via: "phone", intent: "verify", identity: phone, code: "000000", return_to: "/faq/" },
      { ip, jar },
    );
    const code = await lastCode(phone);
    if (code === "000000") return; // one in a million: the wrong code was right
    expect(wrong.status).toBe(400);
    expect(text(await wrong.text())).toContain("Wrong code. Check it and try again.");
    expect(jar.get(ACCESS)).toBeUndefined();

    const done = await post(
      "/auth/",
      { mode: "signin", via: "phone", intent: "verify", identity: phone, code, remember_me: "1", return_to: "/faq/" },
      { ip, jar },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/faq/");
    expect(jar.get(ACCESS)).toBeTruthy();
    expect(jar.get(REFRESH)).toBeTruthy();
    const refreshLine = jar.raw.find((line) => line.startsWith(`${REFRESH}=`) && !/max-age=0/i.test(line))!;
    expect(refreshLine).toMatch(/HttpOnly/i);
    expect(refreshLine).toMatch(/Max-Age=\d+/i); // remembered

    const after = await page("/faq/", jar);
    const afterHtml = text(await after.text());
    expect(afterHtml).toContain("Nikola Ilić, my account");
    expect(afterHtml).toContain('value="signout"');
    expect(afterHtml).not.toContain("auth=signin");
    expect(user.name).toBe("Nikola Ilić");
  });

  it("bad input: an invalid phone, an unknown account, a malformed code — localized field errors", async () => {
    const bad = await post("/sr/auth/", {
      mode: "signin",
      via: "phone",
      intent: "code",
      telephone: "12",
      telephone_country: "RS",
    });
    expect(bad.status).toBe(400);
    const badHtml = text(await bad.text());
    expect(badHtml).toContain('value="12"'); // what was typed stays
    expect(badHtml).toMatch(/aria-describedby="[^"]+"/);

    const unknown = await post("/ru/auth/", {
      mode: "signin",
      via: "phone",
      intent: "code",
      telephone: uniquePhone(),
      telephone_country: "RS",
    });
    // An unknown number goes on to the code step like a known one (no account oracle, decision 026).
    expect(unknown.status).toBe(200);
    expect(text(await unknown.text())).toContain("Если аккаунт с номером");

    const malformed = await post("/auth/", {
      mode: "signin",
      via: "phone",
      intent: "verify",
      identity: uniquePhone(),
      code: "12ab",
    });
    expect(malformed.status).toBe(400);
    expect(text(await malformed.text())).toContain("Enter the 6-digit code.");
  });

  it("without remember-me the cookies end with the browser session", async () => {
    const { phone } = await signUpByPhone();
    const ip = uniqueIp();
    await post(
      "/auth/",
      { mode: "signin", via: "phone", intent: "code", telephone: phone, telephone_country: "RS" },
      { ip },
    );
    const jar = new Jar();
    const done = await post(
      "/auth/",
      { mode: "signin", via: "phone", intent: "verify", identity: phone, code: await lastCode(phone) },
      { ip, jar },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    const refreshLine = jar.raw.find((line) => line.startsWith(`${REFRESH}=`))!;
    expect(refreshLine).not.toMatch(/Max-Age/i);
  });

  it("a resend too early is refused with the wait, the code step kept", async () => {
    const { phone } = await signUpByPhone();
    const ip = uniqueIp();
    await post(
      "/auth/",
      { mode: "signin", via: "phone", intent: "code", telephone: phone, telephone_country: "RS" },
      { ip },
    );
    const again = await post("/auth/", { mode: "signin", via: "phone", intent: "resend", identity: phone }, { ip });
    expect(again.status).toBe(429);
    const html = text(await again.text());
    expect(html).toContain("Too many attempts");
    expect(html).toMatch(/name="resend_in" value="\d+"/);
    expect(html).toContain('name="code"');
  });
});

describe("password sign-in with the development account", () => {
  it("e-mail → password step → wrong password → right password, next followed", async () => {
    const ip = uniqueIp();
    const step = await post(
      "/auth/",
      { mode: "signin", via: "email", intent: "password", email: DEV_USER.email, next: "/cabinet/" },
      { ip },
    );
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(html).toMatch(/autocomplete="current-password"/i);
    expect(hidden(html, "identity")).toBe(DEV_USER.email);
    expect(hidden(html, "next")).toBe("/cabinet/");

    const wrong = await post(
      "/auth/",
      {
        mode: "signin",
        via: "email",
        intent: "login",
        identity: DEV_USER.email,
        password: "nope-nope",
        next: "/cabinet/",
      },
      { ip },
    );
    expect(wrong.status).toBe(400);
    expect(text(await wrong.text())).toContain("Wrong phone, e-mail or password.");

    const jar = new Jar();
    const done = await post(
      "/auth/",
      {
        mode: "signin",
        via: "email",
        intent: "login",
        identity: DEV_USER.email,
        password: DEV_USER.password,
        next: "/cabinet/",
      },
      { ip, jar },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/cabinet/");
    const cabinet = await page("/cabinet/", jar);
    expect(cabinet.status).toBe(200);
    expect(text(await cabinet.text())).toContain("Hello, Ana Petrović!");
  });
});

describe("registration", () => {
  it("by e-mail with a name: code → account created and signed in", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    const noName = await post("/auth/", { mode: "register", via: "email", intent: "code", email, name: "" }, { ip });
    expect(noName.status).toBe(400);
    expect(text(await noName.text())).toContain("Enter your name");

    const sent = await post(
      "/auth/",
      { mode: "register", via: "email", intent: "code", email, name: "Marko Đorđević" },
      { ip },
    );
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(hidden(html, "name")).toBe("Marko Đorđević");
    const jar = new Jar();
    const done = await post(
      "/auth/",
      {
        mode: "register",
        via: "email",
        intent: "verify",
        identity: email,
        name: "Marko Đorđević",
        code: await lastCode(email),
        return_to: "/media/",
      },
      { ip, jar },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/media/");
    expect(text(await (await page("/about/", jar)).text())).toContain("Marko Đorđević, my account");
    const row = await env.DB.prepare("SELECT name, email_verified_at FROM users WHERE email = ?")
      .bind(email)
      .first<{ name: string; email_verified_at: number }>();
    expect(row?.name).toBe("Marko Đorđević");
    expect(row?.email_verified_at).toBeTruthy();
  });

  it("an existing phone goes on to the code step like any other; the number's owner is told to sign in", async () => {
    const { phone } = await signUpByPhone();
    const res = await post(
      "/auth/",
      { mode: "register", via: "phone", intent: "code", name: "X", telephone: phone, telephone_country: "RS" },
      { ip: uniqueIp(), now: Date.now() + 61_000 },
    );
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain("if this number already has an account, how to sign in.");
    const [notice] = await outbox(phone);
    expect(notice).toMatchObject({ purpose: "register", code: "" });
    expect(notice!.body).toMatch(/already have an account/);
  });
});

describe("password recovery", () => {
  it("phone → code → new password → signed in; the new password works", async () => {
    const { phone } = await signUpByPhone();
    const ip = uniqueIp();
    const sent = await post(
      "/auth/",
      { mode: "recover", via: "phone", intent: "code", telephone: phone, telephone_country: "RS" },
      { ip },
    );
    expect(sent.status).toBe(200);
    const verified = await post(
      "/auth/",
      { mode: "recover", via: "phone", intent: "verify", identity: phone, code: await lastCode(phone) },
      { ip },
    );
    expect(verified.status).toBe(200);
    const html = await verified.text();
    const resetToken = hidden(html, "reset_token");
    expect(resetToken).toBeTruthy();
    expect(html).toMatch(/autocomplete="new-password"/i);

    const short = await post(
      "/auth/",
      { mode: "recover", via: "phone", intent: "reset", identity: phone, reset_token: resetToken!, password: "short" },
      { ip },
    );
    expect(short.status).toBe(400);
    expect(text(await short.text())).toContain("The password is too short.");

    const jar = new Jar();
    const done = await post(
      "/auth/",
      {
        mode: "recover",
        via: "phone",
        intent: "reset",
        identity: phone,
        reset_token: resetToken!,
        password: "a-new-password-1",
        remember_me: "1",
      },
      { ip, jar },
    );
    expect(done.status).toBe(302);
    expect(jar.get(ACCESS)).toBeTruthy();

    const reused = await post(
      "/auth/",
      {
        mode: "recover",
        via: "phone",
        intent: "reset",
        identity: phone,
        reset_token: resetToken!,
        password: "another-password-2",
      },
      { ip },
    );
    expect(reused.status).toBe(400);
    expect(text(await reused.text())).toContain("The reset has expired. Request a new code.");

    const login = await call("/api/auth/login", {
      body: { login: phone, password: "a-new-password-1" },
      ip: uniqueIp(),
    });
    expect(login.status).toBe(200);
  });

  it("recovery of an unknown e-mail reads like any other; the address is told there is no account", async () => {
    const email = uniqueEmail();
    const res = await post("/auth/", { mode: "recover", via: "email", intent: "code", email });
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain(`If an account with ${email} exists, we’ve sent a 6-digit code to it.`);
    const [notice] = await outbox(email);
    expect(notice).toMatchObject({ purpose: "recovery", code: "" });
    expect(notice!.body).toMatch(/there is no account with it/);
  });
});

describe("sign-out", () => {
  it("revokes the session and clears the cookies", async () => {
    const { jar } = await registerByPhone("Sign Out Tester");
    const before = jar.clone();
    const res = await post("/ru/auth/", { intent: "signout", return_to: "/ru/cabinet/" }, { jar });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ru/");
    expect(jar.get(ACCESS)).toBeUndefined();
    expect(jar.get(REFRESH)).toBeUndefined();
    expect(res.headers.getSetCookie().some((line) => line.startsWith(`${REFRESH}=;`) && /max-age=0/i.test(line))).toBe(
      true,
    );
    // The old cookies no longer sign anyone in.
    const stale = await page("/cabinet/", before);
    expect(stale.status).toBe(302);
  });
});

describe("guards land on the open dialog and next is kept", () => {
  it("/ru/cabinet/personal/ → /ru/?auth=signin&next=… → sign in → back to the page", async () => {
    const guarded = await page("/ru/cabinet/personal/");
    expect(guarded.status).toBe(302);
    const location = guarded.headers.get("location")!;
    expect(location).toBe(`/ru/?auth=signin&next=${encodeURIComponent("/ru/cabinet/personal/")}`);

    const landing = await page(location, undefined, "ru");
    const dialog = dialogOf(await landing.text())!;
    expect(dialog).toMatch(/^<dialog open=""/);
    expect(hidden(dialog, "next")).toBe("/ru/cabinet/personal/");
    // The tabs keep next.
    expect(dialog).toContain(
      `href="/ru/?auth=signin&amp;next=${encodeURIComponent("/ru/cabinet/personal/")}&amp;via=email"`,
    );

    const jar = new Jar();
    const done = await post(
      "/ru/auth/",
      {
        mode: "signin",
        via: "email",
        intent: "login",
        identity: DEV_USER.email,
        password: DEV_USER.password,
        next: "/ru/cabinet/personal/",
      },
      { jar },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/ru/cabinet/personal/");
    expect((await page("/ru/cabinet/personal/", jar)).status).toBe(200);
  });

  it("next that leaves the site is ignored (dialog and action)", async () => {
    for (const next of [
      "//evil.example/",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x",
    ]) {
      const html = await (await page(`/?auth=signin&next=${encodeURIComponent(next)}`)).text();
      const value = hidden(dialogOf(html)!, "next");
      expect(value === undefined || (value.startsWith("/") && !value.startsWith("//")), next).toBe(true);
      expect(html).not.toContain("evil.example&quot;");

      const done = await post("/auth/", {
        mode: "signin",
        via: "email",
        intent: "login",
        identity: DEV_USER.email,
        password: DEV_USER.password,
        next,
        return_to: next,
      });
      expect(done.status, next).toBe(302);
      const target = done.headers.get("location")!;
      expect(target.startsWith("/") && !target.startsWith("//") && !target.includes("\\"), `${next} → ${target}`).toBe(
        true,
      );
      expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe("form posts", () => {
  it("a cross-site post is refused", async () => {
    const res = await post(
      "/auth/",
      { mode: "signin", via: "email", intent: "login", identity: DEV_USER.email, password: DEV_USER.password },
      { origin: "https://evil.example" },
    );
    // React Router refuses it first (400); the action's own Origin check would answer 403.
    expect([400, 403]).toContain(res.status);
    expect(res.headers.getSetCookie().some((line) => line.startsWith(`${ACCESS}=`))).toBe(false);
  });

  it("signing in over stale session cookies keeps the new session", async () => {
    const { jar } = await registerByPhone("Stale Cookies");
    const stale = jar.clone();
    await post("/auth/", { intent: "signout" }, { jar });
    // The browser still holds the revoked cookies (e.g. signed out on another device).
    const done = await post(
      "/auth/",
      { mode: "signin", via: "email", intent: "login", identity: DEV_USER.email, password: DEV_USER.password },
      { jar: stale },
    );
    expect(done.status).toBe(302);
    expect(stale.get(ACCESS)).toBeTruthy();
    expect(text(await (await page("/about/", stale)).text())).toContain("Ana Petrović, my account");
  });

  it("the background post (single fetch) sets the cookies too", async () => {
    const jar = new Jar();
    const res = await SELF.fetch(`${ORIGIN}/auth/_.data`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": BROWSER_UA,
        origin: ORIGIN,
        "cf-connecting-ip": uniqueIp(),
      },
      body: new URLSearchParams({
        mode: "signin",
        via: "email",
        intent: "login",
        identity: DEV_USER.email,
        password: DEV_USER.password,
        return_to: "/faq/",
      }),
    });
    jar.take(res);
    expect(res.status).toBeLessThan(400);
    expect(jar.get(ACCESS)).toBeTruthy();
    expect(await res.text()).toContain("/faq/");
  });
});

describe("the personal page's phone-verify step", () => {
  it("an account without a verified phone: verify step → code → back to listing creation", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    await post("/sr/auth/", { mode: "register", via: "email", intent: "code", email, name: "Bez Telefona" }, { ip });
    const jar = new Jar();
    await post(
      "/sr/auth/",
      {
        mode: "register",
        via: "email",
        intent: "verify",
        identity: email,
        name: "Bez Telefona",
        code: await lastCode(email),
      },
      { ip, jar },
    );
    expect(jar.get(ACCESS)).toBeTruthy();

    const create = await page("/sr/listing/create/", jar);
    expect(create.status).toBe(302);
    const location = create.headers.get("location")!;
    const personal = await page(location, jar, "sr");
    expect(personal.status).toBe(200);
    const html = text(await personal.text());
    expect(html).toContain("Potvrdite broj telefona");
    expect(hidden(html, "next")).toBe("/sr/listing/create/");

    const phone = uniquePhone();
    const bad = await post(
      location,
      { intent: "phone-send", telephone: "123", telephone_country: "RS", next: "/sr/listing/create/" },
      { jar, ip },
    );
    expect(bad.status).toBe(400);

    const sent = await post(
      location,
      { intent: "phone-send", telephone: phone, telephone_country: "RS", next: "/sr/listing/create/" },
      { jar, ip },
    );
    expect(sent.status).toBe(200);
    const codeStep = await sent.text();
    expect(codeStep).toMatch(/autocomplete="one-time-code"/i);
    expect(hidden(codeStep, "value")).toBe(phone);

    const wrong = await post(
      location,
      { intent: "phone-verify", value: phone, code: "abc", next: "/sr/listing/create/" },
      { jar, ip },
    );
    expect(wrong.status).toBe(400);

    const done = await post(
      location,
      { intent: "phone-verify", value: phone, code: await lastCode(phone), next: "/sr/listing/create/" },
      { jar, ip },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/sr/listing/create/");
    expect((await page("/sr/listing/create/", jar)).status).toBe(200);
  });

  it("saves the name and sets a first password", async () => {
    const { jar, phone } = await registerByPhone("Staro Ime");
    const named = await post("/cabinet/personal/", { intent: "name", name: "Novo Ime" }, { jar });
    expect(named.status).toBe(200);
    const html = text(await named.text());
    expect(html).toContain("Your name is saved.");
    expect(text(await (await page("/about/", jar)).text())).toContain("Novo Ime, my account");

    const short = await post("/cabinet/personal/", { intent: "password", password: "short" }, { jar });
    expect(short.status).toBe(400);
    const set = await post("/cabinet/personal/", { intent: "password", password: "first-password-1" }, { jar });
    expect(set.status).toBe(200);
    expect(text(await set.text())).toContain("Password set.");
    expect(
      (await call("/api/auth/login", { body: { login: phone, password: "first-password-1" }, ip: uniqueIp() })).status,
    ).toBe(200);
  });
});
