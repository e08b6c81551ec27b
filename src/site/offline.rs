//! Offline use on a phone: the web app manifest, the icon, and the service worker `sw.js`
//! at the site's root. The build knows every file, so the worker gets the full precache
//! list written in, with a version hash of the whole content: a new build (any changed
//! byte) replaces the old cache. Deterministic, like the rest of the output.

use super::Site;

/// The service worker's path; it is the one file it does not cache.
pub const WORKER: &str = "sw.js";
pub const MANIFEST: &str = "manifest.webmanifest";

const WORKER_SOURCE: &str = include_str!("../../site/sw.js");

/// Files copied as they are.
const ASSETS: &[(&str, &str)] = &[
    ("assets/offline.js", include_str!("../../site/offline.js")),
    ("assets/icon.svg", include_str!("../../site/icon.svg")),
];

/// The header's colour (style.css), also the phone's status bar colour.
pub const THEME_COLOUR: &str = "#3b2a17";

fn manifest() -> String {
    let manifest = serde_json::json!({
        "name": "carcref – pravidla a výklady Carcassonne",
        "short_name": "carcref",
        "description": "Česká pravidla a komentované výklady Carcassonne, i bez internetu.",
        "lang": "cs",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": "#fffdf8",
        "icons": [
            {"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
        ]
    });
    serde_json::to_string_pretty(&manifest).expect("a JSON value serializes") + "\n"
}

/// FNV-1a, 64 bits, over every path and its bytes (each length-prefixed, so that no two
/// different sites feed it the same stream). Not cryptographic: it only has to change when
/// the content does.
fn version(site: &Site) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for byte in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for (path, bytes) in site {
        feed(path.as_bytes());
        feed(bytes);
    }
    format!("{hash:016x}")
}

/// Adds the manifest, the icon, the registration script and, last, the service worker
/// listing every other file.
pub fn add(site: &mut Site) {
    for (path, text) in ASSETS {
        site.insert((*path).to_owned(), text.as_bytes().to_vec());
    }
    site.insert(MANIFEST.to_owned(), manifest().into_bytes());
    site.remove(WORKER);
    let files: Vec<&String> = site.keys().collect();
    let list = serde_json::to_string_pretty(&files).expect("strings serialize");
    let worker = WORKER_SOURCE
        .replace("__CARCREF_VERSION__", &version(site))
        .replace("__CARCREF_FILES__", &list);
    site.insert(WORKER.to_owned(), worker.into_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(page: &str) -> Site {
        let mut site = Site::new();
        site.insert("index.html".into(), page.as_bytes().to_vec());
        site.insert("hry/a b/vyklady.html".into(), b"x".to_vec());
        add(&mut site);
        site
    }

    #[test]
    fn the_worker_lists_every_other_file_and_its_version_follows_the_content() {
        let (a, b, c) = (site("<p>a</p>"), site("<p>a</p>"), site("<p>b</p>"));
        assert_eq!(a, b);
        let worker = String::from_utf8(a[WORKER].clone()).unwrap();
        for path in a.keys().filter(|p| *p != WORKER) {
            assert!(worker.contains(&format!("\"{path}\"")), "{path}");
        }
        assert!(!worker.contains("__CARCREF"));
        let other = String::from_utf8(c[WORKER].clone()).unwrap();
        assert_ne!(worker, other);
        assert_eq!(version(&a), version(&b));
    }
}
