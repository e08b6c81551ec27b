//! Issue 12: expectations about points by feature kind, meeple positions, supplies, the
//! Mists stacks, face-down tiles and dogs, checked at the end or after a step; module-owned
//! scenario keys; `rotation: auto`; tolerant `choose` answers.

use crate::common;

use std::fs;

use carcref::scenario::canonical_choice;
use common::{carcref, code, repo, stderr, stdout};

const FULL_GAME: &str = "content/scenarios/zakladni/cela-hra/cela-hra-body-po-druzich.yaml";
const IN_PROGRESS: &str = "content/scenarios/zakladni/cela-hra/rozehrana-hra-skore-a-zasoba.yaml";
const DOG: &str = "content/scenarios/duchove-carcassonne/rozehrana/pes-na-pripravenem-planu.yaml";
const HEAD: &str = "title: T\nruleset: zakladni-hra\nplayers: [red, blue]\n";

/// Runs `check` on `text` written to a temporary file: (exit code, stdout, stderr, path).
fn check(text: &str) -> (i32, String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("situace.yaml");
    fs::write(&path, text).unwrap();
    let shown = path.to_string_lossy().into_owned();
    let output = carcref(&["check", &shown], None);
    (code(&output), stdout(&output), stderr(&output), shown)
}

fn shipped(path: &str) -> String {
    fs::read_to_string(repo().join(path)).unwrap()
}

/// A shipped scenario with one value changed: must fail with a ✘ line containing `failed`.
fn fails_when_changed(path: &str, from: &str, to: &str, failed: &str) {
    let text = shipped(path);
    assert!(text.contains(from), "`{from}` not in {path}");
    let (exit, out, err, _) = check(&text.replacen(from, to, 1));
    assert_eq!(exit, 1, "{path}: {from} → {to}\n{out}{err}");
    assert!(
        out.lines().any(|l| l.contains('✘') && l.contains(failed)),
        "{path}: no failed check `{failed}` in:\n{out}"
    );
}

#[test]
fn shipped_new_scenarios_pass() {
    for path in [FULL_GAME, IN_PROGRESS, DOG] {
        let (exit, out, err, _) = check(&shipped(path));
        assert_eq!(exit, 0, "{path}\n{out}{err}");
        assert!(out.contains("Verdikt: platí"), "{out}");
    }
}

#[test]
fn points_by_kind_fail_when_wrong() {
    fails_when_changed(
        FULL_GAME,
        "red: {road: 0, city: 4, monastery: 13, field: 3}",
        "red: {road: 0, city: 4, monastery: 13, field: 6}",
        "červený získal za louky 6 bodů",
    );
    fails_when_changed(
        IN_PROGRESS,
        "points: {red: {road: 4}}",
        "points: {red: {road: 4, city: 2}}",
        "za města 2 body",
    );
}

#[test]
fn step_expectations_fail_when_wrong() {
    fails_when_changed(
        FULL_GAME,
        "      score: {red: 4, blue: 4}",
        "      score: {red: 4, blue: 0}",
        "po kroku 5: modrý má 0 bodů",
    );
    fails_when_changed(
        FULL_GAME,
        "      points: {blue: {monastery: 9}}",
        "      points: {blue: {monastery: 0}}",
        "po kroku 13: modrý získal za kláštery 0 bodů",
    );
}

#[test]
fn meeple_positions_fail_when_wrong() {
    fails_when_changed(
        FULL_GAME,
        "meeples_at: [{at: [1, 0], on: E, player: blue}]",
        "meeples_at: [{at: [1, 0], on: E, player: red}]",
        "na poli [1, 0], místě EM, stojí červená figurka",
    );
    fails_when_changed(
        FULL_GAME,
        "meeples_at: [{at: [-1, 0], on: N, player: red}]",
        "meeples_at: [{at: [-1, 0], on: S, player: red}]",
        "stojí červená figurka (skutečnost: nic)",
    );
}

#[test]
fn supply_and_setup_fail_when_wrong() {
    fails_when_changed(
        IN_PROGRESS,
        "  supply: {red: 1, blue: 6}",
        "  supply: {red: 0, blue: 6}",
        "červený má v zásobě 0 družiníků",
    );
    // Another score in progress shows at the end.
    fails_when_changed(
        IN_PROGRESS,
        "score: {red: 10, blue: 7}\n  supply",
        "score: {red: 11, blue: 7}\n  supply",
        "červený má 14 bodů",
    );
}

#[test]
fn mists_stacks_face_down_and_dogs_fail_when_wrong() {
    fails_when_changed(
        DOG,
        "stacks_left: [2, 20]",
        "stacks_left: [3, 20]",
        "v hromádkách zbývá [3, 20]",
    );
    fails_when_changed(
        DOG,
        "face_down: 1",
        "face_down: 0",
        "kartiček lícem dolů na plánu: 0",
    );
    fails_when_changed(
        DOG,
        "dogs: {waiting: 1, used: 1}",
        "dogs: {waiting: 2, used: 1}",
        "psů čekajících na práh: 2",
    );
    fails_when_changed(
        DOG,
        "dogs: {waiting: 1, used: 1}",
        "dogs: {used: 0}",
        "použitých psů: 0",
    );
}

#[test]
fn a_dog_needs_a_passed_threshold() {
    let text = shipped(DOG).replace("track: 16", "track: 10");
    let (exit, _, err, _) = check(&text);
    assert_eq!(exit, 2, "{err}");
    assert!(err.contains("pes sem nepatří"), "{err}");
}

/// (text, "line:column", message fragment): keys of a module the scenario does not play.
#[test]
fn foreign_keys_name_their_module() {
    let cases = [
        (
            format!("{HEAD}steps: []\nexpect:\n  guards: {{red: 2}}\n"),
            "6:3",
            "`guards` patří jen k rozšíření Duchové, zámky a hřbitovy (`duchove-zamky-hrbitovy`)",
        ),
        (
            format!("{HEAD}steps: []\nexpect:\n  dogs: {{used: 1}}\n"),
            "6:3",
            "`dogs` patří jen k pravidlům Duchové Carcassonne (`duchove-carcassonne`)",
        ),
        (
            format!("{HEAD}setup: {{level: 2}}\nsteps: []\n"),
            "4:9",
            "`level` patří jen k pravidlům Duchové Carcassonne",
        ),
        (
            format!("{HEAD}board:\n  - tile: zh-cesta-rovna\n    at: [-1, 0]\n    meeples: [{{on: E, player: red, dog: true}}]\nsteps: []\n"),
            "7:36",
            "`dog` patří jen k pravidlům Duchové Carcassonne",
        ),
        (
            "title: T\nruleset: duchove-carcassonne\nsetup: {level: 1, score: {red: 3}}\nplayers: [red]\nsteps: []\n".to_string(),
            "3:19",
            "`score` patří jen k pravidlům Carcassonne – základní hra (`zakladni-hra`)",
        ),
        (
            format!("{HEAD}setup: {{gift_deck: [koncil]}}\nsteps: []\n"),
            "4:9",
            "`gift_deck` patří jen k rozšíření Dárky (`darky`)",
        ),
        (
            format!("{HEAD}steps: []\nexpect:\n  ghosts: 1\n"),
            "6:3",
            "nebo k rozšíření Duchové, zámky a hřbitovy",
        ),
        // A key nobody knows is still an unknown field.
        (format!("{HEAD}steps: []\nexpect:\n  pointz: {{red: {{road: 1}}}}\n"), "6:3", "nemysleli jste `points`"),
        (format!("{HEAD}steps: []\nexpect:\n  points: {{red: {{lake: 1}}}}\n"), "6:18", "neznámé území `lake`"),
    ];
    let mut failures = Vec::new();
    for (text, position, message) in cases {
        let (exit, _, err, shown) = check(&text);
        let expected = format!("{shown}:{position}: ");
        let found = err
            .lines()
            .any(|l| l.starts_with(&expected) && l.contains(message));
        if exit != 2 || !found {
            failures.push(format!(
                "exit {exit}, wanted `{expected}…{message}` in:\n{err}\n--- for:\n{text}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn rotation_auto_picks_the_only_fit_or_says_which_fit() {
    // The full game uses `rotation: auto` where only 180° fits.
    let (exit, out, _, _) = check(&shipped(FULL_GAME));
    assert_eq!(exit, 0);
    assert!(
        out.contains("kartička „zatáčka“ na pole [2, 1], otočení 180°"),
        "{out}"
    );
    // A straight road east of the start fits at 0° and 180°.
    let several =
        format!("{HEAD}steps:\n  - place: zh-cesta-rovna\n    at: [1, 0]\n    rotation: auto\n");
    let (exit, _, err, shown) = check(&several);
    assert_eq!(exit, 2, "{err}");
    assert!(
        err.contains(&format!("{shown}:7:15: "))
            && err.contains("hodí ve více otočeních (0°, 180°)"),
        "{err}"
    );
    // A city edge never meets the start's road.
    let none = format!(
        "{HEAD}steps:\n  - place: zh-mesto-ctyri-strany-erb\n    at: [1, 0]\n    rotation: auto\n"
    );
    let (exit, _, err, shown) = check(&none);
    assert_eq!(exit, 2, "{err}");
    assert!(
        err.contains(&format!("{shown}:7:15: ")) && err.contains("nehodí v žádném otočení"),
        "{err}"
    );
}

#[test]
fn choose_answers_are_read_tolerantly() {
    assert_eq!(canonical_choice("[-1,1]"), "[-1, 1]");
    assert_eq!(canonical_choice("[-1, 1]"), "[-1, 1]");
    assert_eq!(canonical_choice(" [ -1 ,1 ] "), "[-1, 1]");
    assert_eq!(canonical_choice("duchy  [2,0]"), "duchy [2, 0]");
    assert_eq!(canonical_choice("red [ 1 , 0 ]  EM"), "red [1, 0] EM");
    let path =
        "content/scenarios/duchove-carcassonne/uroven-2-6/zaklety-hrbitov-priklad-tri-duchove.yaml";
    let text = shipped(path);
    assert!(text.contains(r#"choose: ["[1, 0]"]"#));
    for written in ["[1,0]", " [ 1 ,0 ] ", "[1, 0]"] {
        let (exit, out, err, _) =
            check(&text.replace(r#"["[1, 0]"]"#, &format!("[\"{written}\"]")));
        assert_eq!(exit, 0, "`{written}`:\n{out}{err}");
    }
    // A wrong answer is shown in the canonical form.
    let (exit, out, _, _) = check(&text.replace(r#"["[1, 0]"]"#, r#"["[ 9 ,9 ]"]"#));
    assert_eq!(exit, 1, "{out}");
    assert!(out.contains("odpověď `[9, 9]`"), "{out}");
}

#[test]
fn step_expectations_have_the_shape_of_the_scenarios() {
    let steps = "steps:\n  - place: zh-cesta-rovna\n    at: [1, 0]\n";
    let cases = [
        (
            format!(
                "{HEAD}{steps}    expect: {{rejected: {{step: 1, reason: zh.prilozeni.soused}}}}\n"
            ),
            "7:14",
            "odmítnuté kroky se uvádějí v `expect` celého scénáře",
        ),
        (
            format!("{HEAD}{steps}    expect: 3\n"),
            "7:13",
            "`expect` u kroku je mapování",
        ),
        (
            format!("{HEAD}{steps}    expect: {{}}\n"),
            "7:13",
            "`expect` u kroku nic neočekává",
        ),
    ];
    for (text, position, message) in cases {
        let (exit, _, err, shown) = check(&text);
        assert_eq!(exit, 2, "{err}");
        assert!(
            err.contains(&format!("{shown}:{position}: {message}")),
            "{err}"
        );
    }
    // The end of the game can carry its own expectations too.
    let end = format!("{HEAD}steps:\n  - end: game\n    expect: {{score: {{red: 0}}, points: {{red: {{road: 0}}}}}}\n");
    let (exit, out, err, _) = check(&end);
    assert_eq!(exit, 0, "{out}{err}");
    assert!(
        out.contains("po kroku 1: červený získal za cesty 0 bodů"),
        "{out}"
    );
}

/// A refusal the scenario did not expect says what to write if it is right, and a misspelt
/// rule key names the closest one (issue 24 item 8).
#[test]
fn refusals_name_the_key_to_expect_and_misspelt_keys_their_fix() {
    let steps = "start: zakladni\nsteps:\n  - place: zh-klaster\n    at: [5, 5]\n";
    let (exit, out, err, _) = check(&format!("{HEAD}{steps}expect: {{completed: 0}}\n"));
    assert_eq!(exit, 1, "{out}{err}");
    assert!(
        out.contains("napište do expect: rejected: {step: 1, reason: zh.prilozeni.soused}"),
        "{out}"
    );
    // In JSON the hint is a field of its own: the situation builder shows what happened
    // without the author's YAML.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("situace.yaml");
    fs::write(&path, format!("{HEAD}{steps}")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&stdout(&carcref(
        &["check", "--json", path.to_str().unwrap()],
        None,
    )))
    .unwrap();
    let refused = &json["expectations"][0];
    assert_eq!(refused["what"], "krok 1 proběhne", "{json}");
    assert_eq!(refused["held"], false);
    assert!(
        !refused["actual"].as_str().unwrap().contains("expect"),
        "{json}"
    );
    assert!(
        refused["hint"]
            .as_str()
            .unwrap()
            .contains("rejected: {step: 1"),
        "{json}"
    );
    let (exit, out, err, shown) = check(&format!(
        "{HEAD}{steps}expect:\n  rejected: {{step: 1, reason: zh.prilozeni.sousedd}}\n"
    ));
    assert_eq!(exit, 2, "{out}{err}");
    assert!(
        err.contains(&format!(
            "{shown}:9:31: neznámý klíč pravidla `zh.prilozeni.sousedd` \
(nemysleli jste `zh.prilozeni.soused`?)"
        )),
        "{err}"
    );
    let (exit, _, err, _) = check(&format!(
        "{HEAD}{steps}expect:\n  rules: [zh.prilozeni.soused, zh.mesto.hodnocen]\n"
    ));
    assert_eq!(exit, 2, "{err}");
    assert!(
        err.contains("(nemysleli jste `zh.mesto.hodnoceni`?)"),
        "{err}"
    );
}

const TWO_CHOICES: &str =
    "content/scenarios/duchove-carcassonne/uroven-1/vice-uzemi-volba-zvlast.yaml";
const CHOSEN: &str = "    choose: [body, \"duchy [1, 1]\"]";

/// Every decision of the players shows in the trace with its options, and a question with
/// one possible answer says the rules did not ask (issue 25).
#[test]
fn the_trace_shows_each_decision_and_when_there_was_none() {
    let output = carcref(&["check", TWO_CHOICES], None);
    let out = stdout(&output);
    assert_eq!(code(&output), 0, "{out}");
    assert!(
        out.contains("rozhodnutí hráčů: body (možnosti: body; duchy z [0, 0]; duchy z [1, 0]; duchy z [1, 1])"),
        "{out}"
    );
    assert!(
        out.contains("rozhodnutí hráčů: duchy z [1, 1] (možnosti:"),
        "{out}"
    );
    let dog = carcref(
        &[
            "check",
            "content/scenarios/duchove-carcassonne/uroven-2-6/pes-body-nelze-vymenit-za-duchy.yaml",
        ],
        None,
    );
    assert!(
        stdout(&dog)
            .contains("jediná možnost: červený strážný na [0, 0], pravidla se hráčů neptají"),
        "{}",
        stdout(&dog)
    );
}

/// A decision the scenario leaves out fails, names the rule that asks and lists the options
/// as `choose` takes them; answers YAML cannot read as written say how to quote them.
#[test]
fn a_missing_decision_names_the_question_and_the_options_to_write() {
    let text = shipped(TWO_CHOICES);
    assert!(text.contains(CHOSEN));
    let (exit, out, err, _) = check(&text.replacen(CHOSEN, "    choose: [body]", 1));
    assert_eq!(exit, 1, "{out}{err}");
    assert!(
        out.contains(
            "pravidlo „za dokončené obsazené území si tým vezme body, nebo místo nich sundá \
duchy“ nechává volbu na hráčích, ale krok neuvádí `choose`; použila se první možnost (body). \
Možnosti do `choose`: body, \"duchy [0, 0]\", \"duchy [1, 0]\", \"duchy [1, 1]\""
        ),
        "{out}"
    );
    let (exit, _, err, shown) =
        check(&text.replacen(CHOSEN, "    choose: [body, duchy [1, 1]]", 1));
    assert_eq!(exit, 2, "{err}");
    assert!(
        err.contains(&format!(
            "{shown}:29:26: chyba syntaxe YAML: v seznamu v hranatých závorkách chybí čárka nebo `]`; \
hodnotu s čárkou nebo závorkami dejte do uvozovek"
        )),
        "{err}"
    );
    let (exit, _, err, _) = check(&text.replacen(CHOSEN, "    choose: [body, [1, 1]]", 1));
    assert_eq!(exit, 2, "{err}");
    assert!(
        err.contains("napište do uvozovek, např. `\"[3, 0]\"`"),
        "{err}"
    );
}
