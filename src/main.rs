use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use carcref::cli::{self, ContentSource, Output, Style};
use carcref::engine::simulate::Policy;
use carcref::model::RulingFilter;
use carcref::search::SearchOptions;

/// Offline česká pravidla a výklady pro Carcassonne (Duchové Carcassonne, Duchové, zámky
/// a hřbitovy, Hostince a katedrály, Dárky).
#[derive(Parser)]
#[command(name = "carcref", version)]
struct Args {
    /// Složka s obsahem místo obsahu vestavěného v programu.
    #[arg(long, global = true, value_name = "DIR")]
    content: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Zkontroluje obsah a vypíše všechny problémy najednou.
    Validate,
    /// Vypíše výklady, případně jen jedné hry nebo úrovně.
    List {
        /// Id hry (např. duchove-carcassonne).
        #[arg(long)]
        game: Option<String>,
        /// Úroveň kooperativní hry 1–6.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
        level: Option<u8>,
        #[arg(long)]
        json: bool,
    },
    /// Hledá ve výkladech a pravidlech (česky, bez diakritiky, anglicky i podle ID).
    Search {
        query: String,
        /// Jen výsledky jedné hry.
        #[arg(long)]
        game: Option<String>,
        /// Jen výklady platné pro úroveň 1–6 kooperativní hry.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
        level: Option<u8>,
        /// Nejvýše tolik výsledků (1–100).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=100))]
        limit: u16,
        #[arg(long)]
        json: bool,
    },
    /// Ukáže, jaké termíny dělá český analyzátor ze slov (nebo exportuje testovací vektory).
    Analyze {
        words: Vec<String>,
        /// Vypíše vektory (JSON) pro všechna slova obsahu, pro vyhledávání v prohlížeči.
        #[arg(long)]
        vectors: bool,
    },
    /// Přehraje scénář (YAML) a řekne, co se stalo a podle kterého pravidla.
    Check {
        file: PathBuf,
        /// Zapíše obrázek výsledného plánu (SVG).
        #[arg(long, value_name = "OUT")]
        svg: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Přehraje všechny scénáře obsahu.
    Verify,
    /// U každého výkladu ukáže, zda ho ověřuje scénář.
    Coverage {
        #[arg(long)]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Vypíše katalogy kartiček, případně je nakreslí do SVG.
    Tiles {
        /// Jen jedna sada (zakladni-hra, hostince-a-katedraly, duchove).
        #[arg(long)]
        set: Option<String>,
        /// Složka pro obrázky kartiček.
        #[arg(long, value_name = "DIR")]
        svg: Option<PathBuf>,
    },
    /// Odehraje celé kooperativní hry Duchů Carcassonne a spočítá, jak často tým vyhraje.
    Simulate {
        /// Úroveň 1–6.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
        level: u8,
        /// Počet hráčů 1–6 (sólo a ve dvou hraje každý více barvami).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
        players: u8,
        /// Počet her (1–1 000 000).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        /// Semínko náhody: stejné semínko dá stejné hry.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Jak hráči táhnou: random (náhodně) nebo greedy (nejlepší tah podle okamžitého výsledku).
        #[arg(long, value_enum, default_value_t = PolicyArg::Random)]
        policy: PolicyArg,
        #[arg(long)]
        json: bool,
    },
    /// Sestaví statický web s pravidly, výklady a ověřenými scénáři (s hledáním offline).
    Build {
        /// Cílová složka; nahradí se celá, až když je nový web hotový.
        #[arg(long, value_name = "DIR", default_value = "public")]
        out: PathBuf,
        /// Sestaví web i se scénáři, které neprošly (jejich výklady budou „Neověřeno“).
        #[arg(long)]
        allow_failing: bool,
    },
    /// Ukáže výklad podle id nebo ID ze zdroje (např. Dized.MoC.0027), nebo sekci pravidel.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum PolicyArg {
    Random,
    Greedy,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let source = ContentSource::from_option(args.content);
    let output = match args.command {
        Command::Validate => cli::validate(&source),
        Command::List { game, level, json } => {
            cli::list(&source, &RulingFilter { game, level }, json)
        }
        Command::Show { id, json } => cli::show(&source, &id, json),
        Command::Analyze { words, vectors } => cli::analyze(&source, &words, vectors),
        Command::Check { file, svg, json } => cli::check(&source, &file, json, svg.as_deref()),
        Command::Verify => cli::verify(&source),
        Command::Coverage { game, json } => cli::coverage(&source, game.as_deref(), json),
        Command::Simulate {
            level,
            players,
            games,
            seed,
            policy,
            json,
        } => cli::simulate(
            &source,
            &cli::SimulateOptions {
                level,
                players: usize::from(players),
                games,
                seed,
                policy: match policy {
                    PolicyArg::Random => Policy::Random,
                    PolicyArg::Greedy => Policy::Greedy,
                },
                json,
                progress: std::io::stderr().is_terminal(),
            },
        ),
        Command::Build { out, allow_failing } => cli::build(&source, &out, allow_failing),
        Command::Tiles { set, svg } => cli::tiles(&source, set.as_deref(), svg.as_deref()),
        Command::Search {
            query,
            game,
            level,
            limit,
            json,
        } => {
            let options = SearchOptions {
                game,
                level,
                limit: usize::from(limit),
            };
            cli::search(&source, &query, &options, json, output_style())
        }
    };
    print(&output)
}

fn output_style() -> Style {
    Style::detect(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    )
}

fn print(output: &Output) -> ExitCode {
    ExitCode::from(cli::emit(
        output,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
        output_style(),
        cli::wrap::terminal_width(),
    ))
}
