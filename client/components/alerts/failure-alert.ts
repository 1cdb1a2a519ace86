/** An alert the client asks for; `messageId` is a key of `locales/*.json`. */
export interface AlertRequest {
  type: "error";
  messageId: string;
  values?: Record<string, string>;
}

/**
 * SPEC §8: 401, 403 and 404 each have their alert; 500 shows the server's message only when error
 * logging is enabled; other statuses and network failures raise none.
 */
export function alertForStatus(
  status: number,
  serverMessage: string | undefined,
  errorLogging: boolean,
): AlertRequest | null {
  switch (status) {
    case 401:
      return { type: "error", messageId: "alert.unauthorized" };
    case 403:
      return { type: "error", messageId: "alert.forbidden" };
    case 404:
      return { type: "error", messageId: "alert.notFound" };
    case 500:
      return errorLogging
        ? { type: "error", messageId: "alert.serverErrorDetailed", values: { message: serverMessage ?? "" } }
        : { type: "error", messageId: "alert.serverError" };
    default:
      return null;
  }
}
