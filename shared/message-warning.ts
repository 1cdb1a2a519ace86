/**
 * The warning a message's recipient sees beside it (decision 083): the message asks for money
 * before a viewing — payment details, a money-transfer service, a deposit or reservation to pay — or draws
 * the conversation to another messenger with a number or a link. Patterns in English, Russian and Serbian
 * (Latin and Cyrillic), a pure function of the text: a hint for the reader, never a verdict on the writer.
 */
export type MessageWarning = "money_request" | "outside_messenger";

/** Not inside a word: JavaScript's `\b` knows only ASCII letters. */
const START = "(?<![\\p{L}\\p{N}_])";
const END = "(?![\\p{L}\\p{N}_])";
/** Words starting with one of `stems`. */
const stems = (...list: string[]) => new RegExp(`${START}(?:${list.join("|")})`, "iu");
/** One of `list` as a whole word. */
const words = (...list: string[]) => new RegExp(`${START}(?:${list.join("|")})${END}`, "iu");

/** A Serbian IBAN: RS, two check digits and 18 digits, in groups or not. */
const SERBIAN_IBAN = /(?<![\p{L}\p{N}])rs ?\d{2}(?:[ -]?\d){18}(?!\d)/iu;
/** Any IBAN's shape: country, check digits, then groups (checked by mod 97 below). */
const IBAN_SHAPE = /(?<![\p{L}\p{N}])[a-z]{2}\d{2}(?:(?:[ -][a-z0-9]{1,4}){3,8}|[a-z0-9]{11,30})(?![\p{L}\p{N}])/giu;
/** A Serbian account number as banks print it: bank, account, control number (`160-0000000123456-78`). */
const SERBIAN_ACCOUNT = /(?<![\d-])\d{3}-\d{5,13}-\d{2}(?![\d-])/u;
/** 13–19 digits, optionally in groups: a card number when it passes Luhn's check. */
const DIGIT_RUN = /(?<![\d+])\d(?:[ -]?\d){12,18}(?!\d)/gu;

/** Money-transfer services, payment apps and crypto, named in any of the three languages. */
const TRANSFER_SERVICE = words(
  "western ?union",
  "вестерн ?ю?унион",
  "money ?gram",
  "мани ?грамм?",
  "ria(?: money)? transfer",
  "(?:via|through|preko|kroz|через|преко) ria",
  "pay ?pal",
  "пей ?пал",
  "pej ?pal",
  "wise(?:\\.com| transfer| account)",
  "(?:via|through|by|preko|kroz|через|преко) wise",
  "revolut",
  "револ[юу]т",
  "skrill",
  "payoneer",
  "paysera",
  "золот(?:ая|ую|ой) корон[аыуе]",
  "korona ?pay",
  "unistream",
  "юнистрим",
  "bitcoin",
  "btc",
  "usdt",
  "tether",
  "ethereum",
  "биткои?йн\\p{L}*",
  "bitko[ij]n\\p{L}*",
  "crypto\\p{L}*",
  "kripto\\p{L}*",
  "крипт\\p{L}*",
);
/** Crypto wallet addresses: Bitcoin (legacy and bech32), Ethereum, Tron. Case matters. */
const WALLET =
  /(?<![A-Za-z0-9])(?:bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[a-fA-F0-9]{40}|T[1-9A-HJ-NP-Za-km-z]{33})(?![A-Za-z0-9])/u;

/** Money asked for ahead: a deposit, an advance, a reservation. */
const UPFRONT = stems(
  "deposit",
  "pre-?pay",
  "advance payment",
  "pay(?:ment)? in advance",
  "up-? ?front",
  "down ?payment",
  "reserv",
  "holding fee",
  "booking fee",
  "depozit",
  "kapar",
  "avans",
  "rezerv",
  "akontac",
  "депозит",
  "капар",
  "аванс",
  "резерв",
  "аконтац",
  "предоплат",
  "залог",
  "задат(?:ок|ка|ку|ком)",
  "брон(?:ь|и|ю|ей|ирова(?:ть|ни[еяю]))(?![\\p{L}])",
);
/** Paying or sending money. */
const PAY = stems(
  "pay(?!pal)",
  "paid",
  "transfer",
  "wire",
  "send (?:the |me |us |it |)money",
  "bank details",
  "account number",
  "card number",
  "plat(?!form)",
  "plać",
  "uplat",
  "uplać",
  "pošalj",
  "poslat",
  "prebac",
  "плат",
  "плаћ",
  "уплат",
  "уплаћ",
  "пошаљ",
  "послат",
  "пребац",
  "оплат",
  "заплат",
  "перевед",
  "перевест",
  "перевод",
  "переки",
  "скин",
  "внес",
  "внест",
  "реквизит",
  "на сч[её]т",
  "на карт",
);

/** Other messengers (Signal capitalised: the word means a phone's reception too). */
const MESSENGER =
  /(?<![\p{L}\p{N}_])(?:whats ?app|вотс ?ап|ватс ?ап|вацап|воцап|viber|вайбер|вајбер|вибер|telegram|телеграм)/iu;
const SIGNAL = /(?<![\p{L}\p{N}_])(?:Signal|SIGNAL|Сигнал|СИГНАЛ)(?![\p{L}])/u;
/** A link that opens a chat there. */
const MESSENGER_LINK = /(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|t\.me|telegram\.me|signal\.me)\/|viber:\/\//iu;
/** A phone number: nine digits or more (a date has eight), maybe with a `+` or `00` and separators. */
const PHONE = /(?<!\d)(?:\+|00)?\d(?:[\s()./-]{0,2}\d){8,14}(?!\d)/u;

/** ISO 13616's check: the rearranged IBAN, letters as numbers, leaves 1 modulo 97. */
function validIban(compact: string): boolean {
  if (compact.length < 15 || compact.length > 34) return false;
  let rest = 0;
  for (const ch of compact.slice(4) + compact.slice(0, 4)) {
    const value = Number.parseInt(ch, 36);
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}

/** An IBAN anywhere: each shape's groups are tried as they grow, so words after it do not spoil it. */
function hasIban(text: string): boolean {
  if (SERBIAN_IBAN.test(text)) return true;
  for (const [candidate] of text.matchAll(IBAN_SHAPE)) {
    const groups = candidate.toUpperCase().split(/[ -]/);
    let compact = "";
    for (const group of groups) {
      compact += group;
      if (validIban(compact)) return true;
    }
  }
  return false;
}

/** Luhn's check digit, as card numbers carry it. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number: no card starts with 0 or 1 (phone numbers with `00` do). */
function hasCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const digits = run.replace(/\D/g, "");
    if (digits[0] !== "0" && digits[0] !== "1" && passesLuhn(digits)) return true;
  }
  return false;
}

/** What the recipient of a message with this text is warned of, if anything; money first. */
export function messageWarning(text: string): MessageWarning | null {
  const plain = text.normalize("NFKC");
  if (
    hasIban(plain) ||
    SERBIAN_ACCOUNT.test(plain) ||
    hasCardNumber(plain) ||
    TRANSFER_SERVICE.test(plain) ||
    WALLET.test(plain) ||
    (UPFRONT.test(plain) && PAY.test(plain))
  ) {
    return "money_request";
  }
  if (MESSENGER_LINK.test(plain) || ((MESSENGER.test(plain) || SIGNAL.test(plain)) && PHONE.test(plain))) {
    return "outside_messenger";
  }
  return null;
}
