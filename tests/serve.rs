//! `carcref serve`, as a user starts it: the real binary on a free loopback port with a copy of
//! the content, spoken to in raw HTTP over `TcpStream`.

use crate::common;

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use common::{carcref, carcref_command, copy_tree, repo, stdout};

const SCENARIO: &str = "content/scenarios/zakladni/mesto-s-erbem.yaml";
const RULINGS: &str = "duchove-carcassonne/rulings/uroven-1-cesty.yaml";
const RULING_PAGE: &str = "/vyklady/dc-cesta-obsazena-nelze-nasadit.html";
const QUESTION: &str = "Smím postavit strážného na cestu, na které už nějaký strážný stojí?";

/// One test at a time: each starts a server that builds the whole site, and a rebuild should
/// not wait for the other tests' builds on a small machine.
static TURN: Mutex<()> = Mutex::new(());

fn turn() -> MutexGuard<'static, ()> {
    TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A running server, killed when dropped (a test that stops it itself waits for it).
struct Served {
    child: Child,
    addr: String,
    stderr: PathBuf,
    /// The content copy it serves; kept so that it lives as long as the server.
    dir: tempfile::TempDir,
}

impl Served {
    fn start(extra: &[&str]) -> Served {
        Served::start_in(&["content"], extra)
    }

    /// With a copy of these folders of the repository (`content` among them).
    fn start_in(folders: &[&str], extra: &[&str]) -> Served {
        let dir = tempfile::tempdir().unwrap();
        for folder in folders {
            copy_tree(&repo().join(folder), &dir.path().join(folder));
        }
        let stderr = dir.path().join("stderr.txt");
        let content = dir.path().join("content");
        let mut args = vec![
            "serve",
            "--port",
            "0",
            "--content",
            content.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let mut child = carcref_command(&args, None)
            .stdout(Stdio::piped())
            .stderr(fs::File::create(&stderr).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the first line is the URL, not {line:?}"))
            .to_owned();
        Served {
            child,
            addr,
            stderr,
            dir,
        }
    }

    fn content(&self) -> PathBuf {
        self.dir.path().join("content")
    }

    fn stderr(&self) -> String {
        fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    fn raw(&self, request: &[u8]) -> Response {
        raw(&self.addr, request)
    }

    fn get(&self, path: &str) -> Response {
        self.raw(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
    }

    fn post(&self, path: &str, body: &[u8]) -> Response {
        post(&self.addr, path, body)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Debug)]
struct Response {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Response {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("JSON expected ({e}): {}", self.text()))
    }

    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim().to_owned())
        })
    }
}

/// Sends `request` as it is, except that `Host: x` becomes the server's own address (as a
/// browser sends it); a test of other hosts writes them out.
fn raw(addr: &str, request: &[u8]) -> Response {
    let placeholder = b"Host: x\r\n";
    let request = match request
        .windows(placeholder.len())
        .position(|w| w == placeholder)
    {
        Some(at) => [
            &request[..at],
            format!("Host: {addr}\r\n").as_bytes(),
            &request[at + placeholder.len()..],
        ]
        .concat(),
        None => request.to_vec(),
    };
    let request = request.as_slice();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).unwrap();
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP head in {:?}", String::from_utf8_lossy(&bytes)));
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head}"));
    Response {
        status,
        head,
        body: bytes[split + 4..].to_vec(),
    }
}

fn post(addr: &str, path: &str, body: &[u8]) -> Response {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/yaml\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    raw(addr, &request)
}

/// How long a test waits for a rebuild or a message before it fails: long enough for a busy
/// 2-core machine. These tests check what is served, not how fast (`scripts/bench-serve.sh`
/// measures that), and a wait ends as soon as its condition holds.
const PATIENCE: Duration = Duration::from_secs(60);

/// Waits up to `limit` for `ready`, polling; how long it took.
fn within(limit: Duration, mut ready: impl FnMut() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if ready() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    None
}

fn replace_in(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} in {}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn the_site_is_served_from_memory_with_types_and_a_czech_404() {
    let _turn = turn();
    let server = Served::start(&[]);
    let home = server.get("/");
    assert_eq!(home.status, 200);
    assert_eq!(
        home.header("content-type").as_deref(),
        Some("text/html; charset=utf-8")
    );
    assert!(
        home.text().contains("/__carcref/obnova.js"),
        "reload script"
    );
    let css = server.get("/assets/style.css");
    assert_eq!(css.status, 200);
    assert_eq!(
        css.header("content-type").as_deref(),
        Some("text/css; charset=utf-8")
    );
    assert!(
        !css.text().contains("__carcref"),
        "only pages get the script"
    );
    let folder = server.get("/scenare/");
    assert_eq!(folder.status, 200);
    assert!(folder.text().contains("<html"));
    let bare = server.get("/scenare");
    assert_eq!(bare.status, 301);
    assert_eq!(bare.header("location").as_deref(), Some("/scenare/"));
    let board = server.get("/scenare/zakladni/mesto-s-erbem-pred.svg");
    assert_eq!(board.status, 200);
    assert_eq!(
        board.header("content-type").as_deref(),
        Some("image/svg+xml")
    );
    let missing = server.get("/neni-tu.html");
    assert_eq!(missing.status, 404);
    assert!(missing.text().contains("Stránka nenalezena"));
    assert_eq!(
        server.raw(b"DELETE / HTTP/1.1\r\nHost: x\r\n\r\n").status,
        405
    );
    assert_eq!(server.get("/api/check").status, 405);
    assert_eq!(server.get("/api/jinde").status, 404);
    let head = server.raw(b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    // The built site has no reload script: only serving adds it.
    let out = tempfile::tempdir().unwrap();
    let public = out.path().join("public");
    carcref(&["build", "--out", public.to_str().unwrap()], None);
    let built = fs::read_to_string(public.join("index.html")).unwrap();
    assert!(!built.contains("__carcref"));
}

#[test]
fn a_valid_scenario_gets_the_verdict_of_check_json_and_the_boards() {
    let _turn = turn();
    let server = Served::start(&[]);
    let yaml = fs::read(repo().join(SCENARIO)).unwrap();
    let response = server.post("/api/check", &yaml);
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(
        response.header("content-type").as_deref(),
        Some("application/json")
    );
    let mut served = response.json();
    let svg = served.as_object_mut().unwrap().remove("svg").unwrap();
    assert!(svg["before"].as_str().unwrap().starts_with("<svg"));
    assert!(svg["after"].as_str().unwrap().starts_with("<svg"));
    assert_ne!(svg["before"], svg["after"]);
    let checked = carcref(&["check", "--json", SCENARIO], None);
    let mut expected: serde_json::Value = serde_json::from_str(&stdout(&checked)).unwrap();
    assert_eq!(served["scenario"], "situace.yaml");
    served["scenario"] = serde_json::Value::Null;
    expected["scenario"] = serde_json::Value::Null;
    assert_eq!(served, expected);
    assert_eq!(served["passed"], true);

    // A verdict that contradicts the expectations is still a verdict.
    let wrong = String::from_utf8(yaml)
        .unwrap()
        .replace("{red: 8, blue: 0}", "{red: 9, blue: 0}");
    let response = server.post("/api/check", wrong.as_bytes());
    assert_eq!(response.status, 200);
    assert_eq!(response.json()["passed"], false);
}

#[test]
fn a_malformed_scenario_gets_located_errors() {
    let _turn = turn();
    let server = Served::start(&[]);
    let response = server.post(
        "/api/check",
        b"title: x\nruleset: zakladni-hra\nplayers: [\n",
    );
    assert_eq!(response.status, 400);
    let errors = response.json()["errors"].as_array().unwrap().clone();
    assert!(!errors.is_empty());
    for error in &errors {
        assert!(error["line"].as_u64().unwrap() >= 1, "{error}");
        assert!(error["column"].as_u64().unwrap() >= 1, "{error}");
        assert!(!error["message"].as_str().unwrap().is_empty());
    }
    let unknown = server.post(
        "/api/check",
        b"title: x\nruleset: zakladni-hra\nstart: zakladni\nplayers: [red]\nsteps:\n  - place: neni-takova\n    at: [0, 1]\n",
    );
    assert_eq!(unknown.status, 400, "{}", unknown.text());
    assert_eq!(unknown.json()["errors"][0]["line"], 6, "{}", unknown.text());
    let binary = server.post("/api/check", b"\xff\xfe\x00");
    assert_eq!(binary.status, 400);
}

#[test]
fn a_scenario_over_256_kib_is_refused() {
    let _turn = turn();
    let server = Served::start(&[]);
    let big = vec![b'#'; 256 * 1024 + 1];
    assert_eq!(server.post("/api/check", &big).status, 413);
    // Exactly the limit is read (and is a comment only: a malformed scenario).
    let limit = vec![b'#'; 256 * 1024];
    assert_eq!(server.post("/api/check", &limit).status, 400);
    // A claimed length is refused before anything is read or allocated.
    let claim = server
        .raw(b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999\r\n\r\n");
    assert_eq!(claim.status, 413);
    assert_eq!(server.get("/").status, 200, "still up");
}

#[test]
fn traversal_never_leaves_the_site() {
    let _turn = turn();
    let server = Served::start(&[]);
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/%2E%2E/%2E%2E/etc/passwd",
        "/..%2f..%2fetc/passwd",
        "/assets/..%2f..%2f..%2fetc%2fpasswd",
        "/assets/../../../etc/passwd",
        "/..\\..\\etc\\passwd",
        "/%5c..%5c..%5cetc%5cpasswd",
        "/%252e%252e/%252e%252e/etc/passwd",
        "/./../etc/passwd",
        "/etc/passwd",
        "//etc/passwd",
        "/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/proc/self/environ",
    ] {
        let response = server.get(path);
        assert!(
            response.status == 400 || response.status == 404,
            "{path}: {}",
            response.status
        );
        assert!(!response.text().contains("root:"), "{path}");
    }
}

#[test]
fn an_open_page_waiting_for_a_newer_build_hears_of_it_when_the_rebuild_is_done() {
    let _turn = turn();
    let server = Served::start(&[]);
    let version = server.get("/__carcref/verze").text();
    let waiting = format!("/__carcref/verze?po={version}");
    // A page that has seen an older build is told at once.
    assert_eq!(
        server.get("/__carcref/verze?po=0").text(),
        version,
        "an older generation is answered at once"
    );
    let addr = server.addr.clone();
    let (answered, answer) = std::sync::mpsc::channel();
    let asked = Instant::now();
    let waiter = std::thread::spawn(move || {
        let response = raw(
            &addr,
            format!("GET {waiting} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes(),
        );
        let _ = answered.send(asked.elapsed());
        response.text()
    });
    // Without an edit there is nothing to tell: the question waits.
    assert!(answer.recv_timeout(Duration::from_millis(500)).is_err());
    replace_in(
        &server.content().join(RULINGS),
        QUESTION,
        "Smím tam postavit strážného?",
    );
    let took = answer
        .recv_timeout(PATIENCE)
        .expect("the waiting page is answered after the edit");
    assert!(took >= Duration::from_millis(500));
    let newer = waiter.join().unwrap();
    assert_ne!(newer, version);
    assert_eq!(newer, server.get("/__carcref/verze").text());
}

#[test]
fn in_a_working_copy_edits_of_templates_and_front_end_files_show_too() {
    let _turn = turn();
    let server = Served::start_in(&["content", "templates", "site"], &[]);
    let root = server.content().parent().unwrap().to_path_buf();
    assert!(!server.get("/").text().contains("upravená šablona"));
    replace_in(
        &root.join("templates/base.html"),
        "</body>",
        "<p>upravená šablona</p></body>",
    );
    let took = within(PATIENCE, || {
        server.get(RULING_PAGE).text().contains("upravená šablona")
    });
    assert!(took.is_some(), "the template edit is served");
    replace_in(
        &root.join("site/style.css"),
        "body",
        "/* upravený styl */ body",
    );
    let took = within(PATIENCE, || {
        server
            .get("/assets/style.css")
            .text()
            .contains("upravený styl")
    });
    assert!(took.is_some(), "the style edit is served");

    // A missing file is an error naming it, not a quiet fall back to the built-in one.
    fs::rename(root.join("site/app.js"), root.join("app.js.bak")).unwrap();
    let overlay = within(PATIENCE, || {
        let page = server.get("/");
        page.status == 500 && page.text().contains("site/app.js")
    });
    assert!(overlay.is_some(), "the missing file is named");
    fs::rename(root.join("app.js.bak"), root.join("site/app.js")).unwrap();
    let fixed = within(PATIENCE, || server.get("/").status == 200);
    assert!(fixed.is_some(), "the site is back");
}

#[test]
fn edits_rebuild_the_site_and_errors_show_until_fixed() {
    let _turn = turn();
    let server = Served::start(&[]);
    let page = server.get(RULING_PAGE);
    assert_eq!(page.status, 200);
    assert!(page.text().contains(QUESTION));
    let version = server.get("/__carcref/verze").text();

    let rulings = server.content().join(RULINGS);
    let edited = "Smím postavit strážného na cestu, kde už nějaký strážný stojí, i vlastní?";
    replace_in(&rulings, QUESTION, edited);
    let took = within(PATIENCE, || server.get(RULING_PAGE).text().contains(edited));
    assert!(took.is_some(), "the edit is served");
    assert_ne!(server.get("/__carcref/verze").text(), version);

    // A content error: the overlay with file:line:column instead of the pages.
    replace_in(
        &rulings,
        "section: dc-cesty\n",
        "section: neni-takova-sekce\n",
    );
    let overlay = within(PATIENCE, || {
        server.get(RULING_PAGE).text().contains("Obsah má chyby")
    });
    assert!(overlay.is_some(), "the overlay is shown");
    let shown = server.get("/");
    assert_eq!(shown.status, 500);
    let text = shown.text();
    let at = text
        .find("uroven-1-cesty.yaml:")
        .unwrap_or_else(|| panic!("the file is named: {text}"));
    let place: Vec<&str> = text[at..].splitn(4, ':').collect();
    assert!(
        place[1].parse::<u32>().is_ok(),
        "line: {}",
        &text[at..at + 40]
    );
    assert!(
        place[2].parse::<u32>().is_ok(),
        "column: {}",
        &text[at..at + 40]
    );
    // The previous good site is still what other files come from.
    assert_eq!(server.get("/assets/style.css").status, 200);
    let check = server.post("/api/check", &fs::read(repo().join(SCENARIO)).unwrap());
    assert_eq!(check.status, 200);

    replace_in(
        &rulings,
        "section: neni-takova-sekce\n",
        "section: dc-cesty\n",
    );
    let fixed = within(PATIENCE, || {
        let page = server.get(RULING_PAGE);
        page.status == 200 && page.text().contains(edited)
    });
    assert!(fixed.is_some(), "the site is back after the fix");
}

#[test]
fn four_hundred_checks_at_twenty_at_once_all_succeed() {
    let _turn = turn();
    let server = Served::start(&[]);
    let yaml = fs::read(repo().join(SCENARIO)).unwrap();
    let addr = server.addr.clone();
    let workers: Vec<_> = (0..20)
        .map(|_| {
            let addr = addr.clone();
            let yaml = yaml.clone();
            std::thread::spawn(move || {
                (0..20)
                    .map(|_| post(&addr, "/api/check", &yaml).status)
                    .filter(|status| *status != 200)
                    .count()
            })
        })
        .collect();
    let failed: usize = workers.into_iter().map(|w| w.join().unwrap()).sum();
    assert_eq!(failed, 0);
    assert_eq!(server.get("/").status, 200, "still up");
}

/// A scenario heavy enough to take the engine a while: a board of `side`² city tiles and
/// `refused` monasteries put where a city edge meets their field, each step refused.
fn heavy_scenario(side: i32, refused: i32) -> Vec<u8> {
    let half = side / 2;
    let mut yaml = String::from(
        "title: Zátěž\nruleset: zakladni-hra\nstart: none\nplayers: [red, blue]\nboard:\n",
    );
    for x in -half..side - half {
        for y in -half..side - half {
            yaml.push_str(&format!(
                "- {{tile: zh-mesto-ctyri-strany-erb, at: [{x},{y}]}}\n"
            ));
        }
    }
    yaml.push_str("steps:\n");
    for i in 0..refused {
        let y = i % side - half;
        yaml.push_str(&format!(
            "- {{place: zh-klaster, at: [{},{y}]}}\n",
            side - half
        ));
    }
    yaml.into_bytes()
}

fn threads_of(pid: u32) -> usize {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap()
}

/// Checks run on a pool of threads sized to the cores: 60 heavy checks sent at once add no
/// thread beyond each connection's own, and once their clients have their answer or have
/// left, no check is still running on a thread of its own (before, each check had its own
/// thread, which went on after its 503: 140 threads and 1.3 GB under this load).
#[test]
fn heavy_checks_sent_at_once_stay_within_the_pool() {
    let _turn = turn();
    let server = Served::start(&[]);
    let pid = server.child.id();
    let body = heavy_scenario(48, 1500);
    let idle = threads_of(pid);
    let clients: Vec<_> = (0..60)
        .map(|i| {
            let addr = server.addr.clone();
            let body = body.clone();
            std::thread::spawn(move || {
                if i % 2 == 0 {
                    return post(&addr, "/api/check", &body).status;
                }
                // Half leave as soon as they have asked.
                let head = format!(
                    "POST /api/check HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/yaml\r\n\
Content-Length: {}\r\n\r\n",
                    body.len()
                );
                let mut stream = TcpStream::connect(&addr).unwrap();
                let _ = stream.write_all(head.as_bytes());
                let _ = stream.write_all(&body);
                0
            })
        })
        .collect();
    let mut peak = idle;
    while clients.iter().any(|c| !c.is_finished()) {
        peak = peak.max(threads_of(pid));
        std::thread::sleep(Duration::from_millis(20));
    }
    let statuses: Vec<u16> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert!(
        statuses.iter().all(|s| [0, 200, 503].contains(s)),
        "{statuses:?}"
    );
    assert!(
        peak <= idle + 64,
        "{peak} threads at the peak, {idle} idle: checks ran on threads of their own"
    );
    let settled = within(Duration::from_secs(10), || threads_of(pid) <= idle);
    assert!(
        settled.is_some(),
        "{} threads after the clients were done, {idle} idle",
        threads_of(pid)
    );
    // The pool drains: a check that was already running stops at its next step, so an
    // ordinary check is answered again soon (on a slow machine not at once).
    let scenario = fs::read(repo().join(SCENARIO)).unwrap();
    let mut last = None;
    let recovered = within(Duration::from_secs(30), || {
        let reply = server.post("/api/check", &scenario);
        let ok = reply.status == 200;
        last = Some(reply);
        ok
    });
    assert!(
        recovered.is_some(),
        "still refused after the storm: {last:?}"
    );
}

#[test]
fn ctrl_c_stops_it_cleanly() {
    let _turn = turn();
    let mut server = Served::start(&[]);
    assert_eq!(server.get("/").status, 200);
    let kill = std::process::Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = server.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(server.stderr().contains("ukončeno"), "{}", server.stderr());
}

#[test]
fn a_taken_port_is_an_input_error_and_other_addresses_warn() {
    let _turn = turn();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = carcref(&["serve", "--port", &port], None);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("obsazený"), "{message}");
    assert!(message.contains("--port 0"), "{message}");

    let server = Served::start(&["--bind", "0.0.0.0"]);
    assert!(
        within(PATIENCE, || server
            .stderr()
            .contains("varování: server naslouchá"))
        .is_some(),
        "{}",
        server.stderr()
    );
    let local = Served::start(&[]);
    assert_eq!(local.get("/").status, 200);
    assert!(!local.stderr().contains("varování"), "{}", local.stderr());
}

#[test]
fn a_request_that_does_not_arrive_within_5_s_is_answered_408() {
    let _turn = turn();
    let server = Served::start(&[]);
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    // The head and half of the body, then nothing.
    stream
        .write_all(b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\ntitle: x\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    // The server's deadline answered, well before the 20 s this side would wait.
    assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
    assert_eq!(server.get("/").status, 200, "still up");
}

#[test]
fn only_its_own_pages_may_talk_to_it() {
    let _turn = turn();
    let server = Served::start(&[]);
    let port = server.addr.rsplit_once(':').unwrap().1.to_owned();
    // DNS rebinding: another name for this address is refused; localhost and the address pass.
    let evil = server.raw(b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n");
    assert_eq!(evil.status, 403);
    assert_eq!(
        server
            .raw(format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n").as_bytes())
            .status,
        200
    );
    assert_eq!(server.raw(b"GET / HTTP/1.0\r\n\r\n").status, 403, "no Host");
    // Names given with --host-name pass too (any case, with the port), others still not.
    let named = Served::start(&["--host-name", "stul.local", "--host-name", "hra"]);
    let named_port = named.addr.rsplit_once(':').unwrap().1.to_owned();
    for host in [format!("STUL.local:{named_port}"), "hra".to_owned()] {
        let request = format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n");
        assert_eq!(named.raw(request.as_bytes()).status, 200, "{host}");
    }
    assert_eq!(
        named
            .raw(b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n")
            .status,
        403
    );
    let wrong_port = b"GET / HTTP/1.1\r\nHost: hra:1\r\n\r\n";
    assert_eq!(named.raw(wrong_port).status, 403);
    drop(named);
    let scenario = fs::read(repo().join(SCENARIO)).unwrap();
    let post = |headers: &str| {
        let mut request = format!(
            "POST /api/check HTTP/1.1\r\nHost: x\r\n{headers}Content-Length: {}\r\n\r\n",
            scenario.len()
        )
        .into_bytes();
        request.extend_from_slice(&scenario);
        server.raw(&request)
    };
    // A page of another site posting a form (CSRF), or the right type from the wrong origin.
    assert_eq!(post("Content-Type: text/plain\r\n").status, 415);
    assert_eq!(
        post("Origin: http://evil.example\r\nContent-Type: application/yaml\r\n").status,
        403
    );
    let own_origin = format!(
        "Origin: http://{}\r\nContent-Type: text/yaml\r\n",
        server.addr
    );
    assert_eq!(post(&own_origin).status, 200);
    // Two lengths that differ, or one with a sign, are not guessed at.
    let twice = b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/yaml\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\ntitle:";
    assert_eq!(server.raw(twice).status, 400);
    let signed = b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/yaml\r\nContent-Length: +6\r\n\r\ntitle:";
    assert_eq!(server.raw(signed).status, 400);
}

#[test]
fn pages_forbid_inline_scripts_framing_and_referrers() {
    let _turn = turn();
    let server = Served::start(&[]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    let head = page.head.to_ascii_lowercase();
    for header in [
        // Scripts only from the site; WebAssembly and a worker made from a blob for the
        // browser engine, but no inline script.
        "content-security-policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src blob:;",
        "frame-ancestors 'none'",
        "referrer-policy: no-referrer",
        "x-frame-options: deny",
        "x-content-type-options: nosniff",
    ] {
        assert!(head.contains(header), "{header} in {head}");
    }
    // The reload script is a file of its own, so no inline script is needed.
    let text = page.text();
    assert!(
        text.contains("<script src=\"/__carcref/obnova.js\" data-verze="),
        "{text}"
    );
    assert!(!text.contains("<script>"));
    let script = server.get("/__carcref/obnova.js");
    assert_eq!(script.status, 200);
    assert!(script.text().contains("/__carcref/verze"));
}

#[test]
fn a_content_folder_replaced_whole_is_followed() {
    let _turn = turn();
    let server = Served::start(&[]);
    assert!(server.get(RULING_PAGE).text().contains(QUESTION));
    // `mv content content.old && cp -r content.old content`, as an editor or a sync tool may.
    let content = server.content();
    let old = content.with_extension("old");
    fs::rename(&content, &old).unwrap();
    copy_tree(&old, &content);
    let rebuilt = within(PATIENCE, || server.get(RULING_PAGE).status == 200);
    assert!(rebuilt.is_some(), "the copy is served");
    let edited = "Smím tam po výměně složky postavit strážného?";
    replace_in(&content.join(RULINGS), QUESTION, edited);
    let took = within(PATIENCE, || server.get(RULING_PAGE).text().contains(edited));
    assert!(took.is_some(), "an edit in the new folder is served");
}
