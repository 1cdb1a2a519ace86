/**
 * Server-side validation of a submitted phone (product §5, decision 005): the same `validatePhone` the
 * widget runs, as valibot schemas for API bodies and for the widget's form fields (`telephone` and
 * `telephone_country`, which also arrive from the plain no-JavaScript form). An issue's message is the
 * locale message id of the reason (PHONE_ERROR_MESSAGE_IDS), so a form can show it in the visitor's language.
 */
import * as v from "valibot";
import { PHONE_WIDGET_DEFAULTS } from "#shared/phone/constants.ts";
import { PHONE_ERROR_MESSAGE_IDS, type PhoneRules, type PhoneValidation, validatePhone } from "./validate.ts";

export interface PhoneSchemaOptions extends PhoneRules {
  /** Country of national numbers when the submission names none (e.g. the edge country). */
  defaultCountry?: string;
  /** Whether an empty value is an error (default true); when false an empty value passes as `undefined`. */
  required?: boolean;
}

/** Message id for an empty required phone. */
export const PHONE_REQUIRED_MESSAGE_ID = "phone.invalid.required";

/** Name of the country field the widget submits beside the text field. */
export function phoneCountryFieldName(name: string = PHONE_WIDGET_DEFAULTS.name): string {
  return `${name}_country`;
}

/** Validates one value and reports the reason's message id; `undefined` for an allowed empty value. */
function check(
  text: string,
  country: string | undefined,
  options: PhoneSchemaOptions,
  addIssue: (issue: { message: string }) => void,
): ValidPhone | undefined | typeof INVALID {
  const result = validatePhone(text, country ?? options.defaultCountry, options);
  if (result.valid) return result as ValidPhone;
  const empty = text.trim() === "";
  if (empty && options.required === false) return undefined;
  addIssue({ message: empty ? PHONE_REQUIRED_MESSAGE_ID : PHONE_ERROR_MESSAGE_IDS[result.error ?? "INVALID"] });
  return INVALID;
}

const INVALID = Symbol("invalid");

export type ValidPhone = PhoneValidation & { valid: true; number: string };

/**
 * `{ text, country }` (product §3 "Phone input value") → the validation output of a valid number.
 * Fails with the reason's message id.
 */
export function phoneValueSchema(options: PhoneSchemaOptions = {}) {
  return v.pipe(
    v.object({
      text: v.string(),
      country: v.optional(v.string()),
    }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = check(dataset.value.text, dataset.value.country, options, addIssue);
      return result === INVALID ? NEVER : result;
    }),
  );
}

/**
 * A phone string (international, or national in `options.defaultCountry`) → its E.164 form (with
 * `;ext=` when there is an extension). For JSON bodies such as the sign-in request.
 */
export function phoneNumberSchema(options: PhoneSchemaOptions = {}) {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = check(dataset.value, undefined, options, addIssue);
      if (result === INVALID) return NEVER;
      return result && result.number + (result.extension ? `;ext=${result.extension}` : "");
    }),
  );
}

/**
 * The widget's form fields as posted (`telephone`, `telephone_country` by default, or `{name}` and
 * `{name}_country`) → the validation output. Use with `Object.fromEntries(formData)`.
 */
export function phoneFormSchema(options: PhoneSchemaOptions & { name?: string } = {}) {
  const name = options.name ?? PHONE_WIDGET_DEFAULTS.name;
  const countryField = phoneCountryFieldName(name);
  return v.pipe(
    v.looseObject({ [name]: v.optional(v.string(), ""), [countryField]: v.optional(v.string()) }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const text = String(dataset.value[name] ?? "");
      const country = dataset.value[countryField];
      const result = check(text, typeof country === "string" ? country : undefined, options, addIssue);
      return result === INVALID ? NEVER : result;
    }),
  );
}
