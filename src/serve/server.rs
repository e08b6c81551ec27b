//! The server: its options, binding and watching the content folder, and the rebuilds.

use std::fmt;
use std::io;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use crate::content::{load, ContentFiles, ReadMemo};
use crate::diagnostic::io_reason;
use crate::model::Corpus;
use crate::site::{BuildError, BuildOptions, Frontend, PlayCache, Site, FOLDERS};
use crate::yaml::{self, ParseMemo};

use super::checks::CheckPool;
use super::http::{self, Shared};
use super::live::{Built, Live, MAX_CONNECTIONS};

/// Changes closer together than this make one rebuild.
const DEBOUNCE: Duration = Duration::from_millis(10);

#[derive(Debug, Clone)]
pub struct Options {
    /// The content folder to serve and watch; `None` serves the embedded content.
    pub content: Option<PathBuf>,
    pub bind: IpAddr,
    /// `0` picks a free port.
    pub port: u16,
    /// Names besides the bound address and `localhost` that requests may give in `Host`
    /// (`--host-name`: the machine's name on the local network, say).
    pub host_names: Vec<String>,
}

#[derive(Debug)]
pub enum StartError {
    PortTaken(SocketAddr),
    Bind(SocketAddr, io::Error),
    Watch(PathBuf, String),
    Signal(String),
    Thread(io::Error),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::PortTaken(addr) => write!(
                f,
                "port {} na adrese {} je obsazený; zvolte jiný přepínačem --port, \
nebo --port 0 pro libovolný volný",
                addr.port(),
                addr.ip()
            ),
            StartError::Bind(addr, e) => {
                write!(f, "na adrese {addr} nelze naslouchat: {}", io_reason(e))
            }
            StartError::Watch(dir, e) => {
                write!(f, "složku {} nelze sledovat: {e}", dir.display())
            }
            StartError::Signal(e) => write!(f, "nelze zachytit Ctrl+C: {e}"),
            StartError::Thread(e) => {
                write!(f, "nelze spustit sestavování po změnách: {}", io_reason(e))
            }
        }
    }
}

impl std::error::Error for StartError {}

/// A running server: listening, answering and rebuilding on threads of its own.
pub struct Server {
    url: String,
    warnings: Vec<String>,
    interrupted: mpsc::Receiver<()>,
    // Kept for its lifetime: dropping it stops watching.
    _watcher: Option<Arc<Mutex<RecommendedWatcher>>>,
}

impl Server {
    /// Builds the site, binds the port, starts watching and answering.
    pub fn start(options: &Options) -> Result<Server, StartError> {
        let addr = SocketAddr::new(options.bind, options.port);
        let listener = TcpListener::bind(addr).map_err(|e| match e.kind() {
            io::ErrorKind::AddrInUse => StartError::PortTaken(addr),
            _ => StartError::Bind(addr, e),
        })?;
        let local = listener
            .local_addr()
            .map_err(|e| StartError::Bind(addr, e))?;
        let (interrupt, interrupted) = mpsc::channel();
        ctrlc::set_handler(move || {
            let _ = interrupt.send(());
        })
        .map_err(|e| StartError::Signal(signal_reason(&e)))?;

        let mut warnings = Vec::new();
        if !options.bind.is_loopback() {
            warnings.push(format!(
                "server naslouchá na adrese {}, tedy nejen na tomto počítači: web i ověřování \
scénářů jsou přístupné každému, kdo se k této adrese v síti dostane",
                options.bind
            ));
        }
        let mut caches = Caches::default();
        let first = rebuild(options.content.as_deref(), None, &mut caches);
        if !first.errors.is_empty() {
            warnings.push(format!(
                "obsah má chyby, místo stránek se ukazuje jejich seznam:\n  {}",
                first.errors.join("\n  ")
            ));
        }
        let live = Arc::new(Live::new(first));
        let watcher = match &options.content {
            Some(dir) => Some(watch(dir.clone(), Arc::clone(&live), caches)?),
            None => None,
        };
        std::thread::Builder::new()
            .name("carcref-accept".into())
            .spawn({
                let shared = Arc::new(Shared {
                    live,
                    host_names: options.host_names.clone(),
                    checks: CheckPool::for_this_machine(),
                });
                move || accept(listener, shared)
            })
            .map_err(|e| StartError::Bind(addr, e))?;
        Ok(Server {
            url: url(local),
            warnings,
            interrupted,
            _watcher: watcher,
        })
    }

    /// Where the site is served, e.g. `http://127.0.0.1:8000/`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// What the user should know before using it (a non-loopback address, content errors).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Serves until Ctrl+C (SIGINT).
    pub fn wait_for_interrupt(self) {
        let _ = self.interrupted.recv();
    }
}

fn url(addr: SocketAddr) -> String {
    match addr.ip() {
        IpAddr::V4(ip) => format!("http://{ip}:{}/", addr.port()),
        IpAddr::V6(ip) => format!("http://[{ip}]:{}/", addr.port()),
    }
}

fn accept(listener: TcpListener, shared: Arc<Shared>) {
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            http::refuse_busy(stream);
            continue;
        }
        let shared = Arc::clone(&shared);
        let done = Arc::clone(&active);
        let spawned = std::thread::Builder::new()
            .name("carcref-request".into())
            .spawn(move || {
                http::serve_connection(stream, &shared);
                done.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            active.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// What one rebuild leaves for the next, so that it redoes only what an edit changed: the
/// files' bytes and parse trees and the scenarios' plays and pages.
#[derive(Default)]
struct Caches {
    reads: ReadMemo,
    parses: ParseMemo,
    plays: PlayCache,
}

/// The working copy a content folder is in, when it has the templates and front-end files
/// beside it (`content/`, `templates/`, `site/` of the repository): the site is then made with
/// those, so that their edits show too. Elsewhere the built-in ones are used.
fn working_copy(content: &Path) -> Option<PathBuf> {
    let root = std::fs::canonicalize(content).ok()?.parent()?.to_path_buf();
    FOLDERS
        .iter()
        .all(|folder| root.join(folder).is_dir())
        .then_some(root)
}

/// Loads and renders the content (parsing, playing and rendering only what `caches` does
/// not hold), with the working copy's templates and front-end files if it has them; the site
/// and its corpus, or every problem found.
fn render(
    content: Option<&std::path::Path>,
    caches: &mut Caches,
) -> Result<(Site, Corpus), Vec<String>> {
    let files = match content {
        Some(dir) => ContentFiles::from_dir_reusing(dir, Some(&mut caches.reads))
            .map_err(|e| vec![e.to_string()])?,
        None => ContentFiles::embedded(),
    };
    let loaded = yaml::reusing(&mut caches.parses, || load(&files));
    if !loaded.diagnostics.is_empty() {
        return Err(loaded.diagnostics.iter().map(ToString::to_string).collect());
    }
    let frontend = match content.and_then(working_copy) {
        Some(root) => Frontend::from_dir(&root).map_err(|e| vec![e])?,
        None => Frontend::embedded(),
    };
    let options = BuildOptions {
        allow_failing: false,
    };
    match crate::site::render_reusing(&loaded.corpus, &options, &mut caches.plays, &frontend) {
        Ok((site, _)) => Ok((site, loaded.corpus)),
        Err(BuildError::Failing(failing)) => Err(failing),
        Err(error) => Err(vec![error.to_string()]),
    }
}

/// The next build after `previous`: the new site, or the previous good one with the errors.
fn rebuild(
    content: Option<&std::path::Path>,
    previous: Option<&Built>,
    caches: &mut Caches,
) -> Built {
    let generation = previous.map_or(1, |p| p.generation + 1);
    match render(content, caches) {
        Ok((site, corpus)) => Built {
            generation,
            site: Arc::new(site),
            corpus: Arc::new(corpus),
            errors: Vec::new(),
        },
        Err(errors) => Built {
            generation,
            site: previous.map_or_else(|| Arc::new(Site::new()), |p| Arc::clone(&p.site)),
            corpus: previous.map_or_else(|| Arc::new(Corpus::default()), |p| Arc::clone(&p.corpus)),
            errors,
        },
    }
}

/// What the watcher saw: a file written and closed is complete, any other change may be the
/// first of a burst (a save that truncates, then writes; a checkout of many files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    WriteFinished,
    Other,
}

/// What a watcher event means for the rebuild; `None` for reads, which change nothing (the
/// rebuild's own reads among them). An error of the watcher itself (events lost) is a reason
/// to rebuild.
fn change_of(event: &notify::Result<notify::Event>) -> Option<Change> {
    match event {
        Ok(event) => match event.kind {
            EventKind::Access(AccessKind::Close(AccessMode::Write)) => Some(Change::WriteFinished),
            EventKind::Access(_) => None,
            _ => Some(Change::Other),
        },
        Err(_) => Some(Change::Other),
    }
}

/// Waits for the burst that `first` began to end: until a written file is closed, or no change
/// came for `DEBOUNCE`; then takes whatever else is queued, so that it all makes one rebuild.
fn settle(first: Change, changes: &mpsc::Receiver<Change>) {
    if first == Change::Other {
        let deadline = Instant::now() + DEBOUNCE;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match changes.recv_timeout(left) {
                Ok(Change::WriteFinished) | Err(_) => break,
                Ok(Change::Other) => {}
            }
        }
    }
    while changes.try_recv().is_ok() {}
}

/// Why watching a folder failed, in Czech (notify's own messages are English).
fn watch_reason(error: &notify::Error) -> String {
    match &error.kind {
        notify::ErrorKind::Io(e) => io_reason(e),
        notify::ErrorKind::PathNotFound => "složka neexistuje".to_owned(),
        notify::ErrorKind::MaxFilesWatch => {
            "systém nedovolí sledovat další soubory (limit inotify)".to_owned()
        }
        _ => "systém sledování změn odmítl".to_owned(),
    }
}

/// Why catching Ctrl+C failed, in Czech.
fn signal_reason(error: &ctrlc::Error) -> String {
    match error {
        ctrlc::Error::System(e) => io_reason(e),
        ctrlc::Error::MultipleHandlers => "obsluha Ctrl+C je už nastavená".to_owned(),
        _ => "systém tento signál nezná".to_owned(),
    }
}

/// Which folder a path names now (device and inode), to tell a folder replaced under the
/// same name.
fn folder_identity(dir: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(dir).ok().map(|m| (m.dev(), m.ino()))
}

/// Watches `dir` and rebuilds on a thread of its own after each burst of changes.
fn watch(
    dir: PathBuf,
    live: Arc<Live>,
    mut caches: Caches,
) -> Result<Arc<Mutex<RecommendedWatcher>>, StartError> {
    // Absolute, so that the folder holding it is known (`--content content` has a parent).
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    let (watcher, changes) = watcher_of(&dir)?;
    let watcher = Arc::new(Mutex::new(watcher));
    let following = Arc::clone(&watcher);
    let watched_folder = folder_identity(&dir);
    std::thread::Builder::new()
        .name("carcref-rebuild".into())
        .spawn(move || {
            let watching = Watching {
                dir,
                watcher: following,
                folder: watched_folder,
            };
            rebuild_on_changes(watching, &changes, &live, &mut caches)
        })
        .map_err(StartError::Thread)?;
    Ok(watcher)
}

/// A watcher of the content folder `dir` (and of the front end's folders in a working copy)
/// that sends each change it sees.
fn watcher_of(dir: &Path) -> Result<(RecommendedWatcher, mpsc::Receiver<Change>), StartError> {
    let (changed, changes) = mpsc::channel::<Change>();
    let parent = dir.parent().map(Path::to_path_buf);
    let content = dir.to_path_buf();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Of the content folder's parent only the content folder itself matters, not its
        // siblings (a build beside it, an edited README).
        let sibling = |path: &PathBuf| path.parent() == parent.as_deref() && *path != content;
        if event
            .as_ref()
            .is_ok_and(|e| !e.paths.is_empty() && e.paths.iter().all(sibling))
        {
            return;
        }
        if let Some(change) = change_of(&event) {
            let _ = changed.send(change);
        }
    })
    .map_err(|e| StartError::Watch(dir.to_path_buf(), watch_reason(&e)))?;
    let frontend_folders = working_copy(dir)
        .map(|root| FOLDERS.map(|folder| root.join(folder)))
        .into_iter()
        .flatten();
    for watched in std::iter::once(dir.to_path_buf()).chain(frontend_folders) {
        watcher
            .watch(&watched, RecursiveMode::Recursive)
            .map_err(|e| StartError::Watch(watched.clone(), watch_reason(&e)))?;
    }
    // The folder that holds the content, so that a content folder replaced whole (moved away
    // and copied back) is seen and followed.
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        watcher
            .watch(parent, RecursiveMode::NonRecursive)
            .map_err(|e| StartError::Watch(parent.to_path_buf(), watch_reason(&e)))?;
    }
    Ok((watcher, changes))
}

/// The content folder a watcher follows: its path, and which folder stands there now.
struct Watching {
    dir: PathBuf,
    watcher: Arc<Mutex<RecommendedWatcher>>,
    folder: Option<(u64, u64)>,
}

/// Rebuilds the site after each burst of `changes` until the watcher is gone, following a
/// content folder replaced under the same name.
fn rebuild_on_changes(
    mut watching: Watching,
    changes: &mpsc::Receiver<Change>,
    live: &Live,
    caches: &mut Caches,
) {
    let dir = watching.dir.clone();
    // Changes that come during a rebuild wait in the channel and make the next one.
    while let Ok(first) = changes.recv() {
        settle(first, changes);
        let now = folder_identity(&dir);
        if now.is_some() && now != watching.folder {
            // A new folder under the old name: watch it instead of the one moved away.
            let mut watcher = (watching.watcher.lock()).unwrap_or_else(PoisonError::into_inner);
            let _ = watcher.unwatch(&dir);
            if watcher.watch(&dir, RecursiveMode::Recursive).is_ok() {
                watching.folder = now;
            }
        }
        let started = Instant::now();
        let previous = live.current();
        let built = rebuild(Some(&dir), Some(&previous), caches);
        // The server's log, beside the URL it printed.
        if built.errors.is_empty() {
            eprintln!(
                "obsah změněn, web sestaven znovu za {} ms",
                started.elapsed().as_millis()
            );
        } else {
            eprintln!(
                "obsah změněn, ale má chyby:\n  {}",
                built.errors.join("\n  ")
            );
        }
        live.replace(built);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{DataChange, ModifyKind};

    #[test]
    fn a_closed_write_ends_the_wait_and_reads_are_ignored() {
        let event = |kind| Ok(notify::Event::new(kind));
        assert_eq!(
            change_of(&event(EventKind::Access(AccessKind::Close(
                AccessMode::Write
            )))),
            Some(Change::WriteFinished)
        );
        assert_eq!(
            change_of(&event(EventKind::Access(AccessKind::Close(
                AccessMode::Read
            )))),
            None
        );
        assert_eq!(
            change_of(&event(EventKind::Modify(ModifyKind::Data(
                DataChange::Content
            )))),
            Some(Change::Other)
        );
        assert_eq!(
            change_of(&Err(notify::Error::generic("ztracené události"))),
            Some(Change::Other)
        );

        // A burst ended by a closed write is over at once, and what came with it is taken.
        let (send, receive) = mpsc::channel();
        send.send(Change::Other).unwrap();
        send.send(Change::WriteFinished).unwrap();
        send.send(Change::Other).unwrap();
        let started = Instant::now();
        settle(Change::Other, &receive);
        assert!(receive.try_recv().is_err());
        // Without a closed write, the wait lasts the debounce.
        settle(Change::Other, &receive);
        assert!(started.elapsed() >= DEBOUNCE);
    }
}
