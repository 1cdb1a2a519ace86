/** A static page's text in one language: sections of paragraphs and bullet lists, plain text only. */
interface PageSection {
  /** Anchor of the section (`#id`), the same in every language. */
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** Paragraphs after the list. */
  after?: string[];
}

export interface PageContent {
  /** ISO date the text last changed (policies show it). */
  updated?: string;
  sections: PageSection[];
}
