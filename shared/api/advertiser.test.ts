import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { advertiserOf, LicenceNumber, UpdateAdvertiserBody } from "./advertiser.ts";

describe("a licence number of the register of brokers", () => {
  it("accepts the forms agencies read from the register and its decisions", () => {
    for (const [typed, kept] of [
      ["123", "123"],
      [" 0042 ", "0042"],
      ["360-00-00123/2014-10", "360-00-00123/2014-10"],
      ["Rešenje br. 360-00-123/2015-10", "Rešenje br. 360-00-123/2015-10"],
      ["Решење бр. 360-00-123/2015", "Решење бр. 360-00-123/2015"],
      ["RP  1234", "RP 1234"],
      ["br: 55", "br: 55"],
    ]) {
      expect(v.parse(LicenceNumber, typed)).toBe(kept);
    }
  });

  it("refuses what no register number looks like", () => {
    for (const bad of ["", "   ", "no digits", "12<b>", "-12", "1".repeat(41), "12; DROP"]) {
      expect(v.safeParse(LicenceNumber, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("the advertiser of a body", () => {
  it("an agency needs its name; an owner's agency fields are dropped; empty means none", () => {
    const parse = (body: object) => v.safeParse(UpdateAdvertiserBody, body);
    const missing = parse({ advertiser_type: "agency", licence_number: "12" });
    expect(missing.success).toBe(false);
    expect(missing.issues?.[0]?.path?.[0]?.key).toBe("agency_name");
    const owner = parse({ advertiser_type: "owner", agency_name: "Kept?", licence_number: "12" });
    expect(advertiserOf(owner.output as never)).toEqual({
      advertiser_type: "owner",
      agency_name: null,
      licence_number: null,
    });
    const agency = parse({ advertiser_type: "agency", agency_name: "Dom", licence_number: "" });
    expect(advertiserOf(agency.output as never)).toEqual({
      advertiser_type: "agency",
      agency_name: "Dom",
      licence_number: null,
    });
    // No type is a private owner.
    expect(advertiserOf(parse({}).output as never).advertiser_type).toBe("owner");
  });
});
