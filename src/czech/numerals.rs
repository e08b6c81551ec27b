//! Czech numerals with nouns: the one place that picks "1 družiník", "2 družiníci",
//! "5 družiníků". Czech has three forms after a cardinal number: one for 1, one for 2–4 and
//! the genitive plural for 0 and 5 and more (also for 11–14: "12 družiníků").
//!
//! `NOUNS` lists the nouns the program counts, by their dictionary form, in the nominative
//! (subject: "na plánu jsou 2 duchové") and the accusative (object: "odhání 2 duchy").

/// The three forms a noun takes after a number: 1 / 2–4 / 0 and 5+.
pub type Forms<'a> = [&'a str; 3];

/// The form of a noun that goes with `n`: `forms[0]` for 1, `forms[1]` for 2–4, `forms[2]`
/// for everything else.
fn form<'a>(n: u64, forms: Forms<'a>) -> &'a str {
    match n {
        1 => forms[0],
        2..=4 => forms[1],
        _ => forms[2],
    }
}

/// "1 družiník", "3 družiníci", "0 družiníků", "5 družiníků".
pub fn count(n: impl Into<u64>, forms: Forms<'_>) -> String {
    let n = n.into();
    format!("{n} {}", form(n, forms))
}

/// Points in words, the sign kept: "4 body", "1 bod", "−2 body", "0 bodů".
pub fn points(n: i32) -> String {
    let sign = if n < 0 { "−" } else { "" };
    format!("{sign}{}", count(n.unsigned_abs(), ["bod", "body", "bodů"]))
}

/// `count` for a `usize` (lengths of lists).
pub fn count_usize(n: usize, forms: Forms<'_>) -> String {
    count(n as u64, forms)
}

/// The verb form that agrees with a counted subject: the singular for 1, the plural for
/// 2–4 and the (neuter) singular for 0 and 5+: "je 1 duch", "jsou 2 duchové", "je 5 duchů".
pub fn sloveso<'a>(n: impl Into<u64>, singular: &'a str, plural: &'a str) -> &'a str {
    match n.into() {
        2..=4 => plural,
        _ => singular,
    }
}

/// A noun the program counts, by its dictionary form.
#[derive(Debug, Clone, Copy)]
pub struct Noun {
    pub lemma: &'static str,
    pub nominative: Forms<'static>,
    pub accusative: Forms<'static>,
}

macro_rules! noun {
    ($lemma:literal, [$($n:literal),*], [$($a:literal),*]) => {
        Noun { lemma: $lemma, nominative: [$($n),*], accusative: [$($a),*] }
    };
}

const DRUZINIK_NOUN: Noun = noun!(
    "družiník",
    ["družiník", "družiníci", "družiníků"],
    ["družiníka", "družiníky", "družiníků"]
);

const STRAZNY_NOUN: Noun = noun!(
    "strážný",
    ["strážný", "strážní", "strážných"],
    ["strážného", "strážné", "strážných"]
);

/// The nouns the program counts. After 0 and 5+ the genitive plural stays in both cases.
pub const NOUNS: &[Noun] = &[
    DRUZINIK_NOUN,
    noun!(
        "duch",
        ["duch", "duchové", "duchů"],
        ["ducha", "duchy", "duchů"]
    ),
    noun!("bod", ["bod", "body", "bodů"], ["bod", "body", "bodů"]),
    noun!(
        "kartička",
        ["kartička", "kartičky", "kartiček"],
        ["kartičku", "kartičky", "kartiček"]
    ),
    noun!(
        "sekce",
        ["sekce", "sekce", "sekcí"],
        ["sekci", "sekce", "sekcí"]
    ),
    noun!(
        "výklad",
        ["výklad", "výklady", "výkladů"],
        ["výklad", "výklady", "výkladů"]
    ),
    noun!(
        "scénář",
        ["scénář", "scénáře", "scénářů"],
        ["scénář", "scénáře", "scénářů"]
    ),
    noun!(
        "území",
        ["území", "území", "území"],
        ["území", "území", "území"]
    ),
    noun!("pes", ["pes", "psi", "psů"], ["psa", "psy", "psů"]),
    noun!("erb", ["erb", "erby", "erbů"], ["erb", "erby", "erbů"]),
    noun!(
        "dárek",
        ["dárek", "dárky", "dárků"],
        ["dárek", "dárky", "dárků"]
    ),
    noun!(
        "symbol",
        ["symbol", "symboly", "symbolů"],
        ["symbol", "symboly", "symbolů"]
    ),
    noun!(
        "otázka",
        ["otázka", "otázky", "otázek"],
        ["otázku", "otázky", "otázek"]
    ),
    noun!(
        "druh",
        ["druh", "druhy", "druhů"],
        ["druh", "druhy", "druhů"]
    ),
    noun!(
        "úroveň",
        ["úroveň", "úrovně", "úrovní"],
        ["úroveň", "úrovně", "úrovní"]
    ),
    noun!(
        "figurka",
        ["figurka", "figurky", "figurek"],
        ["figurku", "figurky", "figurek"]
    ),
    noun!(
        "barva",
        ["barva", "barvy", "barev"],
        ["barvu", "barvy", "barev"]
    ),
    noun!("hra", ["hra", "hry", "her"], ["hru", "hry", "her"]),
    noun!(
        "stránka",
        ["stránka", "stránky", "stránek"],
        ["stránku", "stránky", "stránek"]
    ),
    STRAZNY_NOUN,
    noun!(
        "krok",
        ["krok", "kroky", "kroků"],
        ["krok", "kroky", "kroků"]
    ),
    noun!(
        "očekávání",
        ["očekávání", "očekávání", "očekávání"],
        ["očekávání", "očekávání", "očekávání"]
    ),
    noun!(
        "problém",
        ["problém", "problémy", "problémů"],
        ["problém", "problémy", "problémů"]
    ),
];

/// The noun with dictionary form `lemma`, if the table has it.
pub fn noun(lemma: &str) -> Option<&'static Noun> {
    NOUNS.iter().find(|n| n.lemma == lemma)
}

fn known(lemma: &str) -> &'static Noun {
    noun(lemma).unwrap_or_else(|| panic!("podstatné jméno `{lemma}` chybí v tabulce czech::NOUNS"))
}

/// "2 družiníci" — the subject form of a noun from `NOUNS`. Panics on a noun missing from
/// the table (a programming error, caught by the tests).
pub fn pocet(n: impl Into<u64>, lemma: &str) -> String {
    count(n, known(lemma).nominative)
}

/// Grammatical gender of the noun an adjective agrees with (masculine: animate, the only
/// masculine nouns colours qualify are players and figures).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Masculine,
    Feminine,
    Neuter,
}

/// The case of an adjective before a singular noun.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pad {
    Nominative,
    Genitive,
    Dative,
    Accusative,
    Instrumental,
}

/// A hard adjective ("červen-ý") agreeing with a singular noun: "červený družiník",
/// "červená figurka", "červené počítadlo", "k červenému strážnému", "červenou barvou".
pub fn hard_adjective(stem: &str, gender: Gender, pad: Pad) -> String {
    use Gender::*;
    use Pad::*;
    let ending = match (gender, pad) {
        (Masculine, Nominative) => "ý",
        (Masculine | Neuter, Genitive) | (Masculine, Accusative) => "ého",
        (Masculine | Neuter, Dative) => "ému",
        (Masculine | Neuter, Instrumental) => "ým",
        (Feminine, Nominative) => "á",
        (Feminine, Genitive | Dative) | (Neuter, Nominative | Accusative) => "é",
        (Feminine, Accusative | Instrumental) => "ou",
    };
    format!("{stem}{ending}")
}

/// "červený", "červený a modrý", "červený, modrý a zelený".
pub fn a_join<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} a {}", rest.join(", "), last.as_ref())
        }
    }
}

/// A subject of one or more names joined by "a" with its verb: "červený získává",
/// "červený a modrý získávají" (a joined subject takes the plural).
pub fn subject<S: AsRef<str>>(names: &[S], singular: &str, plural: &str) -> String {
    let verb = if names.len() > 1 { plural } else { singular };
    format!("{} {verb}", a_join(names))
}

/// What a game calls a player's figure, as its source does, with the forms the engine
/// writes. `MEEPLE_TERMS` picks it by game.
#[derive(Debug, Clone, Copy)]
pub struct MeepleTerm {
    /// The `NOUNS` entry, for counting.
    pub noun: &'static Noun,
    /// The dative singular ("k družiníkovi").
    pub dative: &'static str,
}

impl MeepleTerm {
    /// "družiník".
    pub fn nominative(&self) -> &'static str {
        self.noun.nominative[0]
    }

    /// "družiníka" (also the genitive: both are the same for animate masculines).
    pub fn accusative(&self) -> &'static str {
        self.noun.accusative[0]
    }

    /// "družiníků".
    pub fn genitive_plural(&self) -> &'static str {
        self.noun.nominative[2]
    }
}

/// The figure in the base game and its expansions.
pub const DRUZINIK: MeepleTerm = MeepleTerm {
    noun: &DRUZINIK_NOUN,
    dative: "družiníkovi",
};

/// The figure of the cooperative game, whose rules call its figures "strážní".
pub const STRAZNY: MeepleTerm = MeepleTerm {
    noun: &STRAZNY_NOUN,
    dative: "strážnému",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjectives_and_joined_subjects_agree() {
        assert_eq!(
            hard_adjective("červen", Gender::Feminine, Pad::Nominative),
            "červená"
        );
        assert_eq!(
            hard_adjective("modr", Gender::Neuter, Pad::Nominative),
            "modré"
        );
        assert_eq!(
            hard_adjective("žlut", Gender::Masculine, Pad::Dative),
            "žlutému"
        );
        assert_eq!(
            hard_adjective("čern", Gender::Masculine, Pad::Accusative),
            "černého"
        );
        assert_eq!(
            subject(&["červený"], "získává", "získávají"),
            "červený získává"
        );
        assert_eq!(
            subject(&["červený", "modrý"], "získává", "získávají"),
            "červený a modrý získávají"
        );
        assert_eq!(a_join(&["a", "b", "c"]), "a, b a c");
    }

    #[test]
    fn numerals_pick_the_form() {
        let f = ["družiník", "družiníci", "družiníků"];
        assert_eq!(count(1u32, f), "1 družiník");
        assert_eq!(count(2u32, f), "2 družiníci");
        assert_eq!(count(4u32, f), "4 družiníci");
        assert_eq!(count(0u32, f), "0 družiníků");
        assert_eq!(count(5u32, f), "5 družiníků");
        assert_eq!(count(12u32, f), "12 družiníků");
        assert_eq!(count(22u32, f), "22 družiníků");
    }

    #[test]
    fn table_and_cases() {
        assert_eq!(pocet(3u32, "duch"), "3 duchové");
        assert_eq!(pocet(1u32, "sekce"), "1 sekce");
        assert_eq!(pocet(6u32, "sekce"), "6 sekcí");
        assert_eq!(pocet(2u32, "pes"), "2 psi");
        assert_eq!(DRUZINIK.nominative(), "družiník");
        assert_eq!(STRAZNY.nominative(), "strážný");
        assert_eq!(STRAZNY.accusative(), "strážného");
        assert_eq!(DRUZINIK.genitive_plural(), "družiníků");
        for noun in NOUNS {
            for forms in [noun.nominative, noun.accusative] {
                assert!(forms.iter().all(|f| !f.is_empty()), "{}", noun.lemma);
            }
        }
    }
}
