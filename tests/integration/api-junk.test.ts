import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import { devSession, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { pair, write } from "./messages-helpers.ts";

/** Every public endpoint of product §7 built so far, with the names its queries and bodies use. */
const GET_ENDPOINTS = [
  "/api/cities",
  "/api/city",
  "/api/location/search",
  "/api/geocoder/back",
  "/api/geocoder/address-info",
  "/api/form-data",
  "/api/realty/search",
  "/api/realty/total",
  "/api/realty/{id}",
  "/api/seo/realty/list",
  "/api/article",
  "/api/article/{id}",
  "/api/tag",
  "/api/faq",
  "/api/advantage",
  "/api/tooltip/{id}",
  "/api/unsubscribe",
  "/api/statistics/realty/{id}/map/open",
  "/api/cabinet/realties/archive",
  "/api/cabinet/realties/count",
  "/api/cabinet/realties/due",
];
/** Endpoints of a signed-in visitor (the development user's session). */
const SIGNED_IN_GET_ENDPOINTS = ["/api/cabinet/realties/{id}/statistics"];
const POST_ENDPOINTS = [
  "/api/realty-by-ids",
  "/api/feedback/question",
  "/api/statistics/realty/{id}",
  "/api/statistics/realty/{id}/phone",
  "/api/statistics/realty/{id}/map",
  "/api/statistics/realty/{id}/list",
  "/api/unsubscribe",
  "/api/unsubscribe/all",
  // RFC 8058's one-click (decision 039): its token and list in the query.
  "/api/unsubscribe/one-click",
  "/api/realty/{id}/report",
  "/api/cabinet/realties/active",
  "/api/cabinet/realties/{id}/archive",
  "/api/cabinet/realties/{id}/restore",
  // A guest's renewal takes the reminder's signed link (`token`).
  "/api/cabinet/realties/{id}/renew",
  // A guest's answer takes the availability e-mail's signed link (`token`, decision 084).
  "/api/cabinet/realties/{id}/confirm",
  "/api/realty/relevant/{id}",
];
/** Endpoints of a signed-in person (My listings): the same junk, with a session. */
const OWNER_ENDPOINTS: [string, string][] = [
  ["GET", "/api/cabinet/realties/archive"],
  ["GET", "/api/cabinet/realties/count"],
  ["POST", "/api/cabinet/realties/active"],
  ["POST", "/api/cabinet/realties/{id}/archive"],
  ["POST", "/api/cabinet/realties/{id}/restore"],
  ["POST", "/api/cabinet/realties/{id}/renew"],
  ["POST", "/api/cabinet/realties/{id}/confirm"],
  ["GET", "/api/cabinet/realties/due"],
  ["POST", "/api/realty/relevant/{id}"],
  ["DELETE", "/api/cabinet/realties/{id}"],
];
/** The admin's endpoints, called with the admin's session (everyone else gets their 404). */
const ADMIN_GET_ENDPOINTS = [
  "/api/admin/realty/moderation",
  "/api/admin/realty/{id}/history",
  "/api/admin/messages/reports",
];
const ADMIN_POST_ENDPOINTS = [
  "/api/admin/realty/{id}/reject",
  "/api/admin/realty/{id}/approve",
  "/api/admin/messages/reports/{id}/resolve",
];
const QUERY_NAMES = [
  "deal",
  "type",
  "city",
  "district",
  "price_min",
  "price_max",
  "area_min",
  "area_max",
  "rooms",
  "floor_min",
  "floor_max",
  "furnished",
  "confirmed_within",
  "home",
  "ranked",
  "q",
  "bounds",
  "sort",
  "page",
  "per_page",
  "facets",
  "locale",
  "slug",
  "lat",
  "lng",
  "address",
  "limit",
  "tag",
  "token",
  "list",
  "conversation_id",
  "before",
  "after",
];

const junkText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "",
    "-1",
    "0",
    "1e309",
    "NaN",
    "null",
    "true",
    "%",
    "%00",
    "'; DROP TABLE listings; --",
    '"*',
    "a".repeat(5000),
  ),
);
const pathSegment = fc.oneof(
  fc.nat().map(String),
  junkText.filter((s) => s.length > 0 && s.length < 300),
);
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 10 })), junkText), {
  maxLength: 8,
});
const body = fc.oneof(
  fc.json(),
  fc.anything().map((v) => {
    try {
      return JSON.stringify(v) ?? "null";
    } catch {
      return "null";
    }
  }),
  fc.string(),
  fc
    .record({
      ids: fc.array(fc.oneof(fc.integer(), fc.double(), fc.string())),
      token: junkText,
      tab: junkText,
      page: fc.oneof(fc.integer(), fc.double(), junkText),
      per_page: fc.oneof(fc.integer(), fc.double(), junkText),
      list: junkText,
      name: junkText,
      email: junkText,
      question: junkText,
      reason: fc.oneof(junkText, fc.constantFrom("sold", "wrong_price", "fake", "duplicate", "other")),
      text: junkText,
      code: fc.oneof(junkText, fc.constantFrom("incomplete", "photos", "price", "other")),
      outcome: fc.oneof(junkText, fc.constantFrom("available", "let", "sold")),
    })
    .map((v) => JSON.stringify(v)),
);

function url(template: string, segment: string, params: [string, string][]) {
  const path = template.replace("{id}", encodeURIComponent(segment));
  const search = new URLSearchParams(params).toString();
  return `${ORIGIN}${path}${search ? `?${search}` : ""}`;
}

/** The general junk body, or junk in an area's own fields (any of them missing), as JSON. */
function bodyWith(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc.oneof(
    body,
    fc.record(fields, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  );
}

/** The general junk query, or junk in an area's own parameters (any of them missing). */
function queryWith(fields: Record<string, fc.Arbitrary<string>>) {
  return fc.oneof(
    query,
    fc.record(fields, { requiredKeys: [] }).map((v) => Object.entries(v) as [string, string][]),
  );
}

/**
 * Junk requests per endpoint and run. Every run draws new junk (fast-check's seed changes), so the cases add
 * up across runs; 30 a run keeps this file at about half a minute of the suite's 12 (it was the slowest).
 */
const RUNS = 30;

describe("no input gives a 5xx", () => {
  it.each(GET_ENDPOINTS)("GET %s", async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(pathSegment, query, async (segment, params) => {
        const res = await SELF.fetch(url(endpoint, segment, params));
        await res.arrayBuffer();
        expect(res.status, `${endpoint} ${segment} ${JSON.stringify(params)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(SIGNED_IN_GET_ENDPOINTS)("GET %s signed in", async (endpoint) => {
    const cookie = await devSession("user");
    await fc.assert(
      fc.asyncProperty(pathSegment, query, async (segment, params) => {
        const res = await SELF.fetch(url(endpoint, segment, params), { headers: { cookie } });
        await res.arrayBuffer();
        expect(res.status, `${endpoint} ${segment} ${JSON.stringify(params)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(POST_ENDPOINTS)("POST %s", async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(
        pathSegment,
        query,
        body,
        fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", ""),
        async (segment, params, payload, type) => {
          const res = await SELF.fetch(url(endpoint, segment, params), {
            method: "POST",
            body: payload,
            headers: type ? { "content-type": type } : {},
          });
          await res.arrayBuffer();
          expect(res.status, `${endpoint} ${segment} ${payload.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("no input gives the admin a 5xx", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await devSession("admin");
  });
  // Pending listings that exist: a junk decision may meet a real one.
  const realId = fc.constantFrom("1", "2", "3", "150", "299");

  it.each(ADMIN_GET_ENDPOINTS)("GET %s", async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(pathSegment, realId), query, async (segment, params) => {
        const res = await SELF.fetch(url(endpoint, segment, params), { headers: { cookie } });
        await res.arrayBuffer();
        expect(res.status, `${endpoint} ${segment} ${JSON.stringify(params)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(ADMIN_POST_ENDPOINTS)("POST %s", async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(pathSegment, realId),
        body,
        fc.constantFrom("application/json", "text/plain", ""),
        async (segment, payload, type) => {
          const res = await SELF.fetch(url(endpoint, segment, []), {
            method: "POST",
            body: payload,
            headers: {
              cookie,
              origin: ORIGIN,
              "x-requested-with": "XMLHttpRequest",
              ...(type ? { "content-type": type } : {}),
            },
          });
          await res.arrayBuffer();
          expect(res.status, `${endpoint} ${segment} ${payload.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("no input gives a 5xx to a signed-in person either", () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signUpByPhone();
  });

  it.each(OWNER_ENDPOINTS)("%s %s", async (method, endpoint) => {
    await fc.assert(
      fc.asyncProperty(pathSegment, query, body, async (segment, params, payload) => {
        const res = await SELF.fetch(url(endpoint, segment, params), {
          method,
          body: method === "GET" ? undefined : payload,
          headers: {
            "content-type": "application/json",
            "x-requested-with": "XMLHttpRequest",
            origin: ORIGIN,
            cookie: owner.jar.header(),
            "cf-connecting-ip": owner.ip,
          },
        });
        await res.arrayBuffer();
        expect(res.status, `${method} ${endpoint} ${segment} ${payload.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("no input gives a participant of conversations a 5xx (decision 039)", () => {
  const ENDPOINTS: [string, string][] = [
    ["POST", "/api/cabinet/messages/create"],
    ["POST", "/api/cabinet/messages/contacts"],
    ["GET", "/api/cabinet/messages/list"],
    ["POST", "/api/cabinet/messages/delivered"],
    ["GET", "/api/cabinet/messages/count"],
    ["POST", "/api/cabinet/messages/block"],
    ["POST", "/api/cabinet/messages/report"],
  ];
  let person: SignedIn;
  let ids: { conversation: number; message: number; listing: number };
  beforeAll(async () => {
    const { listing, visitor } = await pair();
    person = visitor;
    const message = await write(visitor, { realty_id: listing.id }, "hello");
    ids = { conversation: message.conversation_id, message: message.id, listing: listing.id };
  });
  const id = () =>
    fc.oneof(
      fc.constantFrom(ids.conversation, ids.message, ids.listing, 1, 0, -1, 2 ** 53, 1e300),
      fc.integer(),
      fc.double(),
      junkText,
      fc.constant(null),
    );

  it.each(ENDPOINTS)("%s %s", async (method, endpoint) => {
    const messagesBody = bodyWith({
      conversation_id: id(),
      realty_id: id(),
      up_to_id: id(),
      text: fc.oneof(junkText, fc.string({ minLength: 1990, maxLength: 2100 })),
      blocked: fc.oneof(fc.boolean(), junkText),
      reason: fc.oneof(junkText, fc.constantFrom("spam", "abuse", "fraud", "other")),
      page: fc.oneof(fc.integer(), fc.double(), junkText),
      per_page: fc.oneof(fc.integer(), fc.double(), junkText),
    });
    const messagesQuery = queryWith({
      conversation_id: id().map(String),
      before: id().map(String),
      after: id().map(String),
    });
    await fc.assert(
      fc.asyncProperty(messagesQuery, messagesBody, async (params, payload) => {
        const res = await SELF.fetch(url(endpoint, "", params), {
          method,
          body: method === "GET" ? undefined : payload,
          headers: {
            "content-type": "application/json",
            "x-requested-with": "XMLHttpRequest",
            origin: ORIGIN,
            cookie: person.jar.header(),
            "cf-connecting-ip": person.ip,
          },
        });
        await res.arrayBuffer();
        expect(res.status, `${method} ${endpoint} ${JSON.stringify(params)} ${payload.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }),
      { numRuns: RUNS },
    );
  });
});

describe("no input gives a payer a 5xx (decision 040)", () => {
  const ENDPOINTS: [string, string][] = [
    ["POST", "/api/cabinet/payment/intent"],
    ["PUT", "/api/cabinet/payment/intent"],
    ["GET", "/api/cabinet/payment/intent/{id}"],
    ["POST", "/api/cabinet/payment/complete"],
    ["POST", "/api/cabinet/payment/failure"],
    ["GET", "/api/cabinet/payment/transactions"],
    ["GET", "/api/cabinet/payment/realty-options"],
    ["POST", "/api/cabinet/realties/{id}/promotion"],
    ["DELETE", "/api/cabinet/realties/{id}/promotion"],
    ["GET", "/api/cabinet/realties/promotion"],
    ["POST", "/api/realty/{id}/reveal-phone-number"],
  ];
  let payer: SignedIn;
  let intents: string[];
  let listings: number[];
  beforeAll(async () => {
    // The listing's owner: junk may promote, pay, stop and list with real ids of theirs.
    const { listing, owner } = await pair();
    payer = owner;
    const headers = {
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      origin: ORIGIN,
      cookie: payer.jar.header(),
    };
    const res = await SELF.fetch(`${ORIGIN}/api/cabinet/payment/intent`, {
      method: "POST",
      headers,
      body: JSON.stringify({ realty_id: listing.id, product: "top_7" }),
    });
    expect(res.status).toBe(201);
    intents = [(await res.json<{ data: { id: string } }>()).data.id, "pi_0123456789abcdef"];
    listings = [listing.id, 1, 2, 150];
  });
  const intentId = () => fc.oneof(fc.constantFrom(...intents), junkText, fc.integer(), fc.constant(null));
  const listingId = () =>
    fc.oneof(fc.constantFrom(...listings), fc.integer(), fc.double(), junkText, fc.constant(null));
  const product = fc.oneof(
    fc.constantFrom("top_7", "top_30", "highlight_7", "home_7", "phone_reveal", "gold"),
    junkText,
    fc.integer(),
  );

  it.each(ENDPOINTS)("%s %s", async (method, endpoint) => {
    const paymentBody = bodyWith({
      realty_id: listingId(),
      intent_id: intentId(),
      product,
      idempotency_key: fc.oneof(junkText, fc.constantFrom("junk-key-0001", "junk-key-0002")),
      reason: fc.oneof(junkText, fc.string({ minLength: 490, maxLength: 600 })),
      amount_cents: fc.oneof(fc.integer(), junkText),
    });
    const paymentQuery = queryWith({
      realty_id: listingId().map(String),
      placement: fc.oneof(fc.constantFrom("top", "highlight", "home"), junkText),
      page: fc.oneof(fc.integer(), junkText).map(String),
      per_page: fc.oneof(fc.integer(), junkText).map(String),
    });
    const segment = fc.oneof(fc.constantFrom(...intents, ...listings.map(String)), pathSegment);
    await fc.assert(
      fc.asyncProperty(segment, paymentQuery, paymentBody, async (id, params, payload) => {
        const res = await SELF.fetch(url(endpoint, id, params), {
          method,
          body: method === "GET" ? undefined : payload,
          headers: {
            "content-type": "application/json",
            "x-requested-with": "XMLHttpRequest",
            origin: ORIGIN,
            cookie: payer.jar.header(),
            "cf-connecting-ip": payer.ip,
          },
        });
        await res.arrayBuffer();
        expect(
          res.status,
          `${method} ${endpoint} ${id} ${JSON.stringify(params)} ${payload.slice(0, 200)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("no query opens the live channel's socket into a 5xx", () => {
  let person: SignedIn;
  beforeAll(async () => {
    person = await signUpByPhone();
  });
  // Conversations that may exist (and then be someone else's: 404), and junk.
  const id = fc.oneof(fc.constantFrom("1", "2", "3"), junkText);
  const liveQuery = fc.array(fc.tuple(fc.constantFrom("conversation_id", "after", "x"), id), { maxLength: 4 });

  it.each([
    ["a guest", false],
    ["a signed-in person", true],
  ])("GET /api/cabinet/messages/live as %s", async (_who, signedIn) => {
    await fc.assert(
      fc.asyncProperty(liveQuery, fc.boolean(), async (params, upgrade) => {
        const headers: Record<string, string> = { origin: ORIGIN };
        if (upgrade) headers.upgrade = "websocket";
        if (signedIn) headers.cookie = person.jar.header();
        const res = await SELF.fetch(url("/api/cabinet/messages/live", "", params), { headers });
        if (res.webSocket) {
          res.webSocket.accept();
          res.webSocket.close(1000, "done");
        } else await res.arrayBuffer();
        expect(res.status, JSON.stringify(params)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});
