#!/usr/bin/env bash
# Adds a case pair cases/NAME.in + cases/NAME.out, the answer computed by the reference.
#   scripts/new-case.sh NAME '[1,2,3]'
#   scripts/new-case.sh NAME < lines.txt
set -euo pipefail
if [[ $# -lt 1 ]]; then
    echo "usage: scripts/new-case.sh NAME [CASE-LINE] [judge add-case flags…]" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
name=$1
shift
if [[ $# -ge 1 && $1 != -* ]]; then
    line=$1
    shift
    exec cargo run --quiet --release -- add-case "$name" --input "$line" "$@"
fi
exec cargo run --quiet --release -- add-case "$name" "$@"
