//! Czech that a Czech editor would sign (issue 14): every generated site page and the
//! `check` output of every shipped scenario are read for numerals with the wrong noun form
//! ("1 družiníků", "3 duchů", "5 duchové"), internal ids in visible text ("dc-hrbitov",
//! "zh-cesta-rovna") and English words that leaked into Czech ("verified", "playing"); the
//! `check` output also for rule keys ("zh.prilozeni"), a preposition before a colon
//! ("staví na: město") and a singular verb after colours joined by "a". Each game uses one
//! term for a player's figure, and the CLI's help and usage errors speak Czech.

use crate::common;

use carcref::content::{load, ContentFiles};
use carcref::czech::DRUZINIK;
use carcref::engine::meeple_term;
use common::{carcref, code, stderr, stdout};
use std::fs;
use std::path::{Path, PathBuf};

/// Genitive plurals: wrong after 1, wrong after 2–4 unless something governs the genitive.
const GENITIVE_PLURAL: &[&str] = &[
    "družiníků",
    "duchů",
    "bodů",
    "kartiček",
    "sekcí",
    "výkladů",
    "scénářů",
    "psů",
    "erbů",
    "dárků",
    "figurek",
    "symbolů",
];

/// Forms for 1 or 2–4, wrong after 0 and 5+ (and, the singular ones, after 2–4).
const SINGULAR: &[&str] = &[
    "družiník",
    "duch",
    "bod",
    "kartička",
    "výklad",
    "scénář",
    "pes",
];
const FEW: &[&str] = &[
    "družiníci",
    "duchové",
    "body",
    "kartičky",
    "výklady",
    "scénáře",
    "psi",
];

/// Words after which a number's noun stands in the genitive ("místo 4 bodů", "ze 3 kartiček").
const GOVERNS_GENITIVE: &[&str] = &[
    "z", "ze", "místo", "do", "od", "u", "bez", "kolem", "okolo", "podle", "hodnotu", "cenu",
    "než", "během", "vedle", "×", "x",
];

/// Adverbs that may stand between such a word and the number ("z nejvýše 2 kartiček").
const ADVERBS: &[&str] = &[
    "nejvýše",
    "nejvýš",
    "nejméně",
    "aspoň",
    "alespoň",
    "až",
    "asi",
    "jen",
];

const ID_PREFIXES: &[&str] = &["zh-", "dc-", "dzh-", "hk-", "da-", "du-"];

const ENGLISH: &[&str] = &[
    "verified",
    "out-of-scope",
    "non-mechanical",
    "unlinked",
    "failing",
    "playing",
    "monastery",
    "graveyard",
    "castle",
    "city",
    "road",
    "field",
    "engine",
];

/// Phrasings a Czech reader stumbles on, found in the phone review (issue 25): each is a
/// word or form no page should show.
const PHRASE_SLIPS: &[(&str, &str)] = &[
    (
        "Došlý",
        "„došlý“ znamená doručený; balíček, který došel, je prázdný",
    ),
    (
        "sousedky",
        "kartičky nejsou sousedky, jsou to sousední kartičky",
    ),
    ("čtyř her", "her je pět (čtyři a základní hra)"),
    ("družiníkách", "tvar neexistuje (o družinících)"),
    ("duchách", "tvar neexistuje (o duších)"),
    ("2x2", "rozměr se píše se znakem ×: 2×2"),
    ("3x3", "rozměr se píše se znakem ×: 3×3"),
    (
        "Výběr ze 2",
        "dárek se v textech jmenuje Výběr ze dvou (číslice je jen nápis na kartě)",
    ),
];

/// Prepositions that never stand right before a colon in good Czech ("staví na: město");
/// not "se", which is also the reflexive pronoun ("vyhodnotí se: 4 kartičky").
const PREPOSITIONS: &[&str] = &[
    "na", "do", "v", "ve", "k", "ke", "s", "z", "ze", "pro", "od", "u", "po", "při", "o",
];

/// Colours as players' names: "červený a modrý získávají".
const COLOURS: &[&str] = &["červený", "modrý", "zelený", "žlutý", "černý", "růžový"];

/// Singular verbs the trace puts after a player; after two joined players they are wrong.
const SINGULAR_VERBS: &[&str] = &[
    "získává",
    "získá",
    "má",
    "dostává",
    "dostane",
    "bere",
    "přikládá",
    "ztrácí",
    "je",
];

/// Czech words seen without their diacritics.
const MISSING_DIACRITICS: &[&str] = &["vlastni"];

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// Words of `text` with their byte offsets; a word is letters, digits, `-`, `_` and inner
/// dots, or any other single non-space character (so "×" is a word too).
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        // A dot between letters or digits joins a rule key ("zh.prilozeni") or a source
        // ID ("Dized.MoC.0027") into one word.
        let inner_dot = c == '.'
            && start.is_some()
            && chars
                .get(k + 1)
                .is_some_and(|&(_, next)| next.is_alphanumeric());
        if is_word_char(c) || inner_dot {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            out.push((s, &text[s..i]));
        }
        if !c.is_whitespace() {
            out.push((i, &text[i..i + c.len_utf8()]));
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// Numeral–noun pairs in the wrong form.
fn numeral_slips(text: &str) -> Vec<String> {
    let words = words(text);
    let mut slips = Vec::new();
    for (k, &(at, word)) in words.iter().enumerate() {
        let Ok(n) = word.parse::<u64>() else { continue };
        let Some(&(noun_at, noun)) = words.get(k + 1) else {
            continue;
        };
        // Only "N noun" with one space between: not "2,5", "2–4", "3/4", "12:00".
        let between = &text[at + word.len()..noun_at];
        if !(between == " " || between == "\u{a0}") {
            continue;
        }
        let before = text[..at].chars().next_back();
        if matches!(before, Some('.' | ',' | '/' | '–' | '-' | ':' | '+')) {
            continue;
        }
        // The word governing the number's case, skipping adverbs like "nejvýše".
        let mut j = k;
        let governor = loop {
            if j == 0 {
                break None;
            }
            j -= 1;
            let w = words[j].1.to_lowercase();
            if !ADVERBS.contains(&w.as_str()) {
                break Some(w);
            }
        };
        let genitive_ok = governor
            .as_deref()
            .is_some_and(|g| GOVERNS_GENITIVE.contains(&g));
        let wrong = match n {
            1 => GENITIVE_PLURAL.contains(&noun) || FEW.contains(&noun),
            2..=4 => (GENITIVE_PLURAL.contains(&noun) && !genitive_ok) || SINGULAR.contains(&noun),
            _ => {
                let last = n % 10;
                let plain_many = last == 0 || last >= 5 || (10..=20).contains(&(n % 100));
                plain_many && (SINGULAR.contains(&noun) || FEW.contains(&noun))
            }
        };
        if wrong {
            slips.push(format!("„{word} {noun}“ v: {}", context(text, at)));
        }
    }
    slips
}

fn context(text: &str, at: usize) -> String {
    let start = text[..at]
        .char_indices()
        .rev()
        .nth(50)
        .map_or(0, |(i, _)| i);
    let end = text[at..]
        .char_indices()
        .nth(70)
        .map_or(text.len(), |(i, _)| at + i);
    text[start..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Internal ids ("dc-hrbitov", "zh-cesta-rovna") in `text`.
fn internal_ids(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .filter(|(_, w)| {
            ID_PREFIXES
                .iter()
                .any(|p| w.starts_with(p) && w.len() > p.len())
        })
        .map(|(at, w)| format!("id {w} v: {}", context(text, at)))
        .collect()
}

/// English words and words missing diacritics.
fn foreign_words(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .filter(|(_, w)| {
            let lower = w.to_lowercase();
            ENGLISH.contains(&lower.as_str()) || MISSING_DIACRITICS.contains(&lower.as_str())
        })
        .map(|(at, w)| format!("slovo {w} v: {}", context(text, at)))
        .collect()
}

/// Engine rule keys ("zh.prilozeni", "dc.hrbitov.pohrbeni"): internal, for `--json` only.
fn rule_keys(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .filter(|(_, w)| {
            let Some((prefix, rest)) = w.split_once('.') else {
                return false;
            };
            (2..=3).contains(&prefix.len())
                && prefix.chars().all(|c| c.is_ascii_lowercase())
                && rest.starts_with(|c: char| c.is_ascii_lowercase())
                && rest
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || matches!(c, '.' | '-' | '_'))
        })
        .map(|(at, w)| format!("klíč pravidla {w} v: {}", context(text, at)))
        .collect()
}

/// A preposition right before a colon ("staví na: město"), a singular verb after
/// colours joined by "a" ("červený a modrý získává"), and a sum that adds nothing
/// ("4 kartičky × 2 + 0 erbů × 2").
fn grammar_slips(text: &str) -> Vec<String> {
    let words = words(text);
    let mut slips: Vec<String> = text
        .match_indices("+ 0 ")
        .map(|(at, _)| format!("přičítá se nula v: {}", context(text, at)))
        .collect();
    for pair in words.windows(2) {
        let ((at, word), (colon_at, colon)) = (pair[0], pair[1]);
        if colon == ":"
            && colon_at == at + word.len()
            && PREPOSITIONS.contains(&word.to_lowercase().as_str())
        {
            slips.push(format!(
                "předložka před dvojtečkou v: {}",
                context(text, at)
            ));
        }
    }
    for triple in words.windows(3) {
        let ((at, number), (_, b), (_, dot)) = (triple[0], triple[1], triple[2]);
        if number.chars().all(|c| c.is_ascii_digit()) && b == "b" && dot == "." {
            slips.push(format!("„b.“ místo „bodů“ v: {}", context(text, at)));
        }
    }
    for (k, &(at, word)) in words.iter().enumerate() {
        if word != "a" || k == 0 {
            continue;
        }
        let before = words[k - 1].1;
        let (Some(&(_, after)), Some(&(_, verb))) = (words.get(k + 1), words.get(k + 2)) else {
            continue;
        };
        if COLOURS.contains(&before.to_lowercase().as_str())
            && COLOURS.contains(&after)
            && SINGULAR_VERBS.contains(&verb)
        {
            slips.push(format!(
                "jednotné číslo po „{before} a {after}“ v: {}",
                context(text, at)
            ));
        }
    }
    slips
}

/// A citation bracket that names one thing twice ("[pravidla: Tah; výklad X; výklad X]").
fn repeated_citations(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("[pravidla: ") {
        let Some(end) = text[at..].find(']') else {
            continue;
        };
        let parts: Vec<&str> = text[at + 1..at + end].split(';').map(str::trim).collect();
        if (1..parts.len()).any(|i| parts[..i].contains(&parts[i])) {
            found.push(format!("citace opakuje položku v: {}", context(text, at)));
        }
    }
    found
}

fn problems(text: &str, ids: bool) -> Vec<String> {
    let mut all = numeral_slips(text);
    if ids {
        all.extend(internal_ids(text));
    }
    all.extend(foreign_words(text));
    all.extend(repeated_citations(text));
    all.extend(
        PHRASE_SLIPS
            .iter()
            .filter_map(|(slip, why)| text.find(slip).map(|at| (at, why)))
            .map(|(at, why)| format!("{why} v: {}", context(text, at))),
    );
    all
}

/// Removes the element `tag` whose start tag matches `opening` (from `<` to the end of its
/// start tag), with everything inside.
fn remove_elements(html: &str, tag: &str, keep: impl Fn(&str) -> bool) -> String {
    let mut out = String::new();
    let mut rest = html;
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    while let Some(i) = rest.find(&open) {
        let after = &rest[i + open.len()..];
        // `<code` must not match `<codex`.
        if !after.starts_with(['>', ' ', '\n', '\t']) {
            out.push_str(&rest[..i + open.len()]);
            rest = after;
            continue;
        }
        let start_tag_end = after.find('>').map_or(after.len(), |e| e + 1);
        if keep(&after[..start_tag_end]) {
            out.push_str(&rest[..i + open.len()]);
            rest = after;
            continue;
        }
        out.push_str(&rest[..i]);
        rest = match after.find(&close) {
            Some(e) => &after[e + close.len()..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// The text a reader sees: no scripts, styles, code, English passages, tags or attributes.
fn visible_text(html: &str) -> String {
    let mut text = html.to_owned();
    for tag in ["script", "style", "code", "template"] {
        text = remove_elements(&text, tag, |_| false);
    }
    for tag in ["p", "span", "dd", "li", "div"] {
        text = remove_elements(&text, tag, |start| !start.contains("lang=\"en\""));
    }
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&nbsp;", "\u{a0}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

fn html_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            html_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "html") {
            out.push(path);
        }
    }
}

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "yaml") {
            out.push(path);
        }
    }
}

fn report(found: Vec<String>) {
    assert!(
        found.is_empty(),
        "{} problémů v češtině:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_trace_checker_sees_keys_colons_and_agreement() {
    let bad = "• červený družiník staví na: město  [zh.druzinik.nasazen → Základní hra] \
               město: červený a modrý získává 4 b.; uplatní se pravidlo dc.hrbitov.pohrbeni; \
               8 b. (4 kartičky × 2 + 0 erbů × 2)";
    let found: Vec<String> = rule_keys(bad)
        .into_iter()
        .chain(grammar_slips(bad))
        .collect();
    assert_eq!(found.len(), 7, "{found:#?}");
    let good = "červený staví družiníka do města  [pravidla: Města; výklad Dized.MoC.0046] \
                město: červený a modrý získávají 4 body; např. 2. úroveň; Dized.MoC.0027; \
                stav: 3 body; Pravidla: Carcassonne";
    assert_eq!(rule_keys(good), Vec::<String>::new());
    assert_eq!(grammar_slips(good), Vec::<String>::new());
    // The cooperative game says "strážný"; "družiník" there is the other games' word.
    let coop = "pes jde k červenému družiníkovi; Družiníků na plánu: 0";
    assert_eq!(foreign_meeple_term(coop, "strážný").len(), 2);
    assert_eq!(foreign_meeple_term(coop, "družiník"), Vec::<String>::new());
}

#[test]
fn the_checker_sees_the_slips_it_is_for() {
    let bad = "červený má na plánu 1 družiníků; je 3 duchů; 5 duchové; Pravidla (1 sekcí); \
               (→ dc-hrbitov) zh-cesta-rovna výsledek: playing, stav verified, vlastni; \
               engine; 4 sousedky; [pravidla: Tah; výklad Dized.MoC.0050; výklad Dized.MoC.0050]";
    let found = problems(bad, true);
    assert_eq!(found.len(), 12, "{found:#?}");
    let good = "má na plánu 1 družiníka, 2 družiníky; jsou 3 duchové; je 5 duchů; místo 4 bodů; \
                ze 3 kartiček; z nejvýše 2 kartiček; 3 × 3 kartiček; 2,5 bodu; 2–4 družiníci; \
                s 15 duchy; 21 bodů; Dized.MoC.0027; zh.prilozeni; 1 sekce";
    assert_eq!(problems(good, true), Vec::<String>::new());
    let html = "<p>a <code>dc-hrbitov</code> <a href=\"#dc-hrbitov\" id=\"zh-x\">Hřbitov</a></p>\
                <p class=\"muted\" lang=\"en\">English: road, city</p>";
    assert_eq!(problems(&visible_text(html), true), Vec::<String>::new());
}

#[test]
fn every_site_page_reads_as_czech() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("web");
    let built = carcref(&["build", "--out", dir.to_str().unwrap()], None);
    assert_eq!(code(&built), 0, "{}", stderr(&built));
    let mut pages = Vec::new();
    html_files(&dir, &mut pages);
    assert!(pages.len() > 100, "{} stránek", pages.len());
    let mut found = Vec::new();
    for page in &pages {
        let html = fs::read_to_string(page).unwrap();
        let name = page.strip_prefix(&dir).unwrap().display().to_string();
        found.extend(
            problems(&visible_text(&html), true)
                .into_iter()
                .map(|p| format!("{name}: {p}")),
        );
    }
    report(found);
}

/// The string literals of a script that hold Czech letters: the messages it shows players.
fn czech_literals(script: &str) -> Vec<String> {
    const CZECH: &str = "áčďéěíňóřšťúůýž";
    let mut found = Vec::new();
    for quote in ['\'', '"'] {
        let parts: Vec<&str> = script.split(quote).collect();
        found.extend(
            parts
                .iter()
                .skip(1)
                .step_by(2)
                .filter(|part| {
                    !part.contains('\n') && part.to_lowercase().chars().any(|c| CZECH.contains(c))
                })
                .map(|part| part.to_string()),
        );
    }
    found
}

#[test]
fn the_sites_scripts_speak_czech_to_players() {
    let mut found = Vec::new();
    for entry in fs::read_dir(common::repo().join("site")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js")
            && !path.to_string_lossy().ends_with(".test.js")
        {
            let script = fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            found.extend(
                czech_literals(&script)
                    .iter()
                    .flat_map(|text| problems(text, false))
                    .map(|p| format!("{name}: {p}")),
            );
        }
    }
    report(found);
}

#[test]
fn every_scenario_check_reads_as_czech() {
    let mut files = Vec::new();
    scenario_files(&common::repo().join("content/scenarios"), &mut files);
    files.sort();
    assert!(files.len() > 100, "{} scénářů", files.len());
    let mut found = Vec::new();
    for file in &files {
        let output = carcref(&["check", file.to_str().unwrap()], None);
        let name = file
            .strip_prefix(common::repo())
            .unwrap()
            .display()
            .to_string();
        let text = stdout(&output);
        let term = meeple_term(&ruleset_of(file));
        found.extend(
            problems(&text, true)
                .into_iter()
                .chain(rule_keys(&text))
                .chain(grammar_slips(&text))
                .chain(foreign_meeple_term(&text, term.noun.lemma))
                .map(|p| format!("{name}: {p}")),
        );
    }
    report(found);
}

/// The `ruleset` a scenario file names.
fn ruleset_of(file: &Path) -> String {
    fs::read_to_string(file)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("ruleset:"))
        .map(|r| r.trim().to_owned())
        .unwrap_or_default()
}

/// Forms of "družiník" in the text of a game whose own term is another word
/// (`carcref::czech::MEEPLE_TERMS`).
fn foreign_meeple_term(text: &str, own: &str) -> Vec<String> {
    if own == DRUZINIK.noun.lemma {
        return Vec::new();
    }
    words(text)
        .into_iter()
        .filter(|(_, w)| w.to_lowercase().starts_with("družiník"))
        .map(|(at, w)| format!("„{w}“ místo „{own}“ v: {}", context(text, at)))
        .collect()
}

#[test]
fn each_game_calls_the_figure_by_its_own_term() {
    let corpus = load(&ContentFiles::embedded()).corpus;
    let mut found = Vec::new();
    let mut checked = 0;
    for game in &corpus.games {
        let own = meeple_term(&game.id).noun.lemma;
        if own == DRUZINIK.noun.lemma {
            continue;
        }
        checked += 1;
        for section in corpus.sections.iter().filter(|s| s.game == game.id) {
            found.extend(
                foreign_meeple_term(&format!("{}\n{}", section.title, section.body), own)
                    .into_iter()
                    .map(|p| format!("{}: {p}", section.id)),
            );
        }
        // `phrasings` keep how players ask ("panáček", "figurka") on purpose; tags are words
        // for search.
        for ruling in corpus.rulings.iter().filter(|r| r.game == game.id) {
            let text = format!(
                "{}\n{}\n{}",
                ruling.question, ruling.answer_short, ruling.answer
            );
            found.extend(
                foreign_meeple_term(&text, own)
                    .into_iter()
                    .map(|p| format!("{}: {p}", ruling.id)),
            );
        }
        // A scenario of another game that verifies one of this game's rulings is listed
        // under that ruling: its title must read right there too.
        let own_rulings: Vec<&str> = corpus
            .rulings
            .iter()
            .filter(|r| r.game == game.id)
            .map(|r| r.id.as_str())
            .collect();
        for scenario in &corpus.scenarios {
            if scenario
                .rulings
                .iter()
                .any(|r| own_rulings.contains(&r.as_str()))
            {
                found.extend(
                    foreign_meeple_term(&scenario.title, own)
                        .into_iter()
                        .map(|p| format!("{}: {p}", scenario.path)),
                );
            }
        }
        let glossary = corpus
            .glossary
            .iter()
            .find(|g| g.term == DRUZINIK.noun.lemma)
            .expect("slovníček vysvětluje družiníka");
        assert!(
            glossary.definition.contains(&game.title) && glossary.definition.contains(own),
            "slovníček u hesla družiník neuvádí, že {} říká {own}: {}",
            game.title,
            glossary.definition
        );
    }
    assert!(checked > 0, "žádná hra nemá vlastní slovo pro figurku");
    report(found);
}

/// Colour names with a capital inside a sentence ("lupič Červeného"): the engine writes a
/// player's colour in lower case ("červený družiník") on the same page.
fn capitalised_colours(text: &str) -> Vec<String> {
    const COLOURS: [&str; 6] = ["Červen", "Modr", "Zelen", "Žlut", "Čern", "Růžov"];
    words(text)
        .into_iter()
        .filter(|(at, word)| {
            let starts_sentence = text[..*at]
                .trim_end()
                .chars()
                .last()
                .is_none_or(|c| ".!?„\"(".contains(c));
            COLOURS.iter().any(|c| word.starts_with(c)) && !starts_sentence
        })
        .map(|(at, word)| format!("„{word}“ v: {}", context(text, at)))
        .collect()
}

#[test]
fn scenarios_write_colours_as_the_engine_does() {
    let sample = "Červený vloží cestu. Pak modrý a Zelený: Modrý má 2 body („Žlutý“ ne).";
    assert_eq!(capitalised_colours(sample).len(), 2, "{sample}");
    let corpus = load(&ContentFiles::embedded()).corpus;
    let mut found = Vec::new();
    for scenario in &corpus.scenarios {
        for text in [Some(&scenario.title), scenario.description.as_ref()]
            .into_iter()
            .flatten()
        {
            found.extend(
                capitalised_colours(text)
                    .into_iter()
                    .map(|p| format!("{}: {p}", scenario.path)),
            );
        }
    }
    report(found);
}

#[test]
fn the_cli_help_and_usage_errors_speak_czech() {
    // Words clap writes on its own; our option names (`--json`, `--level`) may stay.
    const CLAP_ENGLISH: &[&str] = &[
        "Usage",
        "Options",
        "Commands",
        "Arguments",
        "Print",
        "help",
        "version",
        "default",
        "possible",
        "error",
        "unexpected",
        "found",
        "tip",
        "information",
        "try",
        "values",
        "subcommand",
    ];
    let english = |text: &str| -> Vec<String> {
        words(text)
            .into_iter()
            // `--help`, `-V` and `<SLOŽKA>` are names, not words of a sentence.
            .filter(|(at, _)| !text[..*at].ends_with('-'))
            .filter(|(_, w)| CLAP_ENGLISH.contains(w))
            .map(|(at, w)| format!("anglicky {w} v: {}", context(text, at)))
            .collect()
    };
    let mut found = Vec::new();
    for args in [
        &["--help"][..],
        &["search", "--help"],
        &["check", "--help"],
        &["simulate", "--help"],
    ] {
        let output = carcref(args, None);
        assert_eq!(code(&output), 0, "{args:?}: {}", stderr(&output));
        let text = stdout(&output);
        assert!(text.contains("Použití: carcref"), "{args:?}: {text}");
        assert!(text.contains("Přepínače:"), "{args:?}: {text}");
        found.extend(english(&text).into_iter().map(|p| format!("{args:?}: {p}")));
    }
    for args in [
        &["search", "--bogus", "x"][..],
        &["nic"],
        &[],
        &["search", "x", "--limit", "1000"],
        &[
            "simulate",
            "--level",
            "1",
            "--players",
            "2",
            "--policy",
            "foo",
        ],
    ] {
        let output = carcref(args, None);
        assert_eq!(code(&output), 2, "{args:?}");
        let text = stderr(&output);
        assert!(text.starts_with("chyba: "), "{args:?}: {text}");
        assert!(text.contains("Použití: carcref"), "{args:?}: {text}");
        found.extend(english(&text).into_iter().map(|p| format!("{args:?}: {p}")));
    }
    report(found);
}

#[test]
fn coverage_speaks_czech() {
    let output = carcref(&["coverage"], None);
    // The first column is the ruling id for `carcref show`; the statuses must be Czech.
    let text = stdout(&output);
    report(foreign_words(&text));
    assert!(text.contains("ověřeno"), "{text}");
}

#[test]
fn show_and_search_name_link_targets_as_players_know_them() {
    // Every ruling's and section's text as `show` prints it: links within the content name
    // the section's title or the ruling's source ID, never our ids.
    let listed = carcref(&["list", "--json"], None);
    let value: serde_json::Value = serde_json::from_str(&stdout(&listed)).unwrap();
    let mut ids: Vec<String> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    ids.extend(
        [
            "dc-uroven-4",
            "dc-uroven-5",
            "dc-hrbitov",
            "dzh-hrbitov",
            "da-karty",
        ]
        .map(String::from),
    );
    let mut found = Vec::new();
    let mut named = 0;
    for id in &ids {
        let text = stdout(&carcref(&["show", id], None));
        named += text.matches("(→ sekce „").count() + text.matches("(→ výklad").count();
        // Our ids only where the line offers a command ("· carcref show dc-hrbitov").
        for line in text.lines().filter(|l| l.starts_with("Sekce:")) {
            let shown = line.split(" · carcref show ").next().unwrap_or(line);
            found.extend(internal_ids(shown));
        }
        for (at, _) in text.match_indices("(→ ") {
            let link: String = text[at..].chars().take(40).collect();
            found.extend(internal_ids(&link));
        }
    }
    assert!(named > 10, "links named: {named}");
    // Search lists ids as handles for `show`; its snippets carry no link targets at all.
    let search = stdout(&carcref(&["search", "úroveň 4 duchové ze hřbitova"], None));
    assert!(search.contains("Viz") && !search.contains("(→"), "{search}");
    report(found);
}
