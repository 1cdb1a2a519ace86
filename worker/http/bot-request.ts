import type { Context } from "hono";
import { isbot } from "isbot";

/** A crawler, link-preview fetcher or script that says what it is (User-Agent): statistics never count it. */
export const isBotRequest = (c: Context) => isbot(c.req.header("user-agent") ?? "");
