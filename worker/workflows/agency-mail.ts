/**
 * The invitation to join an agency (decision 098): plain text in en, ru and sr, in the language of the
 * manager who sends it (the invitee may have no account to take a language from), with the link that
 * carries the single-use token.
 */
import type { AgencyRole } from "#shared/api/agency.ts";
import type { Locale } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { type MailContext, siteUrl, type Letter } from "./owner-mail.ts";

interface Invitation {
  agency: string;
  role: AgencyRole;
  token: string;
  days: number;
}

const ROLE: Record<Locale, Record<AgencyRole, string>> = {
  en: { manager: "a manager", agent: "an agent" },
  ru: { manager: "менеджером", agent: "агентом" },
  sr: { manager: "menadžer", agent: "agent" },
};

const link = (context: MailContext, token: string) =>
  `${siteUrl(context, privatePaths.cabinet.agency())}?invite=${encodeURIComponent(token)}`;

const TEMPLATES: Record<Locale, (data: Invitation, context: MailContext) => Letter> = {
  en: ({ agency, role, token, days }, context) => ({
    subject: `Join ${agency} on Kvadrat`,
    text: [
      `You are invited to join the agency “${agency}” on Kvadrat as ${ROLE.en[role]}.`,
      `Sign in with this e-mail address and open the link within ${days} days (it works once):`,
      link(context, token),
      "",
      "If you did not expect this, ignore the e-mail: nothing happens without the link.",
      "",
      "— Kvadrat",
    ].join("\n"),
  }),
  ru: ({ agency, role, token, days }, context) => ({
    subject: `Приглашение в агентство «${agency}» на Kvadrat`,
    text: [
      `Вас приглашают в агентство «${agency}» на Kvadrat ${ROLE.ru[role]}.`,
      `Войдите с этим адресом почты и откройте ссылку в течение ${days} дней (она работает один раз):`,
      link(context, token),
      "",
      "Если вы не ждали этого письма, просто не отвечайте: без ссылки ничего не произойдёт.",
      "",
      "— Kvadrat",
    ].join("\n"),
  }),
  sr: ({ agency, role, token, days }, context) => ({
    subject: `Poziv u agenciju „${agency}“ na Kvadratu`,
    text: [
      `Pozvani ste da se pridružite agenciji „${agency}“ na Kvadratu kao ${ROLE.sr[role]}.`,
      `Prijavite se ovom adresom e-pošte i otvorite link u roku od ${days} dana (radi jednom):`,
      link(context, token),
      "",
      "Ako ovo niste očekivali, zanemarite poruku: bez linka se ništa ne dešava.",
      "",
      "— Kvadrat",
    ].join("\n"),
  }),
};

export const agencyInviteLetter = (data: Invitation, context: MailContext): Letter =>
  TEMPLATES[context.locale](data, context);
