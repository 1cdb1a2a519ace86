import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { PHONE_DROPDOWN_MIN_SPACE_BELOW_PX } from "#shared/phone/constants.ts";
import type { Locale } from "#shared/locales.ts";
import { type CountryListEntry, flagEmoji, searchCountries, typeAheadMatch } from "#shared/phone/countries.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./phone-input.module.css";
import { useTypeAhead } from "./use-type-ahead.ts";

export type DropdownPlacement = "above" | "below";

/** Product §2/§9: the list opens below only when more than 200 px remain beneath the field, else above. */
export function dropdownPlacement(spaceBelowPx: number): DropdownPlacement {
  return spaceBelowPx > PHONE_DROPDOWN_MIN_SPACE_BELOW_PX ? "below" : "above";
}

/** Space between the bottom of an element and the bottom of the viewport. */
function spaceBelow(element: Element): number {
  const rect = element.getBoundingClientRect();
  return window.innerHeight - rect.bottom;
}

const PAGE_STEP = 10;

export interface CountryDropdownProps {
  entries: readonly CountryListEntry[];
  preferredCount: number;
  country: string | undefined;
  onSelect: (iso2: CountryListEntry["iso2"]) => void;
  /** The field the list is placed against (its space below decides the side). */
  anchorRef: RefObject<HTMLElement | null>;
  showDialCode: boolean;
  showFlags: boolean;
  searchBox: boolean;
  disabled?: boolean;
  locale: Locale;
  /** Where Tab goes from the open list (the phone field); Shift+Tab returns to the button. */
  onTabForward?: () => void;
}

/**
 * The country selector: a button (aria-haspopup="listbox", aria-expanded) opening a listbox whose options
 * carry aria-selected; focus stays on the listbox and aria-activedescendant names the highlighted option.
 * Keys: arrows, Home/End, PageUp/PageDown, Enter or Space to choose, Escape to close, letters to jump
 * (type-ahead). A pointer press outside closes it.
 */
export function CountryDropdown(props: CountryDropdownProps) {
  const {
    entries,
    preferredCount,
    country,
    onSelect,
    anchorRef,
    showDialCode,
    showFlags,
    searchBox,
    disabled,
    locale,
    onTabForward,
  } = props;
  const { t } = useI18n();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (iso2: string) => `${baseId}-option-${iso2}`;
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<DropdownPlacement>("below");
  const [activeIndex, setActiveIndex] = useState(-1);
  const [search, setSearch] = useState("");
  const typeAhead = useTypeAhead();

  const visible = useMemo(
    () => (searchBox && search ? searchCountries(entries, search, locale) : entries),
    [entries, search, searchBox, locale],
  );
  const current = entries.find((e) => e.iso2 === country);
  const active = visible[activeIndex];

  function openList() {
    if (disabled) return;
    const anchor = anchorRef.current ?? containerRef.current;
    setPlacement(anchor ? dropdownPlacement(spaceBelow(anchor)) : "below");
    setSearch("");
    setActiveIndex(
      Math.max(
        0,
        entries.findIndex((e) => e.iso2 === country),
      ),
    );
    typeAhead.reset();
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    typeAhead.reset();
    if (focusButton) buttonRef.current?.focus();
  }

  function choose(index: number) {
    const entry = visible[index];
    if (!entry) return;
    setOpen(false);
    typeAhead.reset();
    onSelect(entry.iso2);
  }

  // Focus moves into the open list (or its search box); the highlighted option is kept in view.
  useLayoutEffect(() => {
    if (!open) return;
    (searchBox ? searchRef.current : listRef.current)?.focus();
  }, [open, searchBox]);
  useEffect(() => {
    if (!open || !active) return;
    const element = document.getElementById(optionId(active.iso2));
    element?.scrollIntoView?.({ block: "nearest" });
  });

  // A press anywhere outside the selector closes it.
  const closeOutside = useEffectEvent((event: Event) => {
    if (containerRef.current && event.target instanceof Node && !containerRef.current.contains(event.target))
      close(false);
  });
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => closeOutside(event);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("mousedown", onPointerDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("mousedown", onPointerDown);
    };
  }, [open]);

  function jumpTo(char: string) {
    const query = typeAhead.push(char);
    const index = typeAheadMatch(visible, query, Math.max(activeIndex, 0), locale);
    if (index !== -1) setActiveIndex(index);
  }

  function onListKeyDown(event: KeyboardEvent<HTMLElement>) {
    const last = visible.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActiveIndex(Math.max(0, Math.min(last, index)));
    };
    switch (event.key) {
      case "ArrowDown":
        return move(activeIndex + 1);
      case "ArrowUp":
        return move(activeIndex - 1);
      case "Home":
        if (event.currentTarget !== listRef.current) return;
        return move(0);
      case "End":
        if (event.currentTarget !== listRef.current) return;
        return move(last);
      case "PageDown":
        return move(activeIndex + PAGE_STEP);
      case "PageUp":
        return move(activeIndex - PAGE_STEP);
      case "Enter":
        event.preventDefault();
        return choose(activeIndex);
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case "Tab":
        // The list disappears, so focus is moved explicitly instead of from an element that is gone.
        event.preventDefault();
        close(event.shiftKey || !onTabForward);
        if (!event.shiftKey) onTabForward?.();
        return;
      case " ":
        if (event.currentTarget !== listRef.current) return;
        event.preventDefault();
        // Space continues a type-ahead query ("United K…"), otherwise it chooses.
        if (typeAhead.pending()) return jumpTo(" ");
        return choose(activeIndex);
    }
    if (
      event.currentTarget === listRef.current &&
      event.key.length === 1 &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      jumpTo(event.key);
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openList();
    }
  }

  const dial = current ? `+${current.dialCode}` : "";
  return (
    <div className={styles.dropdown} ref={containerRef}>
      <button
        type="button"
        ref={buttonRef}
        className={styles.countryButton}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={
          current ? t("phone.country.button", { country: current.name, dialCode: dial }) : t("phone.country.none")
        }
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        {showFlags && current ? (
          <span className={styles.flag} aria-hidden="true">
            {flagEmoji(current.iso2)}
          </span>
        ) : null}
        {showDialCode && current ? <span className={styles.buttonDial}>{dial}</span> : null}
        {!current ? <span className={styles.buttonDial}>{t("phone.country.short")}</span> : null}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      {open ? (
        <div className={styles.popup} data-placement={placement} data-testid="phone-country-popup">
          {searchBox ? (
            <input
              ref={searchRef}
              type="search"
              className={styles.search}
              value={search}
              placeholder={t("phone.country.search")}
              aria-label={t("phone.country.search")}
              aria-controls={listId}
              aria-activedescendant={active ? optionId(active.iso2) : undefined}
              autoComplete="off"
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setActiveIndex(0);
              }}
              onKeyDown={onListKeyDown}
            />
          ) : null}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            tabIndex={-1}
            className={styles.list}
            aria-label={t("phone.country.list")}
            aria-activedescendant={active ? optionId(active.iso2) : undefined}
            onKeyDown={onListKeyDown}
          >
            {visible.map((entry, index) => (
              <li
                key={entry.iso2}
                id={optionId(entry.iso2)}
                role="option"
                aria-selected={index === activeIndex}
                data-current={entry.iso2 === country || undefined}
                className={[
                  styles.option,
                  index === activeIndex ? styles.optionActive : "",
                  !search && index === preferredCount - 1 ? styles.lastPreferred : "",
                ].join(" ")}
                onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
                onClick={() => choose(index)}
              >
                {showFlags ? (
                  <span className={styles.flag} aria-hidden="true">
                    {flagEmoji(entry.iso2)}
                  </span>
                ) : null}
                <span className={styles.optionName}>{entry.name}</span>
                {showDialCode ? <span className={styles.optionDial}>+{entry.dialCode}</span> : null}
              </li>
            ))}
            {visible.length === 0 ? (
              <li role="option" aria-selected={false} aria-disabled="true" className={styles.empty}>
                {t("phone.country.noResults")}
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
