/**
 * Media and help content of the seed, in en, ru and sr: the reference tag tree with each tag's path,
 * articles (hand-written guides plus market and neighbourhood reports composed from the seed's
 * own price bands), FAQ, advantages, tooltips and a few e-mail subscriptions.
 */
import { mediaTagRows } from "#worker/db/reference/media-tags.ts";
import { CITIES } from "./gazetteer.ts";
import { GUIDES, type Text3 } from "./guides.ts";
import { cityClass, priceBand } from "./market.ts";
import { BASE_TIME, DAY, rngFor, STREAM } from "./prng.ts";

export interface SeedTag {
  id: number;
  parent_id: number | null;
  depth: number;
  slug: string;
  name: Text3;
  position: number;
  path: string;
}

export interface SeedArticle {
  id: number;
  tag_id: number;
  slug: string;
  author: string;
  published_at: number;
  image_seed: number;
  title: Text3;
  lead: Text3;
  body: Text3;
}

const t3 = (en: string, ru: string, sr: string): Text3 => ({ en, ru, sr });

/** Cities with market reports: locative forms for titles ("in Belgrade", "в Белграде", "u Beogradu"). */
const REPORT_CITIES: { slug: string; in: Text3 }[] = [
  { slug: "beograd", in: t3("in Belgrade", "в Белграде", "u Beogradu") },
  { slug: "novi-sad", in: t3("in Novi Sad", "в Нови-Саде", "u Novom Sadu") },
  { slug: "nis", in: t3("in Niš", "в Нише", "u Nišu") },
  { slug: "kragujevac", in: t3("in Kragujevac", "в Крагуеваце", "u Kragujevcu") },
  { slug: "subotica", in: t3("in Subotica", "в Суботице", "u Subotici") },
];
const RENT_CITIES = ["beograd", "novi-sad", "nis"];
const YEARS = [2025, 2026];

const city = (slug: string) => CITIES.find((c) => c.slug === slug)!;
const cityName = (slug: string): Text3 => {
  const c = city(slug);
  return { en: c.en, ru: c.ru, sr: c.sr };
};
const districtName = (citySlug: string, slug: string): Text3 => {
  const d = city(citySlug).districts!.find((x) => x.slug === slug)!;
  return { en: d.en, ru: d.ru, sr: d.sr };
};

/** The media tag tree is reference data (worker/db/reference/media-tags.ts); the seed files articles by path. */
export function seedTags(): SeedTag[] {
  const tags: SeedTag[] = [];
  const byId = new Map<number, SeedTag>();
  for (const row of mediaTagRows()) {
    const parent = row.parent_id === null ? null : byId.get(row.parent_id)!;
    const tag: SeedTag = {
      id: row.id,
      parent_id: row.parent_id,
      depth: row.depth,
      slug: row.slug,
      name: { en: row.name_en, ru: row.name_ru, sr: row.name_sr },
      position: row.position,
      path: parent ? `${parent.path}/${row.slug}` : row.slug,
    };
    byId.set(tag.id, tag);
    tags.push(tag);
  }
  return tags;
}

// ------------------------------------------------------------------------------ composed articles

const round50 = (n: number) => Math.round(n / 50) * 50;
const euro = (n: number, lang: keyof Text3) =>
  lang === "en"
    ? `€${n.toLocaleString("en-US")}`
    : `${n.toLocaleString("en-US").replaceAll(",", lang === "ru" ? " " : ".")} €`;

interface DraftArticle {
  tag: string;
  slug: string;
  title: Text3;
  lead: Text3;
  paragraphs: Text3[];
}

const CITY_PRICE_NOTES: Record<string, Text3> = {
  beograd: t3(
    "Vračar, Stari Grad and Savski Venac remain the most expensive parts of the city, with the best-located flats well above the average; Rakovica, Zvezdara and Čukarica give noticeably more space for the money, and New Belgrade sits in between with its large post-war blocks and new towers.",
    "Самые дорогие части города — Врачар, Стари-Град и Савски-Венац, где лучшие квартиры стоят заметно выше среднего; Раковица, Звездара и Чукарица дают больше метров за те же деньги, а Новый Белград с его большими кварталами и новыми башнями находится посередине.",
    "Vračar, Stari Grad i Savski Venac ostaju najskuplji delovi grada, a najbolje pozicionirani stanovi su znatno iznad proseka; Rakovica, Zvezdara i Čukarica nude osetno više prostora za isti novac, dok je Novi Beograd sa velikim blokovima i novim kulama negde između.",
  ),
  "novi-sad": t3(
    "The centre and Liman lead the market thanks to the river, the university and the short walk to everything; Grbavica and Podbara follow, while Novo Naselje, Telep and Detelinara offer the more affordable flats.",
    "Лидируют центр и Лиман благодаря реке, университету и тому, что всё в шаговой доступности; за ними идут Грбавица и Подбара, а более доступные квартиры — в Ново-Населье, Телепе и Детелинаре.",
    "Centar i Liman predvode tržište zahvaljujući reci, univerzitetu i tome što je sve na dohvat ruke; slede Grbavica i Podbara, dok Novo Naselje, Telep i Detelinara nude pristupačnije stanove.",
  ),
  nis: t3(
    "Flats in the centre, near the Fortress and along the boulevards command the top of the range, while older blocks in the outer neighbourhoods sit near the bottom.",
    "Квартиры в центре, у крепости и вдоль бульваров стоят по верхней границе, а старые дома на окраинах — ближе к нижней.",
    "Stanovi u centru, kod Tvrđave i duž bulevara su na vrhu raspona, dok su stariji blokovi u rubnim naseljima bliže donjoj granici.",
  ),
  kragujevac: t3(
    "The centre and the streets around the university campus are the most sought after; older socialist-era blocks further out are the cheapest way into the market.",
    "Больше всего спрашивают центр и улицы вокруг университетского кампуса; старые дома социалистической эпохи на окраинах — самый дешёвый вход на рынок.",
    "Najtraženiji su centar i ulice oko univerzitetskog kampusa; stariji blokovi iz socijalističkog perioda dalje od centra najjeftiniji su ulaz na tržište.",
  ),
  subotica: t3(
    "The Secession-era centre and the road towards Palić attract the highest prices, while flats in the outer estates remain among the most affordable in Vojvodina.",
    "Самые высокие цены — в центре эпохи сецессиона и по дороге к Паличу, а квартиры в спальных районах остаются одними из самых доступных в Воеводине.",
    "Secesijski centar i put ka Paliću imaju najviše cene, dok su stanovi u rubnim naseljima i dalje među najpristupačnijima u Vojvodini.",
  ),
};

const YEAR_NOTES: Record<number, Text3> = {
  2025: t3(
    "Compared with the year before, asking prices rose moderately. New construction kept the top of the range moving, and a large share of buyers paid without a loan, which kept deals quick.",
    "По сравнению с предыдущим годом цены предложения выросли умеренно. Новостройки продолжали тянуть верхнюю границу вверх, а значительная часть покупателей платила без кредита, поэтому сделки проходили быстро.",
    "U odnosu na prethodnu godinu, tražene cene su umereno porasle. Novogradnja je nastavila da podiže gornju granicu, a veliki deo kupaca plaćao je bez kredita, pa su se poslovi brzo zaključivali.",
  ),
  2026: t3(
    "In 2026 the market stayed active. New builds continued to set the top of the range, while older flats in need of renovation changed hands at a clear discount, and sellers who priced realistically sold within weeks.",
    "В 2026 году рынок оставался активным. Новостройки по-прежнему задавали верхнюю границу, старые квартиры под ремонт продавались с заметной скидкой, а продавцы с реалистичной ценой находили покупателя за несколько недель.",
    "Tržište je i u 2026. godini ostalo aktivno. Novogradnja je i dalje određivala gornju granicu, stariji stanovi za renoviranje prodavali su se uz primetan popust, a prodavci sa realnom cenom nalazili su kupca za nekoliko nedelja.",
  ),
};

const PRICE_TIPS = t3(
  "Before making an offer, compare similar listings by price per square metre, ask whether the flat is registered in the cadastre, and budget roughly 3–5 % on top of the price for the transfer tax, the notary and any agency commission.",
  "Прежде чем делать предложение, сравните похожие объявления по цене за квадратный метр, уточните, зарегистрирована ли квартира в кадастре, и заложите сверху примерно 3–5 % на налог, нотариуса и комиссию агентства.",
  "Pre nego što date ponudu, uporedite slične oglase po ceni kvadrata, pitajte da li je stan uknjižen i odvojite još oko 3–5 % cene za porez, javnog beležnika i eventualnu proviziju agencije.",
);

function priceReports(): DraftArticle[] {
  const out: DraftArticle[] = [];
  for (const rc of REPORT_CITIES) {
    const c = city(rc.slug);
    const band = priceBand(4, cityClass(c.slug, c.population), c.slug);
    for (const year of YEARS) {
      const factor = year === 2025 ? 0.93 : 1;
      const min = round50(band.min * factor);
      const max = round50(band.max * factor);
      const flatMin = round50(min * 55);
      const flatMax = round50(max * 55);
      const fmt = (lang: keyof Text3) =>
        [euro(min, lang), euro(max, lang), euro(flatMin, lang), euro(flatMax, lang)] as const;
      const [enA, enB, enC, enD] = fmt("en");
      const [ruA, ruB, ruC, ruD] = fmt("ru");
      const [srA, srB, srC, srD] = fmt("sr");
      out.push({
        tag: `market/prices/${rc.slug}/${year}`,
        slug: `apartment-prices-${rc.slug}-${year}`,
        title: t3(
          `Apartment prices ${rc.in.en} in ${year}`,
          `Цены на квартиры ${rc.in.ru} в ${year} году`,
          `Cene stanova ${rc.in.sr} u ${year}. godini`,
        ),
        lead: t3(
          `Most apartments ${rc.in.en} were offered at ${enA}–${enB} per square metre in ${year}. Here is what drives the difference.`,
          `В ${year} году большинство квартир ${rc.in.ru} предлагались по ${ruA}–${ruB} за квадратный метр. Рассказываем, от чего зависит разница.`,
          `Većina stanova ${rc.in.sr} nuđena je u ${year}. godini po ${srA}–${srB} za kvadratni metar. Evo od čega zavisi razlika.`,
        ),
        paragraphs: [
          t3(
            `Across the apartments listed for sale ${rc.in.en} in ${year}, most asking prices fell between ${enA} and ${enB} per square metre, so a two-room flat of about 55 m² typically cost ${enC}–${enD}.`,
            `Среди квартир, выставленных на продажу ${rc.in.ru} в ${year} году, большинство предлагались по цене от ${ruA} до ${ruB} за квадратный метр, так что двухкомнатная квартира площадью около 55 м² обычно стоила ${ruC}–${ruD}.`,
            `Među stanovima oglašenim za prodaju ${rc.in.sr} u ${year}. godini, većina traženih cena kretala se od ${srA} do ${srB} po kvadratnom metru, pa je dvosoban stan od oko 55 m² obično koštao ${srC}–${srD}.`,
          ),
          CITY_PRICE_NOTES[rc.slug]!,
          YEAR_NOTES[year]!,
          PRICE_TIPS,
        ],
      });
    }
  }
  return out;
}

function rentReports(): DraftArticle[] {
  return RENT_CITIES.map((slug) => {
    const c = city(slug);
    const band = priceBand(1, cityClass(c.slug, c.population), c.slug);
    const r = (n: number) => Math.round(n / 10) * 10;
    const [a, b, cc, d] = [r(band.min * 45), r(band.max * 45), r(band.min * 65), r(band.max * 65)];
    const where = REPORT_CITIES.find((x) => x.slug === slug)!.in;
    return {
      tag: `market/rents/${slug}`,
      slug: `what-renting-costs-${slug}`,
      title: t3(
        `What renting a flat costs ${where.en}`,
        `Сколько стоит аренда квартиры ${where.ru}`,
        `Koliko košta zakup stana ${where.sr}`,
      ),
      lead: t3(
        `A furnished one-bedroom flat ${where.en} rents for about €${a}–${b} a month. Bills, deposits and the best time to look.`,
        `Меблированная квартира с одной спальней ${where.ru} сдаётся примерно за ${a}–${b} € в месяц. Счета, депозиты и лучшее время для поиска.`,
        `Namešten dvosoban stan ${where.sr} izdaje se za oko ${a}–${b} € mesečno. Računi, depoziti i najbolje vreme za traženje.`,
      ),
      paragraphs: [
        t3(
          `${c.en} rents are quoted per month in euros. A furnished flat with one bedroom and about 45 m² typically costs €${a}–${b}, and a flat with two bedrooms and about 65 m² €${cc}–${d}; newly built flats with parking sit at the top of the range.`,
          `Аренду в городе ${c.ru} указывают в евро за месяц. Меблированная квартира с одной спальней площадью около 45 м² обычно стоит ${a}–${b} €, квартира с двумя спальнями около 65 м² — ${cc}–${d} €; новостройки с парковкой — по верхней границе.`,
          `Zakupnine ${where.sr} se izražavaju mesečno u evrima. Namešten stan sa jednom spavaćom sobom od oko 45 m² obično košta ${a}–${b} €, a stan sa dve spavaće sobe od oko 65 m² ${cc}–${d} €; novogradnja sa parkingom je na vrhu raspona.`,
        ),
        t3(
          "On top of the rent, budget for electricity, water, heating and internet: around €80–150 a month for a typical flat, more in winter when heating is electric. Landlords usually ask for a deposit of one month's rent, sometimes two for pets or expensive furniture.",
          "Помимо аренды заложите электричество, воду, отопление и интернет: около 80–150 € в месяц для типичной квартиры, зимой больше, если отопление электрическое. Депозит обычно равен месячной плате, иногда двум — если есть животные или дорогая мебель.",
          "Pored zakupnine računajte na struju, vodu, grejanje i internet: oko 80–150 € mesečno za prosečan stan, zimi više ako je grejanje električno. Stanodavci obično traže depozit od jedne zakupnine, ponekad dve ako imate ljubimca ili je nameštaj skup.",
        ),
        t3(
          "The busiest months are late August and September, when students and new employees arrive; flats listed at a fair price are often taken within days, so have your documents and the deposit ready before the viewing.",
          "Самые горячие месяцы — конец августа и сентябрь, когда приезжают студенты и новые сотрудники; квартиры с честной ценой часто сдаются за несколько дней, поэтому готовьте документы и депозит заранее.",
          "Najveća potražnja je krajem avgusta i u septembru, kada stižu studenti i novi zaposleni; stanovi sa realnom cenom često se izdaju za nekoliko dana, zato pripremite dokumenta i depozit pre razgledanja.",
        ),
      ],
    };
  });
}

const NEIGHBOURHOODS: { city: string; district: string | null; character: Text3; life: Text3 }[] = [
  {
    city: "beograd",
    district: null,
    character: t3(
      "Belgrade's seventeen municipalities range from the dense old centre of Stari Grad and Vračar to the modernist blocks of New Belgrade across the Sava and the quieter, greener Voždovac, Čukarica and Rakovica in the south.",
      "Семнадцать городских общин Белграда — это и плотный старый центр Стари-Града и Врачара, и модернистские кварталы Нового Белграда за Савой, и более тихие и зелёные Вождовац, Чукарица и Раковица на юге.",
      "Sedamnaest beogradskih opština obuhvata sve od gustog starog centra Starog Grada i Vračara, preko modernističkih blokova Novog Beograda preko Save, do mirnijih i zelenijih Voždovca, Čukarice i Rakovice na jugu.",
    ),
    life: t3(
      "Choose by your daily route as much as by price: bridges and the boulevards into the centre are busy at rush hour, so living on the same side of the river as your work saves a surprising amount of time.",
      "Выбирайте район по ежедневному маршруту не меньше, чем по цене: мосты и бульвары в центр в час пик загружены, и жизнь на том же берегу, что и работа, экономит много времени.",
      "Birajte prema svakodnevnoj ruti koliko i prema ceni: mostovi i bulevari ka centru su zagušeni u špicu, pa život na istoj obali reke na kojoj radite štedi iznenađujuće mnogo vremena.",
    ),
  },
  {
    city: "beograd",
    district: "vracar",
    character: t3(
      "Vračar is the smallest and most densely populated municipality of Belgrade, built around the Temple of Saint Sava, Kalenić market and tree-lined streets of pre-war and mid-century buildings.",
      "Врачар — самая маленькая и самая плотно населённая община Белграда, выросшая вокруг храма Святого Саввы, рынка Каленич и тенистых улиц с довоенными и послевоенными домами.",
      "Vračar je najmanja i najgušće naseljena beogradska opština, izrasla oko Hrama Svetog Save, Kalenić pijace i drvoredima oivičenih ulica sa predratnim i posleratnim zgradama.",
    ),
    life: t3(
      "Everything is within walking distance, from cafés to schools, but parking is scarce and many older buildings have no lift, so check both before you fall for a high-ceilinged flat.",
      "Всё в шаговой доступности — от кафе до школ, но с парковкой трудно, а во многих старых домах нет лифта, так что проверьте это, прежде чем влюбиться в квартиру с высокими потолками.",
      "Sve je na pešačkoj udaljenosti, od kafića do škola, ali parking je redak, a mnoge starije zgrade nemaju lift, pa proverite oboje pre nego što se zaljubite u stan sa visokim plafonima.",
    ),
  },
  {
    city: "beograd",
    district: "novi-beograd",
    character: t3(
      "New Belgrade was planned after the Second World War as a city of numbered blocks, wide boulevards and green courtyards, and has become the business district with the largest stock of new offices and apartment towers.",
      "Новый Белград спланирован после Второй мировой войны как город пронумерованных блоков, широких бульваров и зелёных дворов и стал деловым районом с крупнейшим предложением новых офисов и жилых башен.",
      "Novi Beograd je planiran posle Drugog svetskog rata kao grad numerisanih blokova, širokih bulevara i zelenih dvorišta, a postao je poslovni centar sa najviše novih kancelarija i stambenih kula.",
    ),
    life: t3(
      "Flats are larger and lifts are the rule, the Sava and Danube quays are close for walks and cycling, and trams and buses connect the blocks with the old town in fifteen minutes.",
      "Квартиры здесь просторнее, лифты — правило, набережные Савы и Дуная рядом для прогулок и велосипеда, а трамваи и автобусы связывают блоки со старым городом за пятнадцать минут.",
      "Stanovi su prostraniji, liftovi su pravilo, kejovi Save i Dunava su blizu za šetnju i bicikl, a tramvaji i autobusi povezuju blokove sa starim gradom za petnaest minuta.",
    ),
  },
  {
    city: "beograd",
    district: "zemun",
    character: t3(
      "Zemun keeps the feel of a separate Danube town: a cobbled old core on Gardoš hill, the quay with its restaurants, and family houses alongside newer residential streets.",
      "Земун сохраняет атмосферу отдельного дунайского города: мощёный старый центр на холме Гардош, набережная с ресторанами и частные дома рядом с новыми жилыми улицами.",
      "Zemun čuva duh posebnog podunavskog grada: kaldrmisano staro jezgro na Gardošu, kej sa restoranima i porodične kuće pored novijih stambenih ulica.",
    ),
    life: t3(
      "It suits those who want a calmer pace while staying close to New Belgrade's offices; the airport road is quick, but the commute to the old centre can be slow at peak times.",
      "Подойдёт тем, кто хочет более спокойной жизни рядом с офисами Нового Белграда; дорога в аэропорт быстрая, а вот в старый центр в час пик можно ехать долго.",
      "Odgovara onima koji žele mirniji ritam uz blizinu kancelarija Novog Beograda; put do aerodroma je brz, ali do starog centra se u špicu može putovati dugo.",
    ),
  },
  {
    city: "novi-sad",
    district: null,
    character: t3(
      "Novi Sad is compact and flat, made for cycling: the baroque centre, Liman's blocks by the Danube, Grbavica's new buildings and the family-house areas of Telep and Veternik are all within a short ride.",
      "Нови-Сад компактный и ровный, удобный для велосипеда: барочный центр, кварталы Лимана у Дуная, новостройки Грбавицы и частный сектор Телепа и Ветерника — всё рядом.",
      "Novi Sad je kompaktan i ravan, kao stvoren za bicikl: barokni centar, blokovi Limana uz Dunav, nove zgrade Grbavice i porodične kuće Telepa i Veternika su na kratkoj vožnji.",
    ),
    life: t3(
      "Demand from students and from the growing IT sector keeps flats near the university and the centre in short supply, so good ones rarely stay listed for long.",
      "Спрос со стороны студентов и растущей IT-отрасли делает квартиры возле университета и в центре дефицитом, поэтому хорошие варианты надолго не задерживаются.",
      "Potražnja studenata i rastućeg IT sektora čini stanove blizu univerziteta i centra retkim, pa se dobri oglasi ne zadržavaju dugo.",
    ),
  },
  {
    city: "novi-sad",
    district: "liman",
    character: t3(
      "Liman stretches from the centre to the Danube beach at Štrand, with the university campus, wide streets of 1970s blocks and a growing number of new residential buildings.",
      "Лиман тянется от центра до дунайского пляжа Штранд: университетский кампус, широкие улицы с домами 1970-х и всё больше новых жилых зданий.",
      "Liman se proteže od centra do dunavske plaže Štrand, sa univerzitetskim kampusom, širokim ulicama blokova iz sedamdesetih i sve više novih stambenih zgrada.",
    ),
    life: t3(
      "The quay and the park make it a favourite with families and students alike; flats close to the river and the campus rent out quickly, which makes Liman popular with investors too.",
      "Набережная и парк делают район любимым и у семей, и у студентов; квартиры у реки и кампуса быстро сдаются, поэтому Лиман популярен и у инвесторов.",
      "Kej i park ga čine omiljenim i kod porodica i kod studenata; stanovi blizu reke i kampusa brzo se izdaju, pa je Liman popularan i kod investitora.",
    ),
  },
  {
    city: "novi-sad",
    district: "petrovaradin",
    character: t3(
      "Petrovaradin lies across the Danube under the fortress, with a small old town of low houses, narrow streets and views of the river and the city.",
      "Петроварадин расположен на другом берегу Дуная под крепостью: небольшой старый город с низкими домами, узкими улицами и видом на реку и город.",
      "Petrovaradin leži preko Dunava, ispod tvrđave, sa malom starom varoši niskih kuća, uskim ulicama i pogledom na reku i grad.",
    ),
    life: t3(
      "Life here is quieter than in the centre, Fruška Gora is a short drive away, and the bridges bring you into town in minutes outside the summer festival crowds.",
      "Жизнь здесь спокойнее, чем в центре, до Фрушка-Горы рукой подать, а по мостам до города несколько минут, если не считать летних фестивальных толп.",
      "Život je mirniji nego u centru, Fruška gora je na kratkoj vožnji, a mostovima se do grada stiže za nekoliko minuta, osim u vreme letnjih festivalskih gužvi.",
    ),
  },
];

const NEIGHBOURHOOD_TIPS = t3(
  "Visit at different times of the day before deciding: check the noise in the evening, how long the trip to work really takes, where you would park and whether the building is heated by the district network or by each flat separately.",
  "Прежде чем решиться, приезжайте в разное время суток: проверьте шум вечером, сколько на самом деле занимает дорога на работу, где парковаться и отапливается ли дом от городской сети или каждая квартира отдельно.",
  "Pre odluke dođite u različito doba dana: proverite buku uveče, koliko zaista traje put do posla, gde biste parkirali i da li se zgrada greje preko toplane ili svaki stan posebno.",
);

function neighbourhoodGuides(): DraftArticle[] {
  return NEIGHBOURHOODS.map((n) => {
    const c = city(n.city);
    const klass = cityClass(c.slug, c.population);
    const name = n.district ? districtName(n.city, n.district) : cityName(n.city);
    const sale = priceBand(4, klass, c.slug, n.district ?? undefined);
    const rent = priceBand(1, klass, c.slug, n.district ?? undefined);
    const [a, b] = [round50(sale.min), round50(sale.max)];
    const [ra, rb] = [Math.round((rent.min * 55) / 10) * 10, Math.round((rent.max * 55) / 10) * 10];
    const slug = n.district ? `living-in-${n.district}` : `${n.city}-neighbourhoods-at-a-glance`;
    const title = n.district
      ? t3(
          `Living in ${name.en}: a neighbourhood guide`,
          `Жизнь в районе ${name.ru}: путеводитель`,
          `Život u naselju ${name.sr}: vodič`,
        )
      : t3(
          `${name.en} neighbourhoods at a glance`,
          `Районы города ${name.ru}: краткий обзор`,
          `Naselja grada ${name.sr}: kratak pregled`,
        );
    return {
      tag: n.district ? `neighbourhoods/${n.city}/${n.district}` : `neighbourhoods/${n.city}`,
      slug,
      title,
      lead: t3(
        `What it is like to live in ${name.en}, what flats cost and what to check before you move.`,
        `Каково жить в районе ${name.ru}, сколько стоят квартиры и что проверить перед переездом.`,
        `Kako se živi u naselju ${name.sr}, koliko koštaju stanovi i šta proveriti pre selidbe.`,
      ),
      paragraphs: [
        n.character,
        n.life,
        t3(
          `Apartments for sale are typically listed at ${euro(a, "en")}–${euro(b, "en")} per square metre, and a furnished two-room flat of about 55 m² rents for roughly €${ra}–${rb} a month.`,
          `Квартиры на продажу обычно предлагаются по ${euro(a, "ru")}–${euro(b, "ru")} за квадратный метр, а меблированная двухкомнатная квартира около 55 м² сдаётся примерно за ${ra}–${rb} € в месяц.`,
          `Stanovi za prodaju se obično oglašavaju po ${euro(a, "sr")}–${euro(b, "sr")} po kvadratnom metru, a namešten dvosoban stan od oko 55 m² izdaje se za otprilike ${ra}–${rb} € mesečno.`,
        ),
        NEIGHBOURHOOD_TIPS,
      ],
    };
  });
}

const AUTHORS = [
  "Jelena Marković",
  "Nikola Stanković",
  "Milica Đorđević",
  "Aleksandar Ilić",
  "Tijana Popović",
  "Redakcija Kvadrat",
];

export function seedArticles(tags: SeedTag[] = seedTags()): SeedArticle[] {
  const byPath = new Map(tags.map((t) => [t.path, t]));
  const drafts: DraftArticle[] = [...GUIDES, ...priceReports(), ...rentReports(), ...neighbourhoodGuides()];
  return drafts.map((draft, index) => {
    const rng = rngFor(STREAM.content, 1000 + index);
    const tag = byPath.get(draft.tag);
    if (!tag) throw new Error(`No tag ${draft.tag} for article ${draft.slug}`);
    const year = /\/(20\d\d)$/.exec(draft.tag)?.[1];
    // Reports of a past year are published in its December; everything else over the last 300 days.
    const published_at =
      year && Number(year) < 2026
        ? Date.UTC(Number(year), 11, rng.int(5, 20), rng.int(7, 16))
        : BASE_TIME - rng.int(1, 300) * DAY - rng.int(0, 12) * 3_600_000;
    const body = (lang: keyof Text3) => draft.paragraphs.map((p) => p[lang]).join("\n\n");
    return {
      id: index + 1,
      tag_id: tag.id,
      slug: draft.slug,
      author: rng.pick(AUTHORS),
      published_at,
      image_seed: rng.uint32(),
      title: draft.title,
      lead: draft.lead,
      body: { en: body("en"), ru: body("ru"), sr: body("sr") },
    };
  });
}

// FAQ, advantages and tooltips are the product's reference data (worker/db/reference/static-texts.ts).
export { ADVANTAGES, FAQ, TOOLTIPS } from "#worker/db/reference/static-texts.ts";

export interface SeedSubscription {
  email: string;
  list: "saved_searches" | "news" | "listing_tips";
  subscribed: 0 | 1;
  updated_at: number;
}

/** A few subscriptions: the test user on two lists, some owners, one person who left. */
export function seedSubscriptions(emails: string[]): SeedSubscription[] {
  const rng = rngFor(STREAM.subscription, 1);
  const entries: [string, SeedSubscription["list"], 0 | 1][] = [
    ["user@kvadrat.test", "news", 1],
    ["user@kvadrat.test", "saved_searches", 1],
    ["citalac.vesti@example.com", "news", 1],
    ["bivsi.pretplatnik@example.net", "news", 0],
    ...emails
      .slice(0, 4)
      .map((email, i): [string, SeedSubscription["list"], 0 | 1] => [
        email,
        (["news", "listing_tips", "saved_searches", "news"] as const)[i]!,
        1,
      ]),
  ];
  return entries.map(([email, list, subscribed]) => ({
    email,
    list,
    subscribed,
    updated_at: BASE_TIME - rng.int(1, 200) * DAY,
  }));
}
