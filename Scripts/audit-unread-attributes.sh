#!/usr/bin/env bash
# Finds element kinds whose unknown attributes `nibtool compile` ignores instead of refusing.
#
# For every xib-pairs source that compiles, and for each element name not yet tried, the script
# adds `zzUnreadAttribute="1"` to the first element of that name and compiles again. A compile
# that still succeeds means the rule for that element never looked at its attribute list: a
# real attribute there (a font weight, an asset color name) would be dropped without a word.
# Design-time elements (document, dependencies, rect, simulated metrics…) are expected in the
# list; anything that reaches the nib is not.
#
#   swift build && Scripts/audit-unread-attributes.sh          # iOS and macOS pairs
#   swift build && Scripts/audit-unread-attributes.sh ios-     # pairs whose name starts so
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
pairs="${NIBKIT_CORPUS:-$root/../shared/corpus}/xib-pairs"
nibtool="$root/.build/debug/nibtool"
[ -x "$nibtool" ] || { echo "build first: swift build" >&2; exit 1; }
[ -d "$pairs" ] || { echo "no corpus at $pairs" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# AppKit colors need Apple's ICC profiles; off macOS take them from the reference nibs.
profile_args=()
if [ ! -d /System/Library/ColorSync/Profiles ]; then
    corpus="$(dirname "$pairs")"
    # shellcheck source=lib/color-profiles.sh
    source "$root/Scripts/lib/color-profiles.sh"
    extract_profiles "$work/profiles"
    profile_args=(--color-profiles "$work/profiles")
fi

compiles() { "$nibtool" compile "$1" -o "$2" "${profile_args[@]}" > /dev/null 2>&1; }

declare -A tried silent
for pair in "$pairs"/${1:-}*/; do
    source=$(find "$pair" -maxdepth 2 \( -name '*.xib' -o -name '*.storyboard' \) | sort | head -1)
    [ -n "$source" ] || continue
    suffix=$([[ "$source" == *.storyboard ]] && echo storyboardc || echo nib)
    compiles "$source" "$work/base.$suffix" || continue
    for name in $(grep -o '<[a-zA-Z]\+[ />]' "$source" | tr -d '< />' | sort -u); do
        [ -z "${tried[$name]:-}" ] || continue
        tried[$name]=1
        mutated="$work/$(basename "$source")"
        # The first element of that name gets the extra attribute.
        awk -v name="$name" '!done && match($0, "<" name "[ />]") {
            $0 = substr($0, 1, RSTART + length(name)) " zzUnreadAttribute=\"1\"" substr($0, RSTART + length(name) + 1)
            done = 1
        } { print }' "$source" > "$mutated"
        if compiles "$mutated" "$work/mutated.$suffix"; then silent[$name]="$(basename "$pair")"; fi
        rm -rf "$work/mutated.$suffix"
    done
done
echo "element kinds tried: ${#tried[@]}"
echo "unknown attributes ignored (element: first pair tried):"
for name in $(printf '%s\n' "${!silent[@]}" | sort); do echo "  $name: ${silent[$name]}"; done
