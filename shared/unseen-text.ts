/**
 * What free text keeps of what it is given (decision 051): no control characters (C0 but tab and line
 * feed, DEL, C1) and no bidi embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069), which make
 * text read differently than it is stored (`‮gpj.exe`). They are invisible, so a writer never meant them:
 * text loses them silently; a person's name, which identifies someone, refuses them instead.
 */
/** What no text keeps, in one line (`\r` is a line break's part, normalised first). */
const UNSEEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Any character a person's name refuses: the above, tab and line feed too. */
export const UNSEEN_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Text of several lines: line breaks as `\n`, tabs kept, the rest of UNSEEN dropped. */
export const stripUnseen = (text: string) => text.replace(/\r\n?/g, "\n").replace(UNSEEN, "");

/** Text of one line (a title, an address, a name for a search): line breaks and tabs become spaces. */
export const stripUnseenLine = (text: string) => stripUnseen(text).replace(/[\t\n]+/g, " ");
