//! Search benchmarks and the side-by-side quality measurement (`cargo bench --bench search`).
//! Prints medians; BENCHMARKS.md records the numbers of a run.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use carcref::content::{load, ContentFiles};
use carcref::model::{Corpus, Origin, Ruling};
use carcref::search::{failures_at, parse_cases, QueryCase};
use carcref::search::{AnalyzerChoice, SearchIndex, SearchOptions};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn percentile(mut samples: Vec<Duration>, p: f64) -> Duration {
    samples.sort();
    let index = ((samples.len() - 1) as f64 * p).round() as usize;
    samples[index]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn quality(corpus: &Corpus, cases: &[QueryCase]) {
    println!(
        "## success@3 on {} queries (tests/search/queries.yaml)\n",
        cases.len()
    );
    println!("| analyzer | all | by kind |");
    println!("|---|---|---|");
    for (name, choice) in [
        ("Czech (ours)", AnalyzerChoice::Czech),
        ("tantivy default tokenizer", AnalyzerChoice::Baseline),
    ] {
        let index = SearchIndex::build(corpus, choice).expect("index builds");
        let failures = failures_at(&index, cases, 3);
        let mut kinds: Vec<&str> = cases.iter().map(|c| c.kind.as_str()).collect();
        kinds.sort();
        kinds.dedup();
        let by_kind: Vec<String> = kinds
            .iter()
            .map(|kind| {
                let total = cases.iter().filter(|c| c.kind == *kind).count();
                let failed = failures.iter().filter(|(c, _)| c.kind == *kind).count();
                format!("{kind} {}/{total}", total - failed)
            })
            .collect();
        println!(
            "| {name} | {}/{} ({:.0} %) | {} |",
            cases.len() - failures.len(),
            cases.len(),
            100.0 * (cases.len() - failures.len()) as f64 / cases.len() as f64,
            by_kind.join(", ")
        );
    }
    println!();
}

fn whole_process(runs: usize) {
    let binary = env!("CARGO_BIN_EXE_carcref");
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-cache");
    let _ = std::fs::remove_dir_all(&cache);
    let run = |no_cache: bool| {
        let mut command = Command::new(binary);
        command
            .args(["search", "duchové na hřbitově"])
            .env("CARCREF_CACHE_DIR", &cache);
        if no_cache {
            command.env("CARCREF_NO_CACHE", "1");
        }
        let start = Instant::now();
        let output = command.output().expect("carcref runs");
        assert!(output.status.success());
        start.elapsed()
    };
    println!("## Whole process: `carcref search \"duchové na hřbitově\"`, embedded corpus, {runs} runs\n");
    println!("| case | median | p90 |");
    println!("|---|---|---|");
    let cold: Vec<Duration> = (0..runs).map(|_| run(true)).collect();
    println!(
        "| no cache (parse content, build index in memory) | {} | {} |",
        ms(median(cold.clone())),
        ms(percentile(cold, 0.9))
    );
    run(false); // fills the cache
    let warm: Vec<Duration> = (0..runs).map(|_| run(false)).collect();
    println!(
        "| warm cache (index reused from disk) | {} | {} |",
        ms(median(warm.clone())),
        ms(percentile(warm, 0.9))
    );
    println!();
}

/// 10,000 rulings made of the real ones' words: each question of a real ruling with its
/// answer followed by another ruling's answer.
fn generated_corpus(real: &Corpus, size: usize) -> Corpus {
    let n = real.rulings.len();
    let rulings = (0..size)
        .map(|k| {
            let base = &real.rulings[k % n];
            let other = &real.rulings[(k * 7 + 3) % n];
            Ruling {
                id: format!("gen-{k}"),
                source_id: None,
                cites: Vec::new(),
                date: None,
                source_part: None,
                source_line: None,
                game: base.game.clone(),
                levels: base.levels.clone(),
                section: base.section.clone(),
                question: base.question.clone(),
                phrasings: base.phrasings.clone(),
                answer_short: base.answer_short.clone(),
                answer: format!("{}\n\n{}", base.answer, other.answer),
                tags: base.tags.clone(),
                coverage: None,
                origin: Origin {
                    file: "generated".into(),
                    line: k,
                },
            }
        })
        .collect();
    Corpus {
        rulings,
        ..real.clone()
    }
}

fn large_corpus(real: &Corpus, cases: &[QueryCase]) {
    let corpus = generated_corpus(real, 10_000);
    let builds: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            SearchIndex::build(&corpus, AnalyzerChoice::Czech).expect("index builds");
            start.elapsed()
        })
        .collect();
    let index = SearchIndex::build(&corpus, AnalyzerChoice::Czech).expect("index builds");
    let options = SearchOptions::default();
    let mut queries = Vec::new();
    for _ in 0..5 {
        for case in cases {
            let start = Instant::now();
            let results = index.search(&case.query, &options).expect("search runs");
            queries.push(start.elapsed());
            assert!(!results.hits.is_empty() || case.kind == "id");
        }
    }
    println!(
        "## Generated corpus: 10,000 rulings + {} rule sections\n",
        corpus.sections.len()
    );
    println!("| measure | median | p90 |");
    println!("|---|---|---|");
    println!(
        "| index build (5 runs) | {} | {} |",
        ms(median(builds.clone())),
        ms(percentile(builds, 0.9))
    );
    println!(
        "| in-process query ({} queries: the 50 realistic ones × 5) | {} | {} |",
        queries.len(),
        ms(median(queries.clone())),
        ms(percentile(queries, 0.9))
    );
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; nothing to filter here.
    let loaded = load(&ContentFiles::embedded());
    assert!(loaded.diagnostics.is_empty());
    let cases_yaml = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/search/queries.yaml"),
    )
    .expect("query set present");
    let cases = parse_cases(&cases_yaml).expect("query set parses");
    quality(&loaded.corpus, &cases);
    whole_process(30);
    large_corpus(&loaded.corpus, &cases);
}
