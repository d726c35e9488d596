#!/usr/bin/env bash
# Round trip through our compiler: decompiles every nib of the corpus's nib/ folder and every
# Apple output in xib-pairs/ (`nibtool decompile`), compiles the document again with the Xcode
# the nib shows (`nibtool compile --xcode V --compare-with ORIGINAL`, i.e. NibDiff), and prints
# one line per nib, the pass figure per platform and set, and the most common first differences.
#
# Usage: Scripts/score-decompile.sh [NAME-FILTER]   (build first: swift build)
# Environment: NIBKIT_CORPUS (default ../shared/corpus), NIBTOOL (default .build/debug/nibtool),
#              SCORE_DETAILS=1 to print each failing nib's first differences.
#
# A nib whose strings are localizable (NSLocalizableString) is decompiled into a Base.lproj
# folder, as its source was, so that the compiler writes localizable strings again.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${NIBKIT_CORPUS:-$root/../shared/corpus}"
nibtool="${NIBTOOL:-$root/.build/debug/nibtool}"
filter="${1:-}"
[ -x "$nibtool" ] || { echo "build nibtool first (swift build)" >&2; exit 2; }
[ -d "$corpus/nib" ] || { echo "no corpus at $corpus" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
: > "$work/first"
: > "$work/unmapped"
declare -A pass total errors

# score SET NAME INPUT: decompile INPUT, compile it back, compare with INPUT.
score() {
    local set="$1" name="$2" input="$3" extension="xib" folder="$work/doc" document platform xcode
    [[ -n "$filter" && "$name" != *"$filter"* ]] && return
    [ -d "$input" ] && [[ "$input" == *.storyboardc ]] && extension="storyboard"
    rm -rf "$folder" && mkdir -p "$folder"
    if grep -rqa NSLocalizableString "$input" 2>/dev/null; then folder="$folder/Base.lproj" && mkdir -p "$folder"; fi
    document="$folder/decompiled.$extension"
    if ! "$nibtool" decompile "$input" -o "$document" 2> "$work/decompile-err"; then
        platform="unknown"
        total[$set/$platform]=$(( ${total[$set/$platform]:-0} + 1 ))
        errors[$set/$platform]=$(( ${errors[$set/$platform]:-0} + 1 ))
        echo "DECOMPILE-ERROR $set $name: $(head -1 "$work/decompile-err")"
        echo "decompile error" >> "$work/first"
        return
    fi
    grep '^  [0-9]* × ' "$work/decompile-err" | sed 's/^  [0-9]* × //' >> "$work/unmapped"
    if grep -q 'targetRuntime="MacOSX' "$document"; then platform="macos"; else platform="ios"; fi
    xcode="$(sed -nE 's/.* as Xcode ([0-9.]+).*/\1/p' "$work/decompile-err" | head -1)"
    total[$set/$platform]=$(( ${total[$set/$platform]:-0} + 1 ))
    if "$nibtool" compile "$document" ${xcode:+--xcode "$xcode"} --compare-with "$input" --limit 5 \
        > "$work/out" 2> "$work/err"; then
        pass[$set/$platform]=$(( ${pass[$set/$platform]:-0} + 1 ))
        echo "PASS $set $name"
    elif grep -q ': error: ' "$work/err" || ! grep -q 'difference' "$work/out"; then
        errors[$set/$platform]=$(( ${errors[$set/$platform]:-0} + 1 ))
        echo "COMPILE-ERROR $set $name: $(grep -m1 ': error: ' "$work/err" | sed 's/^nibtool: //')"
        echo "compile error: $(grep -m1 ': error: ' "$work/err" | sed -E 's/^.*error: //; s/"[^"]*"/"…"/g')" >> "$work/first"
    else
        echo "DIFF $set $name ($(tail -1 "$work/out"))"
        [ "${SCORE_DETAILS:-0}" = 1 ] && grep '^- ' "$work/out" | sed 's/^/    /'
        grep -m1 '^category: ' "$work/out" | sed 's/^category: //' >> "$work/first"
    fi
}

for nib in "$corpus"/nib/*.nib; do
    score nib "$(basename "$nib" .nib)" "$nib"
done
for dir in "$corpus"/xib-pairs/*/; do
    name="$(basename "$dir")"
    source="$(find "$dir" -maxdepth 2 \( -name '*.xib' -o -name '*.storyboard' \) -not -path '*.storyboardc/*' | head -1)"
    [ -n "$source" ] || continue
    base="${source%.*}"
    if [[ "$source" == *.storyboard ]]; then output="$base.storyboardc"; else output="$base.nib"; fi
    [ -e "$output" ] && score pairs "$name" "$output"
done

echo
for key in $(printf '%s\n' "${!total[@]}" | sort); do
    echo "$key: pass ${pass[$key]:-0}/${total[$key]} (errors ${errors[$key]:-0})"
done
echo
echo "Most common first differences (nibs affected):"
sort "$work/first" | uniq -c | sort -rn | head -20
echo
echo "Most common kinds without a source form (nibs affected):"
sort "$work/unmapped" | uniq -c | sort -rn | head -20
