import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { NOTICE_TIMEOUT_MS } from "#shared/constants.ts";
import { onApiFailure } from "#client/api/api-failures.ts";
import { noticeForStatus } from "./failure-notice.ts";
import { useI18n } from "#client/i18n/intl.tsx";

/** The notices' look and behaviour load with the first notice: most visits never see one. */
const NoticeList = lazy(() => import("./notice-list.tsx"));

/** Product §3 "Notice": type, text, timeout, id. A timeout of 0 keeps the notice until it is closed. */
export interface Notice {
  id: string;
  type: "success" | "info" | "warning" | "error";
  text: string;
  timeout: number;
}

export type NoticeInput = Omit<Notice, "id" | "timeout"> & Partial<Pick<Notice, "id" | "timeout">>;

interface NoticesApi {
  notices: Notice[];
  push: (notice: NoticeInput) => string;
  dismiss: (id: string) => void;
}

const NoticesContext = createContext<NoticesApi | null>(null);

let counter = 0;

/**
 * The page's notices: those a component pushes, and the product §8 notice of every failed API call the
 * browser makes (client/api/api-failures.ts). `errorLogging`: a 500 notice shows the server's message.
 */
export function NoticesProvider({ children, errorLogging = false }: { children: ReactNode; errorLogging?: boolean }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const dismiss = useCallback((id: string) => setNotices((list) => list.filter((a) => a.id !== id)), []);
  const push = useCallback((input: NoticeInput) => {
    const notice: Notice = { timeout: NOTICE_TIMEOUT_MS, ...input, id: input.id ?? `notice-${++counter}` };
    // The same id replaces the earlier notice instead of stacking a duplicate.
    setNotices((list) => [...list.filter((a) => a.id !== notice.id), notice]);
    return notice.id;
  }, []);
  const value = useMemo(() => ({ notices, push, dismiss }), [notices, push, dismiss]);
  const { intl } = useI18n();
  useEffect(
    () =>
      onApiFailure(({ status, serverMessage }) => {
        const notice = noticeForStatus(status, serverMessage, errorLogging);
        if (notice) push({ type: "error", text: intl.formatMessage({ id: notice.textId }, notice.values) });
      }),
    [errorLogging, intl, push],
  );
  return (
    <NoticesContext.Provider value={value}>
      {children}
      {notices.length ? (
        <Suspense fallback={null}>
          <NoticeList notices={notices} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </NoticesContext.Provider>
  );
}

export function useNotices() {
  const value = useContext(NoticesContext);
  if (!value) throw new Error("useNotices outside NoticesProvider");
  return value;
}
