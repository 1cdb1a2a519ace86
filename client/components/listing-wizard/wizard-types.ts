/** What the wizard's server part (wizard.server.ts) hands its pages. */
import type { ApiListingEdit, DuplicateError } from "#shared/api/listing-edit.ts";
import type { FormOptions } from "#shared/api/realty.ts";
import type { PhotosActionResult, PhotosStepData } from "./photos-step-types.ts";
import type { WizardStep } from "./wizard-steps.ts";

/** The parts of `GET /api/form-data` the wizard draws its fields from. */
export type WizardOptions = Pick<FormOptions, "types" | "heating" | "cities" | "listing" | "address_suggestions">;

export interface WizardData {
  id: number;
  step: WizardStep;
  listing: ApiListingEdit;
  options: WizardOptions;
  photos: PhotosStepData | null;
  /** After a save: whether an active listing stays public or went back to review. */
  notice: "public" | "review" | "changes" | null;
}

/** What a refused post shows. */
export interface WizardResult {
  step: WizardStep;
  /** What was posted, to fill the fields again. */
  values?: Record<string, string>;
  /** Field → message id. */
  fields?: Partial<Record<string, string>>;
  error?: string;
  /** `check`: the listing this one looks like, and what matched. */
  duplicate?: Pick<DuplicateError["error"], "match" | "listing">;
  photos?: PhotosActionResult;
}
