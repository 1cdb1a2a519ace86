import { data, Form, Link, redirect } from "react-router";
import { AGENCY_ROLES, type AgencyRole, type ApiMyAgency } from "#shared/api/agency.ts";
import { ACCOUNT_LIMITS } from "#shared/api/auth.ts";
import { paths } from "#shared/paths.ts";
import { agencyPath } from "#shared/agency-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.server.ts";
import { Field, messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireUser } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/agency";
import styles from "./agency.module.css";
import { FeedPhotoProblems } from "./agency-feed-photos.tsx";
import { AgencyFeeds } from "./agency-feeds.tsx";
import { AgencyProfile, NameAndLicence, PROFILE_FIELDS, profileBody } from "./agency-profile.tsx";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(
  ["cabinetAgency"],
  "cabinetAgency",
  "validation",
  "auth.invalid",
  "feed",
  "feedPhoto",
  "agencyLanguage",
  "photo.error",
  "phone.invalid",
);

/** Runs of each feed the page shows. */
const FEED_RUNS_SHOWN = 10;

const INTENTS = [
  "create",
  "invite",
  "accept",
  "remove",
  "add_feed",
  "remove_feed",
  "profile",
  "logo",
  "remove_logo",
] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => INTENTS.includes(value as Intent);
const isRole = (value: unknown): value is AgencyRole => AGENCY_ROLES.includes(value as AgencyRole);

/** A refusal of the API's as the page words it (its code), or null for the generic wording. */
const CODE_MESSAGES: Record<string, string> = {
  already_member: "cabinetAgency.error.alreadyMember",
  last_manager: "cabinetAgency.error.lastManager",
  licence_holder: "cabinetAgency.error.licenceHolder",
  invite_invalid: "cabinetAgency.error.inviteInvalid",
  invite_other_email: "cabinetAgency.error.inviteOtherEmail",
};

interface AgencyResult {
  ok: boolean;
  intent: Intent | null;
  error?: string;
  fields?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

/**
 * The cabinet's agency page (decision 098), signed-in accounts only: founding an agency, or — for its
 * members — the agency and (for managers) its members, inviting by e-mail and removing. `?invite={token}`
 * (the invitation's link) offers to join; `?done={intent}` says what a form post did. Plain form posts.
 * Members see the agency's feeds with their last run's report; managers add and remove them (decision 100).
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const url = new URL(args.request.url);
  const result = await args.context.get(appContext).api.myAgency();
  if (!result.ok) throw unavailable();
  const done = url.searchParams.get("done");
  const agency = result.data.data;
  const { api } = args.context.get(appContext);
  const feeds = agency ? await api.agencyFeeds() : null;
  if (feeds && !feeds.ok) throw unavailable();
  // Each feed's newest runs: the last in full, the earlier ones folded (the API keeps more).
  const runs = await Promise.all(
    (feeds?.data.data ?? []).map(async (feed) => {
      const result = await api.agencyFeedRuns(feed.id);
      if (!result.ok) throw unavailable();
      return { ...feed, runs: result.data.data.slice(0, FEED_RUNS_SHOWN) };
    }),
  );
  // The photos the feeds name that could not be fetched (decision 102).
  const photoProblems = agency ? await api.agencyFeedPhotoProblems() : null;
  if (photoProblems && !photoProblems.ok) throw unavailable();
  return {
    agency,
    feeds: runs,
    photoProblems: photoProblems?.data.data ?? null,
    invite: url.searchParams.get("invite")?.slice(0, 100) ?? null,
    done: isIntent(done) ? done : null,
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinetAgency", {}, { indexable: false });

function refusal(result: FailedResult, intent: Intent, values: Record<string, string>) {
  const problem = formProblem(result, {
    name: "name",
    licence_number: "licence_number",
    email: "email",
    role: "role",
    url: "url",
    ...PROFILE_FIELDS,
  });
  const coded = result.error?.code ? CODE_MESSAGES[result.error.code] : undefined;
  return data<AgencyResult>(
    { ok: false, intent, error: coded ?? problem.error, fields: coded ? {} : problem.fields, values },
    { status: problem.status },
  );
}

export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 1_000);
  const bad = () =>
    data<AgencyResult>(
      { ok: false, intent: isIntent(intent) ? intent : null, error: "form.error.generic" },
      { status: 400 },
    );
  if (!isIntent(intent)) return bad();
  const { api } = args.context.get(appContext);
  let values: Record<string, string> = {};
  let result;
  switch (intent) {
    case "create":
      values = { name: text("name"), licence_number: text("licence_number") };
      result = await api.createAgency({ name: values.name!, licence_number: values.licence_number! });
      break;
    case "invite": {
      const role = form.get("role");
      values = { email: text("email") };
      if (!isRole(role)) return bad();
      result = await api.inviteAgencyMember({ email: values.email!, role });
      break;
    }
    case "accept":
      result = await api.acceptAgencyInvite(text("token"));
      break;
    case "remove": {
      const id = parseId(text("user_id"));
      if (!id) return bad();
      result = await api.removeAgencyMember(id);
      break;
    }
    case "add_feed":
      values = { url: String(form.get("url") ?? "").slice(0, 4_000) };
      result = await api.addAgencyFeed(values.url!);
      break;
    case "remove_feed": {
      const id = parseId(text("feed_id"));
      if (!id) return bad();
      result = await api.removeAgencyFeed(id);
      break;
    }
    case "profile": {
      const body = profileBody(form);
      // Shown again as sent (the empty ones left out), so the API's `phones.{i}` names the right box.
      values = {
        name: body.name,
        licence_number: body.licence_number,
        address: body.address ?? "",
        website: body.website ?? "",
        languages: body.languages.join(","),
        ...Object.fromEntries(body.phones.map((phone, i) => [`phones.${i}`, phone])),
      };
      result = await api.updateAgency(body);
      break;
    }
    case "logo": {
      // An empty file input still posts one nameless, empty file.
      const file = form.get("image");
      if (typeof file === "string" || !file?.size) {
        return data<AgencyResult>(
          { ok: false, intent, fields: { image: "auth.invalid.imageMissing" } },
          { status: 400 },
        );
      }
      const upload = new FormData();
      upload.set("image", file);
      result = await api.updateAgencyLogo(upload);
      break;
    }
    case "remove_logo":
      result = await api.removeAgencyLogo();
      break;
  }
  if (!result.ok) return refusal(result, intent, values);
  throw redirect(`${new URL(args.request.url).pathname}?done=${intent}`);
}

function Refused({ result, intent }: { result: AgencyResult | undefined; intent: Intent }) {
  const { t } = useI18n();
  if (!result || result.ok || result.intent !== intent || !result.error) return null;
  return (
    <p role="alert" className={styles.lead}>
      {messageOf(t, result.error)}
    </p>
  );
}

function Found({ result }: { result: AgencyResult | undefined }) {
  const { t } = useI18n();
  const values = result?.intent === "create" ? result.values : undefined;
  return (
    <section className={styles.section} aria-labelledby="agency-found">
      <h2 id="agency-found">{t("cabinetAgency.found.heading")}</h2>
      <p className={styles.lead}>{t("cabinetAgency.found.lead")}</p>
      <Refused result={result} intent="create" />
      <Form method="post" className={styles.form}>
        <NameAndLicence
          name={values?.name ?? ""}
          licenceNumber={values?.licence_number ?? ""}
          error={(field) => (result?.intent === "create" ? result.fields?.[field] : undefined)}
        />
        <button type="submit" name="intent" value="create" className={styles.primary}>
          {t("cabinetAgency.found.submit")}
        </button>
      </Form>
    </section>
  );
}

function Join({ token, result }: { token: string; result: AgencyResult | undefined }) {
  const { t } = useI18n();
  return (
    <section className={styles.section} aria-labelledby="agency-join">
      <h2 id="agency-join">{t("cabinetAgency.join.heading")}</h2>
      <p className={styles.lead}>{t("cabinetAgency.join.lead")}</p>
      <Refused result={result} intent="accept" />
      <Form method="post" className={styles.form}>
        <input type="hidden" name="token" value={token} />
        <button type="submit" name="intent" value="accept" className={styles.primary}>
          {t("cabinetAgency.join.submit")}
        </button>
      </Form>
    </section>
  );
}

function Members({ agency, result }: { agency: ApiMyAgency; result: AgencyResult | undefined }) {
  const { t } = useI18n();
  const invite = result?.intent === "invite" ? result : undefined;
  return (
    <>
      <section className={styles.section} aria-labelledby="agency-members">
        <h2 id="agency-members">{t("cabinetAgency.members.heading")}</h2>
        <Refused result={result} intent="remove" />
        <ul data-testid="agency-members" className={styles.members}>
          {(agency.members ?? []).map((member) => (
            <li key={member.user_id} data-id={member.user_id}>
              {member.name ?? t("cabinetAgency.members.unnamed")} — {t(`cabinetAgency.role.${member.role}`)}{" "}
              <Form method="post">
                <input type="hidden" name="user_id" value={member.user_id} />
                <button type="submit" name="intent" value="remove" className={styles.secondary}>
                  {t("cabinetAgency.members.remove", { name: member.name ?? "" })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="agency-invite">
        <h2 id="agency-invite">{t("cabinetAgency.invite.heading")}</h2>
        <p className={styles.lead}>{t("cabinetAgency.invite.lead")}</p>
        <Refused result={result} intent="invite" />
        <Form method="post" className={styles.form}>
          <Field label={t("cabinetAgency.invite.email")} error={invite?.fields?.email}>
            {(props) => (
              <input
                {...props}
                className={styles.input}
                type="email"
                name="email"
                autoComplete="off"
                required
                maxLength={ACCOUNT_LIMITS.email.maxLength}
                defaultValue={invite?.values?.email ?? ""}
              />
            )}
          </Field>
          <Field label={t("cabinetAgency.invite.role")} error={invite?.fields?.role}>
            {(props) => (
              <select {...props} name="role" className={styles.input} defaultValue="agent">
                {AGENCY_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`cabinetAgency.role.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" name="intent" value="invite" className={styles.primary}>
            {t("cabinetAgency.invite.submit")}
          </button>
        </Form>
      </section>
    </>
  );
}

export default function CabinetAgency({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { agency, feeds, photoProblems, invite, done } = loaderData;
  return (
    <>
      <PageIntro pageKey="cabinetAgency" />
      {done ? (
        <p role="status" className={styles.lead} data-testid="agency-done">
          {t(`cabinetAgency.done.${done}`)}
        </p>
      ) : null}
      {agency ? (
        <p className={styles.current} data-testid="agency-current">
          {t("cabinetAgency.current", {
            name: agency.name ?? agency.slug,
            role: t(`cabinetAgency.role.${agency.role}`),
          })}{" "}
          <Link to={lp(paths.cabinet.main())}>{t("cabinetAgency.listings")}</Link>{" "}
          {/* Its public page (decision 103): answers 404 until the agency is public (a name, a live account). */}
          <Link to={lp(agencyPath(agency.slug))} data-testid="agency-public-page">
            {t("cabinetAgency.publicPage")}
          </Link>
        </p>
      ) : null}
      <div className={styles.sections}>
        {invite && !agency ? <Join token={invite} result={actionData} /> : null}
        {agency?.profile ? <AgencyProfile agency={agency} profile={agency.profile} result={actionData} /> : null}
        {agency?.role === "manager" ? <Members agency={agency} result={actionData} /> : null}
        {agency ? <AgencyFeeds feeds={feeds} manager={agency.role === "manager"} result={actionData} /> : null}
        {photoProblems ? <FeedPhotoProblems problems={photoProblems} /> : null}
        {agency ? null : <Found result={actionData} />}
      </div>
    </>
  );
}
