//! `assets/engine.js`: the browser engine (`site/engine.js` with the WebAssembly module
//! `site/engine.wasm` that `scripts/build-engine.sh` builds) and the engine data of the
//! content being built, in one script that works from `file://` and offline.

use base64::Engine as _;

use crate::browser::EngineData;
use crate::model::Corpus;

use super::frontend::Frontend;

pub(crate) const SCRIPT: &str = "assets/engine.js";

/// The checked-in module; CI rebuilds it and fails when it differs.
const MODULE: &[u8] = include_bytes!("../../site/engine.wasm");

pub(crate) fn script(frontend: &Frontend, corpus: &Corpus) -> Result<String, serde_json::Error> {
    let data = serde_json::to_string(&EngineData::of(corpus))?;
    let parts = serde_json::json!({
        "wasm": base64::engine::general_purpose::STANDARD.encode(MODULE),
        "data": data,
    });
    Ok(frontend
        .engine_glue()
        .replace("__CARCREF_ENGINE__", &parts.to_string()))
}
