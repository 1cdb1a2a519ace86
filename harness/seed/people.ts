/**
 * Owners of the seeded listings: Serbian names in Latin script, Serbian mobile numbers, e-mail
 * addresses on reserved example domains. Users 1 and 2 are the fixed accounts the tests sign in with.
 */
import { DEV_MANAGER_ID } from "./agency-feed.ts";
import { BASE_TIME, DAY, rngFor, STREAM, type Rng } from "./prng.ts";

export interface SeedUser {
  id: number;
  name: string;
  phone: string;
  email: string;
  role: "user" | "admin";
  created_at: number;
  /** Whether its phone is verified (the detail's "Phone verified"). */
  phone_verified: boolean;
  /** Who it advertises as (decision 087): a private owner, or an agency, licensed or awaiting a check. */
  advertiser: SeedAdvertiser;
}

type SeedAdvertiser =
  { type: "owner" } | { type: "agency"; name: string; licence_number: string | null; licensed: boolean };

const AGENCY_WORDS = ["Nekretnine", "Real Estate", "Stan i Kuća", "Dom", "Kvadrat Plus", "Ključ"];

/**
 * Every fifth owner (from user 5 on) is an agency, so cards show both: half of them licensed (checked by
 * the admin), a quarter awaiting a check, a quarter without a number yet. By id, not by the user's random
 * stream, so each user's other fields stay as they were.
 */
function seedAdvertiser(id: number, last: string): SeedAdvertiser {
  if (id < 5 || id % 5 !== 0) return { type: "owner" };
  const name = `${last} ${AGENCY_WORDS[(id / 5) % AGENCY_WORDS.length]}`;
  const turn = (id / 5) % 4;
  const licence_number = turn === 3 ? null : String(100 + ((id * 37) % 1900));
  return { type: "agency", name, licence_number, licensed: turn === 0 || turn === 1 };
}

const MALE = [
  "Marko",
  "Nikola",
  "Stefan",
  "Luka",
  "Milan",
  "Aleksandar",
  "Nemanja",
  "Dušan",
  "Miloš",
  "Vladimir",
  "Petar",
  "Jovan",
  "Đorđe",
  "Filip",
  "Uroš",
  "Bojan",
  "Dragan",
  "Zoran",
  "Goran",
  "Dejan",
  "Srđan",
  "Vuk",
  "Lazar",
  "Ivan",
  "Mihajlo",
  "Strahinja",
  "Branislav",
  "Predrag",
  "Slobodan",
  "Žarko",
];
const FEMALE = [
  "Jelena",
  "Milica",
  "Ana",
  "Marija",
  "Jovana",
  "Ivana",
  "Tijana",
  "Katarina",
  "Dragana",
  "Snežana",
  "Teodora",
  "Sanja",
  "Maja",
  "Tamara",
  "Nevena",
  "Aleksandra",
  "Gordana",
  "Vesna",
  "Mirjana",
  "Jasmina",
  "Anđela",
  "Nataša",
  "Biljana",
  "Danijela",
  "Sofija",
  "Kristina",
  "Ljiljana",
  "Olivera",
  "Zorica",
  "Bojana",
];
const SURNAMES = [
  "Jovanović",
  "Petrović",
  "Nikolić",
  "Marković",
  "Đorđević",
  "Stojanović",
  "Ilić",
  "Stanković",
  "Pavlović",
  "Milošević",
  "Popović",
  "Đukić",
  "Kostić",
  "Živković",
  "Todorović",
  "Mitrović",
  "Ristić",
  "Savić",
  "Lazić",
  "Obradović",
  "Kovačević",
  "Simić",
  "Tomić",
  "Radovanović",
  "Vasić",
  "Marinković",
  "Lukić",
  "Milenković",
  "Stevanović",
  "Janković",
  "Pešić",
  "Vuković",
  "Babić",
  "Filipović",
  "Čolić",
  "Šarić",
];
const MAIL_DOMAINS = ["example.com", "example.rs", "example.net", "example.org"];
const MOBILE_PREFIXES = ["60", "61", "62", "63", "64", "65", "66", "69"];

/** Lowercase ASCII for e-mail local parts: "Đorđević" → "djordjevic". */
function asciiSlug(text: string): string {
  return text
    .replaceAll("Đ", "Dj")
    .replaceAll("đ", "dj")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function serbianMobile(rng: Rng): string {
  const digits = rng.chance(0.7) ? 7 : 6;
  let number = String(rng.int(1, 9));
  for (let i = 1; i < digits; i++) number += String(rng.int(0, 9));
  return `+381${rng.pick(MOBILE_PREFIXES)}${number}`;
}

/** How many users a seed with `listings` listings has: the two fixed accounts and ~1 owner per 8. */
export function userCount(listings: number): number {
  return 2 + Math.max(1, Math.ceil(listings / 8));
}

export function seedUser(id: number): SeedUser {
  const rng = rngFor(STREAM.user, id);
  const phone = serbianMobile(rng);
  const created_at = BASE_TIME - rng.int(30, 900) * DAY - rng.int(0, DAY - 1);
  const fixed = { phone_verified: false, advertiser: { type: "owner" } as const };
  if (id === 1)
    return { id, name: "Kvadrat Admin", phone, email: "admin@kvadrat.test", role: "admin", created_at, ...fixed };
  if (id === 2)
    return { id, name: "Ana Petrović", phone, email: "user@kvadrat.test", role: "user", created_at, ...fixed };
  const female = rng.chance(0.5);
  const first = rng.pick(female ? FEMALE : MALE);
  // Surnames ending in -ić are the same for women and men.
  const last = rng.pick(SURNAMES);
  const name = `${first} ${last}`;
  const style = rng.int(0, 2);
  const local =
    style === 0
      ? `${asciiSlug(first)}.${asciiSlug(last)}${id}`
      : style === 1
        ? `${asciiSlug(first)[0]}${asciiSlug(last)}${id}`
        : `${asciiSlug(last)}.${asciiSlug(first)}${id}`;
  const advertiser = seedAdvertiser(id, last);
  return {
    id,
    name,
    phone,
    email: `${local.replaceAll("-", "")}@${rng.pick(MAIL_DOMAINS)}`,
    // The development manager (harness/seed/accounts.ts) signs in by a known address.
    ...(id === DEV_MANAGER_ID ? { email: "agency@kvadrat.test" } : {}),
    role: "user",
    created_at,
    // Agencies and every third owner confirmed their phone.
    phone_verified: advertiser.type === "agency" || id % 3 === 0,
    advertiser,
  };
}
