import { Link } from "react-router";
import type { ApiTag } from "#shared/api/content.ts";
import { paths } from "#shared/paths.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./article.module.css";

/** Links to tags as a wrapping row of chips; the current one is marked, not linked twice. */
export function TagNav({ tags, label, current }: { tags: readonly ApiTag[]; label: string; current?: number }) {
  const lp = useLocalePath();
  if (!tags.length) return null;
  return (
    <nav className={styles.tags} aria-label={label}>
      <ul>
        {tags.map((tag) => (
          <li key={tag.id}>
            <Link
              to={lp(paths.media(...tag.path))}
              className={styles.tag}
              aria-current={tag.id === current ? "page" : undefined}
            >
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
