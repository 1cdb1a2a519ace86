import { Suspense } from "react";
import { lazyComponent } from "#client/lazy-component.tsx";
import styles from "./site-footer.module.css";

// Rendered in place by the server; its code loads after the first load (the stylesheet comes with this one).
const SiteFooterLinks = lazyComponent(() => import("./site-footer-links.tsx"));

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <Suspense fallback={null}>
          <SiteFooterLinks noteClassName={styles.note} />
        </Suspense>
      </div>
    </footer>
  );
}
