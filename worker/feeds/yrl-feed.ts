/**
 * Reading a Yandex Realty (YRL) XML feed as it streams in (decision 097): the fetch body is decoded and
 * parsed chunk by chunk (saxes: strict XML, no DTD entities expanded, no DOM), and each `<offer>` is
 * kept as the text of its elements, by path. What the values mean is yrl-offer.ts's job.
 *
 * Limits are enforced while reading, so a hostile or broken feed costs at most `maxBytes` of reading:
 * the whole feed's bytes, the number of offers and the depth of elements stop the reading with a problem;
 * an over-long value or an offer of too many elements marks that offer only. An offer is taken whole or
 * not at all: one cut off by a problem is not returned.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { FEED_MAX_BYTES } from "#shared/constants.ts";

export interface YrlLimits {
  /** The feed's bytes as received (50 MB, product: a larger feed is refused, not half-read). */
  maxBytes: number;
  maxOffers: number;
  /** Elements nested deeper than this are no YRL: the feed is refused. */
  maxDepth: number;
  /** A value's characters: the description, the longest, is held to 5 000 by the listing's own rule. */
  maxValueChars: number;
  /** Values of one offer (30 photos, ~40 elements of facts and a generous margin). */
  maxOfferValues: number;
}

export const YRL_LIMITS: YrlLimits = {
  maxBytes: FEED_MAX_BYTES,
  maxOffers: 20_000,
  maxDepth: 16,
  maxValueChars: 20_000,
  maxOfferValues: 300,
};

/** One `<offer>` as read: each element's text by its path under the offer (`price/value`, `image`). */
export interface YrlOffer {
  /** The `internal-id` attribute, trimmed; null when absent or empty. */
  internal_id: string | null;
  /** The line of its opening tag, for the report. */
  line: number;
  values: Record<string, string[]>;
  /** What made the offer unreadable as a whole (a value over `maxValueChars`, too many values), if anything. */
  overflow: { reason: "value_too_long" | "too_many_values"; element: string } | null;
}

/** Why a feed was not read to its end. */
export type YrlFeedProblem =
  | { code: "feed_too_large"; max_bytes: number }
  | { code: "feed_malformed"; line: number; column: number; detail: string }
  | { code: "feed_too_deep"; line: number; max_depth: number }
  | { code: "feed_too_many_offers"; max_offers: number }
  | { code: "feed_not_yrl"; root: string }
  | { code: "feed_unreadable"; detail: string };

export interface YrlFeedRead {
  /** The offers read whole, in the feed's order; none kept when `onOffer` took them. */
  offers: YrlOffer[];
  /** How many offers were read whole. */
  count: number;
  /** Null when the feed was read to its end; otherwise the offers are those before the problem. */
  problem: YrlFeedProblem | null;
  /** Bytes received (up to the one that passed `maxBytes`). */
  bytes: number;
}

/** A problem as the run's report shows it: `feed.problem.{code}` and its values. */
export function feedProblemText(problem: YrlFeedProblem): {
  message: `feed.problem.${YrlFeedProblem["code"]}`;
  args: Record<string, string | number>;
} {
  const message = `feed.problem.${problem.code}` as const;
  switch (problem.code) {
    case "feed_too_large":
      return { message, args: { max: Math.round(problem.max_bytes / (1024 * 1024)) } };
    case "feed_too_many_offers":
      return { message, args: { max: problem.max_offers } };
    case "feed_malformed":
      return { message, args: { line: problem.line, column: problem.column } };
    case "feed_too_deep":
      return { message, args: { line: problem.line } };
    case "feed_not_yrl":
      return { message, args: { root: problem.root } };
    case "feed_unreadable":
      return { message, args: {} };
  }
}

const ROOT = "realty-feed";
const OFFER = "offer";

/** A tag's name without its namespace prefix: feeds declare YRL's namespace as default or with a prefix. */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** Thrown inside the parser's handlers to stop reading; never leaves this module. */
class Stop extends Error {
  constructor(readonly problem: YrlFeedProblem) {
    super(problem.code);
  }
}

export interface YrlReadOptions {
  limits?: YrlLimits;
  /**
   * Takes each offer as soon as it is read whole, instead of the result keeping them all: a feed near
   * the byte limit holds several times its size in offers (decision 097), more than an isolate's memory.
   */
  onOffer?: (offer: YrlOffer) => void;
}

/**
 * Reads a YRL feed from a byte stream (a fetch body). Never throws for what the feed holds: every
 * failure is the returned `problem`, with the offers read whole before it.
 */
export async function readYrlFeed(
  body: ReadableStream<Uint8Array>,
  { limits = YRL_LIMITS, onOffer }: YrlReadOptions = {},
): Promise<YrlFeedRead> {
  const offers: YrlOffer[] = [];
  let count = 0;
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  /** Local names of the open elements, the root first. */
  const path: string[] = [];
  let offer: YrlOffer | null = null;
  let valueCount = 0;
  /** The open element's text so far (only inside an offer). */
  let text = "";

  parser.on("error", (error) => {
    throw new Stop(malformed(parser, error.message.replace(/^\d+:\d+: /, "")));
  });
  // workerd decodes UTF-8 only; YRL asks for it, and a feed in another encoding would read as mojibake.
  parser.on("xmldecl", ({ encoding }) => {
    if (encoding && !/^utf-?8$/i.test(encoding)) throw new Stop(malformed(parser, `encoding ${encoding}: UTF-8 only`));
  });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (path.length === 0 && name !== ROOT) throw new Stop({ code: "feed_not_yrl", root: name });
    path.push(name);
    if (path.length > limits.maxDepth) {
      throw new Stop({ code: "feed_too_deep", line: parser.line, max_depth: limits.maxDepth });
    }
    text = "";
    if (name === OFFER && path.length === 2) {
      if (count >= limits.maxOffers) throw new Stop({ code: "feed_too_many_offers", max_offers: limits.maxOffers });
      const id = tag.attributes["internal-id"]?.trim();
      offer = { internal_id: id ? id : null, line: parser.line, values: {}, overflow: null };
      valueCount = 0;
    }
  });
  const onText = (chunk: string) => {
    if (!offer || offer.overflow) return;
    text += chunk;
    if (text.length > limits.maxValueChars) {
      offer.overflow = { reason: "value_too_long", element: path.slice(2).join("/") };
      text = "";
    }
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    const depth = path.length;
    if (offer && depth === 2) {
      count++;
      if (onOffer) onOffer(offer);
      else offers.push(offer);
      offer = null;
    } else if (offer && depth > 2 && !offer.overflow) {
      const key = path.slice(2).join("/");
      const value = text.trim();
      // A container's own text is the whitespace between its children: only leaves carry values.
      if (value !== "") {
        if (++valueCount > limits.maxOfferValues) offer.overflow = { reason: "too_many_values", element: key };
        else (offer.values[key] ??= []).push(value);
      }
    }
    text = "";
    path.pop();
  });

  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let bytes = 0;
  const finish = (problem: YrlFeedProblem | null): YrlFeedRead => ({ offers, count, problem, bytes });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limits.maxBytes) {
        void reader.cancel().catch(() => undefined);
        return finish({ code: "feed_too_large", max_bytes: limits.maxBytes });
      }
      parser.write(decoder.decode(value, { stream: true }));
    }
    parser.write(decoder.decode());
    parser.close();
    return finish(null);
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    if (error instanceof Stop) return finish(error.problem);
    if (error instanceof TypeError && /decode|encoded|utf/i.test(error.message)) {
      return finish(malformed(parser, "not UTF-8"));
    }
    return finish({ code: "feed_unreadable", detail: error instanceof Error ? error.message : String(error) });
  }
}

function malformed(parser: { line: number; column: number }, detail: string): YrlFeedProblem {
  return { code: "feed_malformed", line: parser.line, column: parser.column, detail };
}
