/**
 * A tooltip's key (`GET /api/tooltip/{key}`, the back office's tooltips): a module of its own, so that the
 * back office's pages take it without the public content API's schemas.
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";

export const TooltipKey = v.pipe(
  v.string(),
  v.maxLength(100, INVALID.tooLong),
  v.regex(/^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*$/, INVALID.format),
);
