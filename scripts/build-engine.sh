#!/usr/bin/env bash
# Builds the browser engine, `site/engine.wasm`: this library with the default features off,
# compiled to WebAssembly by Debian's rustc-web (rustc-web cargo-web rust-web-src lld), which
# brings the standard library's source for wasm32. The site embeds the checked-in file, so the
# README's commands need no such toolchain; CI runs this with --check, which builds afresh
# and fails when the bytes differ from the checked-in ones: after a change to the code the
# engine compiles (model, engine, scenario, draw, browser), run this script and commit the
# module. Paths are remapped and panic locations left out, so that the bytes depend on the
# code alone, not on where the clone or the crate registry is or on line numbers.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
if [ "${1:-}" = "--check" ]; then check=true; fi
for tool in /usr/bin/rustc /usr/bin/cargo /usr/bin/wasm-ld; do
  if ! [ -x "$tool" ]; then
    echo "build-engine: $tool chybí (apt-get install rustc-web cargo-web rust-web-src lld)" >&2
    exit 2
  fi
done

target="${CARCREF_WASM_TARGET:-$PWD/target/wasm}"
registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$target" \
  RUSTFLAGS="-C linker=wasm-ld -Zlocation-detail=none --remap-path-prefix=$PWD=/carcref --remap-path-prefix=$registry=/crates" \
  /usr/bin/cargo rustc --quiet --locked --lib --crate-type cdylib --no-default-features \
  --profile wasm --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort
built="$target/wasm32-unknown-unknown/wasm/carcref.wasm"

if $check; then
  if cmp -s "$built" site/engine.wasm; then
    echo "build-engine: site/engine.wasm odpovídá zdrojům"
  else
    echo "build-engine: site/engine.wasm neodpovídá zdrojům; sestavte ho znovu (scripts/build-engine.sh) a zapište" >&2
    exit 1
  fi
else
  cp "$built" site/engine.wasm
  echo "build-engine: site/engine.wasm, $(wc -c <site/engine.wasm) bajtů"
fi
