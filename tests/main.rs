//! Every integration test, in one test binary: one link instead of one per file, and the
//! test threads share the slow tests (the browser, the server) with the rest instead of
//! waiting for each file in turn. Each file below is one theme.

mod common;

mod boards;
// libtest starts tests in the order of their names: the browser test, the longest by far,
// is named to start among the first, so the others run beside it rather than after it.
mod browser;
mod browser_engine;
mod cache_safety;
mod citations;
mod cli_output;
mod corpus;
mod czech_text;
mod docs;
mod engine_messages;
mod engine_properties;
mod engine_rules;
mod expansion_properties;
mod fuzz;
mod layers;
mod mists_fixes;
mod mists_properties;
mod reliability;
mod robustness;
mod ruling_pages;
mod scenario_input;
mod scenario_modules;
mod scenario_vocabulary;
mod scenarios;
mod search;
mod search_questions;
mod serve;
mod shared_policy;
mod simulate;
mod site;
mod site_safety;
mod tiles;
mod validate_content;
