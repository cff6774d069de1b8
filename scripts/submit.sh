#!/usr/bin/env bash
# Prints the submission file, ready to paste into LeetCode.
#   scripts/submit.sh              # Rust (src/solution.rs)
#   scripts/submit.sh --lang cpp   # our C++ version
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet --release -- submit "$@"
