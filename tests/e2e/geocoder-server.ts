/**
 * The browser tests' geocoder (decision 065): the stand-in of tests/fixtures/geocoder-stand-in.ts on a
 * loopback port, which the served worker calls as it would the operator's Nominatim.
 */
import { createServer } from "node:http";
import { freePort } from "#harness/serve-build.ts";
import { FakeGeocoder, type KnownAddress } from "#tests/fixtures/geocoder-stand-in.ts";

/** Two streets of central Belgrade, as OpenStreetMap names them. */
const E2E_ADDRESSES: KnownAddress[] = [
  {
    street: { default: "Кнез Михаилова", en: "Knez Mihailova", ru: "Кнез Михаилова", "sr-Latn": "Knez Mihailova" },
    number: "12",
    city: { default: "Београд", en: "Belgrade", ru: "Белград", "sr-Latn": "Beograd" },
    lat: 44.8176,
    lng: 20.4569,
  },
  {
    street: {
      default: "Булевар краља Александра",
      en: "Bulevar kralja Aleksandra",
      ru: "Булевар краля Александра",
      "sr-Latn": "Bulevar kralja Aleksandra",
    },
    number: "73",
    city: { default: "Београд", en: "Belgrade", ru: "Белград", "sr-Latn": "Beograd" },
    lat: 44.8052,
    lng: 20.4781,
  },
];

/** Serves the stand-in; its search URL is `${url}/search`. */
export async function serveGeocoder(): Promise<{ url: string; stop: () => Promise<void> }> {
  const geocoder = new FakeGeocoder(E2E_ADDRESSES);
  const port = await freePort();
  const server = createServer(async (req, res) => {
    const answer = await geocoder.handle(`http://127.0.0.1:${port}${req.url ?? "/"}`, {
      headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
