import { describe, expect, it } from "vitest";
import { configProblems, missingSecrets, PLACEHOLDER_DATABASE_ID } from "./deploy-checks.ts";

const ready = {
  name: "nekretnine-staging",
  vars: { ENVIRONMENT: "production", SITE_ORIGIN: "https://staging.kvadrat.rs" },
  d1_databases: [
    { binding: "DB", database_name: "nekretnine-staging", database_id: "1b2c3d4e-aaaa-4bbb-8ccc-123456789abc" },
  ],
  r2_buckets: [
    { binding: "PHOTOS", bucket_name: "nekretnine-photos-staging" },
    { binding: "TILES", bucket_name: "nekretnine-tiles-staging" },
  ],
};

describe("configProblems", () => {
  it("passes a filled-in environment", () => {
    expect(configProblems(ready, "staging")).toEqual([]);
  });
  it("refuses the placeholder database id, naming the command that makes one", () => {
    const [problem, ...rest] = configProblems(
      { ...ready, d1_databases: [{ ...ready.d1_databases[0]!, database_id: PLACEHOLDER_DATABASE_ID }] },
      "staging",
    );
    expect(rest).toEqual([]);
    expect(problem).toContain("npx wrangler d1 create nekretnine-staging");
  });
  it("refuses an empty or plain-http SITE_ORIGIN and a development ENVIRONMENT", () => {
    for (const origin of ["", "http://kvadrat.rs", "https://kvadrat.rs/"])
      expect(configProblems({ ...ready, vars: { ...ready.vars, SITE_ORIGIN: origin } }, "staging")).toHaveLength(1);
    expect(configProblems({ ...ready, vars: { ...ready.vars, ENVIRONMENT: "development" } }, "staging")[0]).toContain(
      "ENVIRONMENT",
    );
  });
  it("refuses a variable the Worker would refuse, naming it", () => {
    const problems = configProblems({ ...ready, vars: { ...ready.vars, PAGE_CACHE_TTL: "1m" } }, "staging");
    expect(problems).toEqual([expect.stringContaining("[env.staging.vars] PAGE_CACHE_TTL must be a whole number")]);
  });
  it("refuses a deployment without its D1 or R2 binding", () => {
    expect(configProblems({ ...ready, d1_databases: [], r2_buckets: [] }, "production")).toHaveLength(3);
    const photosOnly = configProblems({ ...ready, r2_buckets: ready.r2_buckets.slice(0, 1) }, "production");
    expect(photosOnly).toEqual([expect.stringContaining("TILES")]);
  });
  it("refuses a geocoder that is not https or of an unknown kind", () => {
    const vars = (GEOCODER_URL: string, GEOCODER_KIND: string) => ({ ...ready.vars, GEOCODER_URL, GEOCODER_KIND });
    expect(configProblems({ ...ready, vars: vars("", "") }, "staging")).toEqual([]);
    expect(configProblems({ ...ready, vars: vars("https://geo.example.rs/search", "nominatim") }, "staging")).toEqual(
      [],
    );
    expect(configProblems({ ...ready, vars: vars("http://geo.example.rs/api", "photon") }, "staging")).toHaveLength(1);
    expect(configProblems({ ...ready, vars: vars("https://geo.example.rs/api", "google") }, "staging")).toHaveLength(1);
  });
});

describe("missingSecrets", () => {
  const all = ["JWT_SECRET", "SMS_PROVIDER", "SMS_API_KEY", "EMAIL_PROVIDER", "EMAIL_API_KEY", "EMAIL_FROM"];
  it("names every sign-in setting on an empty Worker", () => {
    expect(missingSecrets({}, []).map((s) => s.name)).toEqual(all);
  });
  it("counts a setting given as a var, not an empty one", () => {
    const missing = missingSecrets({ EMAIL_FROM: "Kvadrat <no-reply@kvadrat.rs>", SMS_PROVIDER: "" }, []);
    expect(missing.map((s) => s.name)).not.toContain("EMAIL_FROM");
    expect(missing.map((s) => s.name)).toContain("SMS_PROVIDER");
  });
  it("asks for the provider's own settings and Stripe's keys only when they are chosen", () => {
    const vars = { SMS_PROVIDER: "infobip", PAYMENT_PROVIDER: "stripe" };
    expect(missingSecrets(vars, all).map((s) => s.name)).toEqual([
      "SMS_API_BASE_URL",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
    ]);
    expect(missingSecrets({ SMS_PROVIDER: "twilio" }, all).map((s) => s.name)).toEqual(["SMS_ACCOUNT_SID"]);
  });
});
