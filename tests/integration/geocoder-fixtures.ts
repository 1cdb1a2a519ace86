/** The settings that make the API use the geocoder stand-in (tests/fixtures/geocoder-stand-in.ts) in the test's isolate. */
import { env } from "cloudflare:test";

export const NOMINATIM = { ...env, GEOCODER_URL: "https://geo.test/search?key=k1", GEOCODER_KIND: "nominatim" };
export const PHOTON = { ...env, GEOCODER_URL: "https://geo.test/api", GEOCODER_KIND: "photon" };
