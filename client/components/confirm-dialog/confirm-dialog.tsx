import { type ReactNode, useEffect, useRef } from "react";
import styles from "./confirm-dialog.module.css";

interface Props {
  /** Asked: the dialog opens as a modal; no longer asked, it closes. */
  open: boolean;
  /** The heading's id, which names the dialog. */
  id: string;
  heading: ReactNode;
  /** What confirming does, in a paragraph or more. */
  children: ReactNode;
  cancel: string;
  confirm: string;
  /** Called once the dialog is closed, so the focus is back on the page and may be moved from there. */
  onConfirm: () => void;
  /** The dialog closed, however: Cancel, Escape, or confirmed. */
  onClose: () => void;
}

/**
 * A confirmation asked with JavaScript before a destructive action: a native modal `<dialog>` (focus kept
 * inside, Escape cancels, focus back to the page on closing). Without JavaScript the pages ask on the page
 * itself, a step with its own form.
 */
export function ConfirmDialog({ open, id, heading, children, cancel, confirm, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={id} onClose={onClose}>
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      {children}
      <form method="dialog" className={styles.buttons}>
        <button type="submit" value="cancel" className={styles.cancel}>
          {cancel}
        </button>
        <button
          type="button"
          className={styles.confirm}
          onClick={() => {
            dialog.current?.close();
            onConfirm();
          }}
        >
          {confirm}
        </button>
      </form>
    </dialog>
  );
}
