#!/usr/bin/env bash
# Runs the benchmarks (ordo-one/benchmark) over the corpus in ../shared/corpus.
#   Scripts/bench.sh                      # every benchmark target
#   Scripts/bench.sh NibArchiveBenchmarks # one target
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
if [ $# -gt 0 ]; then
  swift package --allow-writing-to-package-directory benchmark --target "$1"
else
  swift package --allow-writing-to-package-directory benchmark
fi
