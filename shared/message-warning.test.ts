import { describe, expect, it } from "vitest";
import { messageWarning } from "./message-warning.ts";

describe("messageWarning", () => {
  it.each([
    // Payment details.
    "Please transfer the deposit to RS35 1050 0812 3123 1231 73 today.",
    "Uplatite na RS35105008123123123173 i stan je vaš.",
    "Мой IBAN: DE89 3704 0044 0532 0130 00, переведите сегодня",
    "My account is GB29 NWBK 6016 1331 9268 19 pls",
    "Broj računa: 160-0000000123456-78",
    "Card: 4111 1111 1111 1111, send 300 eur",
    "Скиньте на карту 5555555555554444",
    // Money-transfer services and crypto.
    "I am abroad, send the money by Western Union and I will post the keys.",
    "Pošaljite preko MoneyGram-a, ključeve šaljem kurirom.",
    "Можно через Золотую корону",
    "Send it via Wise, it is fastest",
    "Pay with PayPal friends and family",
    "Платите в USDT, так быстрее",
    "Može i bitkoin",
    "My wallet: 0x52908400098527886E0F7030069857D2E4169EE7",
    // Deposit or reservation to pay before a viewing.
    "To reserve the flat, pay a 200 € deposit before the viewing.",
    "Kapara od 300 evra se uplaćuje unapred, onda dobijate ključeve.",
    "Pošaljite avans za rezervaciju i stan je vaš.",
    "Треба да уплатите депозит пре разгледања.",
    "Нужна предоплата 50%, переведите и я придержу квартиру.",
    "Внесите залог, и я отправлю ключи курьером.",
    "Бронь только после оплаты.",
  ])("money_request: %s", (text) => {
    expect(messageWarning(text)).toBe("money_request");
  });

  it.each([
    "Write me on WhatsApp +381 64 123 4567",
    "Viber: 064/123-4567, tamo se brže javljam",
    "Пишите в Телеграм t.me/flat_owner",
    "https://wa.me/381641234567",
    "Pišite mi na vajber... zapravo Viber 0641234567",
    "Add me on Signal 0038164123456",
    "Javite se na Вајбер 065 987 6543",
  ])("outside_messenger: %s", (text) => {
    expect(messageWarning(text)).toBe("outside_messenger");
  });

  it.each([
    "Is it still available? Could I see it this week?",
    "Yes, it is. Saturday at 11 suits me — does it suit you?",
    "Saturday at 11 is fine, thank you!",
    "Is a deposit required?",
    "The flat is 65 m² on the 3rd floor, 850 € a month, utilities around 120 €.",
    "Call me at +381 64 123 4567 after 5 pm.",
    "The phone signal is weak in the basement, call me at 064 123 4567.",
    "Can I reserve a viewing for Saturday?",
    "Da li je stan još slobodan? Mogu li da ga pogledam u subotu?",
    "Cena je 120.000 €, kvadratura 54 m², treći sprat, lift.",
    "Zovite me na 064 123 4567 posle 17h.",
    "Da li se traži depozit?",
    "Квартира ещё свободна? Можно посмотреть в субботу?",
    "Хочу задать вопрос про район и школы.",
    "Позвоните мне: +7 916 123-45-67.",
    "Бронированная дверь и новые окна.",
    "Viewing on 29.11.2026 at 10:00, I have Viber too.",
    "I saw the listing on the Kvadrat platform.",
    "Be wise and check the cadastre first.",
    "Listing No. 4111 — is parking included?",
    "The building was renovated in 2019 and the flat in 2023; 2 bedrooms.",
    "Message 5 of a long conversation about the flat, its street, the neighbours and the move-in date.",
  ])("no warning: %s", (text) => {
    expect(messageWarning(text)).toBeNull();
  });

  it("rejects digit runs that fail Luhn's check and IBAN shapes that fail mod 97", () => {
    expect(messageWarning("Reference 4111 1111 1111 1112")).toBeNull();
    expect(messageWarning("Code DE89 3704 0044 0532 0130 01")).toBeNull();
  });
});
