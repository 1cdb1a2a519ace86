import { useState, type MouseEvent } from "react";
import { Link, useFetcher } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import {
  ALERT_CHOICES,
  type AccountSavedSearch,
  alertChoiceOf,
  type CabinetIntent,
  type CabinetResult,
} from "./saved-search-state.ts";
import { SavedSearchSummary } from "./saved-search-summary.tsx";
import styles from "./saved-searches.module.css";
import { useEachAnswer } from "#client/use-each-answer.ts";

interface Props {
  search: AccountSavedSearch;
  /** The page the card's forms post to (and, without JavaScript, return to). */
  actionUrl: string;
  /** The name's longest length, as the API checks it. */
  nameMax: number;
  /** Without JavaScript a deletion is confirmed on the card itself: this card asks now. */
  confirming: boolean;
  confirmHref: string;
  /** The page's plain form post about this card that the API refused. */
  refused: Extract<CabinetResult, { ok: false }> | null;
  /** An action of this card was answered. */
  onSettled: (result: CabinetResult) => void;
  /** With JavaScript: asks to confirm the deletion, then calls `submit`. */
  onDelete: (search: AccountSavedSearch, submit: () => void) => void;
}

/**
 * A saved search in the cabinet (decision 041): its name (renamable), its filters, the listings new
 * since it was last opened, e-mail alerts (off, daily, instant), open and delete. Each action is a form of
 * its own posting to the page; with JavaScript it posts in the background and the page's data follows.
 */
export function SavedSearchCard(props: Props) {
  const { search, actionUrl, refused, onSettled } = props;
  const { t } = useI18n();
  const lp = useLocalePath();
  const fetcher = useFetcher<CabinetResult>();
  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent") as CabinetIntent | undefined;
  const answer = fetcher.data;
  const failure = !busy && answer && !answer.ok ? answer : refused;

  // The alerts' choice: the person's at once (the radios post on change), the saved one when it comes, or
  // back to it when the post was refused.
  const savedChoice = alertChoiceOf(search);
  const [choice, setChoice] = useState(savedChoice);
  const [known, setKnown] = useState(savedChoice);
  if (known !== savedChoice) {
    setKnown(savedChoice);
    setChoice(savedChoice);
  }
  const [answered, setAnswered] = useState(answer);
  if (answered !== answer) {
    setAnswered(answer);
    if (answer && !answer.ok && answer.intent === "alerts") setChoice(savedChoice);
  }

  useEachAnswer(answer, onSettled);

  const id = `saved-search-${search.id}`;
  const named = (action: string) => t("savedSearches.named", { action, label: search.label });
  const submit = (form: FormData) => {
    form.delete("redirect_to");
    void fetcher.submit(form, { method: "post", action: actionUrl });
  };
  const hidden = (intent: CabinetIntent) => (
    <>
      <input type="hidden" name="id" value={search.id} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirect_to" value={`${actionUrl}#${id}`} />
    </>
  );
  const nameError = failure?.intent === "rename" ? failure.fields.name : undefined;
  const formError = failure && !nameError ? failure.error : undefined;

  return (
    <article
      className={pending === "delete" ? `${styles.card} ${styles.gone}` : styles.card}
      aria-labelledby={id}
      aria-busy={busy || undefined}
      data-testid="saved-search"
      data-id={search.id}
    >
      <div className={styles.cardHead}>
        <h2 id={id} tabIndex={-1} className={styles.title}>
          {pending === "rename" ? String(fetcher.formData?.get("name") ?? "").trim() || search.label : search.label}
        </h2>
        {search.newCount > 0 ? (
          <span className={styles.badge} data-testid="new-count">
            {t(search.newCountCapped ? "savedSearches.newMore" : "savedSearches.new", { count: search.newCount })}
          </span>
        ) : null}
      </div>
      <SavedSearchSummary filters={search.filters} places={search.places} />

      {formError ? (
        <p className={styles.error} role="alert">
          {t(formError)}
        </p>
      ) : null}

      <fetcher.Form
        method="post"
        action={actionUrl}
        className={styles.alerts}
        onSubmit={(event) => {
          event.preventDefault();
          submit(new FormData(event.currentTarget));
        }}
      >
        {hidden("alerts")}
        <fieldset>
          <legend>{t("savedSearches.alerts")}</legend>
          <div className={styles.choices}>
            {ALERT_CHOICES.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="alerts"
                  value={option}
                  checked={choice === option}
                  onChange={(event) => {
                    setChoice(option);
                    event.currentTarget.form?.requestSubmit();
                  }}
                />
                <span>{t(`savedSearches.alerts.${option}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {/* With JavaScript a choice applies at once. */}
        <noscript>
          <button type="submit" className={styles.secondary} aria-label={named(t("savedSearches.alerts.save"))}>
            {t("savedSearches.alerts.save")}
          </button>
        </noscript>
      </fetcher.Form>

      {props.confirming ? (
        <div className={styles.confirm} id={`confirm-${search.id}`} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            <strong>{t("savedSearches.confirm.heading")}</strong>{" "}
            {t("savedSearches.confirm.text", { label: search.label })}
          </p>
          <div className={styles.actions}>
            <fetcher.Form
              method="post"
              action={actionUrl}
              onSubmit={(event) => {
                event.preventDefault();
                submit(new FormData(event.currentTarget));
              }}
            >
              {hidden("delete")}
              <button type="submit" className={styles.danger} aria-label={named(t("savedSearches.confirm.delete"))}>
                {t("savedSearches.confirm.delete")}
              </button>
            </fetcher.Form>
            <Link to={`${actionUrl}#${id}`} className={styles.link}>
              {t("savedSearches.confirm.cancel")}
            </Link>
          </div>
        </div>
      ) : null}

      <div className={styles.actions}>
        <Link to={lp(search.href)} className={styles.primary} aria-label={named(t("savedSearches.open"))}>
          {t("savedSearches.open")}
        </Link>
        <details className={styles.rename} open={Boolean(nameError)}>
          <summary aria-label={named(t("savedSearches.rename"))}>{t("savedSearches.rename")}</summary>
          <fetcher.Form
            method="post"
            action={actionUrl}
            onSubmit={(event) => {
              event.preventDefault();
              event.currentTarget.closest("details")?.removeAttribute("open");
              submit(new FormData(event.currentTarget));
            }}
          >
            {hidden("rename")}
            <label htmlFor={`${id}-name`}>{t("savedSearches.name")}</label>
            <p id={`${id}-name-hint`} className={styles.hintText}>
              {t("savedSearches.nameHint")}
            </p>
            <div className={styles.renameRow}>
              <input
                id={`${id}-name`}
                name="name"
                type="text"
                maxLength={props.nameMax}
                defaultValue={failure?.intent === "rename" ? (failure.name ?? "") : (search.name ?? "")}
                placeholder={search.label}
                aria-describedby={nameError ? `${id}-name-hint ${id}-name-error` : `${id}-name-hint`}
                aria-invalid={nameError ? true : undefined}
              />
              <button type="submit" className={styles.secondary}>
                {t("savedSearches.rename.save")}
              </button>
            </div>
            {nameError ? (
              <p id={`${id}-name-error`} className={styles.error}>
                {t(nameError, { max: props.nameMax })}
              </p>
            ) : null}
          </fetcher.Form>
        </details>
        <Link
          to={props.confirmHref}
          className={styles.deleteLink}
          aria-label={named(t("savedSearches.delete"))}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            props.onDelete(search, () => {
              const form = new FormData();
              form.set("id", String(search.id));
              form.set("intent", "delete");
              submit(form);
            });
          }}
        >
          {t("savedSearches.delete")}
        </Link>
      </div>
    </article>
  );
}
