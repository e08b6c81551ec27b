//! What the CLI prints for a reader: numbered lists keep their numbers, help, output that
//! cannot be written, a picture that would overwrite its scenario, a long output name.

use crate::common;

use common::{carcref, code, stdout};

#[test]
fn show_keeps_numbered_lists_numbered() {
    let output = carcref(&["show", "dc-prubeh-tahu"], None);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    for step in [
        "1. Přiložení kartičky",
        "2. Duchové a strážný",
        "3. Vyhodnocení",
    ] {
        assert!(text.contains(step), "{step}: {text}");
    }
}

#[test]
fn help_as_a_command_shows_the_help() {
    let output = carcref(&["help"], None);
    assert_eq!(code(&output), 0, "{}", common::stderr(&output));
    assert!(stdout(&output).contains("Použití: carcref [PŘEPÍNAČE] <PŘÍKAZ>"));
    let output = carcref(&["help", "check"], None);
    assert_eq!(code(&output), 0, "{}", common::stderr(&output));
    assert!(stdout(&output).contains("Použití: carcref check"));
}

#[test]
fn output_to_a_closed_standard_output_is_a_failure() {
    let shell = |redirect: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("\"$0\" list {redirect}"))
            .arg(env!("CARGO_BIN_EXE_carcref"))
            .current_dir(common::repo())
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    };
    let closed = shell(">&-");
    assert_eq!(code(&closed), 2);
    assert!(common::stderr(&closed).contains("standardní výstup je zavřený"));
    // Output thrown away on purpose is fine.
    assert_eq!(code(&shell(">/dev/null")), 0);
}

#[test]
fn a_picture_never_overwrites_the_scenario_it_draws() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("svg-over-input");
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("situace.yaml");
    let text = std::fs::read_to_string(
        common::repo().join("content/scenarios/zakladni/mesto-s-erbem.yaml"),
    )
    .unwrap();
    std::fs::write(&scenario, &text).unwrap();
    let path = scenario.to_str().unwrap();
    // The same file, spelt another way.
    let other = dir.join(".").join("situace.yaml");
    let output = carcref(&["check", path, "--svg", other.to_str().unwrap()], None);
    assert_eq!(code(&output), 2);
    assert!(common::stderr(&output).contains("obrázek by přepsal scénář"));
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), text);
}

/// An output folder with a 252-character name builds: the temporary, lock and backup
/// folders beside it (`.<name>.tmp`, …) get shortened names that fit the 255-byte limit.
#[test]
fn a_site_builds_into_a_folder_with_a_long_name() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("a".repeat(252));
    let output = carcref(&["build", "--out", out.to_str().unwrap()], None);
    assert_eq!(code(&output), 0, "{}", common::stderr(&output));
    assert!(out.join("index.html").is_file());
}
