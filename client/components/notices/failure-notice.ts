/** The error notice a failed call raises: `textId` is a key of `locales/*.json`. */
export interface NoticeRequest {
  textId: string;
  values?: Record<string, string>;
}

const NOTICE_OF: Partial<Record<number, string>> = {
  401: "notice.unauthorized",
  403: "notice.forbidden",
  404: "notice.notFound",
  500: "notice.serverError",
};

/**
 * Product §8: 401, 403 and 404 each have their notice; 500 shows the server's message only when error
 * logging is enabled; other statuses and network failures raise none.
 */
export function noticeForStatus(
  status: number,
  serverMessage: string | undefined,
  errorLogging: boolean,
): NoticeRequest | null {
  if (status === 500 && errorLogging) {
    return { textId: "notice.serverErrorDetailed", values: { message: serverMessage ?? "" } };
  }
  const textId = NOTICE_OF[status];
  return textId ? { textId } : null;
}
