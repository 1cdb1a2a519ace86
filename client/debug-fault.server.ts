/**
 * Development-only fault injection, so tests can prove that an unhandled loader or render error ends
 * on the "Service is temporarily unavailable" screen with status 500. Production ignores the header.
 */
const DEBUG_FAULT_HEADER = "x-debug-fault";
export type DebugFault = "loader" | "render" | null;

export function debugFault(request: Request, development: boolean): DebugFault {
  if (!development) return null;
  const value = request.headers.get(DEBUG_FAULT_HEADER);
  return value === "loader" || value === "render" ? value : null;
}
