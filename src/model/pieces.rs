//! The pieces and places of the game: colours, meeples, where a meeple stands, feature kinds.

use serde::{Deserialize, Serialize};

use super::geometry::{Dir, Port};

/// The feature in a tile's middle, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Center {
    Monastery,
    Castle,
    Graveyard,
}

impl Center {
    pub(crate) fn parse(text: &str) -> Option<Center> {
        match text {
            "monastery" => Some(Center::Monastery),
            "castle" => Some(Center::Castle),
            "graveyard" => Some(Center::Graveyard),
            _ => None,
        }
    }

    pub(crate) const NAMES: &'static str = "monastery, castle, graveyard";
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Blue,
    Green,
    Yellow,
    Black,
    Pink,
}

impl Colour {
    pub const NAMES: &'static str = "red, blue, green, yellow, black, pink";

    /// All six colours, in the order games hand them out.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Black,
        Colour::Pink,
    ];

    pub fn parse(text: &str) -> Option<Colour> {
        Some(match text {
            "red" => Colour::Red,
            "blue" => Colour::Blue,
            "green" => Colour::Green,
            "yellow" => Colour::Yellow,
            "black" => Colour::Black,
            "pink" => Colour::Pink,
            _ => return None,
        })
    }

    /// The id scenarios use (`red`, `blue`…).
    pub fn id(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Black => "black",
            Colour::Pink => "pink",
        }
    }

    /// The colour as a player's name, masculine ("červený hráč"): "červený přikládá".
    pub fn czech(self) -> &'static str {
        match self {
            Colour::Red => "červený",
            Colour::Blue => "modrý",
            Colour::Green => "zelený",
            Colour::Yellow => "žlutý",
            Colour::Black => "černý",
            Colour::Pink => "růžový",
        }
    }

    /// The stem the colour's adjective forms are built on (`crate::czech::hard_adjective`).
    fn stem(self) -> &'static str {
        match self {
            Colour::Red => "červen",
            Colour::Blue => "modr",
            Colour::Green => "zelen",
            Colour::Yellow => "žlut",
            Colour::Black => "čern",
            Colour::Pink => "růžov",
        }
    }

    /// The colour agreeing with a singular noun: "červená figurka", "červené počítadlo",
    /// "k červenému strážnému".
    pub fn adjective(self, gender: crate::czech::Gender, pad: crate::czech::Pad) -> String {
        crate::czech::hard_adjective(self.stem(), gender, pad)
    }

    pub fn hex(self) -> &'static str {
        match self {
            Colour::Red => "#d62728",
            Colour::Blue => "#1f5fbf",
            Colour::Green => "#2ca02c",
            Colour::Yellow => "#f2c40f",
            Colour::Black => "#222222",
            Colour::Pink => "#e377c2",
        }
    }
}

/// A kind of figure. The core plays the base game's meeple (`MeepleKind::NORMAL`); an
/// expansion declares its own kinds as constants beside its rules and lists them in its
/// descriptor's `figures`, so no code outside the expansion names them.
#[derive(Debug, Clone, Copy)]
pub struct MeepleKind(&'static FigureKind);

/// What the rules, the texts and the pictures need of a kind of figure.
#[derive(Debug)]
pub struct FigureKind {
    /// The id scenarios write (`normal`, `big`, `guard`).
    pub id: &'static str,
    /// Strength in majorities (the big meeple counts as two).
    pub weight: u32,
    pub name: FigureName,
    pub shape: FigureShape,
}

/// How texts name a kind of figure.
#[derive(Debug)]
pub enum FigureName {
    /// The game's word for a meeple ("družiník", "strážný" in the cooperative game), after an
    /// adjective given in the nominative and the accusative ("velký", "velkého").
    Meeple(Option<(&'static str, &'static str)>),
    /// A name of its own, in the nominative and the accusative ("strážný", "strážného").
    Own(&'static str, &'static str),
}

/// How boards draw a kind of figure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FigureShape {
    /// A meeple, `scale` times the normal size.
    Meeple {
        scale: f32,
    },
    Shield,
}

impl MeepleKind {
    /// The base game's meeple.
    pub const NORMAL: MeepleKind = MeepleKind::of(&FigureKind {
        id: "normal",
        weight: 1,
        name: FigureName::Meeple(None),
        shape: FigureShape::Meeple { scale: 1.0 },
    });

    pub const fn of(kind: &'static FigureKind) -> MeepleKind {
        MeepleKind(kind)
    }

    /// The id scenarios use (`normal`, `big`, `guard`).
    pub fn id(self) -> &'static str {
        self.0.id
    }

    /// Strength in majorities.
    pub fn weight(self) -> u32 {
        self.0.weight
    }

    pub fn name(self) -> &'static FigureName {
        &self.0.name
    }

    pub fn shape(self) -> FigureShape {
        self.0.shape
    }
}

// Kinds are told apart by id: a constant's address may differ between its uses.
impl PartialEq for MeepleKind {
    fn eq(&self, other: &MeepleKind) -> bool {
        self.id() == other.id()
    }
}

impl Eq for MeepleKind {}

impl Serialize for MeepleKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// The figures a player holds in supply, counted by kind. Rule modules declare theirs as a
/// table of (kind, count) (`Descriptor::figures`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Supply(Vec<(MeepleKind, u32)>);

impl Supply {
    /// The counts of `figures`; kinds it does not name count 0.
    pub fn of(figures: &[(MeepleKind, u32)]) -> Supply {
        Supply::default().with(figures)
    }

    /// These counts with `figures`' counts in place of theirs (an expansion's figures).
    pub fn with(mut self, figures: &[(MeepleKind, u32)]) -> Supply {
        for &(kind, n) in figures {
            self.set(kind, n);
        }
        self
    }

    pub fn count(&self, kind: MeepleKind) -> u32 {
        self.0
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    }

    pub fn set(&mut self, kind: MeepleKind, n: u32) {
        match self.0.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count = n,
            None => self.0.push((kind, n)),
        }
    }

    /// One figure of `kind` back in supply.
    pub fn give(&mut self, kind: MeepleKind) {
        self.set(kind, self.count(kind) + 1);
    }

    /// One figure of `kind` out of supply (none left: nothing happens).
    pub fn take(&mut self, kind: MeepleKind) {
        self.set(kind, self.count(kind).saturating_sub(1));
    }
}

/// Where on a tile a meeple stands, in board directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Spot {
    Port(Port),
    Center,
}

impl Spot {
    /// `N` (the middle port), `NL`, `NR`, …, `center`.
    /// The name scenarios use (`NL`, `EM`…, `center`): the inverse of `parse`.
    pub fn name(self) -> String {
        match self {
            Spot::Center => "center".into(),
            Spot::Port(port) => port.name(),
        }
    }

    pub fn parse(text: &str) -> Option<Spot> {
        if text == "center" {
            return Some(Spot::Center);
        }
        if let Some(side) = Dir::parse(text) {
            return Some(Spot::Port(Port::new(side, 1)));
        }
        Port::parse(text).map(Spot::Port)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum FeatureKind {
    Road,
    City,
    Field,
    Monastery,
    Castle,
    Graveyard,
}

impl FeatureKind {
    pub const COUNT: usize = 6;
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English name scenario files use.
    pub fn id(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Field => "field",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Castle => "castle",
            FeatureKind::Graveyard => "graveyard",
        }
    }

    /// The English names scenario files use.
    pub fn parse(text: &str) -> Option<FeatureKind> {
        Some(match text {
            "road" => FeatureKind::Road,
            "city" => FeatureKind::City,
            "field" => FeatureKind::Field,
            "monastery" => FeatureKind::Monastery,
            "castle" => FeatureKind::Castle,
            "graveyard" => FeatureKind::Graveyard,
            _ => return None,
        })
    }

    pub fn from_center(center: Center) -> FeatureKind {
        match center {
            Center::Monastery => FeatureKind::Monastery,
            Center::Castle => FeatureKind::Castle,
            Center::Graveyard => FeatureKind::Graveyard,
        }
    }

    /// Where a meeple goes, with the preposition and case the feature takes: "do města",
    /// "na cestu".
    pub fn czech_into(self) -> &'static str {
        FEATURE_INTO[self.index()]
    }

    /// Where a meeple stands, with the preposition and case: "na cestě", "ve městě".
    pub fn czech_at(self) -> &'static str {
        FEATURE_AT[self.index()]
    }

    /// "cesta je dokončena", "město je dokončeno", "klášter je dokončen".
    pub fn czech_completed(self) -> &'static str {
        match self {
            FeatureKind::Road => "cesta je dokončena",
            FeatureKind::City => "město je dokončeno",
            FeatureKind::Field => "louka je uzavřena",
            FeatureKind::Monastery => "klášter je obklopen",
            FeatureKind::Castle => "zámek je obklopen",
            FeatureKind::Graveyard => "hřbitov je obklopen",
        }
    }

    pub fn czech(self) -> &'static str {
        match self {
            FeatureKind::Road => "cesta",
            FeatureKind::City => "město",
            FeatureKind::Field => "louka",
            FeatureKind::Monastery => "klášter",
            FeatureKind::Castle => "zámek",
            FeatureKind::Graveyard => "hřbitov",
        }
    }
}

/// Where a meeple is put, by `FeatureKind::index`: the preposition each feature takes and the
/// case it governs (do + genitive, na + accusative).
const FEATURE_INTO: [&str; FeatureKind::COUNT] = [
    "na cestu",
    "do města",
    "na louku",
    "do kláštera",
    "do zámku",
    "na hřbitov",
];

/// Where a meeple stands, by `FeatureKind::index` (the locative after "na" or "v").
const FEATURE_AT: [&str; FeatureKind::COUNT] = [
    "na cestě",
    "ve městě",
    "na louce",
    "v klášteře",
    "v zámku",
    "na hřbitově",
];

/// A number with the Czech noun form it takes: 1 výklad, 2–4 výklady, 0 or 5+ výkladů
/// (see `crate::czech`).
pub fn count_cs(n: usize, one: &str, few: &str, many: &str) -> String {
    crate::czech::count_usize(n, [one, few, many])
}

/// "1 kartička", "3 kartičky", "5 kartiček".
pub fn tiles_cs(n: usize) -> String {
    count_cs(n, "kartička", "kartičky", "kartiček")
}

/// The coats of arms added to a city's tiles in a score's explanation ("4 kartičky + 2 erby"),
/// or the tiles alone when the city has none: "+ 0 erbů" says nothing to a player.
pub fn tiles_and_pennants_cs(tiles: usize, pennants: usize, each: &str) -> String {
    match pennants {
        0 => format!("{}{each}", tiles_cs(tiles)),
        _ => format!(
            "{}{each} + {}{each}",
            tiles_cs(tiles),
            count_cs(pennants, "erb", "erby", "erbů")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::czech::{Gender, Pad};

    #[test]
    fn features_take_their_preposition_and_colours_agree() {
        assert_eq!(FeatureKind::City.czech_into(), "do města");
        assert_eq!(FeatureKind::Road.czech_into(), "na cestu");
        assert_eq!(FeatureKind::Graveyard.czech_at(), "na hřbitově");
        assert_eq!(FeatureKind::City.czech_at(), "ve městě");
        assert_eq!(
            Colour::Blue.adjective(Gender::Feminine, Pad::Nominative),
            "modrá"
        );
        assert_eq!(
            Colour::Pink.adjective(Gender::Neuter, Pad::Accusative),
            "růžové"
        );
        for colour in Colour::ALL {
            assert_eq!(
                colour.adjective(Gender::Masculine, Pad::Nominative),
                colour.czech()
            );
        }
    }
}
