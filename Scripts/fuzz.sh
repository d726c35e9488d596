#!/usr/bin/env bash
# Builds one libFuzzer target from Fuzz/ and runs it for SECONDS.
#   Scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags]
#   Scripts/fuzz.sh all SECONDS        # every target, one after the other
# Seeds: Fuzz/Seeds/TARGET/ plus, for nib targets, the real corpus in ../shared/corpus/nib (and for
# FuzzKeyedArchive the keyed nibs of ../shared/corpus/nib-keyed) (copied
# into a scratch folder at run time, never into the repository). Crashes, leaks and timeouts are
# written to Fuzz/Crashes/ and make the script fail; save each as a regression input under
# Tests/*/Fuzz Regressions/.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Scripts/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: Scripts/fuzz.sh TARGET SECONDS}
shift 2

# Every `fuzzTarget("Name", …)` of Fuzz/Package.swift, however swift-format wraps the call.
targets=$(tr -d ' \n' < Fuzz/Package.swift | grep -o 'fuzzTarget("[A-Za-z]*"' | sed 's/.*("\(.*\)"/\1/')
if [ "$target" = all ]; then
  # One build of every target (instrumenting every module), then each runs without rebuilding.
  (cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address 2>&1 | tail -1)
  status=0
  for one in $targets; do NIBKIT_FUZZ_SKIP_BUILD=1 "$0" "$one" "$seconds" "$@" || status=1; done
  exit $status
fi
echo "$targets" | grep -qx "$target" || { echo "fuzz.sh: unknown target $target (known: $(echo $targets))" >&2; exit 64; }

# Instrument every module (NibKit included), not only the fuzz target.
if [ -z "${NIBKIT_FUZZ_SKIP_BUILD:-}" ]; then
  (cd Fuzz && swift build -c release --product "$target" -Xswiftc -sanitize=fuzzer,address 2>&1 | tail -1)
fi
binary="Fuzz/.build/release/$target"

work="Fuzz/.corpus/$target"
mkdir -p "$work" Fuzz/Crashes
cp -n Fuzz/Seeds/"$target"/* "$work"/ 2>/dev/null || true
corpus="${NIBKIT_CORPUS:-../shared/corpus}"
case "$target" in
  FuzzKeyedArchive) [ -d "$corpus/nib-keyed" ] && cp -n "$corpus"/nib-keyed/*.nib "$work"/ 2>/dev/null || true ;;
  FuzzCompile)
    # Every Interface Builder source of the xib pairs, each under a name of its own.
    if [ -d "$corpus/xib-pairs" ]; then
      find "$corpus/xib-pairs" \( -name '*.xib' -o -name '*.storyboard' \) -not -path '*.storyboardc/*' |
        while IFS= read -r source; do cp -n "$source" "$work/$(echo "$source" | md5sum | cut -c1-16)" ; done
    fi
    # And the legacy Interface Builder 3 archives under 16 KB (both platforms).
    if [ -d "$corpus/wild/legacy" ]; then
      find "$corpus/wild/legacy" -name '*.xib' -size -16k |
        while IFS= read -r source; do cp -n "$source" "$work/$(echo "$source" | md5sum | cut -c1-16)" ; done
    fi ;;
  *Nib*|*Parse*|FuzzTree|FuzzScan|FuzzRender) [ -d "$corpus/nib" ] && cp -n "$corpus"/nib/*.nib "$work"/ 2>/dev/null || true ;;
esac
# Swift's own crash reporter and AddressSanitizer get in each other's way; let ASan report.
export SWIFT_BACKTRACE=enable=no
# Leaks inside the toolchain's own libraries (see the file) are not NibKit's.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# Targets whose seeds are encoded values write them themselves when asked (the run on the
# empty input must not leave a crash file in the working directory).
NIBKIT_FUZZ_WRITE_SEEDS="$work" "$binary" -runs=0 -artifact_prefix="Fuzz/Crashes/$target-seeds-" >/dev/null 2>&1 || true

echo "fuzz.sh: $target for ${seconds}s, $(ls "$work" | wc -l) inputs in $work"
"$binary" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
  -artifact_prefix="Fuzz/Crashes/$target-" -print_final_stats=1 "$@" 2>&1 | tee "Fuzz/.corpus/$target.log" | grep -E "^#[0-9]+.*(pulse|DONE)|ERROR|SUMMARY|stat::number_of_executed_units|stat::peak_rss|cov:" | tail -4
exit "${PIPESTATUS[0]}"
