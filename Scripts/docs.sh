#!/usr/bin/env bash
# Builds the DocC documentation of each library module into .build/docs/<Module>, treating
# warnings (unresolved links, undocumented parameters) as errors.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -path '*symbolgraph' -type d | head -1)
for module in NibArchive NibCoding NibKitBinaryCodable KeyedArchive NibCompiler NibDiff; do
  catalog="Sources/$module/$module.docc"
  [ -d "$catalog" ] || continue
  scratch=$(mktemp -d)
  mkdir -p .build/docs
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$scratch"/ 2>/dev/null || true
  docc convert "$catalog" --additional-symbol-graph-dir "$scratch" --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.nibkit.$module" --output-path ".build/docs/$module" --warnings-as-errors
  rm -rf "$scratch"
  echo "docs: $module ok"
done
