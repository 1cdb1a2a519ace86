/**
 * The one place that picks the libphonenumber-js metadata set (docs/decisions/005-phone-metadata.md).
 * Everything in shared/phone/ calls the `libphonenumber-js/core` functions with this object, so switching
 * between the `min`, `max` and `mobile` sets is a one-line change here.
 *
 * `max` is used: product §5 asks for validity "according to per-country patterns", and only `max` carries the
 * national-number patterns of every country (`min` checks lengths only, `mobile` rejects fixed lines that
 * listing contact forms accept). The widget is loaded lazily, so the extra bytes reach only form routes.
 */
import metadata from "libphonenumber-js/max/metadata";

export const phoneMetadata = metadata;
