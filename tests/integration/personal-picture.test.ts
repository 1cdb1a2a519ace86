/**
 * The personal page's profile picture without JavaScript (decision 050): the file posted to the page as
 * multipart goes through its action to the API's photo pipeline; the same response shows the picture with
 * its variants in the page and in the header, a refused file's reason next to the field in the page's
 * language, and a removal; the page takes a photo-sized body.
 */
import { SELF } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ApiUser } from "#shared/api/auth.ts";
import { PHOTO_FORM_BODY_MAX_BYTES, PHOTO_MAX_BYTES } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { requestLimits } from "#worker/middleware/request-limits.ts";
import { BROWSER_UA, pageText } from "#tests/fixtures/requests.ts";
import { gradientPng, pngHeader, SMALL_JPEG } from "#tests/fixtures/photos.ts";
import { call, ORIGIN, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";

/** The picture form's post as a browser without JavaScript sends it. */
function postPage(who: SignedIn, path: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, origin: ORIGIN, cookie: who.jar.header(), "cf-connecting-ip": who.ip },
    body: form,
  });
}

const file = (bytes: Uint8Array, name: string, type = "image/jpeg") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

const profile = async (who: SignedIn) =>
  (await (await call("/api/cabinet/user", { jar: who.jar, ip: who.ip })).json<{ data: ApiUser }>()).data;

/** Every `<img>` / `<input>` of a document as its attributes. */
function tags(html: string, name: "img" | "input"): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\s([^>]*)>`, "g"))].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!.toLowerCase(), v!])),
  );
}

/** The text of the element with `id`, tags stripped. */
const textOf = (html: string, id: string) =>
  pageText(new RegExp(`<p id="${id}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "");

/** The file input and the message its `aria-describedby` names first (the error, when there is one). */
function pictureField(html: string) {
  const input = tags(html, "input").find((attributes) => attributes.type === "file")!;
  const [errorId] = (input["aria-describedby"] ?? "").split(" ");
  return { input, described: errorId ? textOf(html, errorId) : "" };
}

describe("the personal page's picture form without JavaScript", () => {
  it(
    "stores a posted picture, shows it with its variants in the page and the header at once, and removes it",
    { timeout: 20_000 },
    async () => {
      const who = await signUpByPhone({ name: "Vesna" });
      const saved = await postPage(who, "/cabinet/personal/", { intent: "picture", image: file(SMALL_JPEG, "me.jpg") });
      expect(saved.status).toBe(200);
      const html = await saved.text();
      expect(pageText(html)).toContain("Your picture is saved.");
      const { image_url, image_variants } = await profile(who);
      expect(image_url).toMatch(/^\/photos\/[0-9a-f]{32}-48\.webp$/);
      const images = tags(html, "img");
      // The page's: its variants, named; the header's: the same picture, beside the account's name.
      expect(images).toContainEqual(
        expect.objectContaining({ src: image_url, srcset: `${image_url} 48w`, alt: "Your profile picture" }),
      );
      expect(images).toContainEqual(expect.objectContaining({ src: image_variants[0]!.url, sizes: "36px", alt: "" }));
      const served = await SELF.fetch(`${ORIGIN}${image_url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      await served.arrayBuffer();
      // The remove button is there only with a picture.
      expect(html).toContain('value="picture-remove"');

      const removed = await postPage(who, "/cabinet/personal/", { intent: "picture-remove" });
      expect(removed.status).toBe(200);
      const after = await removed.text();
      expect(pageText(after)).toContain("Your picture is removed.");
      expect(pageText(after)).toContain("No picture yet.");
      expect(after).not.toContain('value="picture-remove"');
      expect(tags(after, "img").filter((img) => img.src?.startsWith("/photos/"))).toEqual([]);
      expect(await profile(who)).toMatchObject({ image_url: null, image_variants: [] });
      expect((await SELF.fetch(`${ORIGIN}${image_url}`)).status).toBe(404);
    },
  );

  it("shows a refused file's reason next to the field, in the page's language, and keeps the picture", async () => {
    const who = await signUpByPhone();
    expect(
      (
        await postPage(who, "/cabinet/personal/", {
          intent: "picture",
          image: file(await gradientPng(40, 40), "a.png"),
        })
      ).status,
    ).toBe(200);
    const before = await profile(who);
    const cases: [string, Record<string, string | File>, number, string][] = [
      [
        "/ru/cabinet/personal/",
        { intent: "picture", image: file(new TextEncoder().encode("hi"), "a.jpg") },
        415,
        "Этот файл не фотография: загрузите изображение JPEG, PNG или WebP.",
      ],
      [
        "/sr/cabinet/personal/",
        { intent: "picture", image: file(new Uint8Array(PHOTO_MAX_BYTES + 1), "big.jpg") },
        413,
        "Fotografija je prevelika: najviše 15 MB.",
      ],
      [
        "/cabinet/personal/",
        { intent: "picture", image: file(pngHeader(5000, 5000), "huge.png", "image/png") },
        413,
        "This photo has too many pixels: at most 12 megapixels.",
      ],
      // An empty file input posts one nameless, empty file.
      ["/cabinet/personal/", { intent: "picture", image: file(new Uint8Array(), "") }, 400, "Choose an image."],
    ];
    for (const [path, fields, status, message] of cases) {
      const res = await postPage(who, path, fields);
      expect(res.status, message).toBe(status);
      const { input, described } = pictureField(await res.text());
      expect(input["aria-invalid"], message).toBe("true");
      expect(described, message).toBe(message);
    }
    expect(await profile(who)).toEqual(before);
  });
});

describe("the page body limit of the picture form", () => {
  // The worker's limits middleware with a plain screen: what it lets through, and what it refuses.
  const app = new Hono<AppEnv>()
    .use(requestLimits((c, status) => Promise.resolve(c.text("too large", status as 413))))
    .post("*", (c) => c.text("read"));
  const post = async (path: string, bytes: number) =>
    (await app.request(`${ORIGIN}${path}`, { method: "POST", body: new Uint8Array(bytes) })).status;

  it("takes a photo on the personal page, as a document or React Router's post, in every locale", async () => {
    for (const path of ["/cabinet/personal/", "/ru/cabinet/personal/", "/sr/cabinet/personal/_.data"]) {
      expect(await post(path, PHOTO_MAX_BYTES + 1), path).toBe(200);
    }
    expect(await post("/cabinet/personal/", PHOTO_FORM_BODY_MAX_BYTES + 1)).toBe(413);
    // Other cabinet pages keep the small limit.
    for (const path of ["/cabinet/", "/cabinet/personal/extra/", "/cabinet/messages/_.data"]) {
      expect(await post(path, 2 * 1024 * 1024), path).toBe(413);
    }
  });
});
