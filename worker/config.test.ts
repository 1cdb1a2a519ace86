import { describe, expect, it } from "vitest";
import { SMS_DEFAULT_ALLOWED_COUNTRIES } from "#shared/constants.ts";
import { config, ConfigError, DEFAULT_MAP_TILES_ARCHIVE, variableProblems, withBindings } from "./config.ts";

describe("config", () => {
  it("applies each default when a variable is unset or empty", () => {
    const defaults = {
      ENVIRONMENT: "production",
      ERROR_LOGGING: false,
      API_DELAY_MS: 0,
      PAGE_CACHE_TTL: 0,
      REFERENCE_CACHE_TTL: 0,
      SMS_ALLOWED_COUNTRIES: new Set(SMS_DEFAULT_ALLOWED_COUNTRIES),
      MAP_TILES_ATTRIBUTION: "",
      MAP_TILES_ARCHIVE: DEFAULT_MAP_TILES_ARCHIVE,
      GEOCODER_KIND: "nominatim",
    };
    const unset = ["API_ORIGIN", "SITE_ORIGIN", "PAYMENT_PROVIDER", "MAP_TILES_URL", "GEOCODER_URL", "JWT_SECRET"];
    const empty = Object.fromEntries(
      [...Object.keys(defaults), ...unset].map((name) => [name, name === "ENVIRONMENT" ? " " : ""]),
    );
    for (const source of [{}, undefined, empty]) {
      const settings = config(source);
      expect(settings).toMatchObject(defaults);
      for (const name of unset) expect(settings[name as keyof typeof settings], name).toBeUndefined();
    }
  });

  it("types what it reads: numbers, flags, origins, country sets", () => {
    const settings = config({
      ENVIRONMENT: "development",
      ERROR_LOGGING: "true",
      PAGE_CACHE_TTL: " 60 ",
      SITE_ORIGIN: "https://kvadrat.rs/",
      API_ORIGIN: "http://127.0.0.1:9/ignored/path",
      SMS_ALLOWED_COUNTRIES: "rs, me,",
      JWT_SECRET: " kept as it is ",
    });
    expect(settings).toMatchObject({
      ENVIRONMENT: "development",
      ERROR_LOGGING: true,
      PAGE_CACHE_TTL: 60,
      SITE_ORIGIN: "https://kvadrat.rs",
      API_ORIGIN: "http://127.0.0.1:9",
      SMS_ALLOWED_COUNTRIES: new Set(["RS", "ME"]),
      JWT_SECRET: " kept as it is ",
    });
  });

  it("parses an env object once", () => {
    const env = { PAGE_CACHE_TTL: "60" };
    expect(config(env)).toBe(config(env));
    expect(config({ ...env })).not.toBe(config(env));
  });

  it("refuses a malformed value, naming the variable and its value", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ENVIRONMENT: "staging" }, /ENVIRONMENT must be one of "development", "production" \(it is "staging"\)/],
      [{ ERROR_LOGGING: "yes" }, /ERROR_LOGGING must be one of "true", "false"/],
      [{ PAGE_CACHE_TTL: "1m" }, /PAGE_CACHE_TTL must be a whole number of seconds \(it is "1m"\)/],
      [{ REFERENCE_CACHE_TTL: "-5" }, /REFERENCE_CACHE_TTL must be a whole number of seconds/],
      [{ API_DELAY_MS: "0.5" }, /API_DELAY_MS must be a whole number of milliseconds/],
      [{ SITE_ORIGIN: "kvadrat.rs" }, /SITE_ORIGIN must be an http\(s\) URL/],
      [{ API_ORIGIN: "javascript:alert(1)" }, /API_ORIGIN must be an http\(s\) URL/],
      [{ SMS_ALLOWED_COUNTRIES: "RS,SRB" }, /SMS_ALLOWED_COUNTRIES must be ISO country codes/],
      [{ PAYMENT_PROVIDER: "paypal" }, /PAYMENT_PROVIDER must be one of "stripe"/],
      [{ MAP_TILES_URL: "/map/tiles/{z}/{x}/{y}.svg" }, /MAP_TILES_URL must be an http\(s\) URL/],
      [{ MAP_TILES_URL: "https://tiles.example.com/{z}/{x}.png" }, /MAP_TILES_URL must contain \{z\}, \{x\} and \{y\}/],
      [{ GEOCODER_KIND: "google" }, /GEOCODER_KIND must be one of "nominatim", "photon"/],
      [{ SMS_PROVIDER: "Infobip" }, /SMS_PROVIDER must be one of "infobip", "twilio"/],
      [{ EMAIL_API_BASE: "localhost:9999" }, /EMAIL_API_BASE must be an http\(s\) URL/],
    ];
    for (const [env, message] of cases) {
      expect(() => config(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => config(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it("names every malformed variable at once and never quotes a secret", () => {
    const problems = variableProblems({ PAGE_CACHE_TTL: "x", GEOCODER_KIND: "x", JWT_SECRET: 42 });
    expect(problems).toHaveLength(3);
    expect(problems[2]).toBe("JWT_SECRET must be a string");
    expect(variableProblems({ PAGE_CACHE_TTL: "60" })).toEqual([]);
  });

  it("gives an env with replaced bindings the settings already parsed, not a second parse", () => {
    const env = { ENVIRONMENT: "development", PAGE_CACHE_TTL: "60", DB: "binding" };
    const settings = config(env);
    const next = withBindings(env, { DB: "session" });
    expect(next).toEqual({ ...env, DB: "session" });
    expect(env.DB).toBe("binding");
    expect(config(next)).toBe(settings);
    // Unparsed before: parsed on its own first use, as any env.
    const fresh = withBindings({ ENVIRONMENT: "production" }, {});
    expect(config(fresh).ENVIRONMENT).toBe("production");
  });
});
