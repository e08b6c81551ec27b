//! What each rule module lets a scenario say: its own keys in `setup`, on board tiles and
//! their meeples, in steps and in `expect`. The scenario loader knows only the keys common to
//! every game and asks this registry about the rest, so a key of a module the scenario does
//! not play is an error naming that module.

/// Where in a scenario file a key stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    Setup,
    Board,
    /// A meeple on a prepared board tile.
    Meeple,
    Step,
    Expect,
}

/// The scenario keys one game or expansion gives meaning to.
#[derive(Debug)]
pub struct Vocabulary {
    /// The ruleset or expansion id scenarios name (`duchove-carcassonne`, `darky`…).
    pub id: &'static str,
    /// Its Czech name.
    pub name: &'static str,
    /// An expansion of the base game (otherwise a ruleset of its own).
    pub expansion: bool,
    pub setup: &'static [&'static str],
    pub board: &'static [&'static str],
    pub meeple: &'static [&'static str],
    pub step: &'static [&'static str],
    pub expect: &'static [&'static str],
}

impl Vocabulary {
    pub fn keys(&self, context: Context) -> &'static [&'static str] {
        match context {
            Context::Setup => self.setup,
            Context::Board => self.board,
            Context::Meeple => self.meeple,
            Context::Step => self.step,
            Context::Expect => self.expect,
        }
    }

    /// "k rozšíření Dárky (`darky`)", "k pravidlům Duchové Carcassonne (`duchove-carcassonne`)".
    pub fn owner(&self) -> String {
        let what = if self.expansion {
            "k rozšíření"
        } else {
            "k pravidlům"
        };
        format!("{what} {} (`{}`)", self.name, self.id)
    }
}

/// Whether a scenario playing `ruleset` with `expansions` may use this vocabulary.
pub fn is_active(vocabulary: &Vocabulary, ruleset: Option<&str>, expansions: &[String]) -> bool {
    if vocabulary.expansion {
        expansions.iter().any(|e| e == vocabulary.id)
    } else {
        ruleset == Some(vocabulary.id)
    }
}

/// The modules that own `key` in `context`.
pub fn owners(key: &str, context: Context) -> Vec<&'static Vocabulary> {
    super::rulesets::VOCABULARIES
        .iter()
        .copied()
        .filter(|v| v.keys(context).contains(&key))
        .collect()
}

/// Every module key in `context`, active or not.
pub fn all_keys(context: Context) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for v in super::rulesets::VOCABULARIES {
        for key in v.keys(context) {
            if !keys.contains(key) {
                keys.push(key);
            }
        }
    }
    keys
}
