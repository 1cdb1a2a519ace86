/**
 * Hand-written guide articles of the media section, in en, ru and sr. Bodies are paragraphs separated
 * by blank lines. Figures are the usual ones at the time of writing and are phrased as such.
 */

export interface Text3 {
  en: string;
  ru: string;
  sr: string;
}

export interface Guide {
  /** Tag path from the root, e.g. "buying/taxes". */
  tag: string;
  slug: string;
  title: Text3;
  lead: Text3;
  paragraphs: Text3[];
}

export const GUIDES: Guide[] = [
  {
    tag: "buying",
    slug: "buying-property-in-serbia-step-by-step",
    title: {
      en: "Buying property in Serbia: a step-by-step guide",
      ru: "Покупка недвижимости в Сербии: пошаговое руководство",
      sr: "Kupovina nekretnine u Srbiji: vodič korak po korak",
    },
    lead: {
      en: "From the first viewing to the keys: the order of steps, the documents and who pays for what.",
      ru: "От первого просмотра до ключей: порядок шагов, документы и кто за что платит.",
      sr: "Od prvog razgledanja do ključeva: redosled koraka, dokumenta i ko šta plaća.",
    },
    paragraphs: [
      {
        en: "Start with the numbers. Compare similar listings by price per square metre rather than by total price, and set aside roughly 3–5 % of the price on top for the transfer tax or VAT, the notary, the cadastre fee and, if you use one, the agency's commission.",
        ru: "Начните с цифр. Сравнивайте похожие объявления по цене за квадратный метр, а не по общей сумме, и заложите сверху примерно 3–5 % на налог на передачу права или НДС, нотариуса, кадастровый сбор и комиссию агентства, если вы с ним работаете.",
        sr: "Počnite od brojeva. Slične oglase poredite po ceni po kvadratnom metru, a ne po ukupnoj ceni, i odvojite još oko 3–5 % cene za porez na prenos ili PDV, javnog beležnika, taksu katastra i proviziju agencije, ako je angažujete.",
      },
      {
        en: "Before you pay anything, ask for a fresh extract from the cadastre (list nepokretnosti). It shows who owns the property, whether it is registered, and whether a mortgage or another burden is recorded against it. The seller's name must match the extract, and every co-owner must sign.",
        ru: "Прежде чем платить, попросите свежую выписку из кадастра (list nepokretnosti). В ней видно, кто собственник, зарегистрирован ли объект и нет ли на нём ипотеки или другого обременения. Имя продавца должно совпадать с выпиской, а подписать договор должны все совладельцы.",
        sr: "Pre bilo kakve uplate tražite svež list nepokretnosti iz katastra. Na njemu se vidi ko je vlasnik, da li je nekretnina uknjižena i da li je upisana hipoteka ili neki drugi teret. Ime prodavca mora da se poklapa sa listom, a ugovor potpisuju svi suvlasnici.",
      },
      {
        en: "Most sales begin with a pre-contract and a deposit (kapara), usually around 10 % of the price. The main contract is then certified by a public notary, the price is paid, usually by bank transfer, and the notary sends the contract to the cadastre electronically so the new owner is registered.",
        ru: "Обычно сделка начинается с предварительного договора и задатка (kapara), как правило около 10 % цены. Затем основной договор заверяет нотариус, цена оплачивается, чаще всего банковским переводом, а нотариус электронно направляет договор в кадастр для регистрации нового собственника.",
        sr: "Većina kupoprodaja počinje predugovorom i kaparom, obično oko 10 % cene. Glavni ugovor zatim solemnizuje javni beležnik, cena se isplaćuje, najčešće preko banke, a beležnik elektronski šalje ugovor katastru kako bi se upisao novi vlasnik.",
      },
      {
        en: "Finally, transfer the utility accounts into your name: electricity, water, district heating where there is one, and the building's maintenance fund. Ask the seller for the last bills to make sure nothing is owed.",
        ru: "Наконец, переоформите на себя коммунальные счета: электричество, воду, центральное отопление, если оно есть, и взносы в фонд содержания дома. Попросите у продавца последние квитанции, чтобы убедиться в отсутствии долгов.",
        sr: "Na kraju prebacite račune na svoje ime: struju, vodu, daljinsko grejanje ako ga ima i fond za održavanje zgrade. Tražite od prodavca poslednje račune da biste bili sigurni da ne postoje dugovanja.",
      },
    ],
  },
  {
    tag: "buying/taxes",
    slug: "property-transfer-tax",
    title: {
      en: "Property transfer tax: who pays the 2.5 % and when",
      ru: "Налог на передачу права собственности: кто платит 2,5 % и когда",
      sr: "Porez na prenos apsolutnih prava: ko plaća 2,5 % i kada",
    },
    lead: {
      en: "Resales of existing homes carry a 2.5 % transfer tax. The law names the seller, but contracts often say otherwise.",
      ru: "При перепродаже жилья взимается налог 2,5 %. Закон возлагает его на продавца, но договоры часто говорят иначе.",
      sr: "Na preprodaju postojećih nekretnina plaća se porez od 2,5 %. Zakon kaže da ga plaća prodavac, ali ugovori često kažu drugačije.",
    },
    paragraphs: [
      {
        en: "When you buy an apartment or a house from a private owner, the transaction is subject to the tax on the transfer of absolute rights at 2.5 % of the contract price, or of the market value assessed by the tax administration if that is higher.",
        ru: "При покупке квартиры или дома у частного лица сделка облагается налогом на передачу абсолютных прав в размере 2,5 % от цены договора или от рыночной стоимости, определённой налоговой, если она выше.",
        sr: "Kada kupujete stan ili kuću od fizičkog lica, na promet se plaća porez na prenos apsolutnih prava od 2,5 % ugovorene cene, odnosno tržišne vrednosti koju utvrdi poreska uprava ako je ona veća.",
      },
      {
        en: "The taxpayer is the seller, but the parties may agree that the buyer pays, and in practice many contracts do exactly that. Read the clause before signing and build the amount into your budget if it falls on you.",
        ru: "Налогоплательщиком является продавец, но стороны могут договориться, что платит покупатель, и на практике так бывает часто. Прочитайте этот пункт до подписания и учтите сумму в бюджете, если она ложится на вас.",
        sr: "Poreski obveznik je prodavac, ali strane mogu ugovoriti da porez plati kupac, i u praksi mnogi ugovori upravo tako glase. Pročitajte tu odredbu pre potpisivanja i uračunajte iznos u budžet ako pada na vas.",
      },
      {
        en: "The tax return is filed within 30 days of the notarised contract; the notary usually forwards the data, and the tax administration then issues a decision with the amount. A first-time buyer of a home may be exempt for a limited area, so ask the notary whether you qualify.",
        ru: "Декларация подаётся в течение 30 дней после нотариального заверения договора; обычно данные передаёт нотариус, после чего налоговая выносит решение с суммой. Покупатель первого жилья может быть освобождён от налога в пределах определённой площади — уточните у нотариуса, подходите ли вы.",
        sr: "Poreska prijava se podnosi u roku od 30 dana od overe ugovora; podatke najčešće prosleđuje beležnik, a poreska uprava zatim donosi rešenje sa iznosom. Kupac prvog stana može biti oslobođen poreza za određenu kvadraturu, pa pitajte beležnika da li ispunjavate uslove.",
      },
    ],
  },
  {
    tag: "buying/new-builds",
    slug: "vat-on-new-build-apartments",
    title: {
      en: "VAT on new-build apartments and the first-home refund",
      ru: "НДС на квартиры в новостройках и возврат для первого жилья",
      sr: "PDV na stanove u novogradnji i refundacija za prvi stan",
    },
    lead: {
      en: "Buying from a developer means 10 % VAT instead of the transfer tax, and first-time buyers can get part of it back.",
      ru: "При покупке у застройщика вместо налога на передачу платится НДС 10 %, а покупатели первого жилья могут вернуть его часть.",
      sr: "Kupovina od investitora znači PDV od 10 % umesto poreza na prenos, a kupci prvog stana deo mogu da vrate.",
    },
    paragraphs: [
      {
        en: "The first sale of a newly built apartment by a VAT-registered developer is charged VAT at the reduced rate of 10 %, which is normally already included in the advertised price. No transfer tax is due on such a purchase.",
        ru: "Первая продажа новой квартиры застройщиком-плательщиком НДС облагается по сниженной ставке 10 %, которая обычно уже включена в цену объявления. Налог на передачу права в этом случае не платится.",
        sr: "Na prvi promet novoizgrađenog stana od investitora koji je u sistemu PDV-a obračunava se PDV po posebnoj stopi od 10 %, koji je po pravilu već uračunat u oglašenu cenu. Porez na prenos se u tom slučaju ne plaća.",
      },
      {
        en: "A citizen of Serbia buying a first home can claim a refund of the VAT for up to 40 m² for the buyer and 15 m² for each household member. The request goes to the tax administration after the purchase, with proof that no other home was owned.",
        ru: "Гражданин Сербии, покупающий первое жильё, может вернуть НДС за площадь до 40 м² на себя и по 15 м² на каждого члена семьи. Заявление подаётся в налоговую после покупки вместе с подтверждением, что другого жилья не было.",
        sr: "Državljanin Srbije koji kupuje prvi stan može da traži refundaciju PDV-a za do 40 m² za sebe i po 15 m² za svakog člana domaćinstva. Zahtev se podnosi poreskoj upravi posle kupovine, uz dokaz da nije posedovao drugi stan.",
      },
      {
        en: "Check that the developer holds a building permit, that the plot is registered in their name, and whether the contract ties the payment schedule to construction stages. Paying the largest instalments after the building is roofed is a common and sensible arrangement.",
        ru: "Убедитесь, что у застройщика есть разрешение на строительство, участок зарегистрирован на него, а график платежей привязан к этапам стройки. Вносить крупные платежи после возведения крыши — распространённая и разумная практика.",
        sr: "Proverite da li investitor ima građevinsku dozvolu, da li je parcela upisana na njega i da li je dinamika plaćanja vezana za faze gradnje. Uplata najvećih rata tek kada je zgrada pod krovom uobičajen je i razuman dogovor.",
      },
    ],
  },
  {
    tag: "buying/taxes",
    slug: "annual-property-tax",
    title: {
      en: "Annual property tax: how your municipality assesses it",
      ru: "Ежегодный налог на имущество: как его рассчитывает община",
      sr: "Godišnji porez na imovinu: kako ga utvrđuje opština",
    },
    lead: {
      en: "Every owner pays a yearly tax to the local municipality. The amount depends on the zone, the area and the type of property.",
      ru: "Каждый собственник ежегодно платит налог в бюджет общины. Сумма зависит от зоны, площади и типа объекта.",
      sr: "Svaki vlasnik godišnje plaća porez lokalnoj samoupravi. Iznos zavisi od zone, kvadrature i vrste nepokretnosti.",
    },
    paragraphs: [
      {
        en: "Property tax for individuals is assessed by the local tax administration of the city or municipality where the property lies. Each municipality divides its territory into zones and publishes an average price per square metre for each zone, which is the basis of the tax.",
        ru: "Налог на имущество физических лиц начисляет местная налоговая служба города или общины, где находится объект. Каждая община делит территорию на зоны и публикует среднюю цену квадратного метра для каждой из них — это и есть база налога.",
        sr: "Porez na imovinu fizičkih lica utvrđuje lokalna poreska administracija grada ili opštine u kojoj se nepokretnost nalazi. Svaka opština deli teritoriju na zone i objavljuje prosečnu cenu kvadratnog metra za svaku zonu, što je osnovica poreza.",
      },
      {
        en: "A new owner must file a tax return within 30 days of acquiring the property. The decision arrives by post and the tax is paid in quarterly instalments; for a typical city apartment it amounts to a few hundred euros a year at most.",
        ru: "Новый собственник обязан подать декларацию в течение 30 дней после приобретения. Решение приходит по почте, налог платится поквартально; для обычной городской квартиры это не более нескольких сотен евро в год.",
        sr: "Novi vlasnik je dužan da podnese poresku prijavu u roku od 30 dana od sticanja. Rešenje stiže poštom, a porez se plaća tromesečno; za običan gradski stan to je najviše nekoliko stotina evra godišnje.",
      },
      {
        en: "When buying, ask the seller for proof that the property tax has been paid up to the date of sale. Arrears stay with the previous owner, but clearing them avoids disputes and delays at the tax office.",
        ru: "При покупке попросите у продавца подтверждение, что налог уплачен по дату сделки. Задолженность остаётся за прежним владельцем, но её погашение избавит от споров и задержек в налоговой.",
        sr: "Prilikom kupovine tražite od prodavca dokaz da je porez na imovinu plaćen do dana prodaje. Dug ostaje prethodnom vlasniku, ali njegovo izmirenje sprečava sporove i kašnjenja u poreskoj upravi.",
      },
    ],
  },
  {
    tag: "buying/notary",
    slug: "what-a-notary-does",
    title: {
      en: "What a public notary does in a property sale",
      ru: "Что делает нотариус при продаже недвижимости",
      sr: "Šta radi javni beležnik kod kupoprodaje nekretnine",
    },
    lead: {
      en: "Every property contract in Serbia must be certified by a public notary. Here is what that involves and what it costs.",
      ru: "Каждый договор с недвижимостью в Сербии должен быть заверен нотариусом. Рассказываем, что это включает и сколько стоит.",
      sr: "Svaki ugovor o prometu nepokretnosti u Srbiji mora da potvrdi javni beležnik. Evo šta to podrazumeva i koliko košta.",
    },
    paragraphs: [
      {
        en: "A property sale contract is valid only when it is solemnised by a public notary (javni beležnik). The notary checks the identity of the parties, reads the contract aloud, makes sure both sides understand it, and confirms that the seller is the registered owner.",
        ru: "Договор купли-продажи недвижимости действителен, только если он торжественно заверен нотариусом (javni beležnik). Нотариус проверяет личности сторон, зачитывает договор, убеждается, что обе стороны его понимают, и подтверждает, что продавец — зарегистрированный собственник.",
        sr: "Ugovor o kupoprodaji nepokretnosti punovažan je tek kada ga solemnizuje javni beležnik. Beležnik utvrđuje identitet strana, čita ugovor naglas, proverava da li ga obe strane razumeju i potvrđuje da je prodavac upisani vlasnik.",
      },
      {
        en: "Notary fees are set by a public tariff and depend on the value of the contract; for an average apartment expect a few hundred euros, usually paid by the buyer. Drafting the contract can be a separate service, by the notary or by a lawyer.",
        ru: "Тарифы нотариусов установлены государством и зависят от суммы договора; для средней квартиры рассчитывайте на несколько сотен евро, обычно их платит покупатель. Составление договора может быть отдельной услугой — нотариуса или адвоката.",
        sr: "Beležničke naknade propisane su tarifom i zavise od vrednosti ugovora; za prosečan stan računajte na nekoliko stotina evra, koje obično plaća kupac. Sastavljanje ugovora može biti posebna usluga, beležnika ili advokata.",
      },
      {
        en: "After certification the notary submits the contract to the cadastre through the electronic counter and informs the tax administration. You do not need to queue at the cadastre yourself: the registration of the new owner usually follows within days.",
        ru: "После заверения нотариус подаёт договор в кадастр через электронное окно и уведомляет налоговую. Стоять в очереди в кадастре самому не нужно: регистрация нового собственника обычно проходит в течение нескольких дней.",
        sr: "Posle solemnizacije beležnik predaje ugovor katastru preko e-šaltera i obaveštava poresku upravu. Ne morate sami da čekate u redu u katastru: upis novog vlasnika obično usledi u roku od nekoliko dana.",
      },
    ],
  },
  {
    tag: "buying/notary",
    slug: "pre-contract-and-deposit",
    title: {
      en: "The pre-contract and the deposit (kapara): how not to lose it",
      ru: "Предварительный договор и задаток (kapara): как его не потерять",
      sr: "Predugovor i kapara: kako da je ne izgubite",
    },
    lead: {
      en: "A kapara binds both sides. Knowing the rules protects you whether you buy or sell.",
      ru: "Задаток связывает обе стороны. Знание правил защищает и покупателя, и продавца.",
      sr: "Kapara obavezuje obe strane. Poznavanje pravila štiti i kupca i prodavca.",
    },
    paragraphs: [
      {
        en: "The deposit confirms that the deal has been agreed. If the buyer walks away, the seller keeps it; if the seller backs out, the buyer may claim back double the amount. That is why a kapara should only be paid against a written pre-contract.",
        ru: "Задаток подтверждает, что сделка согласована. Если покупатель откажется, продавец оставляет его себе; если откажется продавец, покупатель может потребовать двойную сумму. Поэтому задаток стоит платить только по письменному предварительному договору.",
        sr: "Kapara potvrđuje da je posao dogovoren. Ako kupac odustane, prodavac je zadržava; ako odustane prodavac, kupac može da traži dvostruki iznos. Zato kaparu treba davati samo uz pisani predugovor.",
      },
      {
        en: "For property the pre-contract must also be certified by a notary to be valid. It should name the property as in the cadastre, the full price, the deadline for the main contract and what happens if a mortgage has to be cleared first.",
        ru: "Для недвижимости предварительный договор тоже должен быть заверен нотариусом, иначе он недействителен. В нём указывают объект так, как он записан в кадастре, полную цену, срок заключения основного договора и что происходит, если сначала нужно погасить ипотеку.",
        sr: "Za nepokretnosti i predugovor mora da overi javni beležnik da bi bio punovažan. U njemu se navode nepokretnost kako je upisana u katastru, puna cena, rok za zaključenje glavnog ugovora i šta se dešava ako prethodno treba brisati hipoteku.",
      },
      {
        en: "Pay the deposit by bank transfer rather than in cash, and keep the proof. If you are buying with a mortgage, agree a deadline that leaves the bank enough time to approve the loan.",
        ru: "Платите задаток банковским переводом, а не наличными, и сохраняйте подтверждение. Если покупаете в ипотеку, согласуйте срок, которого банку хватит на одобрение кредита.",
        sr: "Kaparu uplatite preko računa, a ne u gotovini, i sačuvajte dokaz. Ako kupujete putem kredita, dogovorite rok koji banci ostavlja dovoljno vremena da odobri kredit.",
      },
    ],
  },
  {
    tag: "buying/cadastre",
    slug: "how-to-read-a-cadastre-extract",
    title: {
      en: "How to read a cadastre extract (list nepokretnosti)",
      ru: "Как читать выписку из кадастра (list nepokretnosti)",
      sr: "Kako se čita list nepokretnosti",
    },
    lead: {
      en: "One page tells you who owns a property, what exactly it is and what burdens it carries. Learn to read it before you pay a deposit.",
      ru: "Одна страница расскажет, кому принадлежит объект, что он собой представляет и какие на нём обременения. Научитесь читать её до внесения задатка.",
      sr: "Jedna strana govori ko je vlasnik, šta je tačno predmet prodaje i koji tereti postoje. Naučite da je čitate pre nego što date kaparu.",
    },
    paragraphs: [
      {
        en: "The extract is issued by the Republic Geodetic Authority (RGZ) and can be checked online by cadastral municipality and parcel number. Sheet A describes the land parcel, sheet B lists the owners of the land, and sheet V covers buildings and individual units such as apartments with their owners.",
        ru: "Выписку выдаёт Республиканское геодезическое управление (RGZ), её можно проверить онлайн по кадастровой общине и номеру участка. Лист A описывает земельный участок, лист B — собственников земли, лист V — здания и отдельные помещения, например квартиры, с их владельцами.",
        sr: "List izdaje Republički geodetski zavod (RGZ), a proverava se i onlajn prema katastarskoj opštini i broju parcele. List A opisuje parcelu, list B navodi vlasnike zemljišta, a list V objekte i posebne delove, poput stanova, sa njihovim vlasnicima.",
      },
      {
        en: "Sheet G lists encumbrances: mortgages, easements, court notes and disputes. A mortgage is not a reason to walk away, but the contract must say how it will be removed, usually by paying part of the price directly to the bank.",
        ru: "Лист G содержит обременения: ипотеки, сервитуты, судебные отметки и споры. Ипотека не повод отказываться от покупки, но договор должен описывать, как её снимут, — обычно часть цены перечисляется напрямую банку.",
        sr: "List G sadrži terete: hipoteke, službenosti, zabeležbe i sporove. Hipoteka nije razlog da odustanete, ali ugovor mora da predvidi kako će biti brisana, obično tako što se deo cene uplaćuje direktno banci.",
      },
      {
        en: "Compare the area, floor and unit number on the extract with the listing and with the apartment itself. If the extract shows a building without a use permit or a unit that is not registered at all, ask about legalisation before you go further.",
        ru: "Сравните площадь, этаж и номер квартиры в выписке с объявлением и с самой квартирой. Если в выписке здание без разрешения на эксплуатацию или помещение вообще не зарегистрировано, выясните вопрос легализации, прежде чем двигаться дальше.",
        sr: "Uporedite kvadraturu, sprat i broj stana sa lista sa oglasom i sa samim stanom. Ako list pokazuje objekat bez upotrebne dozvole ili stan uopšte nije upisan, raspitajte se o legalizaciji pre nego što nastavite.",
      },
    ],
  },
  {
    tag: "buying/mortgage",
    slug: "how-mortgages-work-in-serbia",
    title: {
      en: "How mortgages work in Serbia",
      ru: "Как устроена ипотека в Сербии",
      sr: "Kako funkcionišu stambeni krediti u Srbiji",
    },
    lead: {
      en: "Down payment, interest, insurance and the timeline from application to the keys.",
      ru: "Первоначальный взнос, ставка, страховка и сроки от заявки до ключей.",
      sr: "Učešće, kamata, osiguranje i rokovi od zahteva do ključeva.",
    },
    paragraphs: [
      {
        en: "Housing loans in Serbia are usually indexed to the euro and run for up to 30 years. Banks normally ask for a down payment of at least 20 %, while first-time buyers can qualify for lower participation under the rules in force at the time of applying.",
        ru: "Жилищные кредиты в Сербии обычно индексированы к евро и выдаются на срок до 30 лет. Банки, как правило, просят первоначальный взнос от 20 %, а покупатели первого жилья могут рассчитывать на меньший взнос по действующим на момент заявки правилам.",
        sr: "Stambeni krediti u Srbiji su najčešće indeksirani u evrima i odobravaju se na rok do 30 godina. Banke obično traže učešće od najmanje 20 %, dok kupci prvog stana mogu da ostvare niže učešće prema pravilima koja važe u trenutku zahteva.",
      },
      {
        en: "Rates are either fixed or variable, tied to six-month EURIBOR plus the bank's margin. A fixed rate costs a little more at first but protects your budget; compare the effective interest rate (EKS), which includes fees and insurance, not only the nominal one.",
        ru: "Ставка бывает фиксированной или плавающей — шестимесячный EURIBOR плюс маржа банка. Фиксированная ставка сначала чуть дороже, но защищает бюджет; сравнивайте эффективную ставку (EKS), включающую комиссии и страховку, а не только номинальную.",
        sr: "Kamata je fiksna ili promenljiva, vezana za šestomesečni EURIBOR uz maržu banke. Fiksna kamata je u početku nešto skuplja, ali štiti vaš budžet; poredite efektivnu kamatnu stopu (EKS), koja uključuje troškove i osiguranje, a ne samo nominalnu.",
      },
      {
        en: "The bank needs a valuation of the property by a licensed appraiser, a registered title, and a mortgage entered in the cadastre after the purchase. Allow three to six weeks from the application to the disbursement, and make sure your pre-contract deadline fits.",
        ru: "Банку нужны оценка объекта лицензированным оценщиком, зарегистрированное право собственности и запись ипотеки в кадастре после покупки. Закладывайте от трёх до шести недель от заявки до выдачи кредита и проверьте, что срок в предварительном договоре это позволяет.",
        sr: "Banci su potrebni procena nepokretnosti od licenciranog procenitelja, uknjiženo vlasništvo i upis hipoteke u katastar posle kupovine. Računajte na tri do šest nedelja od zahteva do isplate i proverite da li rok iz predugovora to dozvoljava.",
      },
    ],
  },
  {
    tag: "buying/mortgage/foreigners",
    slug: "can-foreigners-buy-property-in-serbia",
    title: {
      en: "Can foreigners buy property and get a mortgage in Serbia?",
      ru: "Могут ли иностранцы покупать недвижимость и брать ипотеку в Сербии?",
      sr: "Mogu li stranci da kupe nekretninu i dobiju kredit u Srbiji?",
    },
    lead: {
      en: "Apartments and houses, yes, on the basis of reciprocity; agricultural land is a different story.",
      ru: "Квартиры и дома — да, на основе взаимности; с сельскохозяйственной землёй всё сложнее.",
      sr: "Stanove i kuće mogu, na osnovu reciprociteta; sa poljoprivrednim zemljištem je drugačije.",
    },
    paragraphs: [
      {
        en: "Foreign individuals may acquire apartments, houses and building land in Serbia if citizens of Serbia can do the same in their country. For most European countries, Russia and many others reciprocity is established, and the notary checks it as part of the contract.",
        ru: "Иностранцы могут приобретать в Сербии квартиры, дома и участки под застройку, если граждане Сербии могут делать то же самое в их стране. Для большинства европейских стран, России и многих других взаимность установлена, и нотариус проверяет её при заключении договора.",
        sr: "Strana fizička lica mogu da steknu stanove, kuće i građevinsko zemljište u Srbiji ako državljani Srbije to mogu u njihovoj zemlji. Za većinu evropskih zemalja, Rusiju i mnoge druge reciprocitet je utvrđen, a beležnik ga proverava prilikom zaključenja ugovora.",
      },
      {
        en: "You will need a passport, a Serbian tax identification number for foreigners, and usually a non-resident bank account through which the price is paid. Agricultural land generally cannot be bought by foreign individuals.",
        ru: "Понадобятся паспорт, сербский налоговый номер для иностранцев и, как правило, счёт нерезидента, через который оплачивается цена. Сельскохозяйственную землю иностранные физические лица, как правило, купить не могут.",
        sr: "Biće vam potrebni pasoš, poreski identifikacioni broj za strance i po pravilu nerezidentni račun preko kog se plaća cena. Poljoprivredno zemljište strana fizička lica po pravilu ne mogu da kupe.",
      },
      {
        en: "Banks lend to foreigners more cautiously: a residence permit and income that can be verified in Serbia make approval far more likely. Without them, expect a higher down payment or plan to buy without a loan.",
        ru: "Иностранцам банки кредитуют осторожнее: вид на жительство и доход, который можно подтвердить в Сербии, заметно повышают шансы. Без них рассчитывайте на больший первоначальный взнос или планируйте покупку без кредита.",
        sr: "Banke strancima odobravaju kredite opreznije: boravišna dozvola i prihodi koji se mogu proveriti u Srbiji znatno povećavaju šanse. Bez njih računajte na veće učešće ili planirajte kupovinu bez kredita.",
      },
    ],
  },
  {
    tag: "renting",
    slug: "renting-an-apartment-what-to-check",
    title: {
      en: "Renting an apartment in Serbia: what to check before you sign",
      ru: "Аренда квартиры в Сербии: что проверить до подписания",
      sr: "Iznajmljivanje stana u Srbiji: šta proveriti pre potpisivanja",
    },
    lead: {
      en: "Heating, bills, the owner's identity and the condition of the flat: a short checklist for tenants.",
      ru: "Отопление, счета, личность владельца и состояние квартиры: короткий список для арендаторов.",
      sr: "Grejanje, računi, identitet vlasnika i stanje stana: kratka lista za zakupce.",
    },
    paragraphs: [
      {
        en: "Ask how the flat is heated and what a winter month costs. District heating is billed per square metre all year round in many cities, while electric heating can double the electricity bill in January. Check the windows and the insulation too.",
        ru: "Спросите, как отапливается квартира и сколько стоит зимний месяц. Центральное отопление во многих городах оплачивается за квадратный метр круглый год, а электрическое может удвоить счёт за свет в январе. Проверьте также окна и утепление.",
        sr: "Pitajte kako se stan greje i koliko košta jedan zimski mesec. Daljinsko grejanje se u mnogim gradovima plaća po kvadratu tokom cele godine, dok električno grejanje u januaru može da udvostruči račun za struju. Proverite i prozore i izolaciju.",
      },
      {
        en: "Make sure the person renting the flat to you is its owner or has a written authorisation: ask to see an ID and the cadastre extract. Agree who pays which bills; tenants usually pay electricity, water, heating and internet, while the owner pays the property tax.",
        ru: "Убедитесь, что человек, сдающий квартиру, — её владелец или имеет письменную доверенность: попросите документ и выписку из кадастра. Договоритесь, кто какие счета платит; обычно арендатор оплачивает электричество, воду, отопление и интернет, а владелец — налог на имущество.",
        sr: "Uverite se da je osoba koja vam izdaje stan vlasnik ili ima pisano ovlašćenje: tražite ličnu kartu i list nepokretnosti. Dogovorite ko plaća koje račune; zakupac obično plaća struju, vodu, grejanje i internet, a vlasnik porez na imovinu.",
      },
      {
        en: "Before moving in, photograph every room, the appliances and the meter readings, and attach the list to the contract. It is the simplest way to get your deposit back in full when you leave.",
        ru: "Перед заселением сфотографируйте все комнаты, технику и показания счётчиков и приложите список к договору. Это самый простой способ получить депозит обратно полностью при выезде.",
        sr: "Pre useljenja fotografišite sve prostorije, aparate i stanje brojila i priložite spisak uz ugovor. To je najjednostavniji način da vam depozit bude vraćen u celosti kada se iselite.",
      },
    ],
  },
  {
    tag: "renting/contracts",
    slug: "what-a-rental-contract-should-contain",
    title: {
      en: "What a good rental contract contains",
      ru: "Что должно быть в хорошем договоре аренды",
      sr: "Šta sadrži dobar ugovor o zakupu",
    },
    lead: {
      en: "A written lease protects tenant and landlord alike. These are the clauses that matter.",
      ru: "Письменный договор защищает и арендатора, и арендодателя. Вот пункты, которые имеют значение.",
      sr: "Pisani ugovor štiti i zakupca i zakupodavca. Ovo su odredbe koje su važne.",
    },
    paragraphs: [
      {
        en: "The contract should name both parties with their ID numbers, describe the flat with its address and area, and state the rent, the currency, the payment date and how the rent is paid. Rents are commonly agreed in euros and paid in dinars at the middle exchange rate.",
        ru: "В договоре указываются обе стороны с номерами документов, квартира с адресом и площадью, размер аренды, валюта, дата и способ оплаты. Аренду обычно оговаривают в евро, а платят в динарах по среднему курсу.",
        sr: "Ugovor treba da navede obe strane sa brojevima ličnih dokumenata, stan sa adresom i kvadraturom, iznos zakupnine, valutu, datum i način plaćanja. Zakupnina se najčešće ugovara u evrima, a plaća u dinarima po srednjem kursu.",
      },
      {
        en: "Fix the term and the notice period: one year with a 30-day notice is typical. Write down the amount of the deposit and the conditions for returning it, who pays which bills and whether pets, smoking or subletting are allowed.",
        ru: "Зафиксируйте срок и порядок расторжения: типично один год с уведомлением за 30 дней. Пропишите размер депозита и условия его возврата, кто какие счета оплачивает и разрешены ли животные, курение и субаренда.",
        sr: "Utvrdite trajanje i otkazni rok: tipično je godinu dana uz otkaz od 30 dana. Upišite iznos depozita i uslove za njegov povraćaj, ko plaća koje račune i da li su dozvoljeni kućni ljubimci, pušenje i podzakup.",
      },
      {
        en: "A contract certified by a notary can be enforced directly if the rent is not paid or the flat is not vacated, without a lengthy court case. For a long stay it is worth the modest fee, and it also serves as proof of address.",
        ru: "Договор, заверенный нотариусом, можно исполнить принудительно без долгого суда, если аренда не оплачивается или квартиру не освобождают. Для долгого проживания это стоит небольшой платы, а ещё такой договор служит подтверждением адреса.",
        sr: "Ugovor koji overi javni beležnik može se izvršiti direktno ako se zakupnina ne plaća ili se stan ne napusti, bez dugog sudskog postupka. Za duži boravak vredi te skromne naknade, a služi i kao dokaz o adresi.",
      },
    ],
  },
  {
    tag: "renting/landlords/taxes",
    slug: "tax-on-rental-income",
    title: {
      en: "Tax on rental income: what landlords owe",
      ru: "Налог на доход от аренды: что должен арендодатель",
      sr: "Porez na prihode od izdavanja: šta duguju stanodavci",
    },
    lead: {
      en: "Letting a flat is taxable income. The rate, the deductible costs and the deadline, explained simply.",
      ru: "Сдача квартиры — облагаемый доход. Ставка, вычеты и сроки простыми словами.",
      sr: "Izdavanje stana je oporezivi prihod. Stopa, priznati troškovi i rokovi, jednostavno objašnjeni.",
    },
    paragraphs: [
      {
        en: "Income from letting property is taxed at 20 %, but a standard 25 % of the rent is recognised as costs, so the effective rate is 15 % of the rent received. The landlord files the return and pays the tax within 30 days of receiving the income.",
        ru: "Доход от сдачи недвижимости облагается по ставке 20 %, но 25 % арендной платы признаются нормированными расходами, так что эффективная ставка составляет 15 % от полученной аренды. Арендодатель подаёт декларацию и платит налог в течение 30 дней после получения дохода.",
        sr: "Prihod od izdavanja nepokretnosti oporezuje se stopom od 20 %, ali se 25 % zakupnine priznaje kao normirani troškovi, pa je efektivna stopa 15 % primljene zakupnine. Stanodavac podnosi prijavu i plaća porez u roku od 30 dana od ostvarenja prihoda.",
      },
      {
        en: "When the tenant is a company, it withholds the tax and pays it on the landlord's behalf. Short-term lets to tourists follow different rules: the flat must be categorised and the landlord pays a flat-rate tax and the tourist tax.",
        ru: "Если арендатор — компания, она сама удерживает налог и платит его за арендодателя. Для краткосрочной сдачи туристам действуют другие правила: квартира должна пройти категоризацию, а владелец платит паушальный налог и туристический сбор.",
        sr: "Kada je zakupac pravno lice, ono obračunava i plaća porez u ime stanodavca. Kratkoročno izdavanje turistima ima druga pravila: stan mora biti kategorisan, a vlasnik plaća paušalni porez i boravišnu taksu.",
      },
      {
        en: "Keep a copy of every contract and payment. A declared, taxed lease is also easier to defend if a tenant stops paying, and it lets tenants register their address without difficulty.",
        ru: "Храните копии всех договоров и платежей. Задекларированную аренду проще защитить, если арендатор перестанет платить, а арендаторы смогут без проблем зарегистрировать адрес.",
        sr: "Čuvajte primerak svakog ugovora i uplate. Prijavljen i oporezovan zakup lakše je zaštititi ako zakupac prestane da plaća, a zakupcima omogućava da bez problema prijave adresu.",
      },
    ],
  },
  {
    tag: "renting/landlords",
    slug: "landlord-checklist",
    title: {
      en: "Letting your apartment: a landlord's checklist",
      ru: "Сдаёте квартиру: чек-лист арендодателя",
      sr: "Izdajete stan: podsetnik za stanodavce",
    },
    lead: {
      en: "Good photos, a fair price and a clear contract fill a flat faster than any discount.",
      ru: "Хорошие фото, честная цена и понятный договор сдают квартиру быстрее любой скидки.",
      sr: "Dobre fotografije, realna cena i jasan ugovor izdaju stan brže od bilo kog popusta.",
    },
    paragraphs: [
      {
        en: "Set the rent by comparing flats of similar size and condition in the same neighbourhood, per square metre. A price a little under the market usually pays off: every empty month costs more than a small discount over a year.",
        ru: "Определяйте аренду, сравнивая похожие по площади и состоянию квартиры в том же районе, в пересчёте на квадратный метр. Цена чуть ниже рынка обычно окупается: каждый пустой месяц обходится дороже небольшой скидки за год.",
        sr: "Zakupninu odredite poređenjem stanova slične kvadrature i stanja u istom naselju, po kvadratu. Cena malo ispod tržišne se obično isplati: svaki prazan mesec košta više od malog popusta tokom godine.",
      },
      {
        en: "Photograph the flat in daylight, from the corners of each room, and show the kitchen, the bathroom and the view. Say honestly how it is heated, what the monthly bills are and whether pets are allowed; fewer surprises mean fewer wasted viewings.",
        ru: "Фотографируйте квартиру при дневном свете из углов каждой комнаты, покажите кухню, ванную и вид из окна. Честно укажите тип отопления, ежемесячные расходы и можно ли с животными: меньше сюрпризов — меньше пустых просмотров.",
        sr: "Stan fotografišite po danu, iz uglova svake prostorije, i pokažite kuhinju, kupatilo i pogled. Iskreno navedite kako se greje, koliki su mesečni računi i da li su ljubimci dozvoljeni; manje iznenađenja znači manje uzaludnih razgledanja.",
      },
      {
        en: "Take a deposit of one or two months' rent, record the meter readings on the day of handover and keep the bills in your name only if you are ready to collect them every month.",
        ru: "Берите депозит в размере одной-двух месячных плат, фиксируйте показания счётчиков в день передачи и оставляйте счета на себя, только если готовы собирать их каждый месяц.",
        sr: "Uzmite depozit od jedne do dve zakupnine, zapišite stanje brojila na dan primopredaje i račune ostavite na svoje ime samo ako ste spremni da ih naplaćujete svakog meseca.",
      },
    ],
  },
];
