#!/usr/bin/env bash
# Everything CI checks, in the order a failure is cheapest to see: format, lints, tests.
# Run it locally before pushing; .ci/run calls it after installing what the tests need.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --check
echo "== cargo clippy --all-targets -- -D warnings"
cargo clippy --release --all-targets -- -D warnings
echo "== cargo test --release"
cargo test --release
