//! Offline use on a phone: the web app manifest, the icon, and the service worker `sw.js`
//! at the site's root. The build knows every file, so the worker gets the full precache
//! list written in, with a version hash of the whole content: a new build (any changed
//! byte) replaces the old cache. Deterministic, like the rest of the output.

use super::common::Site;
use super::frontend::Frontend;

/// The service worker's path; it is the one file it does not cache.
pub const WORKER: &str = "sw.js";
const MANIFEST: &str = "manifest.webmanifest";

/// The header's colour (style.css), also the phone's status bar colour.
const THEME_COLOUR: &str = "#3b2a17";

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
        "icons": std::iter::once(serde_json::json!(
            {"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
        ))
        .chain(PNG_ICONS.iter().map(|icon| serde_json::json!({
            "src": icon.path,
            "sizes": format!("{0}x{0}", icon.size),
            "type": "image/png",
            "purpose": if icon.maskable { "maskable" } else { "any" },
        })))
        .collect::<Vec<_>>()
    });
    serde_json::to_string_pretty(&manifest).expect("a JSON value serializes") + "\n"
}

/// The icon as PNG, for systems that want a bitmap: 192 and 512 px (home screens and the
/// installed app's splash screen), and a maskable one that a phone may crop to its own shape.
struct PngIcon {
    path: &'static str,
    size: u32,
    maskable: bool,
}

const PNG_ICONS: [PngIcon; 3] = [
    PngIcon {
        path: "assets/icon-192.png",
        size: 192,
        maskable: false,
    },
    PngIcon {
        path: "assets/icon-512.png",
        size: 512,
        maskable: false,
    },
    PngIcon {
        path: "assets/icon-maskable-512.png",
        size: 512,
        maskable: true,
    },
];

/// A maskable icon keeps what matters inside the central 80 % (the safe zone of the W3C
/// manifest spec); the rest is the tile's dark frame colour.
const MASKABLE_SAFE_ZONE: f64 = 0.8;

/// The colours of `site/icon.svg`; index 0 is transparent.
const PALETTE: [[u8; 3]; 6] = [
    [0, 0, 0],
    [0x3b, 0x2a, 0x17],
    [0x7a, 0xa0, 0x49],
    [0xc9, 0xa4, 0x6a],
    [0xea, 0xdf, 0xca],
    [0xb8, 0x32, 0x2a],
];

/// Whether (x, y) lies in the rectangle from `low` to `high` with corners rounded by `r`.
fn in_rounded(x: f64, y: f64, low: f64, high: f64, r: f64) -> bool {
    if x < low || x > high || y < low || y > high {
        return false;
    }
    let dx = (low + r - x).max(x - (high - r)).max(0.0);
    let dy = (low + r - y).max(y - (high - r)).max(0.0);
    dx * dx + dy * dy <= r * r
}

/// The palette index of a point of `site/icon.svg` (its 512 × 512 coordinates), drawn the
/// same way without anti-aliasing: the tile, its city, its road and a red meeple.
fn icon_colour(x: f64, y: f64) -> u8 {
    if !in_rounded(x, y, 0.0, 512.0, 96.0) {
        return 0;
    }
    if !in_rounded(x, y, 96.0, 416.0, 24.0) {
        return 1;
    }
    if (x - 256.0).powi(2) + (y - 230.0).powi(2) <= 34.0 * 34.0 {
        return 5;
    }
    // The city's lower edge, the SVG's quadratic curve from (96, 150) through (256, 210).
    if y < 210.0 - 60.0 * ((x - 256.0) / 160.0).powi(2) {
        return 3;
    }
    if (304.0..=336.0).contains(&y) {
        return 4;
    }
    2
}

/// A PNG of `size` × `size` pixels in the palette's colours, deflated by `miniz_oxide`
/// (deterministic, so the bytes never vary). A maskable icon draws the picture inside the
/// safe zone on a full square of the frame colour.
fn png_icon(size: u32, maskable: bool) -> Vec<u8> {
    let drawn = if maskable { MASKABLE_SAFE_ZONE } else { 1.0 };
    let scale = 512.0 / (f64::from(size) * drawn);
    let offset = f64::from(size) * (1.0 - drawn) / 2.0;
    let mut raw = Vec::new();
    for row in 0..size {
        raw.push(0); // no filter
        for column in 0..size {
            let (x, y) = (
                (f64::from(column) + 0.5 - offset) * scale,
                (f64::from(row) + 0.5 - offset) * scale,
            );
            let colour = icon_colour(x, y);
            raw.push(if maskable && colour == 0 { 1 } else { colour });
        }
    }
    let zlib = miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9);

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut chunk = |kind: &[u8; 4], data: &[u8]| {
        png.extend((data.len() as u32).to_be_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(kind);
        crc.update(data);
        png.extend(kind);
        png.extend(data);
        png.extend(crc.finalize().to_be_bytes());
    };
    let mut header = Vec::new();
    header.extend(size.to_be_bytes());
    header.extend(size.to_be_bytes());
    header.extend([8, 3, 0, 0, 0]); // 8-bit palette indices, no interlace
    chunk(b"IHDR", &header);
    chunk(b"PLTE", &PALETTE.concat());
    chunk(b"tRNS", &[0]);
    chunk(b"IDAT", &zlib);
    chunk(b"IEND", &[]);
    png
}

/// FNV-1a over 64-bit words (the bytes read eight at a time, the last word zero-padded),
/// over every path and its bytes, each length-prefixed so that no two different sites feed it
/// the same stream. Not cryptographic: it only has to change when the content does, and a
/// change within one word always changes it (each step is a bijection of the state). Words
/// rather than bytes make it eight times faster, which a rebuild in `carcref serve` needs.
fn version(site: &Site) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |word: u64| {
        hash ^= word;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    };
    let mut feed = |bytes: &[u8]| {
        mix(bytes.len() as u64);
        let words = bytes.chunks_exact(8);
        let rest = words.remainder();
        for word in words {
            let mut array = [0u8; 8];
            array.copy_from_slice(word);
            mix(u64::from_le_bytes(array));
        }
        if !rest.is_empty() {
            let mut array = [0u8; 8];
            array[..rest.len()].copy_from_slice(rest);
            mix(u64::from_le_bytes(array));
        }
    };
    for (path, bytes) in site {
        feed(path.as_bytes());
        feed(bytes);
    }
    format!("{hash:016x}")
}

/// Adds the manifest, the PNG icon and, last, the service worker listing every other file
/// (the SVG icon and the registration script are copied with the other front-end files).
pub(crate) fn add(site: &mut Site, frontend: &Frontend) {
    // The icons never change: drawn once per process, not on every rebuild of `serve`.
    static ICONS: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    let icons = ICONS.get_or_init(|| {
        PNG_ICONS
            .iter()
            .map(|icon| png_icon(icon.size, icon.maskable))
            .collect()
    });
    for (icon, png) in PNG_ICONS.iter().zip(icons) {
        site.insert(icon.path.to_owned(), png.clone());
    }
    site.insert(MANIFEST.to_owned(), manifest().into_bytes());
    site.remove(WORKER);
    let files: Vec<&String> = site.keys().collect();
    let list = serde_json::to_string_pretty(&files).expect("strings serialize");
    let worker = frontend
        .worker()
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
        add(&mut site, &Frontend::embedded());
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

    #[test]
    fn any_one_changed_byte_changes_the_version() {
        let page: Vec<u8> = (0..37u8).collect();
        let mut site = Site::new();
        site.insert("a.html".into(), page.clone());
        let original = version(&site);
        for index in 0..page.len() {
            let mut changed = page.clone();
            changed[index] ^= 1;
            site.insert("a.html".into(), changed);
            assert_ne!(version(&site), original, "byte {index}");
        }
        let mut longer = page.clone();
        longer.push(0);
        site.insert("a.html".into(), longer);
        assert_ne!(version(&site), original, "a zero byte added at the end");
    }

    #[test]
    fn the_png_icons_are_valid_pngs_of_the_svg_colours() {
        for icon in &PNG_ICONS {
            let png = png_icon(icon.size, icon.maskable);
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
            assert_eq!(&png[12..16], b"IHDR");
            assert_eq!(
                u32::from_be_bytes(png[16..20].try_into().unwrap()),
                icon.size
            );
            assert!(png.ends_with(&[0xae, 0x42, 0x60, 0x82]), "IEND's CRC");
            assert_eq!(png, png_icon(icon.size, icon.maskable));
        }
        // The maskable icon is opaque to its corners, with the picture centred in the safe zone.
        let pixels = |png: &[u8], size: usize| {
            let idat = png.windows(4).position(|w| w == b"IDAT").unwrap();
            let length = u32::from_be_bytes(png[idat - 4..idat].try_into().unwrap()) as usize;
            let mut raw = Vec::new();
            std::io::Read::read_to_end(
                &mut flate2::read::ZlibDecoder::new(&png[idat + 4..idat + 4 + length]),
                &mut raw,
            )
            .unwrap();
            move |x: usize, y: usize| raw[y * (size + 1) + 1 + x]
        };
        let plain = pixels(&png_icon(512, false), 512);
        let maskable = pixels(&png_icon(512, true), 512);
        assert_eq!((plain(0, 0), maskable(0, 0)), (0, 1));
        assert_eq!((plain(256, 256), maskable(256, 256)), (5, 5));
        assert_eq!(
            maskable(30, 256),
            1,
            "the frame colour outside the safe zone"
        );
        assert_eq!(icon_colour(1.0, 1.0), 0);
        assert_eq!(icon_colour(50.0, 256.0), 1);
        assert_eq!(icon_colour(256.0, 230.0), 5);
        assert_eq!(icon_colour(256.0, 120.0), 3);
        assert_eq!(icon_colour(256.0, 320.0), 4);
        assert_eq!(icon_colour(256.0, 380.0), 2);
    }
}
