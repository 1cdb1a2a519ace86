/** Free text as schemas keep it (decision 051): the steps that drop what no text keeps (`unseen-text.ts`). */
import * as v from "valibot";
import { stripUnseen, stripUnseenLine } from "./unseen-text.ts";

/** A schema step: multi-line free text as kept (put before `v.trim()`). */
export const plainText = () => v.transform(stripUnseen);
/** A schema step: one line of free text as kept (put before `v.trim()`). */
export const plainLine = () => v.transform(stripUnseenLine);
