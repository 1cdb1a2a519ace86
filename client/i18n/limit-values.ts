import type { Limits } from "#shared/validation.ts";

/** The values a validation message (`validation.tooLong` …) of a field with these limits is formatted with. */
export function limitValues(limits: Limits): Record<string, number> {
  const values: Record<string, number> = {};
  if (limits.minLength !== undefined) values.min = limits.minLength;
  if (limits.maxLength !== undefined) values.max = limits.maxLength;
  if (limits.minValue !== undefined) values.min = limits.minValue;
  if (limits.maxValue !== undefined) values.max = limits.maxValue;
  return values;
}
