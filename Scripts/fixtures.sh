#!/usr/bin/env bash
# Builds and runs the package-graph fixtures of Tests/Fixtures (issue 18), offline: each one
# depends on this checkout by path, and the root's own dependencies resolve as they do for the
# root package. Only each fixture's own product (and what it needs) is built.
#   Tests/Fixtures/Coexist: NibKit's nib modules beside another package's `BinaryCodable` target.
#   Tests/Fixtures/DropIn:  `import BinaryCodable` reaching NibKit's module through -module-alias.
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures"
for fixture in Coexist DropIn; do
  start=$(date +%s)
  swift build --package-path "$fixture" --product "$fixture" -q
  "$(swift build --package-path "$fixture" --product "$fixture" --show-bin-path)/$fixture"
  echo "fixtures: $fixture built and ran in $(($(date +%s) - start)) s"
done
