/** The error alert a failed call raises: `messageId` is a key of `locales/*.json`. */
export interface AlertRequest {
  messageId: string;
  values?: Record<string, string>;
}

const ALERT_OF: Partial<Record<number, string>> = {
  401: "alert.unauthorized",
  403: "alert.forbidden",
  404: "alert.notFound",
  500: "alert.serverError",
};

/**
 * SPEC §8: 401, 403 and 404 each have their alert; 500 shows the server's message only when error
 * logging is enabled; other statuses and network failures raise none.
 */
export function alertForStatus(
  status: number,
  serverMessage: string | undefined,
  errorLogging: boolean,
): AlertRequest | null {
  if (status === 500 && errorLogging) {
    return { messageId: "alert.serverErrorDetailed", values: { message: serverMessage ?? "" } };
  }
  const messageId = ALERT_OF[status];
  return messageId ? { messageId } : null;
}
