//! What the server answers to one request, apart from HTTP itself: site files by their
//! normalized path from the in-memory site (never from disk), `POST /api/check`, the build
//! generation for reloading open pages, and the overlay page while the content has errors.

use std::sync::Arc;

use crate::model::Corpus;

use super::live::Built;

/// Largest scenario `/api/check` accepts.
pub(crate) const MAX_BODY: usize = 256 * 1024;
/// Asked by open pages; answers the build generation. With `?po=N` the answer waits until
/// the generation is not N (long polling), so that a page reloads as soon as a rebuild is done.
const VERSION_PATH: &str = "/__carcref/verze";
/// An answer, before HTTP framing.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) content_type: &'static str,
    pub(crate) body: Vec<u8>,
    /// Extra headers (`Location`, `Allow`).
    pub(crate) headers: Vec<(&'static str, String)>,
}

impl Reply {
    fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Self {
        Reply {
            status,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    pub(super) fn json(status: u16, value: &serde_json::Value) -> Self {
        let mut body = serde_json::to_vec_pretty(value).unwrap_or_else(|_| b"null".to_vec());
        body.push(b'\n');
        Reply::new(status, "application/json", body)
    }

    /// A JSON answer with one message that has no place in a file (too large, too slow…).
    pub(crate) fn json_error(status: u16, message: &str) -> Self {
        Reply::json(
            status,
            &serde_json::json!({ "errors": [{ "message": message }] }),
        )
    }

    fn not_allowed(allow: &str) -> Self {
        let mut reply = Reply::new(
            405,
            "text/plain; charset=utf-8",
            format!("Tato metoda zde není povolena; povolené jsou: {allow}.\n"),
        );
        reply.headers.push(("Allow", allow.to_owned()));
        reply
    }
}

/// The generation a page asking `VERSION_PATH?po=N` has seen, if that is the request.
pub(crate) fn seen_generation(target: &str) -> Option<u64> {
    let (path, query) = target.split_once('?')?;
    if path != VERSION_PATH {
        return None;
    }
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("po=")?.parse().ok())
}

/// Answers one request whose body has been read whole (at most `MAX_BODY` bytes); a check
/// goes to `check` with the corpus of this build.
pub(crate) fn answer(
    built: &Arc<Built>,
    method: &str,
    target: &str,
    body: Vec<u8>,
    check: &dyn Fn(Arc<Corpus>, Vec<u8>) -> Reply,
) -> Reply {
    let path = target.split(['?', '#']).next().unwrap_or_default();
    if path == "/api/check" {
        if method != "POST" {
            return Reply::not_allowed("POST");
        }
        return check(Arc::clone(&built.corpus), body);
    }
    if method != "GET" && method != "HEAD" {
        return Reply::not_allowed("GET, HEAD");
    }
    if path == RELOAD_PATH {
        return Reply::new(
            200,
            "text/javascript; charset=utf-8",
            RELOAD_SCRIPT.replace("VERSION_PATH", VERSION_PATH),
        );
    }
    if path == VERSION_PATH {
        return Reply::new(
            200,
            "text/plain; charset=utf-8",
            built.generation.to_string(),
        );
    }
    let key = match site_key(path) {
        Some(key) => key,
        None => return Reply::new(400, "text/html; charset=utf-8", bad_request_page()),
    };
    if !built.errors.is_empty() && key.ends_with(".html") {
        return Reply::new(
            500,
            "text/html; charset=utf-8",
            with_reload(&overlay_page(&built.errors), built.generation),
        );
    }
    if key == crate::site::WORKER {
        // Pages served here change as they are edited: a worker that unregisters itself
        // replaces the offline one, so that no cached copy hides the edit.
        return Reply::new(200, "text/javascript; charset=utf-8", RETIRING_WORKER);
    }
    match built.site.get(&key) {
        Some(bytes) if key.ends_with(".html") => Reply::new(
            200,
            "text/html; charset=utf-8",
            with_reload(&String::from_utf8_lossy(bytes), built.generation),
        ),
        Some(bytes) => Reply::new(200, content_type(&key), bytes.clone()),
        None if built.site.contains_key(&format!("{key}/index.html")) => {
            // A folder without its slash: relative links on its index page need the slash.
            let mut reply = Reply::new(301, "text/plain; charset=utf-8", "");
            reply.headers.push(("Location", format!("{path}/")));
            reply
        }
        None => Reply::new(
            404,
            "text/html; charset=utf-8",
            with_reload(&not_found_page(), built.generation),
        ),
    }
}

/// The key of the site map a request path names, or `None` for a path that is not a
/// plain path inside the site: bad percent-encoding, not UTF-8, a backslash, a NUL, or a
/// `.`/`..` segment in any spelling once decoded. Decoding happens once, so a double-encoded
/// `%252e` stays the literal `%2e`, which names no file. A path ending in `/` names the
/// folder's `index.html`.
fn site_key(path: &str) -> Option<String> {
    let rest = path.strip_prefix('/')?;
    let decoded = String::from_utf8(percent_decode(rest)?).ok()?;
    if decoded.contains(['\\', '\0']) {
        return None;
    }
    let mut segments = Vec::new();
    for segment in decoded.split('/') {
        match segment {
            "" => {}
            "." | ".." => return None,
            segment => segments.push(segment),
        }
    }
    let mut key = segments.join("/");
    if decoded.is_empty() || decoded.ends_with('/') {
        if !key.is_empty() {
            key.push('/');
        }
        key.push_str("index.html");
    }
    Some(key)
}

fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

fn content_type(key: &str) -> &'static str {
    let extension = key.rsplit_once('.').map_or("", |(_, e)| e);
    match extension {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "txt" => "text/plain; charset=utf-8",
        "yaml" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

const RETIRING_WORKER: &str = "self.addEventListener('install',()=>self.skipWaiting());\
self.addEventListener('activate',(e)=>e.waitUntil(self.registration.unregister()));\n";

/// Reloads the page when the site is rebuilt. One tab per browser asks the server (the holder
/// of a Web Lock) and tells the others over a BroadcastChannel: a waiting question holds a
/// connection, and a browser opens at most six to one server, so a question from every tab
/// would leave none for loading pages. Where Web Locks are missing (an address that is not
/// loopback is not a secure context) each tab asks once a second instead, without waiting.
/// A file of its own (`RELOAD_PATH`), not an inline script, so that the pages' Content
/// Security Policy can forbid inline scripts; the page's generation is its `data-verze`.
const RELOAD_SCRIPT: &str = "/* carcref serve: znovu načíst po změně obsahu */(()=>{\
const v=document.currentScript.dataset.verze,p='VERSION_PATH';\
const bc=self.BroadcastChannel?new BroadcastChannel('carcref-verze'):null;\
const seen=(t)=>{if(t===v)return false;if(bc)bc.postMessage(t);location.reload();return true;};\
if(bc)bc.onmessage=(e)=>{if(e.data!==v)location.reload();};\
if(navigator.locks&&bc){const ask=(done)=>fetch(p+'?po='+v,{cache:'no-store'})\
.then((r)=>r.text()).then((t)=>seen(t)?done():setTimeout(()=>ask(done),200))\
.catch(()=>setTimeout(()=>ask(done),1000));\
navigator.locks.request('carcref-verze',()=>new Promise(ask));}\
else setInterval(()=>fetch(p,{cache:'no-store'}).then((r)=>r.text()).then(seen)\
.catch(()=>{}),1000);})();\n";

/// Where the reload script is served.
const RELOAD_PATH: &str = "/__carcref/obnova.js";

/// The page with the reload script (only pages served here get it, not `carcref build`'s
/// output).
fn with_reload(page: &str, generation: u64) -> Vec<u8> {
    let script = format!("<script src=\"{RELOAD_PATH}\" data-verze=\"{generation}\"></script>\n");
    let at = page.rfind("</body>").unwrap_or(page.len());
    let mut out = String::with_capacity(page.len() + script.len());
    out.push_str(&page[..at]);
    out.push_str(&script);
    out.push_str(&page[at..]);
    out.into_bytes()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn simple_page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"cs\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n\
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;\
line-height:1.5}}li{{margin:.4rem 0}}code{{white-space:pre-wrap;word-break:break-word}}</style>\n\
</head>\n<body>\n{body}</body>\n</html>\n"
    )
}

fn not_found_page() -> String {
    simple_page(
        "Stránka nenalezena",
        "<h1>Stránka nenalezena</h1>\n<p>Taková stránka na tomto webu není. \
<a href=\"/\">Na úvodní stránku</a></p>\n",
    )
}

fn bad_request_page() -> String {
    simple_page(
        "Neplatná adresa",
        "<h1>Neplatná adresa</h1>\n<p>Adresa není cestou k žádné stránce tohoto webu. \
<a href=\"/\">Na úvodní stránku</a></p>\n",
    )
}

/// Shown instead of every page while the content has errors; each problem as
/// `file:line:column: message`.
fn overlay_page(errors: &[String]) -> String {
    let items: String = errors
        .iter()
        .map(|e| format!("<li><code>{}</code></li>\n", escape(e)))
        .collect();
    simple_page(
        "Obsah má chyby",
        &format!(
            "<h1>Obsah má chyby</h1>\n<p>Web se nepodařilo sestavit znovu \
({}). Po opravě se stránka načte sama.</p>\n<ul>\n{items}</ul>\n",
            crate::czech::count_usize(errors.len(), ["problém", "problémy", "problémů"])
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_paths_name_their_file_and_folders_their_index() {
        assert_eq!(site_key("/").as_deref(), Some("index.html"));
        assert_eq!(site_key("/vyklady/").as_deref(), Some("vyklady/index.html"));
        assert_eq!(
            site_key("/assets/style.css").as_deref(),
            Some("assets/style.css")
        );
        assert_eq!(site_key("//a///b.html").as_deref(), Some("a/b.html"));
        assert_eq!(
            site_key("/hry/a%20b/vyklady.html").as_deref(),
            Some("hry/a b/vyklady.html")
        );
        assert_eq!(
            site_key("/sc%C3%A9n%C3%A1%C5%99").as_deref(),
            Some("scénář")
        );
    }

    #[test]
    fn dot_segments_in_any_spelling_are_refused() {
        for path in [
            "/../../etc/passwd",
            "/%2e%2e/%2e%2e/etc/passwd",
            "/%2E%2E/etc/passwd",
            "/..%2f..%2fetc/passwd",
            "/assets/..%2f..%2f..%2fetc%2fpasswd",
            "/a/./b",
            "/..\\..\\etc\\passwd",
            "/%5c..%5cetc",
            "/a%00.html",
            "/%zz",
            "/%2",
            "/%ff",
            "etc/passwd",
        ] {
            assert_eq!(site_key(path), None, "{path}");
        }
        // Decoded once: what double encoding leaves is a literal name, not a dot segment.
        assert_eq!(
            site_key("/%252e%252e/etc/passwd").as_deref(),
            Some("%2e%2e/etc/passwd")
        );
    }

    #[test]
    fn only_the_version_path_with_po_waits() {
        assert_eq!(seen_generation("/__carcref/verze?po=7"), Some(7));
        assert_eq!(seen_generation("/__carcref/verze?x=1&po=12"), Some(12));
        assert_eq!(seen_generation("/__carcref/verze"), None);
        assert_eq!(seen_generation("/__carcref/verze?po=sedm"), None);
        assert_eq!(seen_generation("/index.html?po=7"), None);
    }

    #[test]
    fn reload_script_goes_before_the_body_end() {
        let page = String::from_utf8(with_reload("<body><p>x</p></body></html>", 7)).unwrap();
        let script = page
            .find("<script src=\"/__carcref/obnova.js\" data-verze=\"7\">")
            .unwrap();
        assert!(script < page.find("</body>").unwrap());
        assert!(RELOAD_SCRIPT.contains("p='VERSION_PATH'"));
    }

    #[test]
    fn overlay_escapes_every_problem() {
        let page = overlay_page(&["a.md:3:5: <script>".to_owned(), "b.yaml:1:2: x".to_owned()]);
        assert!(page.contains("a.md:3:5: &lt;script&gt;"));
        assert!(!page.contains("<script>"));
        assert!(page.contains("2 problémy"));
    }

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(content_type("a/b.svg"), "image/svg+xml");
        assert_eq!(content_type("x.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("noextension"), "application/octet-stream");
    }
}
