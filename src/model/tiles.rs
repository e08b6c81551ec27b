//! Tile definitions as data: what catalogs in `content/tiles/` and inline scenario tiles say.

use serde::{Deserialize, Serialize};

use super::geometry::{Dir, Port, Terrain};
use super::pieces::{Center, FeatureKind};

/// The id scenarios use for a tile lying face down.
pub const FACE_DOWN_ID: &str = "licem-dolu";

/// Which quarter of the 2x2 start tile a catalog entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartPart {
    Nw,
    Ne,
    Sw,
    Se,
}

impl StartPart {
    pub(crate) fn parse(text: &str) -> Option<StartPart> {
        match text {
            "nw" => Some(StartPart::Nw),
            "ne" => Some(StartPart::Ne),
            "sw" => Some(StartPart::Sw),
            "se" => Some(StartPart::Se),
            _ => None,
        }
    }

    /// Cell of the quarter relative to the start position.
    pub fn offset(self) -> (i32, i32) {
        match self {
            StartPart::Nw => (0, 0),
            StartPart::Ne => (1, 0),
            StartPart::Sw => (0, 1),
            StartPart::Se => (1, 1),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CitySpec {
    pub sides: Vec<Dir>,
    pub pennant: bool,
    /// What expansions mark on the feature (`cathedral`): ids their modules declare.
    pub markers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoadSpec {
    pub sides: Vec<Dir>,
    /// What expansions mark on the feature (`inn`): ids their modules declare.
    pub markers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldSpec {
    pub ports: Vec<Port>,
    /// Indexes into the tile's cities.
    pub borders: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FogSpec {
    pub ports: Vec<Port>,
    pub ghosts: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileSpec {
    pub id: String,
    /// What players call the tile ("město s cestou"); optional in the content.
    pub name: Option<String>,
    pub count: u32,
    pub start: bool,
    pub start_part: Option<StartPart>,
    pub edges: [Terrain; 4],
    pub cities: Vec<CitySpec>,
    pub roads: Vec<RoadSpec>,
    pub fields: Vec<FieldSpec>,
    pub center: Option<Center>,
    pub fog: Vec<FogSpec>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TileSet {
    pub id: String,
    pub title: String,
    /// Layouts invented to match the stated counts (the sources give none).
    pub schematic: bool,
    pub tiles: Vec<TileSpec>,
}

impl TileSpec {
    /// The name a player reads: `name`, or the id when the content gives none.
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }

    /// What the tile shows, for a tile without a name (one drawn inside a scenario):
    /// "město, 2 cesty a klášter", "louka".
    pub(crate) fn contents_cs(&self) -> String {
        use crate::czech::count_usize;
        let mut parts = Vec::new();
        let counted = |n: usize, forms: crate::czech::Forms<'_>| {
            if n == 1 {
                forms[0].to_owned()
            } else {
                count_usize(n, forms)
            }
        };
        if !self.cities.is_empty() {
            parts.push(counted(self.cities.len(), ["město", "města", "měst"]));
        }
        if !self.roads.is_empty() {
            parts.push(counted(self.roads.len(), ["cesta", "cesty", "cest"]));
        }
        if let Some(center) = self.center {
            parts.push(FeatureKind::from_center(center).czech().to_owned());
        }
        if !self.fog.is_empty() {
            parts.push("mlha".to_owned());
        }
        if parts.is_empty() {
            parts.push("louka".to_owned());
        }
        crate::czech::a_join(&parts)
    }

    /// The tile said in words: what each side holds, then what lies and stands on it,
    /// fog with its sides and ghost symbols included; `with_marker` says a feature's marker
    /// ("s hostincem").
    pub fn description_cs(&self, with_marker: impl Fn(&str) -> String) -> String {
        let sides: Vec<String> = Dir::ALL
            .iter()
            .zip(self.edges)
            .map(|(side, terrain)| format!("{} {}", side.on_cs(), terrain_cs(terrain)))
            .collect();
        let mut parts = vec![sides.join(", ")];
        for city in &self.cities {
            let mut text = spanning("město", &city.sides)
                .unwrap_or_else(|| format!("město jen {}", sides_cs(&city.sides, Dir::on_cs)));
            if city.pennant {
                text.push_str(", s erbem");
            }
            for marker in &city.markers {
                text.push_str(", ");
                text.push_str(&with_marker(marker));
            }
            parts.push(text);
        }
        for road in &self.roads {
            let mut text = spanning("cesta", &road.sides).unwrap_or_else(|| {
                format!(
                    "cesta {} končí uprostřed",
                    sides_cs(&road.sides, Dir::coming_from_cs)
                )
            });
            for marker in &road.markers {
                text.push_str(", ");
                text.push_str(&with_marker(marker));
            }
            parts.push(text);
        }
        if let Some(center) = self.center {
            parts.push(format!(
                "uprostřed {}",
                FeatureKind::from_center(center).czech()
            ));
        }
        for fog in &self.fog {
            let sides = fog_sides(fog);
            let place = if sides.is_empty() {
                "uprostřed".to_owned()
            } else {
                sides_cs(&sides, Dir::on_cs)
            };
            parts.push(format!(
                "mlha {place} ({})",
                crate::czech::count_usize(
                    usize::from(fog.ghosts),
                    ["symbol ducha", "symboly duchů", "symbolů duchů"]
                )
            ));
        }
        if self.start {
            parts.push("startovní kartička".into());
        }
        if self.start_part.is_some() {
            parts.push("čtvrtina startovní destičky 2×2".into());
        }
        let mut text = parts.join("; ");
        text.push('.');
        text
    }

    /// The name in Czech quotation marks, for running text: „město s cestou“.
    pub fn quoted(&self) -> String {
        format!("„{}“", self.display_name())
    }

    /// Terrain of every port at rotation 0.
    pub fn port_terrain(&self) -> [Terrain; 12] {
        let mut ports = [Terrain::Field; 12];
        for port in Port::all() {
            let side = self.edges[port.side().index()];
            ports[usize::from(port.0)] = match side {
                Terrain::Road if port.part() != 1 => Terrain::Field,
                other => other,
            };
        }
        ports
    }

    pub fn ghosts(&self) -> u32 {
        self.fog.iter().map(|f| u32::from(f.ghosts)).sum()
    }
}

/// A problem in a tile definition: which list and item it concerns, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SpecProblem {
    /// The key the problem is about (`cities`, `fields`, `fog`, `edges`).
    pub(crate) key: &'static str,
    pub(crate) item: Option<usize>,
    pub(crate) message: String,
}

/// Checks that cities, roads, fields and fog agree with the edges: every city side in one
/// city, every road side in one road, every field port in exactly one field, fog only on
/// fields and roads.
pub(crate) fn check_spec(spec: &TileSpec) -> Vec<SpecProblem> {
    let mut problems = Vec::new();
    let mut problem = |key: &'static str, item: Option<usize>, message: String| {
        problems.push(SpecProblem { key, item, message })
    };
    check_sides(spec, &mut problem);
    check_fields(spec, &mut problem);
    check_fog(spec, &mut problem);
    problems
}

/// Reports a problem: the key, the item of its list (if one), the message.
type Report<'r> = &'r mut dyn FnMut(&'static str, Option<usize>, String);

/// Every city side in exactly one city and every road side in exactly one road.
fn check_sides(spec: &TileSpec, problem: Report) {
    let mut side_owner: [Option<usize>; 4] = [None; 4];
    for (kind, key, list) in [
        (
            Terrain::City,
            "cities",
            spec.cities.iter().map(|c| &c.sides).collect::<Vec<_>>(),
        ),
        (
            Terrain::Road,
            "roads",
            spec.roads.iter().map(|r| &r.sides).collect::<Vec<_>>(),
        ),
    ] {
        for (index, sides) in list.iter().enumerate() {
            if sides.is_empty() {
                problem(key, Some(index), "seznam stran je prázdný".into());
            }
            for side in sides.iter() {
                if spec.edges[side.index()] != kind {
                    problem(
                        key,
                        Some(index),
                        format!(
                            "strana {} není v `edges` označena {}",
                            side.letter(),
                            terrain_letter(kind)
                        ),
                    );
                } else if side_owner[side.index()].replace(index).is_some() {
                    problem(
                        key,
                        Some(index),
                        format!("strana {} patří dvěma územím", side.letter()),
                    );
                }
            }
        }
    }
    for side in Dir::ALL {
        let kind = spec.edges[side.index()];
        if kind != Terrain::Field && side_owner[side.index()].is_none() {
            let key = if kind == Terrain::City {
                "cities"
            } else {
                "roads"
            };
            problem(
                key,
                None,
                format!("strana {} nepatří žádnému území", side.letter()),
            );
        }
    }
}

/// Every field port in exactly one field, and each field's bordering cities on the tile.
fn check_fields(spec: &TileSpec, problem: Report) {
    let terrain = spec.port_terrain();
    let mut field_owner: [Option<usize>; 12] = [None; 12];
    for (index, field) in spec.fields.iter().enumerate() {
        for port in &field.ports {
            if terrain[usize::from(port.0)] != Terrain::Field {
                problem(
                    "fields",
                    Some(index),
                    format!("port {} není louka", port.name()),
                );
            } else if field_owner[usize::from(port.0)].replace(index).is_some() {
                problem(
                    "fields",
                    Some(index),
                    format!("port {} patří dvěma loukám", port.name()),
                );
            }
        }
        for border in &field.borders {
            if *border >= spec.cities.len() {
                problem(
                    "fields",
                    Some(index),
                    format!("borders: město {border} na kartičce není"),
                );
            }
        }
    }
    for port in Port::all() {
        if terrain[usize::from(port.0)] == Terrain::Field
            && field_owner[usize::from(port.0)].is_none()
        {
            problem(
                "fields",
                None,
                format!("port {} nepatří žádné louce", port.name()),
            );
        }
    }
}

/// Each fog has ports, none of them on a city, none in two fogs.
fn check_fog(spec: &TileSpec, problem: Report) {
    let terrain = spec.port_terrain();
    let mut fog_owner: [bool; 12] = [false; 12];
    for (index, fog) in spec.fog.iter().enumerate() {
        if fog.ports.is_empty() {
            problem("fog", Some(index), "mlha nemá žádné porty".into());
        }
        for port in &fog.ports {
            if terrain[usize::from(port.0)] == Terrain::City {
                problem(
                    "fog",
                    Some(index),
                    format!("mlha nesmí ležet na městě (port {})", port.name()),
                );
            } else if std::mem::replace(&mut fog_owner[usize::from(port.0)], true) {
                problem(
                    "fog",
                    Some(index),
                    format!("port {} patří dvěma mlhám", port.name()),
                );
            }
        }
    }
}

fn terrain_letter(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Field => "F",
        Terrain::Road => "R",
        Terrain::City => "C",
    }
}

fn terrain_cs(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::City => "město",
        Terrain::Road => "cesta",
        Terrain::Field => "louka",
    }
}

/// "sever a jih", "na severu, východě a jihu"… in the tile's side order.
fn sides_cs(sides: &[Dir], word: fn(Dir) -> &'static str) -> String {
    let words: Vec<String> = Dir::ALL
        .iter()
        .filter(|d| sides.contains(d))
        .map(|d| word(*d).to_owned())
        .collect();
    crate::czech::a_join(&words)
}

/// "město spojuje sever a jih" for a feature over several sides.
fn spanning(what: &str, sides: &[Dir]) -> Option<String> {
    (sides.len() > 1).then(|| format!("{what} spojuje {}", sides_cs(sides, Dir::name_cs)))
}

/// The sides a fog region reaches, by its ports.
fn fog_sides(fog: &FogSpec) -> Vec<Dir> {
    fog.ports.iter().map(|p| p.side()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start_tile() -> TileSpec {
        let p = |s: &str| Port::parse(s).unwrap();
        TileSpec {
            id: "zh-mesto-cesta".into(),
            name: Some("město s cestou".into()),
            count: 4,
            start: true,
            start_part: None,
            edges: [Terrain::City, Terrain::Road, Terrain::Field, Terrain::Road],
            cities: vec![CitySpec {
                sides: vec![Dir::N],
                pennant: false,
                markers: Vec::new(),
            }],
            roads: vec![RoadSpec {
                sides: vec![Dir::E, Dir::W],
                markers: Vec::new(),
            }],
            fields: vec![
                FieldSpec {
                    ports: vec![p("EL"), p("WR")],
                    borders: vec![0],
                },
                FieldSpec {
                    ports: vec![p("ER"), p("SL"), p("SM"), p("SR"), p("WL")],
                    borders: vec![],
                },
            ],
            center: None,
            fog: vec![],
            note: None,
        }
    }

    #[test]
    fn a_correct_tile_has_no_problems() {
        assert_eq!(check_spec(&start_tile()), vec![]);
    }

    #[test]
    fn mismatches_are_reported() {
        let mut tile = start_tile();
        tile.fields[1].ports.pop();
        tile.roads[0].sides = vec![Dir::E, Dir::S];
        tile.fog = vec![FogSpec {
            ports: vec![Port::parse("NM").unwrap()],
            ghosts: 1,
        }];
        let messages: Vec<String> = check_spec(&tile).into_iter().map(|p| p.message).collect();
        assert!(
            messages.iter().any(|m| m.contains("strana S není")),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("strana W nepatří")),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("port WL nepatří")),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("mlha nesmí")),
            "{messages:?}"
        );
    }
}
