/**
 * The listing wizard's steps (decision 033): their order, which one a listing opens on, and a
 * step's form fields read into the values the edit API takes (shared/api/listing-edit.ts).
 */
import { STEP_FIELDS, type ApiListingEdit, type EditField, type EditStep } from "#shared/api/listing-edit.ts";
import { listingField } from "#shared/listing-fields.ts";

/** In the order of product §7; `check` submits. */
export const WIZARD_STEPS = ["type", "params", "description", "conditions", "photos", "check"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The query parameter naming the step shown (`/listing/edit/5/?step=params`). */
export const STEP_PARAM = "step";

export const isWizardStep = (value: unknown): value is WizardStep =>
  typeof value === "string" && (WIZARD_STEPS as readonly string[]).includes(value);

export const isFieldStep = (step: WizardStep): step is EditStep => step in STEP_FIELDS;

export const nextStep = (step: WizardStep): WizardStep =>
  WIZARD_STEPS[Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1)]!;
export const previousStep = (step: WizardStep): WizardStep | null =>
  WIZARD_STEPS[WIZARD_STEPS.indexOf(step) - 1] ?? null;

/** The step that sets a field (`type_id` is the type step's). */
export function stepOfField(field: string): WizardStep {
  for (const [step, fields] of Object.entries(STEP_FIELDS) as [EditStep, readonly string[]][]) {
    if (fields.includes(field)) return step;
  }
  return field === "type_id" ? "type" : "check";
}

/** The fields of a step that this listing's type has, in the step's order. */
export const stepFields = (step: EditStep, typeFields: readonly EditField[]): EditField[] =>
  STEP_FIELDS[step].filter((f) => typeFields.includes(f));

/** Required fields still empty, by step (a title is generated, so it is never the owner's to fill). */
export function missingByStep(
  listing: Pick<ApiListingEdit, EditField>,
  required: readonly EditField[],
): Partial<Record<WizardStep, EditField[]>> {
  const missing: Partial<Record<WizardStep, EditField[]>> = {};
  for (const field of required) {
    if (listing[field] !== null) continue;
    (missing[stepOfField(field)] ??= []).push(field);
  }
  return missing;
}

/** Fields that have a value before the owner touches them (a default, a generated title). */
const PRESET: readonly EditField[] = ["location_precision", "title"];

/**
 * Whether the owner has been through a field step: it holds something of theirs. The stepper marks a
 * step (done, or required fields missing) only then, not before the owner got there.
 */
export function stepTried(
  listing: Pick<ApiListingEdit, EditField | "fields" | "title_generated">,
  step: EditStep,
): boolean {
  const own = stepFields(step, listing.fields).filter((f) => !PRESET.includes(f));
  return own.some((f) => listing[f] !== null) || (step === "description" && !listing.title_generated);
}

/** Where a listing opens without `?step=`: the first step with a missing required field, else the check. */
export function defaultStep(listing: Pick<ApiListingEdit, EditField>, required: readonly EditField[]): WizardStep {
  const missing = missingByStep(listing, required);
  return WIZARD_STEPS.find((step) => missing[step]?.length) ?? "check";
}

const SPACES = /[\s\u00a0\u202f'’_]/g;

/**
 * A number as people type it: "145 000", "145.000", "145,000", "1,5", "44.80". Thousands groups are
 * told from a decimal part by the last separator and the three digits after it; `decimal` fields
 * (coordinates) read a single separator as the decimal point whatever follows. Null when empty; the
 * text itself when it is no number, so the API names the field (validation.number).
 */
export function parseNumber(text: string, { decimal = false }: { decimal?: boolean } = {}): number | null | string {
  const raw = text.replace(SPACES, "");
  if (raw === "") return null;
  if (!/^[-+]?[\d.,]+$/.test(raw)) return text;
  const last = Math.max(raw.lastIndexOf("."), raw.lastIndexOf(","));
  let normal: string;
  if (last < 0) normal = raw;
  else {
    const separators = raw.match(/[.,]/g)!;
    const mixed = new Set(separators).size > 1;
    const grouping = !decimal && !mixed && (separators.length > 1 || raw.length - last - 1 === 3);
    normal = grouping ? raw.replace(/[.,]/g, "") : raw.slice(0, last).replace(/[.,]/g, "") + "." + raw.slice(last + 1);
  }
  const value = Number(normal);
  return Number.isFinite(value) && /\d/.test(normal) ? value : text;
}

/** A yes/no field's form values; the empty one is "not given". */
export const FLAG_VALUES = { yes: "yes", no: "no" } as const;

/** A step's posted fields as the edit API's values: empty clears a field (null), numbers parsed. */
export function stepValues(fields: readonly EditField[], form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const posted = form.get(field);
    const text = typeof posted === "string" ? posted.trim() : "";
    const { kind } = listingField(field);
    if (kind === "number" || kind === "decimal") values[field] = parseNumber(text, { decimal: kind === "decimal" });
    else if (kind === "flag") values[field] = text === FLAG_VALUES.yes ? true : text === FLAG_VALUES.no ? false : null;
    else values[field] = text === "" ? null : text;
  }
  return values;
}
