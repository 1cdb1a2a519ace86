import type { ComponentProps } from "react";
import { Link } from "react-router";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
// The back office's record pages' own stylesheet, loaded with them.
import styles from "#client/routes/admin/admin-people.module.css";

/**
 * The top of a back-office record page (a person, a listing, an agency): its heading, the way back to its
 * list, what the last action did in a live status line (kept in the page, empty, so that it is announced
 * when it fills) and why an action was refused.
 */
export function RecordIntro({
  pageKey,
  id,
  back,
  confirmation,
  refusal,
  statusTestId,
}: {
  pageKey: ComponentProps<typeof PageIntro>["pageKey"];
  id: number;
  back: { to: string; label: string };
  confirmation: string | null;
  refusal: string | null;
  statusTestId: string;
}) {
  return (
    <>
      <PageIntro pageKey={pageKey} values={{ id }}>
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      </PageIntro>
      <p role="status" className={confirmation ? styles.confirmation : styles.quiet} data-testid={statusTestId}>
        {confirmation ?? ""}
      </p>
      {refusal ? (
        <p role="alert" className={styles.error}>
          {refusal}
        </p>
      ) : null}
    </>
  );
}
