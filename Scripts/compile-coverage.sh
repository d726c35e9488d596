#!/usr/bin/env bash
# Compiles every document of ../shared/corpus/wild (real .xib and .storyboard files from public
# iOS and macOS apps, without Apple's output) and writes the coverage tables into
# docs/COMPILE.md between the "coverage" markers:
#   1. per platform: documents, how many compile, how many compile without a warning, and the
#      warnings by kind;
#   2. per element kind (from MANIFEST.tsv's element_kinds) and platform: how many documents
#      contain it and how many of those compile, and the warnings reported at such elements,
#      by kind.
# Each document is compiled as Xcode would (`--module App`), with default options otherwise.
#
# Usage: Scripts/compile-coverage.sh   (build first: swift build -c release --product nibtool)
# Environment: NIBKIT_CORPUS (default ../shared/corpus), NIBTOOL (default .build/release/nibtool,
#              else .build/debug/nibtool), COVERAGE_OUT (default docs/COMPILE.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${NIBKIT_CORPUS:-$root/../shared/corpus}"
wild="$corpus/wild"
nibtool="${NIBTOOL:-$root/.build/release/nibtool}"
[ -x "$nibtool" ] || nibtool="$root/.build/debug/nibtool"
[ -x "$nibtool" ] || { echo "build nibtool first (swift build -c release --product nibtool)" >&2; exit 2; }
[ -f "$wild/MANIFEST.tsv" ] || { echo "no wild corpus at $wild" >&2; exit 2; }
out="${COVERAGE_OUT:-$root/docs/COMPILE.md}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One line per document: file, platform, status, element kinds; warnings: file, element, kind.
results="$work/results.tsv"
warnings="$work/warnings.tsv"
: >"$results"
: >"$warnings"
tail -n +2 "$wild/MANIFEST.tsv" | while IFS=$'\t' read -r file _ _ _ _ _ _ _ _ _ kinds _; do
    source="$wild/$file"
    [ -f "$source" ] || continue
    case "$file" in *.storyboard) output="$work/out.storyboardc" ;; *) output="$work/out.nib" ;; esac
    rm -rf "$output"
    if "$nibtool" compile "$source" -o "$output" --module App 2>"$work/err"; then status=ok; else status=error; fi
    # The folder says the platform (legacy documents are listed under their app's platform).
    printf '%s\t%s\t%s\t%s\n' "$file" "${file%%/*}" "$status" "$kinds" >>"$results"
    # "…: warning: <label id=…>: message [kind]" → element name and kind.
    sed -n 's/^nibtool: .*: warning: <\([A-Za-z]*\)[ >].*\[\([a-z-]*\)\]$/\1\t\2/p' "$work/err" |
        awk -v f="$file" -F'\t' '{ print f "\t" $1 "\t" $2 }' >>"$warnings"
    sed -n 's/^nibtool: .*: warning: [^<].*\[\([a-z-]*\)\]$/(document)\t\1/p' "$work/err" |
        awk -v f="$file" -F'\t' '{ print f "\t" $1 "\t" $2 }' >>"$warnings"
done

tables="$work/tables.md"
awk -F'\t' -v warnings="$warnings" '
    BEGIN {
        while ((getline line < warnings) > 0) {
            split(line, w, "\t"); file = w[1]; element = w[2]; kind = w[3]
            warningFile[++n] = file; warningElement[n] = element; warningKind[n] = kind
        }
    }
    {
        file = $1; platform = $2; status = $3
        platformOf[file] = platform
        documents[platform]++
        if (status == "ok") compiled[platform]++
        count = split($4, kinds, ";")
        for (i = 1; i <= count; i++) {
            k = kinds[i]; if (k == "") continue
            elements[k] = 1
            contains[k, platform]++
            if (status == "ok") compilesWith[k, platform]++
        }
    }
    END {
        for (i = 1; i <= n; i++) {
            p = platformOf[warningFile[i]]
            perPlatform[p, warningKind[i]]++
            kindsSeen[warningKind[i]] = 1
            if (!((warningFile[i], "any") in warned)) { warned[warningFile[i], "any"] = 1; warnedDocs[p]++ }
            perElement[warningElement[i], warningKind[i]]++
            elementWarned[warningElement[i]] = 1
        }
        kindCount = 0
        for (kind in kindsSeen) kindNames[++kindCount] = kind
        for (i = 2; i <= kindCount; i++) { v = kindNames[i]; j = i - 1; while (j > 0 && kindNames[j] > v) { kindNames[j + 1] = kindNames[j]; j-- } kindNames[j + 1] = v }
        platforms["ios"] = "iOS"; platforms["macos"] = "macOS"; platforms["legacy"] = "legacy (IB 3 <archive>)"
        print "| platform | documents | compile | without a warning | warnings by kind |"
        print "|---|---:|---:|---:|---|"
        split("ios macos legacy", order, " ")
        for (o = 1; o <= 3; o++) {
            p = order[o]; list = ""
            for (q = 1; q <= kindCount; q++) { kind = kindNames[q]; if ((p, kind) in perPlatform) list = list (list == "" ? "" : ", ") kind " " perPlatform[p, kind] }
            printf "| %s | %d | %d | %d | %s |\n", platforms[p], documents[p], compiled[p], compiled[p] - warnedDocs[p], list
        }
        print ""
        print "| element | iOS: in / compile | macOS: in / compile | warnings at the element, by kind |"
        print "|---|---:|---:|---|"
        count = 0
        for (k in elements) names[++count] = k
        # Sort element names (insertion sort; a few hundred names).
        for (i = 2; i <= count; i++) { v = names[i]; j = i - 1; while (j > 0 && names[j] > v) { names[j + 1] = names[j]; j-- } names[j + 1] = v }
        for (i = 1; i <= count; i++) {
            k = names[i]; list = ""
            for (q = 1; q <= kindCount; q++) { kind = kindNames[q]; if ((k, kind) in perElement) list = list (list == "" ? "" : ", ") kind " " perElement[k, kind] }
            printf "| `%s` | %d / %d | %d / %d | %s |\n", k, contains[k, "ios"], compilesWith[k, "ios"], contains[k, "macos"], compilesWith[k, "macos"], list
        }
    }
' "$results" >"$tables"

# Replace the text between the markers (or append the section).
begin='<!-- coverage:begin (Scripts/compile-coverage.sh) -->'
end='<!-- coverage:end -->'
if grep -qF "$begin" "$out"; then
    awk -v begin="$begin" -v end="$end" -v tables="$tables" '
        $0 == begin { print; while ((getline line < tables) > 0) print line; skipping = 1; next }
        $0 == end { skipping = 0 }
        !skipping { print }
    ' "$out" >"$work/out.md"
    cp "$work/out.md" "$out"
else
    { printf '\n## Coverage of the wild corpus\n\n%s\n' "$begin"; cat "$tables"; printf '%s\n' "$end"; } >>"$out"
fi
awk -F'\t' '{ d[$2]++; if ($3 == "ok") c[$2]++ } END { for (p in d) printf "%s: %d/%d compile\n", p, c[p], d[p] }' "$results"
