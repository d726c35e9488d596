#!/usr/bin/env bash
# Builds and runs the package-graph fixtures of Tests/Fixtures (issue 18), offline: each one
# depends on this checkout by path, and the root's own dependencies resolve as they do for the
# root package. Only each fixture's own product (and what it needs) is built.
#   Tests/Fixtures/Coexist: NibKit's nib modules beside another package's `BinaryCodable` target.
#   Tests/Fixtures/DropIn:  `import BinaryCodable` reaching NibKit's module through -module-alias.
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures"
# One scratch folder for both fixtures: the second reuses the modules the first built (DropIn
# took 83 s cold on its own, 5 s after Coexist in the same folder). Ignored by git (.build*/).
scratch=.build-fixtures
for fixture in Coexist DropIn; do
  start=$(date +%s)
  swift build --package-path "$fixture" --scratch-path "$scratch" --product "$fixture" -q
  "$scratch/debug/$fixture"
  echo "fixtures: $fixture built and ran in $(($(date +%s) - start)) s"
done
