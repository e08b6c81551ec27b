//! `POST /api/check` runs on a fixed pool of threads, one per core, behind a short queue: a
//! check beyond the queue is refused at once, and a check whose client left or whose time ran
//! out is stopped between two engine steps, or never started. So heavy checks sent at once
//! cost at most the pool's threads and memory, however many arrive.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::browser::{Checked, SCENARIO_NAME};
use crate::content::{ContentFile, FileBody};
use crate::model::Corpus;

use super::routes::Reply;

/// How long one check may take, waiting in the queue included, before the answer is "try
/// again" (the engine needs milliseconds; this guards against a pathological scenario).
const CHECK_TIMEOUT: Duration = Duration::from_secs(5);
/// Checks waiting for a free thread; more are refused at once.
const QUEUE: usize = 32;
/// How often a waiting connection looks whether its client is still there.
const CLIENT_POLL: Duration = Duration::from_millis(50);

/// One check waiting for, or running on, a pool thread.
struct Job {
    corpus: Arc<Corpus>,
    body: Vec<u8>,
    cancel: Arc<AtomicBool>,
    deadline: Instant,
    answer: mpsc::Sender<Reply>,
}

/// The threads that run checks, and the queue in front of them.
pub(crate) struct CheckPool {
    jobs: SyncSender<Job>,
}

impl CheckPool {
    /// A pool of `threads` threads (at least one).
    fn new(threads: usize) -> CheckPool {
        let (jobs, queue) = mpsc::sync_channel(QUEUE);
        let queue = Arc::new(Mutex::new(queue));
        for _ in 0..threads.max(1) {
            let queue = Arc::clone(&queue);
            // A thread that cannot start leaves the others (or, with none, every check times
            // out with a 503): the server still serves its pages.
            let _ = std::thread::Builder::new()
                .name("carcref-check".into())
                .spawn(move || work(&queue));
        }
        CheckPool { jobs }
    }

    /// A pool sized to the machine's cores.
    pub(crate) fn for_this_machine() -> CheckPool {
        CheckPool::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// The answer to the scenario `body`, or `503` when the queue is full, the check took
    /// longer than `CHECK_TIMEOUT`, or `client_gone` says nobody waits for it any more.
    pub(crate) fn check(
        &self,
        corpus: Arc<Corpus>,
        body: Vec<u8>,
        client_gone: &dyn Fn() -> bool,
    ) -> Reply {
        let (answer, answered) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let deadline = Instant::now() + CHECK_TIMEOUT;
        let job = Job {
            corpus,
            body,
            cancel: Arc::clone(&cancel),
            deadline,
            answer,
        };
        match self.jobs.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return busy(),
            Err(TrySendError::Disconnected(_)) => return too_slow(),
        }
        let reply = wait(&answered, deadline, client_gone);
        if reply.is_none() {
            cancel.store(true, Ordering::Relaxed);
        }
        reply.unwrap_or_else(too_slow)
    }
}

/// The check's answer, or `None` when the deadline passed or the client left first.
fn wait(
    answered: &Receiver<Reply>,
    deadline: Instant,
    client_gone: &dyn Fn() -> bool,
) -> Option<Reply> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || client_gone() {
            return None;
        }
        match answered.recv_timeout(left.min(CLIENT_POLL)) {
            Ok(reply) => return Some(reply),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return None,
        }
    }
}

fn work(queue: &Mutex<Receiver<Job>>) {
    loop {
        // The lock is held only while waiting for the next job, not while checking it.
        let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(job) = job else { return };
        if job.cancel.load(Ordering::Relaxed) || Instant::now() >= job.deadline {
            continue;
        }
        let _ = job
            .answer
            .send(check_now(&job.corpus, job.body, &job.cancel));
    }
}

fn check_now(corpus: &Corpus, body: Vec<u8>, cancel: &AtomicBool) -> Reply {
    let file = ContentFile {
        path: SCENARIO_NAME.to_owned(),
        display: SCENARIO_NAME.to_owned(),
        body: FileBody::Bytes(Cow::Owned(body)),
    };
    let checked = match crate::content::decode(&file) {
        Ok(text) => crate::browser::check_cancellable(corpus, &text, cancel),
        Err(diagnostic) => Checked::Problems(vec![diagnostic]),
    };
    let status = match checked {
        Checked::Verdict(_) => 200,
        Checked::Problems(_) => 400,
    };
    Reply::json(status, &checked.to_json())
}

fn busy() -> Reply {
    Reply::json_error(503, "server je přetížený, zkuste to znovu")
}

fn too_slow() -> Reply {
    Reply::json_error(503, "ověření trvalo příliš dlouho")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{load, ContentFiles};

    const SCENARIO: &[u8] =
        b"title: x\nruleset: zakladni-hra\nstart: zakladni\nplayers: [red]\nsteps: []\n";

    fn corpus() -> Arc<Corpus> {
        Arc::new(load(&ContentFiles::embedded()).corpus)
    }

    fn job(cancelled: bool, deadline: Instant) -> (Job, Receiver<Reply>) {
        let (answer, answered) = mpsc::channel();
        let job = Job {
            corpus: corpus(),
            body: SCENARIO.to_vec(),
            cancel: Arc::new(AtomicBool::new(cancelled)),
            deadline,
            answer,
        };
        (job, answered)
    }

    #[test]
    fn a_check_is_answered_by_the_pool() {
        let pool = CheckPool::new(1);
        let reply = pool.check(corpus(), SCENARIO.to_vec(), &|| false);
        assert_eq!(
            reply.status,
            200,
            "{}",
            String::from_utf8_lossy(&reply.body)
        );
    }

    #[test]
    fn a_check_whose_client_left_or_whose_time_ran_out_is_never_started() {
        let later = Instant::now() + CHECK_TIMEOUT;
        let (cancelled, cancelled_answer) = job(true, later);
        let (late, late_answer) = job(false, Instant::now());
        let (fresh, fresh_answer) = job(false, later);
        let (jobs, queue) = mpsc::sync_channel(QUEUE);
        for job in [cancelled, late, fresh] {
            jobs.send(job).unwrap();
        }
        drop(jobs);
        work(&Mutex::new(queue));
        assert!(cancelled_answer.recv().is_err(), "a cancelled check ran");
        assert!(late_answer.recv().is_err(), "a check past its deadline ran");
        assert_eq!(fresh_answer.recv().unwrap().status, 200);
    }

    #[test]
    fn a_full_queue_is_refused_at_once() {
        // No threads take the jobs: the queue fills and the next check is refused.
        let (jobs, _queue) = mpsc::sync_channel(QUEUE);
        let pool = CheckPool { jobs };
        for _ in 0..QUEUE {
            let (job, _) = job(false, Instant::now() + CHECK_TIMEOUT);
            pool.jobs.try_send(job).unwrap();
        }
        let started = Instant::now();
        let reply = pool.check(corpus(), SCENARIO.to_vec(), &|| false);
        assert_eq!(reply.status, 503);
        assert!(String::from_utf8_lossy(&reply.body).contains("přetížený"));
        assert!(started.elapsed() < CHECK_TIMEOUT);
    }

    #[test]
    fn a_client_that_leaves_cancels_its_check() {
        let pool = CheckPool::new(1);
        let reply = pool.check(corpus(), SCENARIO.to_vec(), &|| true);
        assert_eq!(reply.status, 503);
    }
}
