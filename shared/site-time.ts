/**
 * A time as people in Serbia write it (`<input type="datetime-local">`, `2026-12-01T09:00`) and the instant it
 * names: the back office schedules articles in the site's time zone whatever the editor's browser says.
 */
import { SITE_TIME_ZONE } from "./constants.ts";

let parts: Intl.DateTimeFormat | undefined;

/** `YYYY-MM-DDTHH:mm` in the site's zone for an instant (ms). */
export function siteLocalTime(ms: number): string {
  // Built on first use: a page that never schedules builds no date formatter (decision 018).
  parts ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: SITE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The instant (ms) a `YYYY-MM-DDTHH:mm` in the site's zone names; null when it is no such time. */
export function fromSiteLocalTime(local: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (!Number.isFinite(asUtc)) return null;
  // The zone's offset at that moment, corrected once more across a change of offset (DST).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = siteLocalTime(guess);
    const shownUtc = Date.parse(`${shown}:00Z`);
    guess += asUtc - shownUtc;
  }
  return siteLocalTime(guess) === local ? guess : null;
}
