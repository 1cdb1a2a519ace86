/**
 * The listing wizard on the server (decision 033): what `/listing/edit/{id}/` loads for its step
 * and what each step's form post does. Every step posts to the route with `intent` = the step; a saved
 * step redirects to the next one (PRG), a refused one re-renders with the API's field errors.
 */
import { data, redirect } from "react-router";
import type { ApiListingEdit, DuplicateError, EditField } from "#shared/api/listing-edit.ts";
import type { Single } from "#shared/api/conventions.ts";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import { localizePath } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext, type RequestArgs } from "#client/app-context.server.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { photosStepAction, photosStepData } from "./photos-step.server.ts";
import type { WizardData, WizardOptions, WizardResult } from "./wizard-types.ts";
import {
  defaultStep,
  isFieldStep,
  isWizardStep,
  nextStep,
  STEP_PARAM,
  stepFields,
  stepValues,
  type WizardStep,
} from "./wizard-steps.ts";

/** The wizard's options, or the error page when the API does not answer. */
export async function wizardOptions(args: RequestArgs): Promise<WizardOptions> {
  const result = await args.context.get(appContext).api.formOptions();
  if (!result.ok) throw unavailable();
  const { types, heating, cities, listing, address_suggestions } = result.data.data;
  return { types, heating, cities, listing, address_suggestions };
}

const requiredOf = (options: WizardOptions, listing: ApiListingEdit): readonly EditField[] =>
  options.listing.types.find((t) => t.id === listing.type_id)?.required ?? [];

export async function wizardData(args: RequestArgs & { url: URL }, id: number): Promise<WizardData> {
  const { api } = args.context.get(appContext);
  const [edit, options] = await Promise.all([api.listingEdit(id), wizardOptions(args)]);
  if (!edit.ok) {
    // Someone else's listing and a missing one alike (product §6).
    if (edit.status === 404 || edit.status === 403) throw notFound(args.url);
    throw unavailable();
  }
  const listing = edit.data.data;
  const asked = args.url.searchParams.get(STEP_PARAM);
  const step = isWizardStep(asked) ? asked : defaultStep(listing, requiredOf(options, listing));
  const notice = args.url.searchParams.get("notice");
  return {
    id,
    step,
    listing,
    options,
    // The check step shows the photos too.
    photos: step === "photos" || step === "check" ? await photosStepData(args, id) : null,
    notice: notice === "public" || notice === "review" || notice === "changes" ? notice : null,
  };
}

/** `/listing/edit/{id}/?step=…` in the visitor's language. */
function stepPath(args: RequestArgs, id: number, step: WizardStep, extra: Record<string, string> = {}) {
  const { locale } = args.context.get(appContext);
  const query = new URLSearchParams({ [STEP_PARAM]: step, ...extra });
  return `${localizePath(privatePaths.listing.edit(id), locale)}?${query}`;
}

const refused = (result: WizardResult, status: number) => data<WizardResult>(result, { status });

/** A refused API call as the step's field errors (the API's field names are the form's). */
function problem(step: WizardStep, result: FailedResult, values?: Record<string, string>) {
  const fields: Record<string, string> = {};
  for (const name of Object.keys(result.error?.fields ?? {})) fields[name] = name;
  const { fields: mapped, error, status } = formProblem(result, fields);
  return refused({ step, values, fields: mapped, error }, status);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Where the address points, when the owner gave no position of their own (a map pin comes later). */
async function positionOf(args: RequestArgs, options: WizardOptions, values: Record<string, unknown>) {
  const city = options.cities.find((c) => c.slug === values.city);
  const district = city?.districts.find((d) => d.slug === values.district);
  const address = [values.address, district?.name, city?.name].filter(Boolean).join(", ");
  if (!values.address && !city) return null;
  const result = await args.context
    .get(appContext)
    .api.get<Single<Pick<ApiPlaceHit, "lat" | "lng">>>("/api/geocoder/address-info", { address });
  return result.ok ? result.data.data : null;
}

/** A step's form post: saves it and goes on, or re-renders it with what is wrong. */
export async function wizardAction(args: RequestArgs, id: number) {
  const context = args.context.get(appContext);
  const { api } = context;
  const form = await args.request.formData();
  const intent = text(form, "intent");

  if (intent.startsWith("photo-")) {
    const photos = await photosStepAction(args, form, id);
    return refused({ step: "photos", photos }, photos.error ? 400 : 200);
  }

  if (intent === "submit" || intent === "force") {
    const result = intent === "force" ? await api.forceListing(id) : await api.checkListing(id);
    if (result.ok) throw redirect(localizePath(privatePaths.listing.preview(id), context.locale));
    if (result.status === 404) throw notFound(new URL(args.request.url));
    const body = result.error as (DuplicateError["error"] & { code: string }) | undefined;
    if (result.status === 409 && body?.code === "possible_duplicate") {
      return refused({ step: "check", duplicate: { match: body.match, listing: body.listing } }, 409);
    }
    if (result.status === 409) return refused({ step: "check", error: "wizard.check.notSubmittable" }, 409);
    return problem("check", result);
  }

  const current = await api.listingEdit(id);
  if (!current.ok) {
    if (current.status === 404 || current.status === 403) throw notFound(new URL(args.request.url));
    throw unavailable();
  }
  const before = current.data.data;
  const values = Object.fromEntries(
    [...form].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "intent"),
  );

  if (intent === "type") {
    const typeId = Number(text(form, "type_id"));
    const result = await api.editListingType({ id, type_id: typeId });
    if (!result.ok) return problem("type", result, values);
    throw redirect(afterSave(args, id, "type", before, result.data.data));
  }

  if (!isWizardStep(intent) || !isFieldStep(intent)) {
    return refused({ step: "check", error: "form.error.generic" }, 400);
  }
  const options = await wizardOptions(args);
  const body = stepValues(stepFields(intent, before.fields), form);
  if (intent === "params" && body.lat === null && body.lng === null) {
    const position = await positionOf(args, options, body);
    if (position) Object.assign(body, { lat: position.lat, lng: position.lng });
  } else if (
    intent === "params" &&
    body.lat === before.lat &&
    body.lng === before.lng &&
    (body.address !== before.address || body.city !== before.city || body.district !== before.district)
  ) {
    // The stored position was the old address's: it follows the new one.
    const position = await positionOf(args, options, body);
    if (position) Object.assign(body, { lat: position.lat, lng: position.lng });
  }
  const result = await api.editListingStep(intent, { id, ...body });
  if (!result.ok) {
    if (result.status === 404) throw notFound(new URL(args.request.url));
    return problem(intent, result, values);
  }
  throw redirect(afterSave(args, id, intent, before, result.data.data));
}

/** The next step, telling the owner of a published listing whether it is still public. */
function afterSave(args: RequestArgs, id: number, step: WizardStep, before: ApiListingEdit, after: ApiListingEdit) {
  const extra: Record<string, string> = {};
  if (before.status === "active") {
    // New texts of a public listing wait for a moderator (decision 053); other changes are public at once.
    const revised = after.revision?.status === "pending" && after.revision.updated_at !== before.revision?.updated_at;
    extra.notice = after.status !== "active" ? "review" : revised ? "changes" : "public";
  }
  return stepPath(args, id, nextStep(step), extra);
}

/** `/listing/create/`'s type form: a new draft, then its params step. */
export async function createAction(args: RequestArgs) {
  const form = await args.request.formData();
  const typeId = Number(text(form, "type_id"));
  const result = await args.context.get(appContext).api.editListingType({ type_id: typeId });
  if (!result.ok) return problem("type", result, { type_id: text(form, "type_id") });
  throw redirect(stepPath(args, result.data.data.id, "params"));
}
