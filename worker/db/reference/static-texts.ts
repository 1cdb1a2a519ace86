/**
 * The static texts a live site needs, in en, ru and sr (decision 055): the FAQ, the home
 * page's advantages and the form's tooltips. Reference data: `npm run ops -- init` fills the tables while
 * empty (tooltips: adds missing keys) and the back office edits them after (decision 060); ids are
 * positions, 1…: add at the end. The demo seed inserts the same rows.
 */

type Text3 = { en: string; ru: string; sr: string };
const t3 = (en: string, ru: string, sr: string): Text3 => ({ en, ru, sr });

export interface ReferenceFaq {
  category: string;
  question: Text3;
  answer: Text3;
}

export const FAQ: ReferenceFaq[] = [
  {
    category: "search",
    question: t3(
      "How do I find listings in a particular neighbourhood?",
      "Как найти объявления в конкретном районе?",
      "Kako da pronađem oglase u određenom naselju?",
    ),
    answer: t3(
      "Choose the city in the search form, then one of its districts, or type the place into 'City or district'. Results update as you change the filters.",
      "Выберите город в форме поиска, затем один из его районов, или введите название в поле «Город или район». Результаты обновляются при изменении фильтров.",
      "Izaberite grad u pretrazi, zatim jedan njegov deo, ili upišite mesto u polje „Grad ili deo grada”. Rezultati se menjaju čim promenite filtere.",
    ),
  },
  {
    category: "search",
    question: t3(
      "How do I keep the listings I like?",
      "Как сохранить понравившиеся объявления?",
      "Kako da sačuvam oglase koji mi se dopadaju?",
    ),
    answer: t3(
      "Press the heart on a listing to save it to your favourites. Without an account they are kept in this browser; once you sign in, they are kept with your account on every device.",
      "Нажмите на сердечко у объявления, чтобы добавить его в избранное. Без аккаунта избранное хранится в этом браузере, а после входа — в вашем аккаунте на всех устройствах.",
      "Kliknite na srce na oglasu da biste ga sačuvali u omiljene. Bez naloga se čuvaju u ovom pregledaču, a kada se prijavite — uz vaš nalog na svakom uređaju.",
    ),
  },
  {
    category: "search",
    question: t3(
      "What does the half room in '2.5 rooms' mean?",
      "Что значит половина комнаты в «2,5 комнаты»?",
      "Šta znači pola sobe u „dvoiposoban”?",
    ),
    answer: t3(
      "Serbian listings count a small room, such as a study or a dining area under 10 m², as half a room. A studio (garsonjera) is 0.5, a one-and-a-half-room flat has a living room and a small bedroom.",
      "В Сербии небольшое помещение — кабинет или столовую до 10 м² — считают половиной комнаты. Студия (garsonjera) — это 0,5, а «полуторка» — гостиная и маленькая спальня.",
      "Manja prostorija, poput radne sobe ili trpezarije ispod 10 m², računa se kao pola sobe. Garsonjera je 0,5, a jednoiposoban stan ima dnevnu sobu i malu spavaću sobu.",
    ),
  },
  {
    category: "listings",
    question: t3(
      "How do I contact the owner of a listing?",
      "Как связаться с владельцем объявления?",
      "Kako da kontaktiram vlasnika oglasa?",
    ),
    answer: t3(
      "Open the listing and sign in. Under 'Contact the owner' you can write a message for free or reveal the owner's phone number for a small fee, shown before you pay and charged once for that listing.",
      "Откройте объявление и войдите. В блоке «Связаться с владельцем» можно бесплатно написать сообщение или открыть номер телефона владельца за небольшую плату: её сумма видна до оплаты и списывается один раз за это объявление.",
      "Otvorite oglas i prijavite se. U delu „Kontaktirajte vlasnika” možete besplatno da pošaljete poruku ili da vidite broj telefona vlasnika uz malu naknadu, koja se prikazuje pre plaćanja i naplaćuje jednom za taj oglas.",
    ),
  },
  {
    category: "listings",
    question: t3(
      "Are listings checked before they appear?",
      "Проверяются ли объявления перед публикацией?",
      "Da li se oglasi proveravaju pre objave?",
    ),
    answer: t3(
      "Yes. A moderator checks every listing before it is published, and listings that break the listing rules are not shown. Most are checked within a few hours on working days.",
      "Да. Модератор проверяет каждое объявление перед публикацией, а объявления, нарушающие правила, не показываются. В рабочие дни большинство проверяется за несколько часов.",
      "Da. Moderator proverava svaki oglas pre objave, a oglasi koji krše pravila se ne prikazuju. Radnim danima većina se proveri za nekoliko sati.",
    ),
  },
  {
    category: "listings",
    question: t3(
      "Why has a listing I saved disappeared?",
      "Почему пропало объявление, которое я сохранил?",
      "Zašto je nestao oglas koji sam sačuvao?",
    ),
    answer: t3(
      "Listings stay active for 30 days so that you see only current offers. One its owner does not renew, or that is already sold or let, is no longer published. Signed in, you still find it among your favourites, marked “No longer available” with its last price, until you remove it.",
      "Объявления активны 30 дней, чтобы вы видели только актуальные предложения. Объявление, которое владелец не продлил или которое уже продано или сдано, снимается с публикации. Если вы вошли в аккаунт, оно остаётся в избранном с пометкой «Больше недоступно» и последней ценой, пока вы его не удалите.",
      "Oglasi su aktivni 30 dana kako biste videli samo aktuelne ponude. Oglas koji vlasnik ne obnovi, ili čija je nekretnina već prodata ili izdata, više nije objavljen. Ako ste prijavljeni, ostaje u omiljenima sa oznakom „Više nije dostupan“ i poslednjom cenom dok ga ne uklonite.",
    ),
  },
  {
    category: "listings",
    question: t3(
      "What does the price comparison on a listing mean?",
      "Что означает сравнение цены в объявлении?",
      "Šta znači poređenje cene u oglasu?",
    ),
    answer: t3(
      "A listing compares its price per square metre with the median of the active listings of the same type in the same city, and says how many listings that median is based on. Use it as a first check, not as a valuation.",
      "В объявлении цена за квадратный метр сравнивается с медианой активных объявлений того же типа в том же городе и указано, по скольким объявлениям она посчитана. Это первая проверка, а не оценка стоимости.",
      "Oglas poredi svoju cenu po kvadratnom metru sa medijanom aktivnih oglasa iste vrste u istom gradu i navodi na koliko oglasa se medijana zasniva. To je prva provera, a ne procena vrednosti.",
    ),
  },
  {
    category: "account",
    question: t3(
      "Can I sign in with my e-mail instead of a phone?",
      "Можно ли входить по e-mail вместо телефона?",
      "Mogu li da se prijavim e-poštom umesto telefonom?",
    ),
    answer: t3(
      "Yes, with either, by a one-time code or with a password. You can add or change your phone, e-mail and password under Personal data in your account.",
      "Да, любым из способов — по одноразовому коду или с паролем. Телефон, e-mail и пароль можно добавить или изменить в разделе «Личные данные» вашего аккаунта.",
      "Da, na bilo koji način — jednokratnim kodom ili lozinkom. Telefon, e-poštu i lozinku dodajete ili menjate u delu „Lični podaci” svog naloga.",
    ),
  },
  {
    category: "account",
    question: t3("How do I delete my account?", "Как удалить аккаунт?", "Kako da obrišem nalog?"),
    answer: t3(
      "Write to support@kvadrat.rs from the e-mail address of your account, or tell us its phone number, and we will delete the account together with your favourites.",
      "Напишите на support@kvadrat.rs с адреса почты вашего аккаунта или укажите его номер телефона — мы удалим аккаунт вместе с избранным.",
      "Pišite na support@kvadrat.rs sa adrese e-pošte svog naloga ili navedite njegov broj telefona, i obrisaćemo nalog zajedno sa omiljenim oglasima.",
    ),
  },
  {
    category: "payments",
    question: t3(
      "What do 'Top' and 'Highlighted' on a listing mean?",
      "Что значат метки «Топ» и «Выделено» у объявления?",
      "Šta znače oznake „Top” i „Označeno” na oglasu?",
    ),
    answer: t3(
      "Its owner has paid for a placement. 'Top': the listing is shown, in turn with other Top listings, in the 'Promoted listings' block above the results of the searches and lists it matches; the results under the block keep the order you chose. 'Highlighted': its card is tinted wherever it shows, in its usual place. Promoted listings pass the same checks as all others.",
      "Владелец оплатил размещение. «Топ»: объявление по очереди с другими такими показывается в блоке «Продвигаемые объявления» над результатами поисков и списков, которым оно соответствует; результаты под блоком остаются в выбранном вами порядке. «Выделено»: карточка выделена цветом везде, где показывается, на своём обычном месте. Продвигаемые объявления проходят те же проверки, что и остальные.",
      "Vlasnik je platio isticanje. „Top”: oglas se, naizmenično sa drugim takvim oglasima, prikazuje u bloku „Istaknuti oglasi” iznad rezultata pretraga i lista kojima odgovara; rezultati ispod bloka ostaju u redosledu koji ste izabrali. „Označeno”: kartica je obojena gde god se prikazuje, na svom uobičajenom mestu. Istaknuti oglasi prolaze iste provere kao i svi ostali.",
    ),
  },
  {
    category: "payments",
    question: t3(
      "Why do I have to pay to see a phone number?",
      "Почему за просмотр телефона нужно платить?",
      "Zašto se plaća prikaz broja telefona?",
    ),
    answer: t3(
      "A small fee for revealing a number — once per listing — keeps scrapers and spam callers away from owners. You can always write to the owner through the site for free.",
      "Небольшая плата за показ номера — один раз за объявление — защищает владельцев от сборщиков контактов и спам-звонков. Написать владельцу через сайт можно всегда бесплатно.",
      "Mala naknada za prikaz broja — jednom po oglasu — štiti vlasnike od prikupljača kontakata i neželjenih poziva. Vlasniku uvek možete besplatno da pišete preko sajta.",
    ),
  },
  {
    category: "payments",
    question: t3(
      "Do I pay again to see the same number?",
      "Нужно ли платить повторно за тот же номер?",
      "Da li ponovo plaćam isti broj?",
    ),
    answer: t3(
      "No. You pay once per listing: a number you have revealed before is shown again for free. The price is on the button before you press it.",
      "Нет. Плата берётся один раз за объявление: уже открытый номер показывается снова бесплатно. Цена указана на кнопке ещё до нажатия.",
      "Ne. Plaća se jednom po oglasu: broj koji ste već otkrili ponovo se prikazuje besplatno. Cena piše na dugmetu pre nego što ga pritisnete.",
    ),
  },
  {
    category: "safety",
    question: t3(
      "How do I avoid rental scams?",
      "Как не стать жертвой мошенников при аренде?",
      "Kako da izbegnem prevare pri zakupu?",
    ),
    answer: t3(
      "Never pay a deposit before seeing the flat and the owner's documents. Be wary of prices far below the market and of owners who are 'abroad' and want money by transfer. Report suspicious listings to support@kvadrat.rs.",
      "Никогда не платите депозит, не увидев квартиру и документы владельца. Остерегайтесь цен намного ниже рынка и владельцев, которые «за границей» и просят перевод. Сообщайте о подозрительных объявлениях на support@kvadrat.rs.",
      "Nikada ne plaćajte depozit pre nego što vidite stan i dokumenta vlasnika. Čuvajte se cena daleko ispod tržišnih i vlasnika koji su „u inostranstvu” i traže uplatu. Prijavite sumnjive oglase na support@kvadrat.rs.",
    ),
  },
  {
    category: "safety",
    question: t3(
      "How do I check who owns a property?",
      "Как проверить, кто владеет объектом?",
      "Kako da proverim ko je vlasnik nekretnine?",
    ),
    answer: t3(
      "Ask for the cadastre extract (list nepokretnosti) or look the parcel up on the Republic Geodetic Authority's website. The owner's name there must match the seller's ID.",
      "Попросите выписку из кадастра (list nepokretnosti) или найдите участок на сайте Республиканского геодезического управления. Имя собственника должно совпадать с документом продавца.",
      "Tražite list nepokretnosti ili pronađite parcelu na sajtu Republičkog geodetskog zavoda. Ime vlasnika mora da se poklapa sa ličnom kartom prodavca.",
    ),
  },
];

export interface ReferenceAdvantage {
  icon: string;
  title: Text3;
  text: Text3;
}

export const ADVANTAGES: ReferenceAdvantage[] = [
  {
    icon: "shield",
    title: t3("Checked listings", "Проверенные объявления", "Provereni oglasi"),
    text: t3(
      "Every listing is moderated before it goes live, and owners confirm their phone number.",
      "Каждое объявление проходит модерацию перед публикацией, а владельцы подтверждают номер телефона.",
      "Svaki oglas prolazi moderaciju pre objave, a vlasnici potvrđuju broj telefona.",
    ),
  },
  {
    icon: "clock",
    title: t3("Always current", "Всегда актуально", "Uvek aktuelno"),
    text: t3(
      "Listings expire after 30 days unless the owner renews them, so you see what is really available.",
      "Объявления снимаются через 30 дней, если владелец их не продлит, поэтому вы видите только актуальное.",
      "Oglasi ističu posle 30 dana ako ih vlasnik ne obnovi, pa vidite samo ono što je zaista dostupno.",
    ),
  },
  {
    icon: "photo",
    title: t3("Real photos", "Настоящие фото", "Prave fotografije"),
    text: t3(
      "Several photos for every property, so you can shortlist before you travel to a viewing.",
      "Несколько фотографий у каждого объекта, чтобы выбрать заранее, не выезжая на просмотр.",
      "Više fotografija za svaku nekretninu, da suzite izbor pre nego što krenete na razgledanje.",
    ),
  },
  {
    icon: "price",
    title: t3("Fair price check", "Проверка цены", "Provera cene"),
    text: t3(
      "Compare price per square metre across a city or a neighbourhood in one click.",
      "Сравнивайте цену квадратного метра по городу или району в один клик.",
      "Uporedite cenu kvadrata u gradu ili naselju jednim klikom.",
    ),
  },
  {
    icon: "map",
    title: t3("City by city", "Город за городом", "Grad po grad"),
    text: t3(
      "Pick a city and one of its districts and see every listing there, from Subotica to Vranje.",
      "Выберите город и район и увидите все объявления в нём — от Суботицы до Вранье.",
      "Izaberite grad i deo grada i pogledajte sve oglase u njemu, od Subotice do Vranja.",
    ),
  },
];

export const TOOLTIPS: { key: string; text: Text3 }[] = [
  {
    key: "price_m2",
    text: t3(
      "The price divided by the floor area. Use it to compare properties of different sizes.",
      "Цена, делённая на площадь. Помогает сравнивать объекты разного размера.",
      "Cena podeljena kvadraturom. Pomaže da uporedite nekretnine različite veličine.",
    ),
  },
  {
    key: "promotion",
    text: t3(
      "A promoted listing is shown among the promoted listings on the home page for the period its owner paid for.",
      "Продвигаемое объявление показывается среди продвигаемых на главной странице в течение оплаченного владельцем срока.",
      "Istaknuti oglas se prikazuje među istaknutim oglasima na početnoj strani tokom perioda koji je vlasnik platio.",
    ),
  },
  {
    key: "phone_reveal",
    text: t3(
      "Signed-in users can reveal the owner's phone number for a small fee. Messages through the site are free.",
      "Авторизованные пользователи могут открыть номер владельца за небольшую плату. Сообщения через сайт бесплатны.",
      "Prijavljeni korisnici mogu da vide broj vlasnika uz malu naknadu. Poruke preko sajta su besplatne.",
    ),
  },
  {
    key: "deposit",
    text: t3(
      "Money the tenant leaves with the landlord at the start of the lease, returned at the end if the flat is left in good order.",
      "Сумма, которую арендатор оставляет владельцу в начале аренды; возвращается в конце, если квартира в порядке.",
      "Iznos koji zakupac ostavlja stanodavcu na početku zakupa i koji se vraća na kraju ako je stan u redu.",
    ),
  },
  {
    key: "area",
    text: t3(
      "Usable floor area in square metres, as registered in the cadastre where available.",
      "Полезная площадь в квадратных метрах, по данным кадастра, если они есть.",
      "Korisna površina u kvadratnim metrima, prema katastru kada je dostupno.",
    ),
  },
  {
    key: "land_area",
    text: t3(
      "The size of the plot in square metres. 100 m² is one 'ar' in Serbian listings.",
      "Площадь участка в квадратных метрах. 100 м² — это один «ар» (сотка).",
      "Površina placa u kvadratnim metrima. 100 m² je jedan ar.",
    ),
  },
  {
    key: "floor",
    text: t3(
      "Floor 0 is the ground floor (prizemlje); the second number is how many floors the building has.",
      "Этаж 0 — это приземье (первый этаж); второе число — этажность дома.",
      "Sprat 0 je prizemlje; drugi broj je ukupan broj spratova zgrade.",
    ),
  },
  {
    key: "rooms",
    text: t3(
      "Rooms counted the Serbian way: 0.5 is a studio, and a small room under 10 m² counts as half.",
      "Комнаты по сербскому счёту: 0,5 — студия, маленькая комната до 10 м² считается половиной.",
      "Sobnost po domaćem računanju: 0,5 je garsonjera, a manja soba ispod 10 m² računa se kao pola.",
    ),
  },
  {
    key: "heating",
    text: t3(
      "How the property is heated. District (central) heating is usually the cheapest to run in winter.",
      "Способ отопления. Центральное отопление обычно самое дешёвое зимой.",
      "Način grejanja. Daljinsko (centralno) grejanje je zimi obično najjeftinije.",
    ),
  },
];
