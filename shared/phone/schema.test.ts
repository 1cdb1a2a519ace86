import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  PHONE_REQUIRED_MESSAGE_ID,
  phoneCountryFieldName,
  phoneFormSchema,
  phoneNumberSchema,
  phoneValueSchema,
} from "./schema.ts";

describe("phoneFormSchema (the widget's fields, also posted without JavaScript)", () => {
  const schema = phoneFormSchema();

  it("accepts a national number with the posted country", () => {
    const result = v.safeParse(schema, { telephone: "061 234 5678", telephone_country: "RS", other: "kept out" });
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({
      valid: true,
      country: "RS",
      number: "+381612345678",
      formatted: "061 2345678",
    });
  });

  it("an international number needs no country field", () => {
    const result = v.safeParse(schema, { telephone: "+44 7400 123456" });
    expect(result.success && result.output?.country).toBe("GB");
  });

  it("reports the reason as a message id", () => {
    const short = v.safeParse(schema, { telephone: "1", telephone_country: "RS" });
    expect(short.success).toBe(false);
    expect(short.issues?.[0]?.message).toBe("phone.invalid.tooShort");
    expect(v.safeParse(schema, { telephone: "abc", telephone_country: "RS" }).issues?.[0]?.message).toBe(
      "phone.invalid.notANumber",
    );
    expect(v.safeParse(schema, { telephone: "061 2345678" }).issues?.[0]?.message).toBe("phone.invalid.invalidCountry");
    expect(v.safeParse(schema, { telephone: "2".repeat(18), telephone_country: "RS" }).issues?.[0]?.message).toBe(
      "phone.invalid.tooLong",
    );
    expect(v.safeParse(schema, { telephone: "", telephone_country: "RS" }).issues?.[0]?.message).toBe(
      PHONE_REQUIRED_MESSAGE_ID,
    );
  });

  it("applies the same options as the widget", () => {
    const onlyRs = phoneFormSchema({ onlyCountries: ["RS"] });
    expect(v.safeParse(onlyRs, { telephone: "+44 7400 123456" }).issues?.[0]?.message).toBe(
      "phone.invalid.countryNotAllowed",
    );
    const chars = phoneFormSchema({ validCharactersOnly: true });
    expect(v.safeParse(chars, { telephone: "+381.61.2345678" }).issues?.[0]?.message).toBe("phone.invalid.characters");
  });

  it("uses the edge country as default and a custom field name", () => {
    const custom = phoneFormSchema({ name: "contact_phone", defaultCountry: "RS" });
    expect(phoneCountryFieldName("contact_phone")).toBe("contact_phone_country");
    expect(v.safeParse(custom, { contact_phone: "061 2345678" }).success).toBe(true);
    expect(v.safeParse(custom, { contact_phone: "061 2345678", contact_phone_country: "US" }).success).toBe(false);
  });

  it("an optional phone may be empty", () => {
    const optional = phoneFormSchema({ required: false });
    expect(v.safeParse(optional, { telephone: "" })).toMatchObject({ success: true, output: undefined });
    expect(v.safeParse(optional, {})).toMatchObject({ success: true, output: undefined });
    expect(v.safeParse(optional, { telephone: "12", telephone_country: "RS" }).success).toBe(false);
  });
});

describe("phoneValueSchema and phoneNumberSchema", () => {
  it("validates a { text, country } value", () => {
    expect(v.safeParse(phoneValueSchema(), { text: "(213) 373-4253", country: "US" }).output).toMatchObject({
      number: "+12133734253",
    });
    expect(v.safeParse(phoneValueSchema(), { text: "(213) 373-4253", country: "GB" }).success).toBe(false);
    expect(v.safeParse(phoneValueSchema(), { text: 5 }).success).toBe(false);
  });

  it("turns a phone string into E.164", () => {
    const schema = phoneNumberSchema({ defaultCountry: "RS" });
    expect(v.parse(schema, "061 234 5678")).toBe("+381612345678");
    expect(v.parse(schema, "+381 61 2345678 ext. 12")).toBe("+381612345678;ext=12");
    expect(v.safeParse(schema, "x".repeat(251)).issues?.[0]?.message).toBe("phone.invalid.tooLong");
  });
});
