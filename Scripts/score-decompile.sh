#!/usr/bin/env bash
# Round trip through our compiler: decompiles every nib of the corpus's nib/ folder and every
# Apple output in xib-pairs/ (`nibtool decompile`), compiles the document again with the Xcode
# the nib shows (`nibtool compile --xcode V --compare-with ORIGINAL`, i.e. NibDiff), and prints
# one line per nib, the pass figure per platform and set, and the most common first differences.
#
# Usage: Scripts/score-decompile.sh [NAME-FILTER]   (build first: swift build)
# Environment: NIBKIT_CORPUS (default ../shared/corpus), NIBTOOL (default .build/debug/nibtool),
#              SCORE_DETAILS=1 to print each failing nib's first differences (SCORE_LIMIT of them,
#              default 5).
#
# The corpus's nibs that come from a .storyboardc (nib/OWNER__X.storyboardc_NIB.nib) are put back
# together by storyboard and decompiled as one .storyboard; each counts on its own.
# AppKit colors embed Apple's ICC profiles: off macOS they are taken from the corpus's own nibs
# and passed as --color-profiles, as Scripts/score-compile.sh does.
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
source "$root/Scripts/lib/color-profiles.sh"
profile_args=()
if [ ! -d /System/Library/ColorSync/Profiles ]; then
    extract_profiles "$work/profiles"
    profile_args=(--color-profiles "$work/profiles")
fi
: > "$work/first"
: > "$work/unmapped"
declare -A pass total errors

# decompile_for_score SET LABEL INPUT DOCUMENT MEMBER...: decompile INPUT into DOCUMENT. On an
# error, each MEMBER counts as an unknown-platform decompile error of SET (named LABEL/MEMBER, or
# LABEL alone for one unnamed member) and the function fails; else the summary's unmapped kinds
# are kept for the tally.
decompile_for_score() {
    local set="$1" label="$2" input="$3" document="$4" member
    shift 4
    if ! "$nibtool" decompile "$input" -o "$document" 2> "$work/decompile-err"; then
        for member in "$@"; do
            total[$set/unknown]=$(( ${total[$set/unknown]:-0} + 1 ))
            errors[$set/unknown]=$(( ${errors[$set/unknown]:-0} + 1 ))
            echo "DECOMPILE-ERROR $set ${label}${member:+/$member}: $(head -1 "$work/decompile-err")"
            echo "decompile error" >> "$work/first"
        done
        return 1
    fi
    grep '^  [0-9]* × ' "$work/decompile-err" | sed 's/^  [0-9]* × //' >> "$work/unmapped"
}

# score SET NAME INPUT: decompile INPUT, compile it back, compare with INPUT.
score() {
    local set="$1" name="$2" input="$3" extension="xib" folder="$work/doc" document platform xcode
    [[ -n "$filter" && "$name" != *"$filter"* ]] && return
    [ -d "$input" ] && [[ "$input" == *.storyboardc ]] && extension="storyboard"
    rm -rf "$folder" && mkdir -p "$folder"
    if grep -rqa NSLocalizableString "$input" 2>/dev/null; then folder="$folder/Base.lproj" && mkdir -p "$folder"; fi
    document="$folder/decompiled.$extension"
    decompile_for_score "$set" "$name" "$input" "$document" "" || return
    if grep -q 'targetRuntime="MacOSX' "$document"; then platform="macos"; else platform="ios"; fi
    xcode="$(sed -nE 's/.* as Xcode ([0-9.]+).*/\1/p' "$work/decompile-err" | head -1)"
    total[$set/$platform]=$(( ${total[$set/$platform]:-0} + 1 ))
    # An editable nib bundle (keyedobjects.nib alone, the decompiler says so) compiles back with
    # --editable, against the bundle with the document put back as its designable.nib (as
    # Scripts/score-compile.sh compiles the pairs' bundles).
    local reference="$input" options=()
    if grep -q 'compiles back with --editable' "$work/decompile-err"; then
        rm -rf "$work/bundle.nib" && cp -R "$input" "$work/bundle.nib" && cp "$document" "$work/bundle.nib/designable.nib"
        reference="$work/bundle.nib" && options=(--editable)
    fi
    # Overlay scrollers (every scroller layer-backed, the decompiler says so) are a build option.
    grep -q 'compiles back with --overlay-scrollers' "$work/decompile-err" && options+=(--overlay-scrollers)
    # So are the building Mac's menu state image sizes, when they are not the Xcode's.
    local sizes
    sizes="$(sed -nE 's/.*compiles back with --menu-state-image-sizes ([0-9x,.]+).*/\1/p' "$work/decompile-err" | head -1)"
    [ -n "$sizes" ] && options+=(--menu-state-image-sizes "$sizes")
    # And the building Mac's processor, when its text alignment numbering is not the Xcode's.
    local architecture
    architecture="$(sed -nE 's/.*compiles back with --build-architecture ([a-z0-9_]+).*/\1/p' "$work/decompile-err" | head -1)"
    [ -n "$architecture" ] && options+=(--build-architecture "$architecture")
    if "$nibtool" compile "$document" ${xcode:+--xcode "$xcode"} "${options[@]}" "${profile_args[@]}" --compare-with "$reference" --limit "${SCORE_LIMIT:-5}" \
        > "$work/out" 2> "$work/err"; then
        pass[$set/$platform]=$(( ${pass[$set/$platform]:-0} + 1 ))
        echo "PASS $set/$platform $name"
    elif grep -q ': error: ' "$work/err" || ! grep -q 'difference' "$work/out"; then
        errors[$set/$platform]=$(( ${errors[$set/$platform]:-0} + 1 ))
        echo "COMPILE-ERROR $set/$platform $name: $(grep -m1 ': error: ' "$work/err" | sed 's/^nibtool: //')"
        echo "compile error: $(grep -m1 ': error: ' "$work/err" | sed -E 's/^.*error: //; s/"[^"]*"/"…"/g')" >> "$work/first"
    else
        echo "DIFF $set/$platform $name ($(tail -1 "$work/out"))"
        [ "${SCORE_DETAILS:-0}" = 1 ] && grep '^- ' "$work/out" | sed 's/^/    /'
        grep -m1 "^category: " "$work/out" | sed "s/^category: /$platform: /" >> "$work/first"
    fi
}

# score_group GROUP: the corpus's nibs of one .storyboardc (named GROUP.storyboardc_NIB.nib) put
# back into a folder, decompiled to a .storyboard, compiled back; each nib passes when the
# comparison reports no difference in it (the folder has no Info.plist, so its difference and
# the nibs the corpus does not hold are nobody's).
#
# A directory nib inside the storyboard is flattened in the corpus (Y.nib_runtime.nib,
# Y.nib_objects-11.0-.nib), often with one of its files missing. ibtool gives each variant's
# upstream placeholders ids of their own, shared by the nibs of that variant only, so the two
# variants are scored apart: first every runtime.nib standing for its Y.nib (as a plain nib),
# then a storyboard of the objects-N+ variants (Y.nib/objects-N+.nib; a directory without one
# lends its runtime.nib, not counted), which the decompiler reads as a document asking for a
# deployment target before N, so that the compiler writes the directories again.
score_group() {
    local group="$1" folder="$work/group/${1%.out}" member name stem version
    [[ "$folder" == *.storyboardc ]] || folder="$folder.storyboardc"
    rm -rf "$work/group" && mkdir -p "$folder"
    local -a members=()
    for member in "$corpus"/nib/"$group"_*.nib; do
        name="${member#"$corpus/nib/${group}_"}"
        case "$name" in
            *.nib_runtime.nib) cp "$member" "$folder/${name%_runtime.nib}"; members+=("${name%_runtime.nib}") ;;
            *.nib_objects-*-.nib) ;;
            *) cp "$member" "$folder/$name"; members+=("$name") ;;
        esac
    done
    [ "${#members[@]}" -gt 0 ] && round_trip_storyboard "$group" "$folder" "${members[@]}"
    ls "$corpus"/nib/"$group"_*.nib_objects-*-.nib > /dev/null 2>&1 || return
    rm -rf "$work/group" && mkdir -p "$folder"
    members=()
    for member in "$corpus"/nib/"$group"_*.nib; do
        name="${member#"$corpus/nib/${group}_"}"
        case "$name" in
            *.nib_objects-*-.nib)
                stem="${name%.nib_*}.nib"; mkdir -p "$folder/$stem"
                version="${name##*.nib_objects-}"
                cp "$member" "$folder/$stem/objects-${version%-.nib}+.nib"; members+=("$stem/objects-${version%-.nib}+.nib") ;;
        esac
    done
    for member in "$corpus"/nib/"$group"_*.nib; do
        name="${member#"$corpus/nib/${group}_"}"
        case "$name" in
            *.nib_runtime.nib)
                stem="${name%_runtime.nib}"
                if [ ! -d "$folder/$stem" ]; then mkdir -p "$folder/$stem" && cp "$member" "$folder/$stem/runtime.nib"; fi ;;
            *.nib_objects-*-.nib) ;;
            *) cp "$member" "$folder/$name" ;;
        esac
    done
    round_trip_storyboard "$group" "$folder" "${members[@]}"
}

# round_trip_storyboard GROUP FOLDER MEMBER...: decompiles FOLDER as a .storyboardc, compiles the
# document back and compares; counts each MEMBER (a path inside FOLDER).
round_trip_storyboard() {
    local group="$1" folder="$2" document="$work/doc/decompiled.storyboard" xcode i category name
    shift 2
    local -a members=("$@")
    rm -rf "$work/doc" && mkdir -p "$work/doc"
    if grep -rqa NSLocalizableString "$folder"; then mkdir -p "$work/doc/Base.lproj" && document="$work/doc/Base.lproj/decompiled.storyboard"; fi
    decompile_for_score nib "$group" "$folder" "$document" "${members[@]}" || return
    local platform=ios
    grep -q 'targetRuntime="MacOSX' "$document" && platform=macos
    xcode="$(sed -nE 's/.* as Xcode ([0-9.]+).*/\1/p' "$work/decompile-err" | head -1)"
    local options=()
    grep -q 'compiles back with --overlay-scrollers' "$work/decompile-err" && options+=(--overlay-scrollers)
    local sizes
    sizes="$(sed -nE 's/.*compiles back with --menu-state-image-sizes ([0-9x,.]+).*/\1/p' "$work/decompile-err" | head -1)"
    [ -n "$sizes" ] && options+=(--menu-state-image-sizes "$sizes")
    local architecture
    architecture="$(sed -nE 's/.*compiles back with --build-architecture ([a-z0-9_]+).*/\1/p' "$work/decompile-err" | head -1)"
    [ -n "$architecture" ] && options+=(--build-architecture "$architecture")
    "$nibtool" compile "$document" ${xcode:+--xcode "$xcode"} "${options[@]}" "${profile_args[@]}" --compare-with "$folder" --limit 100000 > "$work/out" 2> "$work/err"
    local compiled=1
    grep -q ': error: ' "$work/err" && compiled=0
    mapfile -t diffs < <(grep '^- ' "$work/out")
    mapfile -t categories < <(grep '^category: ' "$work/out" | sed 's/^category: //')
    for name in "${members[@]}"; do
        total[nib/$platform]=$(( ${total[nib/$platform]:-0} + 1 ))
        if [ "$compiled" = 0 ]; then
            errors[nib/$platform]=$(( ${errors[nib/$platform]:-0} + 1 ))
            echo "COMPILE-ERROR nib/$platform $group/$name: $(grep -m1 ': error: ' "$work/err" | sed 's/^nibtool: //')"
            echo "compile error: $(grep -m1 ': error: ' "$work/err" | sed -E 's/^.*error: //; s/"[^"]*"/"…"/g')" >> "$work/first"
            continue
        fi
        category=""
        for i in "${!diffs[@]}"; do
            if [[ "${diffs[$i]}" == "- $name:"* ]]; then category="${categories[$i]:-difference}"; break; fi
        done
        if [ -z "$category" ]; then
            pass[nib/$platform]=$(( ${pass[nib/$platform]:-0} + 1 ))
            echo "PASS nib/$platform $group/$name (as a storyboard)"
        else
            echo "DIFF nib/$platform $group/$name (as a storyboard)"
            [ "${SCORE_DETAILS:-0}" = 1 ] && printf '%s\n' "${diffs[@]}" | grep -F -- "- $name:" | head -"${SCORE_LIMIT:-5}" | sed 's/^/    /'
            echo "$platform: $category" >> "$work/first"
        fi
    done
}

# score_directory STEM FILE FLATTENED: one file of a directory nib the corpus flattened
# (FLATTENED: STEM_objects-VERSION-.nib or STEM_runtime.nib) put back alone as STEM/FILE
# (objects-VERSION+.nib, runtime.nib), decompiled and compiled back; it passes when the
# comparison reports no difference in it (the compiled sibling is nobody's). The decompiler reads
# an objects variant as a document asking for a deployment target before VERSION, and a
# runtime.nib as asking for the one its older forms show, so that the compiler writes the
# directory again. The two files are scored apart: ibtool gives each its own placeholder ids.
score_directory() {
    local stem="$1" member="$2" flattened="$3" folder="$work/dir/$1" document="$work/doc/decompiled.xib" file name
    rm -rf "$work/dir" "$work/doc" && mkdir -p "$folder" "$work/doc"
    local -a members=("$member")
    cp "$corpus/nib/$flattened" "$folder/$member"
    if grep -rqa NSLocalizableString "$folder"; then mkdir -p "$work/doc/Base.lproj" && document="$work/doc/Base.lproj/decompiled.xib"; fi
    decompile_for_score nib "$stem" "$folder" "$document" "${members[@]}" || return
    local xcode
    xcode="$(sed -nE 's/.* as Xcode ([0-9.]+).*/\1/p' "$work/decompile-err" | head -1)"
    "$nibtool" compile "$document" ${xcode:+--xcode "$xcode"} "${profile_args[@]}" --compare-with "$folder" --limit 100000 > "$work/out" 2> "$work/err"
    local compiled=1 category i
    grep -q ': error: ' "$work/err" && compiled=0
    mapfile -t diffs < <(grep '^- ' "$work/out")
    mapfile -t categories < <(grep '^category: ' "$work/out" | sed 's/^category: //')
    for file in "${members[@]}"; do
        name="$stem/$file"
        total[nib/ios]=$(( ${total[nib/ios]:-0} + 1 ))
        if [ "$compiled" = 0 ]; then
            errors[nib/ios]=$(( ${errors[nib/ios]:-0} + 1 ))
            echo "COMPILE-ERROR nib/ios $name: $(grep -m1 ': error: ' "$work/err" | sed 's/^nibtool: //')"
            echo "compile error: $(grep -m1 ': error: ' "$work/err" | sed -E 's/^.*error: //; s/"[^"]*"/"…"/g')" >> "$work/first"
            continue
        fi
        category=""
        for i in "${!diffs[@]}"; do
            if [[ "${diffs[$i]}" == "- $file:"* ]]; then category="${categories[$i]:-difference}"; break; fi
        done
        if [ -z "$category" ]; then
            pass[nib/ios]=$(( ${pass[nib/ios]:-0} + 1 ))
            echo "PASS nib/ios $name (as a directory nib)"
        else
            echo "DIFF nib/ios $name (as a directory nib)"
            [ "${SCORE_DETAILS:-0}" = 1 ] && printf '%s\n' "${diffs[@]}" | grep -F -- "- $file:" | head -"${SCORE_LIMIT:-5}" | sed 's/^/    /'
            echo "ios: $category" >> "$work/first"
        fi
    done
}

declare -A groups_done
for nib in "$corpus"/nib/*.nib; do
    name="$(basename "$nib" .nib)"
    # A flattened directory nib's objects-N+ variant or runtime.nib: scored as a directory nib.
    if [[ "$name" != *.storyboardc_* && "$name" == *.nib_objects-*- ]]; then
        [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
        version="${name##*.nib_objects-}"
        score_directory "${name%.nib_*}.nib" "objects-${version%-}+.nib" "$name.nib"
        continue
    fi
    if [[ "$name" != *.storyboardc_* && "$name" == *.nib_runtime ]]; then
        [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
        score_directory "${name%_runtime}" "runtime.nib" "$name.nib"
        continue
    fi
    # viraptor/ibtool's samples keep ibtool's compiled storyboards in folders named X.out
    # (NSWindowController-wc1-00-001.nib, vc1-00-020-view-vw1-00-020.nib, MainMenu.nib): the
    # corpus's nib/OWNER__X.out_NIB.nib are put back together as X.storyboardc too, when the
    # corpus kept a scene nib of the folder (a view nib alone is no storyboard to rebuild: it
    # is scored as a plain nib).
    out_scene=0
    if [[ "$name" == *.out_* ]] && ls "$corpus"/nib/"${name%%.out_*}".out_*.nib 2>/dev/null | grep -qv -- '-view-'; then out_scene=1; fi
    if [[ "$name" == *.storyboardc_* || "$out_scene" = 1 ]]; then
        if [[ "$name" == *.storyboardc_* ]]; then group="${name%%.storyboardc_*}.storyboardc"; else group="${name%%.out_*}.out"; fi
        [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
        [ -n "${groups_done[$group]:-}" ] && continue
        groups_done[$group]=1
        score_group "$group"
    else
        score nib "$name" "$nib"
    fi
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
sort "$work/first" | uniq -c | sort -rn | head -30
echo
echo "Most common kinds without a source form, kept as comments (nibs affected; AppKit nibs, not decompiled yet, apart):"
grep -v '^AppKit object' "$work/unmapped" | sort | uniq -c | sort -rn | head -25
echo "      AppKit objects: $(grep -c '^AppKit object' "$work/unmapped") kinds × nibs"
