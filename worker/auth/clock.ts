// Moved to #worker/http/request-clock.ts; kept only while client/components/auth-dialog/auth-action.server.ts
// imports it from here. Delete once that import is switched.
export { debugClock } from "#worker/http/request-clock.ts";
