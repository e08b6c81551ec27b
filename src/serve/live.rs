//! The build `carcref serve` answers from, swapped whole by the rebuild thread, with the
//! pages waiting for the next one.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use crate::model::Corpus;
use crate::site::Site;

/// Connections served at once; more are refused with `503` rather than piling up threads.
pub(super) const MAX_CONNECTIONS: usize = 64;

/// One build of the site, shared by the requests answered while it is current.
#[derive(Debug)]
pub(crate) struct Built {
    /// Counts rebuilds; open pages reload when it changes.
    pub(crate) generation: u64,
    /// The last good site (empty when the content has never built).
    pub(crate) site: Arc<Site>,
    /// The corpus of the last good site, for `/api/check`.
    pub(crate) corpus: Arc<Corpus>,
    /// The problems of the newest content (`file:line:column: message`); none when it built.
    pub(crate) errors: Vec<String>,
}

/// The current build, swapped whole by the rebuild thread; open pages wait on it for the
/// next one.
#[derive(Debug)]
pub(crate) struct Live {
    built: Mutex<Arc<Built>>,
    rebuilt: Condvar,
    /// Pages waiting for the next build; each holds a connection.
    waiting: AtomicUsize,
}

/// How long an open page's question "is there a newer build?" waits for one before the answer
/// is "no" (and the page asks again).
pub(crate) const LONG_POLL: Duration = Duration::from_secs(25);
/// At most this many pages wait at once, so that waiting never takes all `MAX_CONNECTIONS`;
/// more are answered at once.
const MAX_WAITING: usize = MAX_CONNECTIONS / 2;

impl Live {
    pub(super) fn new(built: Built) -> Live {
        Live {
            built: Mutex::new(Arc::new(built)),
            rebuilt: Condvar::new(),
            waiting: AtomicUsize::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Arc<Built>> {
        // A holder never panics while holding the lock; recover the value if one did.
        self.built.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn current(&self) -> Arc<Built> {
        Arc::clone(&self.lock())
    }

    /// The current build once its generation is not `seen`, or after `timeout`.
    pub(crate) fn after(&self, seen: u64, timeout: Duration) -> Arc<Built> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return self.current();
        }
        let guard = self.lock();
        let (guard, _) = self
            .rebuilt
            .wait_timeout_while(guard, timeout, |built| built.generation == seen)
            .unwrap_or_else(PoisonError::into_inner);
        let built = Arc::clone(&guard);
        drop(guard);
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        built
    }

    pub(super) fn replace(&self, built: Built) {
        *self.lock() = Arc::new(built);
        self.rebuilt.notify_all();
    }
}
