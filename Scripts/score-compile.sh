#!/usr/bin/env bash
# Compiles every xib-pairs source with `nibtool compile` and compares the result structurally
# with Apple's output (`--compare-with`). Prints one line per pair, `pass N/M` for iOS and
# macOS, and the most common kinds of difference.
#
# Two scores are printed per platform. The first compiles each pair as its document asks
# (imitating the Xcode that saved it, read from toolsVersion, with the images available). The
# second compiles the pairs listed in Scripts/compile-xcode.tsv as they were built, which the
# sources do not say: with `--xcode VERSION` (the Xcode whose traces Apple's output shows) and
# build-environment options such as `--images-unavailable` (Xamarin builds); all other pairs
# count as in the first line.
#
# Usage: Scripts/score-compile.sh [PAIR-NAME-FILTER]   (build first: swift build)
# Environment: NIBKIT_CORPUS (default ../shared/corpus), NIBTOOL (default .build/debug/nibtool),
#              SCORE_DETAILS=1 to print each failing pair's first differences,
#              SCORE_TABLE=FILE to also write a Markdown table (pair, result, first reason).
#
# AppKit colors embed Apple's ICC profiles (Generic Gray Gamma 2.2 and sRGB), which NibKit may
# not ship. Off macOS, the script extracts the two profiles once from the corpus's own reference
# nibs into its temporary folder, found by content (an ICC header whose 'acsp' signature, size,
# data color space and description match), and passes that folder to every compile as
# --color-profiles.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${NIBKIT_CORPUS:-$root/../shared/corpus}"
pairs="$corpus/xib-pairs"
nibtool="${NIBTOOL:-$root/.build/debug/nibtool}"
filter="${1:-}"
[ -x "$nibtool" ] || { echo "build nibtool first (swift build)" >&2; exit 2; }
[ -d "$pairs" ] || { echo "no corpus at $pairs" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

source "$root/Scripts/lib/color-profiles.sh"
profile_args=()
if [ ! -d /System/Library/ColorSync/Profiles ]; then
    extract_profiles "$work/profiles"
    profile_args=(--color-profiles "$work/profiles")
fi

declare -A pass total pass_built built_args
pass[ios]=0; pass[macos]=0; total[ios]=0; total[macos]=0; pass_built[ios]=0; pass_built[macos]=0
xcode_table="$root/Scripts/compile-xcode.tsv"
while IFS=$'\t' read -r pair version extra _; do
    [[ -z "$pair" || "$pair" == \#* ]] && continue
    arguments=""
    [ "$version" != "-" ] && arguments="--xcode $version"
    [ "$extra" != "-" ] && arguments="$arguments $extra"
    built_args[$pair]="${arguments# }"
done < "$xcode_table"
compile_errors=0
built_errors=0
warned=0
: > "$work/categories"
: > "$work/errors"
: > "$work/warnings"
table="${SCORE_TABLE:-}"
[ -n "$table" ] && printf '| Pair | Result | First reason |\n|---|---|---|\n' > "$table"
row() { [ -n "$table" ] && printf '| %s | %s | %s |\n' "$1" "$2" "$(printf '%s' "$3" | sed 's/|/\\|/g' | cut -c1-220)" >> "$table"; return 0; }
for dir in "$pairs"/*/; do
    name="$(basename "$dir")"
    [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
    platform="${name%%-*}"
    source="$(find "$dir" -maxdepth 2 \( -name '*.xib' -o -name '*.storyboard' \) -not -path '*.storyboardc/*' | head -1)"
    [ -n "$source" ] || continue
    base="${source%.*}"
    if [[ "$source" == *.storyboard ]]; then reference="$base.storyboardc"; else reference="$base.nib"; fi
    args=()
    [ -f "$dir/compile.args" ] && read -r -a args < "$dir/compile.args"
    # Interface Builder nib bundles (MANIFEST family=ib-nib-document: the source was the
    # bundle's designable.nib, saved beside keyedobjects.nib) are the editable form that
    # `ibtool --flatten NO` writes: compile them so, against the bundle with its source put back.
    if grep -q "^$name"$'\t'".*family=ib-nib-document" "$pairs/MANIFEST.tsv" 2>/dev/null; then
        rm -rf "$work/bundle.nib" && cp -R "$reference" "$work/bundle.nib" && cp "$source" "$work/bundle.nib/designable.nib"
        reference="$work/bundle.nib"
        args+=(--editable)
    fi
    total[$platform]=$(( ${total[$platform]} + 1 ))
    built="${built_args[$name]:-}"
    if [ -n "$built" ]; then
        read -r -a built_list <<< "$built"
        if "$nibtool" compile "$source" "${args[@]}" "${profile_args[@]}" "${built_list[@]}" --compare-with "$reference" > /dev/null 2> "$work/built-err"; then
            pass_built[$platform]=$(( ${pass_built[$platform]} + 1 ))
            built_result="passes with $built"
        elif grep -q ': error: ' "$work/built-err"; then
            built_errors=$(( built_errors + 1 ))
            built_result="does not compile with $built either"
        else
            built_result="differs with $built too"
        fi
    fi
    if "$nibtool" compile "$source" "${args[@]}" "${profile_args[@]}" --compare-with "$reference" --limit 5 > "$work/out" 2> "$work/err"; then
        pass[$platform]=$(( ${pass[$platform]} + 1 ))
        [ -z "$built" ] && pass_built[$platform]=$(( ${pass_built[$platform]} + 1 ))
        echo "PASS $name${built:+ (as built: $built_result)}"
        row "$name" "pass${built:+ (as built: $built_result)}" ""
    elif grep -q ': error: ' "$work/err"; then
        compile_errors=$(( compile_errors + 1 ))
        [ -z "$built" ] && built_errors=$(( built_errors + 1 ))
        first_error="$(grep -m1 ': error: ' "$work/err")"
        echo "ERROR $name: $(echo "$first_error" | sed 's/^nibtool: //')${built:+ (as built: $built_result)}"
        row "$name" "error${built:+ (as built: $built_result)}" "$(echo "$first_error" | sed -E 's/^nibtool: [^ ]*: error: //')"
        echo "$first_error" | sed -E 's/^[^]]*error: (<[a-zA-Z]+)[^>]*>?:? ?/\1> /; s/^nibtool: [^ ]* error: //; s/"[^"]*"/"…"/g; s/ \[[a-z-]*\]$//' >> "$work/errors"
    elif [ -s "$work/err" ] && ! grep -q ': warning: ' "$work/err"; then
        compile_errors=$(( compile_errors + 1 ))
        echo "ERROR $name: $(head -1 "$work/err" | sed 's/^nibtool: //')${built:+ (as built: $built_result)}"
        row "$name" "error${built:+ (as built: $built_result)}" "$(head -1 "$work/err")"
        head -1 "$work/err" >> "$work/errors"
    else
        if grep -q ': warning: ' "$work/err"; then
            warned=$(( warned + 1 ))
            # One line per kind of warning in this pair: the message up to its first "(" or ";".
            grep ': warning: ' "$work/err" | sed -E 's/^.*: warning: (<[a-zA-Z]+)[^>]*>: /\1> /; s/ ?[(;].*$//' \
                | sort -u >> "$work/warnings"
        fi
        echo "DIFF $name ($(tail -1 "$work/out"))${built:+ (as built: $built_result)}"
        row "$name" "differs ($(tail -1 "$work/out"))${built:+; as built: $built_result}" "$(grep -m1 '^- ' "$work/out" | sed 's/^- //; s/root › //')"
        [ "${SCORE_DETAILS:-0}" = 1 ] && grep '^- ' "$work/out" | sed 's/^/    /'
        grep '^category: ' "$work/out" | sed 's/^category: //' | sort -u >> "$work/categories"
    fi
done
echo
echo "iOS:   pass ${pass[ios]}/${total[ios]} imitating the Xcode that saved each document"
echo "iOS:   pass ${pass_built[ios]}/${total[ios]} as each pair was built: Xcode and build options from Scripts/compile-xcode.tsv"
echo "macOS: pass ${pass[macos]}/${total[macos]} imitating the Xcode that saved each document"
echo "macOS: pass ${pass_built[macos]}/${total[macos]} as each pair was built: Xcode and build options from Scripts/compile-xcode.tsv"
echo "compile errors: $compile_errors imitating the Xcode that saved each document, $built_errors as each pair was built"
echo "compiled with warnings (approximated values, nearest modelled Xcode), not identical: $warned"
echo
echo "Most common differences (pairs affected):"
sort "$work/categories" | uniq -c | sort -rn | head -15
echo
echo "Most common compile errors:"
if [ -s "$work/errors" ]; then
    sed -E 's/^[^:]*:[0-9]+:[0-9]+: error: //' "$work/errors" | sort | uniq -c | sort -rn | head -15
else
    echo "      (none)"
fi
echo
echo "Most common warnings in pairs that differ (pairs affected):"
sort "$work/warnings" | uniq -c | sort -rn | head -15
