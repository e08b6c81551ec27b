//! Issue 13: search that answers the way players ask. Filters apply to every match, `show`
//! takes every ID form `search` takes, and the query set keeps its quality.

use crate::common;

use common::{carcref, code, stderr, stdout};

fn json_ids(args: &[&str]) -> Vec<(String, String)> {
    let output = carcref(args, None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    value["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_owned(),
                r["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn id_matches_obey_the_game_and_level_filters() {
    // Dized.MoC.0027 is three rulings, one per level 2, 3 and 4.
    let all = json_ids(&["search", "moc 27", "--json"]);
    for id in [
        "dc-duchove-ze-hrbitova-uroven-2",
        "dc-duchove-ze-hrbitova-uroven-3",
        "dc-duchove-ze-hrbitova-uroven-4",
    ] {
        assert!(all.iter().any(|(i, _)| i == id), "{all:?}");
    }
    let level3 = json_ids(&["search", "moc 27", "--level", "3", "--json"]);
    assert_eq!(level3[0].0, "dc-duchove-ze-hrbitova-uroven-3", "{level3:?}");
    assert!(
        !level3
            .iter()
            .any(|(i, _)| i.ends_with("uroven-2") || i.ends_with("uroven-4")),
        "{level3:?}"
    );
    let gifts = json_ids(&["search", "moc 27", "--game", "darky", "--json"]);
    assert!(gifts.iter().all(|(i, _)| i.starts_with("da-")), "{gifts:?}");
    // A section named by its id is filtered too.
    let section = json_ids(&["search", "dc-uroven-3", "--game", "darky", "--json"]);
    assert!(
        section.iter().all(|(i, _)| i.starts_with("da-")),
        "{section:?}"
    );
}

#[test]
fn show_accepts_every_id_form_that_search_accepts() {
    for form in [
        "moc27",
        "MoC 27",
        "Dized.MoC.0027",
        "dized moc 27",
        "0027",
        "moc.0027",
    ] {
        let output = carcref(&["show", form, "--json"], None);
        assert_eq!(code(&output), 0, "{form}: {}", stderr(&output));
        let text = stdout(&output);
        assert_eq!(
            text.matches("\"source_id\": \"Dized.MoC.0027\"").count(),
            3,
            "{form}: {text}"
        );
    }
    let faq = carcref(&["show", "faq 7"], None);
    assert_eq!(code(&faq), 0, "{}", stderr(&faq));
    assert!(stdout(&faq).contains("FAQ.MoC.0007"));
    let unknown = carcref(&["show", "moc 9999"], None);
    assert_eq!(code(&unknown), 2);
}

#[test]
fn every_ruling_carries_two_to_four_ways_players_ask_it() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    common::copy_tree(
        &common::repo().join("tests/content/valid-minimal"),
        &content,
    );
    let file = content.join("duchove-carcassonne/rulings/mlha.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let one = text.replacen(
        "phrasings: [Jak to je s tímhle pravidlem?, Platí to i u nás?]",
        "phrasings: [Jak to je s tímhle pravidlem?]",
        1,
    );
    assert_ne!(one, text);
    std::fs::write(&file, one).unwrap();
    let output = carcref(&["--content", content.to_str().unwrap(), "validate"], None);
    assert_eq!(code(&output), 1);
    assert!(
        stderr(&output).contains("[dc-mlha-nelze-hodnotit] výklad má mít 2 až 4 otázky"),
        "{}",
        stderr(&output)
    );
    // The shipped content: every ruling has them, indexed for search.
    let list = carcref(&["list", "--json"], None);
    let value: serde_json::Value = serde_json::from_str(&stdout(&list)).unwrap();
    for ruling in value.as_array().unwrap() {
        let n = ruling["phrasings"].as_array().map_or(0, Vec::len);
        assert!((2..=4).contains(&n), "{}: {n}", ruling["id"]);
    }
}

fn search_json(query: &str) -> serde_json::Value {
    let output = carcref(&["search", query, "--json"], None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).unwrap()
}

#[test]
fn a_query_with_content_words_is_relaxed_rather_than_empty() {
    // Two typos: nothing matches as typed, so the search allows two and says so.
    let json = search_json("hrbytof");
    assert_eq!(json["relaxed"], true, "{json}");
    let first = json["results"][0]["id"].as_str().unwrap_or_default();
    assert!(first.contains("hrbitov"), "{json}");
    let text = carcref(&["search", "hrbytof"], None);
    assert!(
        stdout(&text).contains("tolerancí dvou překlepů"),
        "{}",
        stdout(&text)
    );
    // English that only the glossary knows.
    let english = search_json("shields joint scoring");
    assert!(
        !english["results"].as_array().unwrap().is_empty(),
        "{english}"
    );
    // A query that matches as typed is not relaxed.
    assert_eq!(search_json("hřbitov")["relaxed"], false);
}

#[test]
fn a_gift_card_named_koncil_is_not_the_end_of_the_game() {
    // The stemmer would cut "koncil" to the stem of "konec" (na konci hry).
    let json = search_json("koncil");
    assert_eq!(json["results"][0]["id"], "da-karty", "{json}");
    let first = search_json("co se stane na konci hry")["results"][0]["id"].clone();
    assert_ne!(first, "da-karty");
}

/// Searches `query`, checks it is answered, and gives the first result's id.
fn answered_by(query: &str) -> String {
    let json = search_json(query);
    assert_eq!(json["answered"], true, "{json}");
    json["results"][0]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn a_word_naming_the_game_is_held_by_that_games_texts() {
    // No text writes "koop": the cooperative game's road rules answer it by being of that game.
    assert!(answered_by("cesta v koopu").starts_with("dc-"));
}

#[test]
fn english_rule_words_reach_the_words_our_texts_use() {
    // "deck" is the gift cards' balíček, "runs out" dojde; what, happens, when, the: nothing.
    let first = answered_by("what happens when the gift deck runs out");
    assert_eq!(first, "da-ziskani-darku");
    // "surrounded" is obklopený, "eight" is 8, "worth" asks for points.
    let first = answered_by("castle surrounded by eight tiles, what is it worth");
    assert!(first.contains("zamek"), "{first}");
}

#[test]
fn an_unknown_word_gets_the_closest_known_one() {
    let json = search_json("duchove hrbytof");
    let suggestions = json["suggestions"].as_array().unwrap();
    assert_eq!(suggestions.len(), 1, "{json}");
    assert_eq!(suggestions[0]["typed"], "hrbytof");
    assert!(
        suggestions[0]["suggested"]
            .as_str()
            .unwrap()
            .starts_with("hřbitov"),
        "{json}"
    );
    let text = carcref(&["search", "duchove hrbytof"], None);
    assert!(
        stdout(&text).starts_with("Mysleli jste „hřbitov"),
        "{}",
        stdout(&text)
    );
    // Known words, glossary words, English and a game's name get no suggestion.
    for query in [
        "hřbitov",
        "psa",
        "cemetery",
        "duchové na hřbitově",
        "cesta v koopu",
        // A short word is offered only a word one edit away, not „barva“ for "trvá".
        "jak dlouho trvá partie",
    ] {
        assert_eq!(
            search_json(query)["suggestions"],
            serde_json::json!([]),
            "{query}"
        );
    }
}

#[test]
fn the_thesaurus_is_validated() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    common::copy_tree(
        &common::repo().join("tests/content/valid-minimal"),
        &content,
    );
    std::fs::write(
        content.join("thesaurus.yaml"),
        "- preferred: figurka\n  members: [panáček, meeple]\n\
         - preferred: družiník\n  members: [panáčka, a na]\n\
         - preferred: kartička\n  members: [karta]\n  games: [duchove-carcassonne]\n\
         - preferred: dílek\n  members: [karta]\n  games: [duchove-carcassonne, darky]\n\
         - preferred: panák\n  members: [figurka]\n  games: [darky, reka]\n",
    )
    .unwrap();
    let output = carcref(&["--content", content.to_str().unwrap(), "validate"], None);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let messages = stderr(&output);
    // A ring of some games may share a word with a ring of every game ("figurka" above),
    // not with another ring of one of its games.
    assert!(
        messages.contains("thesaurus.yaml:9:13: [dílek] `karta` patří i do kruhu `kartička`"),
        "{messages}"
    );
    assert!(
        messages.contains("thesaurus.yaml:13:18: [panák] hra `reka` neexistuje"),
        "{messages}"
    );
    assert_eq!(
        messages.matches("patří i do kruhu").count(),
        2,
        "{messages}"
    );
    // "panáčka" stems like "panáček", which already belongs to the first ring.
    assert!(
        messages.contains("thesaurus.yaml:4:13: [družiník] `panáčka` patří i do kruhu `figurka`"),
        "{messages}"
    );
    assert!(
        messages.contains("[družiník] `a na` nedá hledání nic"),
        "{messages}"
    );
    // The shipped thesaurus is valid and its rings reach the search.
    let found = json_ids(&["search", "panáček na cestě", "--json"]);
    assert!(!found.is_empty());
}

#[test]
fn a_named_level_leans_to_that_levels_texts() {
    // "páté úrovně" names level 5 by its ordinal: its own section comes first, although
    // the words (příprava, úroveň) fit the general setup section as well.
    let fifth = json_ids(&["search", "příprava páté úrovně", "--json"]);
    assert_eq!(fifth[0].0, "dc-uroven-5", "{fifth:?}");
    let fourth = json_ids(&["search", "co se mění na čtvrté úrovni", "--json"]);
    let top3: Vec<&str> = fourth.iter().take(3).map(|(i, _)| i.as_str()).collect();
    assert!(top3.contains(&"dc-uroven-4"), "{fourth:?}");
    assert!(!top3.contains(&"dc-uroven-5"), "{fourth:?}");
}

#[test]
fn rule_sections_obey_the_level_filter_by_their_own_levels() {
    // The level sections and the level 2–4 cemetery declare the levels they apply to.
    let level3 = json_ids(&[
        "search", "úroveň", "--level", "3", "--limit", "50", "--json",
    ]);
    let ids: Vec<&str> = level3.iter().map(|(i, _)| i.as_str()).collect();
    assert!(ids.contains(&"dc-uroven-3"), "{ids:?}");
    assert!(ids.contains(&"dc-uroven-2"), "{ids:?}");
    for other in ["dc-uroven-4", "dc-uroven-5", "dc-uroven-6"] {
        assert!(!ids.contains(&other), "{other} in {ids:?}");
    }
    let level5 = json_ids(&[
        "search", "hřbitov", "--level", "5", "--limit", "50", "--json",
    ]);
    assert!(!level5.iter().any(|(i, _)| i == "dc-hrbitov"), "{level5:?}");
}

/// Searches `query` and checks it is answered, with no sentence about another box or a question
/// the rules leave open.
fn answered_as_ours(query: &str) {
    let json = search_json(query);
    assert_eq!(json["not_covered"], serde_json::json!([]), "{json}");
    assert_eq!(json["answered"], true, "{json}");
}

/// Searches `query`, checks it is not answered and is told `sentence`, and gives the JSON.
fn not_covered(query: &str, sentence: &str) -> serde_json::Value {
    let json = search_json(query);
    assert_eq!(json["answered"], false, "{json}");
    assert_eq!(json["not_covered"], serde_json::json!([sentence]), "{json}");
    json
}

#[test]
fn a_word_of_a_game_we_do_not_cover_is_named_and_never_answered() {
    // "lodě" and "ryby" are of the standalone game South Seas, which no text of ours mentions.
    let json = not_covered(
        "kolik bodů za ryby a lodě na konci hry",
        "Slova „ryba“ a „loď“ patří do samostatné hry Jižní moře, kterou carcref nepokrývá.",
    );
    // Such a word is known, not a typo to correct.
    assert_eq!(json["suggestions"], serde_json::json!([]), "{json}");
    let text = stdout(&carcref(&["search", "vlk na louce"], None));
    assert!(
        text.starts_with(
            "Slovo „vlk“ patří do rozšíření Kopce a ovce, které carcref nepokrývá.\n\
             Přímou odpověď jsem nenašel; nejbližší:"
        ),
        "{text}"
    );
    // Our own words say nothing of other games.
    assert_eq!(
        search_json("duchové na hřbitově")["not_covered"],
        serde_json::json!([])
    );
}

#[test]
fn a_question_no_rules_answer_is_named_and_never_answered() {
    // Buying, care of the pieces, strategy, playing online: words our texts never use.
    // Buying is also the scene of rules questions ("koupili jsme Hostince, kolik…"), so it is
    // a topic of its own beside prices and shops.
    let json = search_json("kde koupím Dárky a za kolik korun");
    assert_eq!(json["answered"], false, "{json}");
    assert_eq!(
        json["not_covered"],
        serde_json::json!([
            "Slovo „korun“ patří k otázkám, na které pravidla neodpovídají (nákup, cena a vydání \
             her).",
            "Slovo „koupit“ patří k otázkám, na které pravidla neodpovídají (koupě hry)."
        ]),
        "{json}"
    );
    not_covered(
        "jaké obaly na kartičky s duchy",
        "Slovo „obal“ patří k otázkám, na které pravidla neodpovídají (péče o herní materiál).",
    );
    not_covered(
        "je lepší stavět města nebo cesty",
        "Slovo „lepší“ patří k otázkám, na které pravidla neodpovídají (strategie a rady ke \
         hře).",
    );
    not_covered(
        "kdo vymyslel Carcassonne",
        "Slovo „vymyslet“ patří k otázkám, na které pravidla neodpovídají (autoři, ohlasy a \
         turnaje).",
    );
    not_covered(
        "nejlepší strategie proti duchům",
        "Slova „nejlepší“ a „strategie“ patří k otázkám, na které pravidla neodpovídají \
         (strategie a rady ke hře).",
    );
    // "Vyplatí se" asks whether something is worth it (session 45: our texts no longer use it).
    not_covered(
        "vyplatí se pokládat sedláky hned na začátku",
        "Výraz „vyplatí se“ patří k otázkám, na které pravidla neodpovídají (strategie a rady \
         ke hře).",
    );
    // A word that may also be read as one of our texts' is not another topic's: "vyplaceni"
    // without diacritics is a form of "vyplatit" and the name of the card Vyplacení.
    answered_as_ours("vyplaceni");
    // Other board games, travelling, whether the pieces fit in a box.
    not_covered(
        "jak se hraje Azul",
        "Slovo „Azul“ patří k otázkám, na které pravidla neodpovídají (jiné hry než \
         Carcassonne).",
    );
    not_covered(
        "jak se dostanu do Carcassonne z Prahy",
        "Slovo „Praha“ patří k otázkám, na které pravidla neodpovídají (domácnost, doprava, \
         cestování, počasí, jídlo, sport a škola).",
    );
    not_covered(
        "vejdou se figurky do krabice",
        "Slovo „vejít“ patří k otázkám, na které pravidla neodpovídají (péče o herní materiál).",
    );
    // A negated form is the word's own topic: "nepolámaly" is about breaking the pieces.
    not_covered(
        "do čeho uložit figurky, aby se nepolámaly",
        "Slovo „polámat“ patří k otázkám, na které pravidla neodpovídají (péče o herní materiál).",
    );
    // Home-made rules and pieces, legends of real places.
    not_covered(
        "můžeme hrát s domácím pravidlem, že duchové neberou body?",
        "Slovo „domácí“ patří k otázkám, na které pravidla neodpovídají (domácí pravidla, \
         vlastnoruční kartičky a body na papíře).",
    );
    not_covered(
        "pověst o duchovi na Karlštejně",
        "Slova „pověst“ a „Karlštejn“ patří k otázkám, na které pravidla neodpovídají \
         (historie, pověsti a skutečná místa).",
    );
    // Mistakes found later and players' special needs: the rules settle neither.
    not_covered(
        "omylem jsem si vzal dvě kartičky najednou",
        "Slovo „omylem“ patří k otázkám, na které pravidla neodpovídají (omyly a chyby \
         objevené později).",
    );
    not_covered(
        "jsem barvoslepý, jak rozeznám figurky",
        "Slovo „barvoslepý“ patří k otázkám, na které pravidla neodpovídají (hráči se \
         zvláštními potřebami).",
    );
    // Everyday things outside the game, with a game word in another sense.
    not_covered(
        "jak vyměnit zámek u vchodových dveří",
        "Slovo „dveře“ patří k otázkám, na které pravidla neodpovídají (domácnost, doprava, \
         cestování, počasí, jídlo, sport a škola).",
    );
}

#[test]
fn a_question_in_our_words_that_the_rules_leave_open_is_named_and_never_answered() {
    // Every word is one of ours, but no passage of our texts speaks of teams against each
    // other or of a tie for the win (not-covered.yaml patterns).
    let teams = "Na tuto otázku pravidla neodpovídají (hra ve dvojicích nebo v týmech proti sobě).";
    not_covered("dá se hrát dva na dva v týmech?", teams);
    not_covered(
        "hrajeme ve dvojicích jako dva týmy, sčítají se body?",
        teams,
    );
    not_covered(
        "kdo vyhraje, když máme na konci stejně bodů",
        "Na tuto otázku pravidla neodpovídají (shoda bodů na konci hry).",
    );
    // ... unless the first result answers the situation the question describes: the same
    // words ask about a tie for a city, which the base game settles.
    answered_as_ours("dva hráči mají ve městě stejně panáčků, kdo vyhraje body?");
    // A situation the pattern's own words describe, through a synonym ("družiník" for
    // "panáček" of the big meeple's concept), is no other description: the topic stands.
    not_covered(
        "velký družiník v kooperaci",
        "Na tuto otázku pravidla neodpovídají (velký družiník a jiná rozšíření v kooperativní \
         hře).",
    );
    answered_as_ours("velký družiník v soutěžních duchách");
    not_covered(
        "kdo si vybírá barvu panáčků jako první?",
        "Na tuto otázku pravidla neodpovídají (kdo si první vybírá barvu).",
    );
    // A pattern that names a word twice needs it twice: two players of the cooperative team
    // ask what the rules answer.
    answered_as_ours("hrajeme ve dvou jako tým, kolik má každý strážných?");
    // Our texts never say how to play the cooperative game with the other boxes' expansions.
    not_covered(
        "dají se kooperativní duchové hrát s dárky?",
        "Pravidla nepopisují, jak hrát hru Duchové Carcassonne spolu s rozšířením Dárky.",
    );
    not_covered(
        "Duchové Carcassonne a hostince dohromady",
        "Pravidla nepopisují, jak hrát hru Duchové Carcassonne spolu s rozšířením Hostince \
         a katedrály.",
    );
    // A third game named may be what is asked: the competitive game combines with the Gifts.
    let json = search_json("materiál kooperativních duchů jako soutěžní rozšíření s dárky");
    assert_eq!(json["not_covered"], serde_json::json!([]), "{json}");
    // What they do say of two games, they answer: how the cooperative game differs.
    let json = search_json("co je jinak v kooperativní hře než v základní hře");
    assert_eq!(json["not_covered"], serde_json::json!([]), "{json}");
    // A word of a topic and one of its patterns: the words' sentence names it once.
    not_covered(
        "omylem jsme špatně spočítali město",
        "Slovo „omylem“ patří k otázkám, na které pravidla neodpovídají (omyly a chyby \
         objevené později).",
    );
}

#[test]
fn a_piece_of_another_box_our_texts_mention_is_answered_only_with_what_they_say_of_it() {
    // The Kombinace sections say how the dragon and the Tower play with ghosts and the big
    // meeple, so these are answered there.
    for (query, first) in [
        ("smí drak sežrat družiníka s duchy", "dzh-kombinace"),
        (
            "když věž zajme velkého družiníka, kolik je výkupné",
            "hk-velky-druzinik-vykupne",
        ),
        // A glossary phrase of ours holds the word: the ruin on the start tile.
        (
            "je ta rozbořená věž uprostřed startovní kartičky zámek?",
            "dzh-zricenina-na-startovni-karticce",
        ),
        // The dragon's word counts more than the start tile's many texts share
        // (MENTIONED_WORD_WEIGHT): only the note that mentions the dragon answers.
        (
            "Co sní drak, když přistane na startovní kartičce 2×2?",
            "dzh-kombinace",
        ),
    ] {
        let json = search_json(query);
        assert_eq!(json["answered"], true, "{json}");
        assert_eq!(json["not_covered"], serde_json::json!([]), "{json}");
        assert_eq!(json["results"][0]["id"], first, "{json}");
    }
    // These ask about the other boxes themselves, which no text of ours answers.
    not_covered(
        "kolik ovcí může mít pastýř",
        "Slova „ovce“ a „pastýř“ patří do rozšíření Kopce a ovce, které carcref nepokrývá.",
    );
    not_covered(
        "kolik dílků věže má každý hráč",
        "Slovo „věž“ patří do rozšíření Věž, které carcref nepokrývá.",
    );
    // Our list item names the pig beside "přidávají" (ghosts are not added to it), but says
    // nothing of points or meadows.
    not_covered(
        "kolik bodů přidává prasátko na louce",
        "Slovo „prasátko“ patří do rozšíření Obchodníci a stavitelé (Kupci a stavitelé), které \
         carcref nepokrývá.",
    );
}

#[test]
fn a_box_named_by_its_title_is_one_we_do_not_cover() {
    // "Nový svět" holds no word special to the box, and the rest is a rules question of ours.
    not_covered(
        "Hrajeme Nový svět: kolik bodů za dokončené město?",
        "Samostatnou hru Mayflower (Nový svět) carcref nepokrývá.",
    );
    // The title names the box once, however many of its words it holds.
    not_covered(
        "jak se v Zlatých dolech boduje město",
        "Rozšíření Zlaté doly carcref nepokrývá.",
    );
    // Our own games' titles are ours; the title's words apart are no title.
    answered_as_ours("Duchové, zámky a hřbitovy: kolik bodů za zámek?");
    answered_as_ours("smí nový strážný stát na cestě ve světě duchů?");
}

#[test]
fn a_change_players_want_to_bring_in_is_theirs_to_judge() {
    not_covered(
        "V soutěžních Duších chceme dát každému tři strážné místo dvou. Nebude to moc silné?",
        "Na tuto otázku pravidla neodpovídají (vyváženost her a výhoda začínajícího hráče).",
    );
    not_covered(
        "Chci hrát soutěžní Duchy, zámky a hřbitovy sám proti vymyšlenému soupeři. Funguje to?",
        "Na tuto otázku pravidla neodpovídají (domácí pravidla, vlastnoruční kartičky a body na \
         papíře).",
    );
    // What players already do, asked the same way, the rules decide.
    answered_as_ours(
        "Strážného dáváme i na kartičku, kterou přiložil spoluhráč v minulém kole. Funguje to?",
    );
    answered_as_ours(
        "kdyz uzavrem cestu, vezmem si body a k tomu jeste sundame tri duchy. funguje to tak?",
    );
}

#[test]
fn a_word_typed_with_diacritics_names_only_the_listed_word_with_them() {
    // "moři" folds to the Plague's "mor", but the player typed the sea; and "moře" is no
    // English "more" to drop.
    not_covered(
        "hraje se v Jižním moři s duchy?",
        "Samostatnou hru Jižní moře carcref nepokrývá.",
    );
    not_covered(
        "Jižní moře",
        "Samostatnou hru Jižní moře carcref nepokrývá.",
    );
    // Typed without diacritics the word may be either, and the list's still counts.
    not_covered(
        "mor v duchach",
        "Slovo „mor“ patří do rozšíření Mor, které carcref nepokrývá.",
    );
}

#[test]
fn a_word_of_a_box_our_texts_answer_names_the_box_for_its_other_words() {
    // "pastýř" is answered by our Kombinace passage; "kopce" and "ovce" only name its box.
    answered_as_ours("Kopce a ovce s duchy: smí pastýř na louku v mlze?");
    // Without a word our texts answer, the box's words ask about the box itself.
    not_covered(
        "Kopce a ovce: kolik kartiček je v krabici?",
        "Slova „kopec“ a „ovce“ patří do rozšíření Kopce a ovce, které carcref nepokrývá.",
    );
}

#[test]
fn the_word_expansion_only_calls_a_title_a_box() {
    // "rozšíření" is in the Inns passage that mentions a river tile, but it does not say what
    // is asked: how many tiles the River has.
    not_covered(
        "Kolik kartiček obsahuje rozšíření Řeka?",
        "Slovo „řeka“ patří do rozšíření Řeka, které carcref nepokrývá.",
    );
    // A question the passage answers stays ours with the word.
    answered_as_ours(
        "Hrajeme s rozšířením Věž: smí věž zajmout družiníka, u kterého stojí duchové?",
    );
}

#[test]
fn a_described_situation_the_concepts_recognise_is_answered() {
    // Few of these words are in the text about gifts, but the concepts table recognises
    // extending an opponent's city, and that text comes first.
    let json = search_json("prodloužil jsem město, kde máme se soupeřem po jednom rytíři");
    assert_eq!(json["results"][0]["id"], "da-ziskani-darku", "{json}");
    assert_eq!(json["answered"], true, "{json}");
}

#[test]
fn a_question_in_the_games_words_is_answered_and_one_naming_a_missing_thing_is_not() {
    // The texts hold every word of the first (its first hit holds about half of them); the
    // second asks the same about a place no text knows, so the games may not answer it.
    let plain = search_json("ke kterýmu panáčkovi se dává pes?");
    assert_eq!(plain["answered"], true, "{plain}");
    let elsewhere = search_json("ke kterýmu panáčkovi se dává pes na chalupě?");
    assert_eq!(elsewhere["answered"], false, "{elsewhere}");
    assert_eq!(plain["results"][0]["id"], elsewhere["results"][0]["id"]);
}

#[test]
fn a_word_after_a_negation_is_read_as_its_opposite() {
    // "není hotový" asks about an unfinished monastery, which the thesaurus keeps apart from a
    // finished one: the end-of-game scoring, not the scoring during the game.
    let json = search_json("kolik bodů je za klášter na konci hry, když není hotový");
    assert_eq!(json["results"][0]["id"], "zh-zakladni-hra", "{json}");
    let snippet = json["results"][0]["snippet"].as_str().unwrap_or_default();
    assert!(snippet.contains("nedokončený klášter"), "{json}");
}

#[test]
fn words_pointing_to_games_together_lean_to_the_game_most_of_them_point_to() {
    // "protihráč" points to the competitive games, "mlha" and "duch" to both ghost games:
    // together to the competitive ghosts, not to the gifts' rule about extending an
    // opponent's feature, whose concept the words also describe.
    let json = search_json("protihráč prodloužil mlhu a přistaví mi ducha k rytíři ve městě");
    assert_eq!(json["results"][0]["id"], "dzh-mlha-a-duchove", "{json}");
}

#[test]
fn the_base_game_by_players_names_leans_to_the_base_game() {
    // "základka" joins "základní", which only the base game's texts say often (games.yaml).
    let plain = search_json("kdo začíná hru");
    assert_ne!(plain["results"][0]["id"], "zh-zakladni-hra", "{plain}");
    let based = search_json("v základce kdo začíná hru");
    assert_eq!(based["results"][0]["id"], "zh-zakladni-hra", "{based}");
}

#[test]
fn players_names_for_colours_and_the_big_meeple_reach_the_rules_words() {
    // A colour named is a "barva" (thesaurus.yaml), so the situation reaches its concept.
    let colours = search_json(
        "ve městě je žlutý a červený, můžeme za žlutou brát body a za červenou místo toho \
         odstranit duchy?",
    );
    // The ruling, or the part of the joint scoring section that says the same.
    let first = colours["results"][0]["id"].as_str().unwrap_or_default();
    let answering = [
        "dc-spolecne-hodnoceni-duchy-misto-jedne-barvy",
        "dc-spolecne-hodnoceni",
    ];
    assert!(answering.contains(&first), "{colours}");
    assert_eq!(answered_by("tlustý panák ve městě"), "hk-velky-druzinik");
}

#[test]
fn dat_se_asks_whether_one_can_and_searches_for_the_verb_that_follows() {
    // The rules' many "dáte" would otherwise outrank the competitive guard's rule.
    let can = search_json("dá se postavit ducha ke strážnému");
    assert_eq!(can["results"][0]["id"], "dzh-strazny", "{can}");
    assert_eq!(
        can["results"],
        search_json("postavit ducha ke strážnému")["results"]
    );
}

#[test]
fn a_word_only_competitive_games_use_leans_away_from_the_cooperative_game() {
    // "soupeř" is listed for every game with opponents together (games.yaml): a question
    // about an opponent's figure in the fog is about the competitive ghosts, not the team's.
    let json = search_json("duch u figurky soupeře v mlze");
    let first = json["results"][0]["id"].as_str().unwrap_or_default();
    assert!(!first.starts_with("dc-"), "{json}");
}

#[test]
fn a_synonym_of_a_game_word_points_where_the_word_does() {
    // "protihráč" is a soupeř (thesaurus.yaml), so it leans away from the team's game as
    // "soupeř" does; "společná hra" names the cooperative game as "kooperativní" does.
    let json = search_json("protihráč prodloužil mlhu a přistaví mi ducha k rytíři ve městě");
    let first = json["results"][0]["id"].as_str().unwrap_or_default();
    assert!(!first.starts_with("dc-"), "{json}");
    let json = search_json("ve společné hře proti přízrakům smím položit sedláka na louku?");
    let first = json["results"][0]["id"].as_str().unwrap_or_default();
    assert!(first.starts_with("dc-"), "{json}");
}

/// A topic's word or pattern whose stem an everyday word of a rules question shares is no
/// word of that topic: "malý" stems like "malovat" (painting figures), "zlý" like "zlost"
/// (anger at the table), "péče" like "péct" (cooking). These ask what the rules answer.
#[test]
fn a_word_that_stems_like_a_topic_word_does_not_bring_the_topic() {
    for query in [
        "muj velky druzinik proti dvema malym soupere ve meste, kdo boduje?",
        "malé figurky duchů, kolik jich je v krabici",
        "zlí duchové na hřbitově",
        "slavná katedrála v městě, kolik bodů",
    ] {
        let json = search_json(query);
        assert_eq!(json["not_covered"], serde_json::json!([]), "{json}");
    }
}

/// What a game holds is asked by the game's name as often as by its box: "co obsahuje hra …",
/// "kolik … celkem" find the material list (`obsah-krabice` in concepts.yaml).
#[test]
fn what_a_game_holds_is_its_material_list_without_the_word_box() {
    assert_eq!(answered_by("Co obsahuje hra Dárky?"), "da-uvod");
    let json = search_json("kolik figurek je celkem v Duších Carcassonne");
    let top: Vec<&str> = (json["results"].as_array().into_iter().flatten())
        .take(3)
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert!(top.contains(&"dc-uvod"), "{json}");
}

/// "Najít" locates as often as it loses ("kde najdu psa na počítadle"), and a tile that cannot
/// be placed is replaced by another under the rules: neither is the topic of lost pieces.
#[test]
fn finding_a_piece_or_replacing_an_unplaceable_tile_is_a_rules_question() {
    for query in [
        "kde na počítadle najdeme psa Alíka na trojce?",
        "čím nahradit kartičku, která nejde přiložit?",
    ] {
        let json = search_json(query);
        assert_eq!(json["not_covered"], serde_json::json!([]), "{json}");
        assert_eq!(json["answered"], true, "{json}");
    }
}

/// "Vyplatí se …?" only leads in when a sentence of its own then asks a rules question
/// ("kolik bodů je za neotevřený"); a strategy question that goes on in the same sentence
/// ("…, kam dávat zakryté kartičky?") or with no question word ("stavět města, nebo cesty?")
/// stays one the rules do not answer.
#[test]
fn a_strategy_word_only_leads_in_to_a_rules_question_asked_in_a_sentence_of_its_own() {
    for query in [
        "vyplatí se šetřit dárky do konce hry? kolik bodů je za neotevřený",
        "vyplatí se obětovat body za cestu a radši sundat duchy? kolik jich můžu vzít",
        // The asking sentence is the question, however few of its words the first result holds.
        "vyplatí se dávat katedrálu do vlastního města? kolik bodů za ni dostanu",
    ] {
        answered_as_ours(query);
    }
    refused_as_topic(
        "strategie",
        &[
            "co se víc vyplatí, stavět města, nebo cesty?",
            "jaká je nejlepší strategie proti zakletému hřbitovu, kam dávat zakryté kartičky?",
            "vyplatí se dát velkého družiníka do města? nebo radši na louku?",
        ],
    );
}

#[test]
fn a_yes_or_no_question_or_a_modal_after_a_lead_in_asks_in_a_sentence_of_its_own() {
    // A Czech yes/no question starts with its verb: the sentence asks without a question word.
    answered_as_ours(
        "Omylem jsem za velkého družiníka počítal dvojnásobek. Dostane velký družiník dvojnásobek bodů?",
    );
    answered_as_ours("Vyplatí se stavět velká města? Dostanu za erb víc bodů?");
    // A modal alone asks whether what the query tells is allowed.
    answered_as_ours("Spletli jsme se a dali dva strážné v jednom tahu. Smí se to?");
    // A question mark alone does not ask: "Co s tou druhou?" asks after the mistake itself,
    // and alternatives go on with the sentence before.
    refused_as_topic(
        "omyly a chyby",
        &["Omylem jsem vzal dvě kartičky. Co s tou druhou?"],
    );
    refused_as_topic(
        "strategie",
        &["Co se víc vyplatí? Stavět města, nebo cesty?"],
    );
}

/// Whether a move is fair may be only the scene of a rules question and may lead in to one
/// asked in a sentence of its own: "smí to vůbec?" asks whether the move is allowed. Asked
/// alone, fairness is an opinion the rules do not give.
#[test]
fn fairness_may_lead_in_to_a_rules_question() {
    answered_as_ours("Je to fér, že mi soupeř přiložil hostinec k mé cestě? Smí to vůbec?");
    answered_as_ours("Soupeř mi dal ducha k rytíři. Není to nefér? Smí se to?");
    refused_as_topic(
        "férovost",
        &[
            "Je fér, že se strážní duchů vůbec nebojí?",
            "Je slušné soupeři radit? Co myslíte?",
        ],
    );
}

/// A mistake told is no question of its own: "spletli jsme se, smí tam stát?" asks a rule and
/// is answered. Only how to repair a mistake found later is what the rules leave open, and it
/// stays so though the rule the mistake broke answers the story (`after_the_fact`).
#[test]
fn a_mistake_only_tells_the_story_unless_the_question_is_how_to_repair_it() {
    for query in [
        "zapomněli jsme, jak se počítá erb v kooperaci",
        "spletli jsme se a dali strážného na louku, smí tam vůbec stát?",
        "omylem jsem otevřel dva dárky v jednom tahu, kolik jich smím otevřít?",
    ] {
        answered_as_ours(query);
    }
    refused_as_topic(
        "omyly",
        &[
            "zapomněli jsme dát ducha na hřbitov, můžeme ho tam přidat dodatečně?",
            "spletli jsme se při počítání města, máme body opravit?",
            "spletli jsme se a na trojce jsme brali kartičky z druhé hromádky dřív, než došla první – jak to napravit?",
            // A question with no word of its own asks what to do about the mistake.
            "omylem jsem si vzal dvě kartičky najednou. Co teď?",
        ],
    );
}

/// A lost or broken piece with what to play without it is a question the rules leave open,
/// for any piece; a lost ghost the rules do say how to replace, and a lost dog is a rule.
#[test]
fn a_lost_or_broken_piece_is_an_open_question_unless_a_rule_tells_it() {
    refused_as_topic(
        "ztracené",
        &[
            "chybí nám jeden zelený strážný, čím ho nahradit?",
            "rozbil se nám velký družiník, můžeme hrát bez něj?",
            "ztratili jsme jednu katedrálu, dá se hrát jen s jednou?",
        ],
    );
    for query in [
        "ztratila se nám jedna figurka ducha, čím ji nahradit?",
        "chybí duch v banku, prohráli jsme?",
    ] {
        answered_as_ours(query);
    }
    // What replaces a lost piece is asked after the story of the loss, although "ztracený pes"
    // is also the rules' dog that has no guard to lie by; the topic is named once.
    not_covered(
        "Ztratil se nám Azor. Čím ho nahradit?",
        "Na tuto otázku pravidla neodpovídají (ztracené a poškozené kusy).",
    );
}

/// "Je to podvod, když…?" asks whether the rules allow the move, as "je to fér, když…?" does.
#[test]
fn a_cheating_word_frames_a_question_whether_the_rules_allow_a_move() {
    assert_eq!(
        answered_by("Je podvod, když soupeř dá katedrálu do mého města?"),
        "hk-katedrala-do-ciziho-mesta"
    );
}

/// An opinion about a rule ("příliš silná", "nadhodnocená") asks whether the game is balanced,
/// which no rule says; a question how strong something is asks its points, and a complaint
/// that asks again whether the rule holds asks the rule.
#[test]
fn an_opinion_about_a_rule_asks_about_balance() {
    refused_as_topic(
        "vyváženost",
        &[
            "Je karta Vyplacení příliš silná, nebo je to v pořádku?",
            "Není katedrála nadhodnocená? Přijde mi, že vyhraje ten, kdo ji dostane.",
        ],
    );
    refused_as_topic("ohlasy", &["Jak vnímáte Dárky, hrajete je rádi?"]);
}

/// Who settles a quarrel or picks a colour first no rule says; a quarrel only told is the scene
/// of a rule question.
#[test]
fn who_settles_a_quarrel_or_picks_first_is_no_rule() {
    refused_as_topic(
        "poslední slovo",
        &["Pohádali jsme se o pravidlo. Kdo to má rozhodnout?"],
    );
    refused_as_topic("vybírá barvu", &["Kdo vybere barvu jako první?"]);
    answered_as_ours("pohádali jsme se, jestli smí strážný na louku v kooperaci");
    answered_as_ours("Jak moc silná je katedrála, kolik bodů dá?");
    answered_as_ours(
        "Přijde nám moc přísné, že nedokončená cesta s hostincem na konci nedá nic. Opravdu nedá?",
    );
}

/// A family's own rule, what players forbid themselves at home or introduce, and whether it
/// breaks the game, is theirs to settle; whether the rules forbid it is a rule question.
#[test]
fn a_house_rule_is_the_players_own() {
    refused_as_topic(
        "domácí pravidla",
        &[
            "U nás platí rodinné pravidlo, že se katedrála dává jen do vlastního města. Vadí to?",
            "smime si doma zakazat stavet sedlaky?",
            "Zavedli jsme, že za uzavřenou mlhu v kooperaci dostaneme aspoň bod. Je to ještě fér?",
            "Hrobník u nás dostane za hřbitov 5 bodů. Nerozbije to hru?",
        ],
    );
    answered_as_ours("Je podle pravidel zakázáno dát katedrálu do cizího města?");
}

/// Each query is not answered, and the sentence of the topic whose title holds `topic` says why.
fn refused_as_topic(topic: &str, queries: &[&str]) {
    for query in queries {
        let json = search_json(query);
        assert_eq!(json["answered"], false, "{json}");
        assert!(json["not_covered"].to_string().contains(topic), "{json}");
    }
}
