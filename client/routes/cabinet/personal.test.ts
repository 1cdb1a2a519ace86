import { beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "#shared/api-client.ts";
import type { ApiUser, SessionUser } from "#shared/api/auth.ts";
import { PHOTO_MAX_BYTES } from "#shared/constants.ts";
import { appContext } from "#client/app-context.server.ts";
import { testAppContext } from "#client/test-app-context.ts";
import { action } from "./personal.tsx";

const ORIGIN = "https://kvadrat.test";
const PAGE = `${ORIGIN}/cabinet/personal/`;
const VARIANTS = [
  { url: "/photos/abc-96.webp", width: 96, height: 96 },
  { url: "/photos/abc-192.webp", width: 192, height: 192 },
];
const ACCOUNT: ApiUser = {
  id: 7,
  name: "Mira",
  email: null,
  phone: "+381641234567",
  role: "user",
  roles: [],
  phone_verified: true,
  email_verified: false,
  has_password: false,
  image_url: VARIANTS[1]!.url,
  image_variants: VARIANTS,
  advertiser: { type: "owner", agency_name: null, licence_number: null, licence: "none", licence_refused_reason: null },
  created_at: "2026-01-01T00:00:00.000Z",
};

/** What the fake API got: each call's path and body. */
let calls: { path: string; body: unknown }[];
/** How the fake API answers `update-image`. */
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () => Response.json({ data: ACCOUNT });
});

async function post(fields: Record<string, string | File>) {
  const api = createApiClient({
    baseUrl: ORIGIN,
    fetch: async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      calls.push({ path: url.pathname, body: init?.body });
      return answer();
    },
  });
  const user: SessionUser = { id: 7, name: "Mira", role: "user", roles: [], phone_verified: true, image_variants: [] };
  const context = testAppContext(new URL(PAGE), api, { user });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const result = (await action({
    request: new Request(PAGE, { method: "POST", body: form }),
    context,
    params: {},
  } as never)) as { data: unknown; init: { status?: number } | null };
  return { data: result.data, status: result.init?.status ?? 200, user: context.get(appContext).user };
}

const picture = (bytes: Uint8Array | number, name = "me.jpg") =>
  new File([typeof bytes === "number" ? new Uint8Array(bytes) : (bytes as Uint8Array<ArrayBuffer>)], name, {
    type: "image/jpeg",
  });

describe("the personal page's posts", () => {
  it("a saved name is the header's name in the same response", async () => {
    answer = () => Response.json({ data: { ...ACCOUNT, name: "Mirjana" } });
    const { data, user } = await post({ intent: "name", name: "Mirjana" });
    expect(data).toEqual({ section: "name", done: "cabinet.personal.nameSaved" });
    expect(calls.map((call) => call.path)).toEqual(["/api/cabinet/update-personal"]);
    expect(user).toMatchObject({ name: "Mirjana" });
  });
});

describe("the personal page's picture posts", () => {
  it("forwards the posted file to the API as multipart `image`, says so, and the header shows the new picture", async () => {
    const sent = picture(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
    const { data, status, user } = await post({ intent: "picture", image: sent });
    expect(status).toBe(200);
    expect(data).toEqual({ section: "picture", done: "cabinet.personal.pictureSaved" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe("/api/cabinet/update-image");
    const body = calls[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const forwarded = body.get("image") as File;
    expect(forwarded.name).toBe("me.jpg");
    expect(new Uint8Array(await forwarded.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
    // The root loader renders after the action in the same request: it reads the changed account.
    expect(user).toMatchObject({ name: "Mira", image_variants: VARIANTS });
  });

  it("removes the picture with the API's JSON removal", async () => {
    answer = () => Response.json({ data: { ...ACCOUNT, image_url: null, image_variants: [] } });
    const { data, user } = await post({ intent: "picture-remove" });
    expect(data).toEqual({ section: "picture", done: "cabinet.personal.pictureRemoved" });
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ["/api/cabinet/update-image", JSON.stringify({ image_url: null })],
    ]);
    expect(user?.image_variants).toEqual([]);
  });

  it("refuses no file, or one over the limit, at the field without calling the API", async () => {
    expect(await post({ intent: "picture", image: picture(0, "") })).toMatchObject({
      status: 400,
      data: { section: "picture", fields: { image: "auth.invalid.imageMissing" } },
    });
    expect(await post({ intent: "picture" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "picture", image: picture(PHOTO_MAX_BYTES + 1) })).toMatchObject({
      status: 413,
      data: { section: "picture", fields: { image: "photo.error.tooLarge" } },
    });
    expect(calls).toEqual([]);
  });

  it("shows the API's refusal at the field with its status, and changes nothing shown", async () => {
    const refusals: [number, Record<string, string> | undefined, string][] = [
      [415, { image: "photo.error.type" }, "photo.error.type"],
      [413, { image: "photo.error.tooManyPixels" }, "photo.error.tooManyPixels"],
      [415, { image: "photo.error.unreadable" }, "photo.error.unreadable"],
      [413, { image: "photo.error.tooHeavy" }, "photo.error.tooHeavy"],
      [409, { image: "photo.error.changed" }, "photo.error.changed"],
      [429, { image: "form.error.rateLimited" }, "form.error.rateLimited"],
    ];
    for (const [status, fields, message] of refusals) {
      answer = () => Response.json({ error: { code: "refused", message: "no", fields } }, { status });
      const outcome = await post({ intent: "picture", image: picture(10) });
      expect(outcome, message).toMatchObject({ status, data: { section: "picture", fields: { image: message } } });
      expect(outcome.user?.image_variants).toEqual([]);
    }
    // No answer at all: the form says the service is unavailable.
    answer = () => new Response("", { status: 503 });
    expect(await post({ intent: "picture-remove" })).toMatchObject({
      status: 503,
      data: { section: "picture", error: "form.error.unavailable" },
    });
  });
});

describe("the personal page's advertiser post (decision 087)", () => {
  it("sends an agency's name and number; an owner's agency fields are not sent", async () => {
    const agency = await post({
      intent: "advertiser",
      advertiser_type: "agency",
      agency_name: " Dom ",
      licence_number: "512",
    });
    expect(agency.data).toEqual({ section: "advertiser", done: "cabinet.personal.advertiser.saved" });
    expect(calls.map((call) => [call.path, JSON.parse(String(call.body))])).toEqual([
      ["/api/cabinet/update-advertiser", { advertiser_type: "agency", agency_name: "Dom", licence_number: "512" }],
    ]);
    calls = [];
    await post({ intent: "advertiser", advertiser_type: "owner", agency_name: "Dom", licence_number: "512" });
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ advertiser_type: "owner" });
  });

  it("names the bad field without calling the API, keeping what was typed", async () => {
    const unnamed = await post({
      intent: "advertiser",
      advertiser_type: "agency",
      agency_name: "",
      licence_number: "5",
    });
    expect(unnamed).toMatchObject({
      status: 400,
      data: {
        section: "advertiser",
        fields: { agency_name: "validation.required" },
        advertiser: { type: "agency", agencyName: "", licenceNumber: "5" },
      },
    });
    const malformed = await post({
      intent: "advertiser",
      advertiser_type: "agency",
      agency_name: "Dom",
      licence_number: "x",
    });
    expect(malformed).toMatchObject({ status: 400, data: { fields: { licence_number: "validation.licenceNumber" } } });
    expect(calls).toEqual([]);
  });
});
