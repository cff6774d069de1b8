#!/usr/bin/env bash
# Prints the project's performance figures (see scripts/bench.py). Not part of the tests:
# this machine is shared and noisy, so figures are read, not asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release
exec python3 scripts/bench.py "$@"
