#!/usr/bin/env bash
# Stress run for local use and CI; arguments go to `judge stress`.
#   scripts/stress.sh --seed 1
#   scripts/stress.sh --solution my.py --cases 5000
#   scripts/stress.sh --shard "$SHARD/4" --seed "$GITHUB_RUN_ID" --junit report.xml
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release
exec target/release/judge stress "$@"
