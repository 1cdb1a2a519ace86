/**
 * `GET /api/cabinet/messages/live` (decision 039): the query of the live channel's socket
 * (shared/live-protocol.ts). Without `conversation_id` it opens the signed-in person's channel; with it,
 * that conversation's, and `after` asks first for every message after that id.
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import { IdParam } from "./conventions.ts";

export const LiveQuery = v.pipe(
  v.object({ conversation_id: v.optional(IdParam), after: v.optional(IdParam) }),
  // What a page missed is a conversation's messages: a person's channel has no `after`.
  v.forward(
    v.check((query) => query.after === undefined || query.conversation_id !== undefined, INVALID.notApplicable),
    ["after"],
  ),
);
