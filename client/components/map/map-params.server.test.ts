import { describe, expect, it } from "vitest";
import { readMapParams } from "./map-params.server.ts";

const read = (qs: string) => readMapParams(new URLSearchParams(qs));

describe("readMapParams", () => {
  it("reads bounds and zoom", () => {
    expect(read("bounds=44.7,20.3,44.9,20.6&zoom=12")).toEqual({ bounds: [44.7, 20.3, 44.9, 20.6], zoom: 12 });
  });

  it("reads the no-JavaScript form's four fields as bounds", () => {
    expect(read("south=44.7&west=20.3&north=44.9&east=20.6")).toEqual({ bounds: [44.7, 20.3, 44.9, 20.6] });
  });

  it("leaves out a box that runs backwards or is not numbers, and a zoom out of range", () => {
    expect(read("bounds=44.9,20.3,44.7,20.6&zoom=30")).toEqual({});
    expect(read("bounds=44.7,20.3,44.9")).toEqual({});
    expect(read("south=44.7&west=20.3&north=x&east=20.6&zoom=")).toEqual({});
  });
});
