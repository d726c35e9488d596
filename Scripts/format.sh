#!/usr/bin/env bash
# Formats the sources with the committed .swift-format, or checks them with --lint.
#   Scripts/format.sh          # rewrite in place
#   Scripts/format.sh --lint   # report only; exits non-zero on any finding
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks Fuzz/Package.swift Fuzz/Sources)
if [ "${1:-}" = "--lint" ]; then
  swift format lint --strict --recursive "${paths[@]}"
else
  swift format format --in-place --recursive "${paths[@]}"
fi
