/**
 * The wizard's photos step without JavaScript, on the server (decision 034): the
 * `photo-*` form posts the wizard route hands to `photosStepAction`, each run against the served worker's
 * API as the development user (their server module needs React Router, which does not load inside the
 * workers pool; here it runs in Node, as the page's own code does on the server in the same way).
 */
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiClient } from "#shared/api-client.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { appContext, type AppContext, type RequestArgs } from "#client/app-context.server.ts";
import { photosStepAction, photosStepData } from "#client/components/listing-wizard/photos-step.server.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { SMALL_JPEG, gradientPng } from "#tests/fixtures/photos.ts";

const baseURL = inject("baseURL");

interface SignedIn {
  cookie: string;
  ip: string;
}
let owner: SignedIn;
let stranger: SignedIn;

/** Each run from its own loopback address: the API's limits count per address. */
const address = () =>
  `127.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

async function signIn(role: "admin" | "user"): Promise<SignedIn> {
  const account = DEV_ACCOUNTS.find((one) => one.role === role)!;
  const ip = address();
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      origin: baseURL,
      "cf-connecting-ip": ip,
    },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  return {
    cookie: res.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; "),
    ip,
  };
}

/** The API as `who`, as the page's server code has it. */
const apiOf = (who: SignedIn) =>
  createApiClient({ baseUrl: baseURL, headers: { cookie: who.cookie, origin: baseURL, "cf-connecting-ip": who.ip } });

/** A new draft flat of the development user. */
async function draft(who: SignedIn): Promise<number> {
  const result = await apiOf(who).editListingType({ type_id: 1 });
  if (!result.ok) throw new Error(`draft: ${result.status} ${JSON.stringify(result.error)}`);
  return result.data.data.id;
}

/** What the wizard route passes: the request, and a context whose API acts as `who`. */
function argsOf(who: SignedIn, listingId: number): RequestArgs {
  const context = new RouterContextProvider();
  context.set(appContext, { api: apiOf(who) } as unknown as AppContext);
  return { request: new Request(`${baseURL}/listing/edit/${listingId}/?step=photos`, { method: "POST" }), context };
}

const file = (bytes: Uint8Array, name: string, type = "image/jpeg") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

/** Runs the action: the redirect or error page it threw (a Response or React Router data), or its result. */
async function post(who: SignedIn, listingId: number, fields: Record<string, string | File | File[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  try {
    return { result: await photosStepAction(argsOf(who, listingId), form, listingId) };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return { response: new Response(null, { status }) };
    throw thrown;
  }
}

const expectBackToStep = (outcome: { response?: Response }, listingId: number) => {
  expect(outcome.response?.status).toBe(302);
  expect(outcome.response?.headers.get("location")).toBe(`/listing/edit/${listingId}/?step=photos`);
};

const photosOf = async (who: SignedIn, listingId: number) =>
  (await photosStepData(argsOf(who, listingId), listingId)).photos;
const idsOf = (photos: ApiListingPhoto[]) => photos.map((photo) => photo.id);

beforeAll(async () => {
  owner = await signIn("user");
  stranger = await signIn("admin");
});

describe("the photos step's form posts", () => {
  it("uploads several files in one post: the invalid one is reported by name, the others are stored", async () => {
    const listing = await draft(owner);
    const outcome = await post(owner, listing, {
      intent: "photo-upload",
      file: [
        file(SMALL_JPEG, "kitchen.jpg"),
        file(new TextEncoder().encode("not a photo at all"), "notes.jpg"),
        file(await gradientPng(40, 30), "garden.png", "image/png"),
      ],
    });
    expect(outcome.result).toEqual({ uploaded: 2, failures: [{ name: "notes.jpg", error: "photo.error.type" }] });
    const photos = await photosOf(owner, listing);
    expect(photos.map((photo) => [photo.width, photo.height])).toEqual([
      [64, 48],
      [40, 30],
    ]);
  });

  it("redirects back to the step when every file was stored, and asks for a file when none was chosen", async () => {
    const listing = await draft(owner);
    expectBackToStep(await post(owner, listing, { intent: "photo-upload", file: file(SMALL_JPEG, "a.jpg") }), listing);
    // An empty file input posts one nameless, empty file.
    expect((await post(owner, listing, { intent: "photo-upload", file: file(new Uint8Array(), "") })).result).toEqual({
      error: "photo.step.noFiles",
    });
  });

  it("rotates, moves, makes a cover and deletes", async () => {
    const listing = await draft(owner);
    await post(owner, listing, {
      intent: "photo-upload",
      file: [file(SMALL_JPEG, "1.jpg"), file(SMALL_JPEG, "2.jpg"), file(SMALL_JPEG, "3.jpg")],
    });
    const [a, b, c] = idsOf(await photosOf(owner, listing)) as [number, number, number];

    expectBackToStep(await post(owner, listing, { intent: "photo-rotate", photo: String(b), angle: "90" }), listing);
    let photos = await photosOf(owner, listing);
    expect(photos[1]).toMatchObject({ id: b, rotation: 90, width: 48, height: 64 });
    await post(owner, listing, { intent: "photo-rotate", photo: String(b), angle: "270" });
    expect((await photosOf(owner, listing))[1]).toMatchObject({ rotation: 0, width: 64, height: 48 });

    expectBackToStep(await post(owner, listing, { intent: "photo-move", photo: String(c), to: "earlier" }), listing);
    expect(idsOf(await photosOf(owner, listing))).toEqual([a, c, b]);
    await post(owner, listing, { intent: "photo-move", photo: String(a), to: "later" });
    expect(idsOf(await photosOf(owner, listing))).toEqual([c, a, b]);
    // Past the end: nothing moves, still back to the step.
    expectBackToStep(await post(owner, listing, { intent: "photo-move", photo: String(b), to: "later" }), listing);

    expectBackToStep(await post(owner, listing, { intent: "photo-cover", photo: String(b) }), listing);
    expect(idsOf(await photosOf(owner, listing))).toEqual([b, c, a]);

    expectBackToStep(await post(owner, listing, { intent: "photo-delete", photo: String(c) }), listing);
    photos = await photosOf(owner, listing);
    expect(idsOf(photos)).toEqual([b, a]);
  });

  it("answers a bad angle or photo with an error, not a failure", async () => {
    const listing = await draft(owner);
    await post(owner, listing, { intent: "photo-upload", file: file(SMALL_JPEG, "1.jpg") });
    const [a] = idsOf(await photosOf(owner, listing));
    expect((await post(owner, listing, { intent: "photo-rotate", photo: String(a), angle: "45" })).result).toEqual({
      error: "form.error.generic",
    });
    expect((await post(owner, listing, { intent: "photo-delete", photo: "x" })).result).toEqual({
      error: "form.error.generic",
    });
    expect((await post(owner, listing, { intent: "photo-nonsense", photo: String(a) })).result).toEqual({
      error: "form.error.generic",
    });
  });

  it("someone else's listing or photo is the 404 page, and changes nothing", async () => {
    const listing = await draft(owner);
    await post(owner, listing, { intent: "photo-upload", file: file(SMALL_JPEG, "1.jpg") });
    const [a] = idsOf(await photosOf(owner, listing)) as [number];
    await expect(photosStepData(argsOf(stranger, listing), listing)).rejects.toMatchObject({ init: { status: 404 } });
    const posts: Record<string, string | File>[] = [
      { intent: "photo-upload", file: file(SMALL_JPEG, "x.jpg") },
      { intent: "photo-rotate", photo: String(a), angle: "90" },
      { intent: "photo-move", photo: String(a), to: "later" },
      { intent: "photo-cover", photo: String(a) },
      { intent: "photo-delete", photo: String(a) },
    ];
    for (const fields of posts) {
      const outcome = await post(stranger, listing, fields);
      expect(outcome.response?.status, String(fields.intent)).toBe(404);
    }
    expect(await photosOf(owner, listing)).toMatchObject([{ id: a, rotation: 0 }]);
  });
});
