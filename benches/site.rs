//! Site benchmark (`cargo bench --bench site`): the whole `carcref build` process (content,
//! every scenario verified, every page and board, the search index, the atomic write), and
//! mdBook building the same Markdown (every rule section and every ruling's answer) side by
//! side, run alternately. mdBook is not a dependency: put it in PATH or name it in `MDBOOK`
//! (`cargo install mdbook --locked --root /tmp/mdbook`); without it only carcref is timed.

use std::fmt::Write;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use carcref::content::{load, ContentFiles};
use carcref::model::Corpus;

const RUNS: usize = 21;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn p90(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[(samples.len() * 9 / 10).min(samples.len() - 1)]
}

/// An mdBook source with a chapter per rule section and a page of rulings per game.
fn write_mdbook(corpus: &Corpus, root: &Path) {
    let src = root.join("src");
    fs::create_dir_all(&src).expect("mdbook src");
    fs::write(
        root.join("book.toml"),
        "[book]\ntitle = \"carcref\"\nlanguage = \"cs\"\n\n[output.html]\nsearch.enable = true\n",
    )
    .expect("book.toml");
    let mut summary = String::from("# Summary\n\n");
    for game in &corpus.games {
        let mut sections: Vec<_> = corpus
            .sections
            .iter()
            .filter(|s| s.game == game.id)
            .collect();
        sections.sort_by_key(|s| s.order);
        let _ = writeln!(summary, "# {}\n", game.title);
        for section in sections {
            let file = format!("{}.md", section.id);
            fs::write(
                src.join(&file),
                format!("# {}\n\n{}", section.title, section.body),
            )
            .expect("chapter");
            let _ = writeln!(summary, "- [{}]({file})", section.title);
        }
        let mut rulings = format!("# {}: výklady\n\n", game.title);
        for ruling in corpus.rulings.iter().filter(|r| r.game == game.id) {
            let _ = write!(
                rulings,
                "## {}\n\n**{}**\n\n{}\n\n",
                ruling.question, ruling.answer_short, ruling.answer
            );
        }
        let file = format!("{}-vyklady.md", game.id);
        fs::write(src.join(&file), rulings).expect("rulings page");
        let _ = writeln!(summary, "- [Výklady]({file})\n");
    }
    fs::write(src.join("SUMMARY.md"), summary).expect("SUMMARY.md");
}

fn time(command: &mut Command) -> f64 {
    let begin = Instant::now();
    let status = command.status().expect("the command runs");
    let elapsed = begin.elapsed().as_secs_f64() * 1000.0;
    assert!(status.success(), "{command:?} failed");
    elapsed
}

fn main() {
    let corpus = load(&ContentFiles::embedded()).corpus;
    let temp = std::env::temp_dir().join(format!("carcref-site-bench-{}", std::process::id()));
    let _ = fs::remove_dir_all(&temp);
    fs::create_dir_all(&temp).expect("temp dir");
    let book = temp.join("book");
    write_mdbook(&corpus, &book);
    let mdbook = std::env::var("MDBOOK").unwrap_or_else(|_| "mdbook".into());
    let have_mdbook = Command::new(&mdbook)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());

    let out = temp.join("public");
    let mut carcref = Vec::new();
    let mut mdbook_ms = Vec::new();
    for _ in 0..RUNS {
        carcref.push(time(
            Command::new(env!("CARGO_BIN_EXE_carcref"))
                .args(["build", "--out"])
                .arg(&out)
                .stdout(std::process::Stdio::null()),
        ));
        if have_mdbook {
            mdbook_ms.push(time(
                Command::new(&mdbook)
                    .arg("build")
                    .arg(&book)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null()),
            ));
        }
    }
    println!("## Static site (issue 7), {RUNS} runs each, alternating\n");
    println!("| measure | median | p90 |");
    println!("|---|---|---|");
    println!(
        "| `carcref build` whole process: {} scenarios verified, {} rulings, {} rule sections | {:.1} ms | {:.1} ms |",
        corpus.scenarios.len(),
        corpus.rulings.len(),
        corpus.sections.len(),
        median(carcref.clone()),
        p90(carcref.clone())
    );
    if have_mdbook {
        println!(
            "| `mdbook build` of the same Markdown (rule sections + rulings) | {:.1} ms | {:.1} ms |",
            median(mdbook_ms.clone()),
            p90(mdbook_ms.clone())
        );
        println!(
            "\nratio carcref / mdBook (medians): {:.2}",
            median(carcref) / median(mdbook_ms)
        );
    } else {
        println!("\n(mdBook not found: set MDBOOK to compare)");
    }
    let _ = fs::remove_dir_all(&temp);
}
