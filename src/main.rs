use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, ArgAction, CommandFactory, FromArgMatches, Parser, Subcommand};

use carcref::cli::{self, ContentSource, Output, Style};
use carcref::engine::Policy;
use carcref::model::RulingFilter;
use carcref::search::SearchOptions;

/// Offline česká pravidla a výklady pro Carcassonne (Duchové Carcassonne, Duchové, zámky
/// a hřbitovy, Hostince a katedrály, Dárky).
#[derive(Parser)]
#[command(
    name = "carcref",
    version,
    disable_help_subcommand = true,
    disable_version_flag = true,
    subcommand_help_heading = "Příkazy",
    subcommand_value_name = "PŘÍKAZ"
)]
struct Args {
    /// Vypíše verzi programu.
    #[arg(short = 'V', long, action = ArgAction::Version)]
    version: Option<bool>,
    /// Složka s obsahem místo obsahu vestavěného v programu.
    #[arg(long, global = true, value_name = "SLOŽKA")]
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
        #[arg(long, value_name = "HRA")]
        game: Option<String>,
        /// Úroveň kooperativní hry 1–6.
        #[arg(long, value_name = "ÚROVEŇ", value_parser = clap::value_parser!(u8).range(1..=6))]
        level: Option<u8>,
        /// Výstup ve formátu JSON.
        #[arg(long)]
        json: bool,
    },
    /// Hledá ve výkladech a pravidlech (česky, bez diakritiky, anglicky i podle ID).
    Search {
        /// Co hledat: slova, otázka nebo ID výkladu.
        #[arg(value_name = "DOTAZ")]
        query: String,
        /// Jen výsledky jedné hry (bez přepínače hra z proměnné CARCREF_GAME, je-li nastavená).
        #[arg(long, value_name = "HRA", env = "CARCREF_GAME", hide_env = true)]
        game: Option<String>,
        /// Jen výklady platné pro úroveň 1–6 kooperativní hry.
        #[arg(long, value_name = "ÚROVEŇ", value_parser = clap::value_parser!(u8).range(1..=6))]
        level: Option<u8>,
        /// Nejvýše tolik výsledků (1–100, bez přepínače 10).
        #[arg(long, value_name = "POČET", default_value_t = 10, hide_default_value = true, value_parser = clap::value_parser!(u16).range(1..=100))]
        limit: u16,
        /// Výstup ve formátu JSON.
        #[arg(long)]
        json: bool,
    },
    /// Ukáže, jaké termíny dělá český analyzátor ze slov (nebo exportuje testovací vektory).
    Analyze {
        /// Slova k rozboru.
        #[arg(value_name = "SLOVA")]
        words: Vec<String>,
        /// Vypíše vektory (JSON) pro všechna slova obsahu, pro vyhledávání v prohlížeči.
        #[arg(long, conflicts_with = "game_words")]
        vectors: bool,
        /// Vypíše slova, která v textech ukazují jen na jednu hru (návrhy pro `hinted_by`).
        #[arg(long)]
        game_words: bool,
    },
    /// Přehraje scénář (YAML) a řekne, co se stalo a podle kterého pravidla.
    Check {
        /// Soubor se scénářem (YAML).
        #[arg(value_name = "SOUBOR")]
        file: PathBuf,
        /// Zapíše obrázek výsledného plánu (SVG).
        #[arg(long, value_name = "SOUBOR")]
        svg: Option<PathBuf>,
        /// Výstup ve formátu JSON.
        #[arg(long)]
        json: bool,
    },
    /// Přehraje všechny scénáře obsahu.
    Verify,
    /// U každého výkladu ukáže, zda ho ověřuje scénář.
    Coverage {
        /// Jen výklady jedné hry.
        #[arg(long, value_name = "HRA")]
        game: Option<String>,
        /// Výstup ve formátu JSON.
        #[arg(long)]
        json: bool,
    },
    /// Vypíše katalogy kartiček, případně je nakreslí do SVG.
    Tiles {
        /// Jen jedna sada (zakladni-hra, hostince-a-katedraly, duchove).
        #[arg(long, value_name = "SADA")]
        set: Option<String>,
        /// Složka pro obrázky kartiček.
        #[arg(long, value_name = "SLOŽKA")]
        svg: Option<PathBuf>,
    },
    /// Odehraje celé kooperativní hry Duchů Carcassonne a spočítá, jak často tým vyhraje.
    Simulate {
        /// Úroveň 1–6.
        #[arg(long, value_name = "ÚROVEŇ", value_parser = clap::value_parser!(u8).range(1..=6))]
        level: u8,
        /// Počet hráčů 1–6 (sólo a ve dvou hraje každý více barvami).
        #[arg(long, value_name = "POČET", value_parser = clap::value_parser!(u8).range(1..=6))]
        players: u8,
        /// Počet her (1–1 000 000, bez přepínače 1000).
        #[arg(long, value_name = "POČET", default_value_t = 1000, hide_default_value = true, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        /// Semínko náhody: stejné semínko dá stejné hry (bez přepínače 1).
        #[arg(
            long,
            value_name = "ČÍSLO",
            default_value_t = 1,
            hide_default_value = true
        )]
        seed: u64,
        /// Jak hráči táhnou: random (náhodně, bez přepínače) nebo greedy (nejlepší tah podle okamžitého výsledku).
        #[arg(long, value_name = "STRATEGIE", value_enum, default_value_t = PolicyArg::Random, hide_default_value = true, hide_possible_values = true)]
        policy: PolicyArg,
        /// Výstup ve formátu JSON.
        #[arg(long)]
        json: bool,
    },
    /// Sestaví statický web s pravidly, výklady a ověřenými scénáři (s hledáním offline).
    Build {
        /// Cílová složka (bez přepínače public); nahradí se celá, až když je nový web hotový.
        #[arg(
            long,
            value_name = "SLOŽKA",
            default_value = "public",
            hide_default_value = true
        )]
        out: PathBuf,
        /// Sestaví web i se scénáři, které neprošly (jejich výklady budou „Neověřeno“).
        #[arg(long)]
        allow_failing: bool,
    },
    /// Spustí web na tomto počítači (z paměti, s ověřováním scénářů); s --content ho po každé změně obsahu sestaví znovu.
    Serve {
        /// Adresa, na které naslouchat (bez přepínače 127.0.0.1, jen tento počítač).
        #[arg(
            long,
            value_name = "ADRESA",
            default_value = "127.0.0.1",
            hide_default_value = true
        )]
        bind: std::net::IpAddr,
        /// Port (bez přepínače 8000; 0 vybere volný).
        #[arg(
            long,
            value_name = "PORT",
            default_value_t = 8000,
            hide_default_value = true
        )]
        port: u16,
        /// Další jméno, pod kterým server smí být osloven v hlavičce Host (vedle jeho adresy
        /// a localhost), např. jméno počítače v místní síti; lze opakovat.
        #[arg(long = "host-name", value_name = "JMÉNO")]
        host_names: Vec<String>,
    },
    /// Ukáže výklad podle id nebo ID ze zdroje (např. Dized.MoC.0027), nebo sekci pravidel.
    Show {
        /// Id výkladu nebo sekce, nebo ID ze zdroje.
        #[arg(value_name = "ID")]
        id: String,
        /// Výstup ve formátu JSON.
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
    let args = match czech_cli()
        .try_get_matches_from(help_as_flag(std::env::args_os().collect()))
        .and_then(|matches| Args::from_arg_matches(&matches))
    {
        Ok(args) => args,
        Err(error) => return usage_error(&error),
    };
    let source = ContentSource::from_option(args.content.clone());
    let output = match args.command {
        Command::Validate => cli::validate(&source),
        Command::List { game, level, json } => {
            cli::list(&source, &RulingFilter { game, level }, json)
        }
        Command::Show { id, json } => cli::show(&source, &id, json),
        Command::Analyze {
            words,
            vectors,
            game_words,
        } => cli::analyze(&source, &words, vectors, game_words),
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
                policy: policy.into(),
                json,
                progress: std::io::stderr().is_terminal(),
            },
        ),
        Command::Serve {
            bind,
            port,
            host_names,
        } => {
            return serve(&carcref::serve::Options {
                content: args.content,
                bind,
                port,
                host_names,
            })
        }
        Command::Build { out, allow_failing } => cli::build(&source, &out, allow_failing),
        Command::Tiles { set, svg } => cli::tiles(&source, set.as_deref(), svg.as_deref()),
        Command::Search {
            query,
            game,
            level,
            limit,
            json,
        } => {
            let options = search_options(game, level, limit);
            cli::search(&source, &query, &options, json, output_style())
        }
    };
    print(&output)
}

impl From<PolicyArg> for Policy {
    fn from(policy: PolicyArg) -> Self {
        match policy {
            PolicyArg::Random => Policy::Random,
            PolicyArg::Greedy => Policy::Greedy,
        }
    }
}

/// What `carcref search` looks in: an empty CARCREF_GAME (or `--game ""`) means every game.
fn search_options(game: Option<String>, level: Option<u8>, limit: u16) -> SearchOptions {
    SearchOptions {
        game: game.filter(|g| !g.trim().is_empty()),
        level,
        limit: usize::from(limit),
    }
}

/// `carcref serve`: the URL as the first line of output, then serving until Ctrl+C.
fn serve(options: &carcref::serve::Options) -> ExitCode {
    let server = match carcref::serve::Server::start(options) {
        Ok(server) => server,
        Err(error) => {
            eprintln!("chyba: {error}");
            return ExitCode::from(cli::EXIT_INPUT);
        }
    };
    let mut stdout = std::io::stdout().lock();
    // Whoever started the server reads the URL from here, so it goes out at once.
    if writeln!(stdout, "{}", server.url())
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return ExitCode::from(cli::EXIT_INPUT);
    }
    drop(stdout);
    for warning in server.warnings() {
        eprintln!("varování: {warning}");
    }
    eprintln!("server běží; ukončíte ho klávesami Ctrl+C");
    server.wait_for_interrupt();
    eprintln!("ukončeno");
    ExitCode::SUCCESS
}

fn output_style() -> Style {
    Style::detect(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    )
}

fn print(output: &Output) -> ExitCode {
    ExitCode::from(cli::print(output, output_style(), cli::terminal_width()))
}

/// `carcref help` and `carcref help check` as `carcref --help` and `carcref check --help`.
fn help_as_flag(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if args.get(1).is_some_and(|a| a == "help") && args.len() <= 3 {
        args.remove(1);
        args.push("--help".into());
    }
    args
}

const HELP_TEMPLATE: &str = "{about-with-newline}\nPoužití: {usage}\n\n{all-args}{after-help}";

/// The command line with clap's own words in Czech: headings, usage, the help flag.
fn czech_cli() -> clap::Command {
    localize(Args::command(), "carcref")
}

/// Czech headings, usage and help flag for a command and its subcommands (`path` is how
/// the command is typed, for the usage line).
fn localize(command: clap::Command, path: &str) -> clap::Command {
    let value_name = |arg: &Arg| {
        arg.get_value_names()
            .and_then(|names| names.first())
            .map_or_else(|| arg.get_id().to_string(), ToString::to_string)
    };
    let mut usage = path.to_owned();
    if command.get_arguments().any(|a| !a.is_positional()) {
        usage.push_str(" [PŘEPÍNAČE]");
    }
    for arg in command.get_opts().filter(|a| a.is_required_set()) {
        if let Some(long) = arg.get_long() {
            usage.push_str(&format!(" --{long} <{}>", value_name(arg)));
        }
    }
    for arg in command.get_positionals() {
        let name = value_name(arg);
        let repeated = if matches!(arg.get_action(), ArgAction::Append) {
            "..."
        } else {
            ""
        };
        if arg.is_required_set() {
            usage.push_str(&format!(" <{name}>{repeated}"));
        } else {
            usage.push_str(&format!(" [{name}]{repeated}"));
        }
    }
    if command.has_subcommands() {
        usage.push_str(" <PŘÍKAZ>");
    }
    command
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help("Vypíše tuto nápovědu"),
        )
        .mut_args(|arg| {
            let heading = if arg.is_positional() {
                "Argumenty"
            } else {
                "Přepínače"
            };
            arg.help_heading(heading)
        })
        .help_template(HELP_TEMPLATE)
        .override_usage(usage)
        .mut_subcommands(|sub| {
            let path = format!("{path} {}", sub.get_name());
            localize(sub, &path)
        })
}

/// A usage error in Czech (clap writes its own in English): what was wrong, the usage and
/// where to find help, exit code 2. `--help` and `--version` print their text and succeed.
fn usage_error(error: &clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(s)) => s.join(", "),
        _ => String::new(),
    };
    let message = match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            "chybí příkaz".to_owned()
        }
        ErrorKind::UnknownArgument => format!(
            "neznámý přepínač nebo argument `{}`",
            context(ContextKind::InvalidArg)
        ),
        ErrorKind::InvalidSubcommand => format!(
            "neznámý příkaz `{}`",
            context(ContextKind::InvalidSubcommand)
        ),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let valid = context(ContextKind::ValidValue);
            let valid = if valid.is_empty() {
                String::new()
            } else {
                format!(" (možné hodnoty: {valid})")
            };
            format!(
                "neplatná hodnota `{}` pro {}{valid}",
                context(ContextKind::InvalidValue),
                context(ContextKind::InvalidArg)
            )
        }
        ErrorKind::MissingRequiredArgument => format!(
            "chybí povinný argument {}",
            context(ContextKind::InvalidArg)
        ),
        ErrorKind::ArgumentConflict => format!(
            "{} nejde použít spolu s {}",
            context(ContextKind::InvalidArg),
            context(ContextKind::PriorArg)
        ),
        ErrorKind::TooManyValues | ErrorKind::WrongNumberOfValues | ErrorKind::TooFewValues => {
            format!(
                "nesprávný počet hodnot pro {}",
                context(ContextKind::InvalidArg)
            )
        }
        ErrorKind::InvalidUtf8 => "argument není platný text v UTF-8".to_owned(),
        _ => "chybné použití".to_owned(),
    };
    // The usage of the subcommand the error is about, else of the program; clap heads it
    // "Usage:".
    let usage = match error.get(ContextKind::Usage) {
        Some(ContextValue::StyledStr(usage)) => usage.to_string(),
        _ => czech_cli().render_usage().to_string(),
    };
    let usage = usage.trim().trim_start_matches("Usage:").trim();
    let text = format!("chyba: {message}\n\nPoužití: {usage}\n\nNápověda: carcref --help\n");
    eprint!("{text}");
    ExitCode::from(2)
}
