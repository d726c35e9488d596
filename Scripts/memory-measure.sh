#!/usr/bin/env bash
# Peak memory of nibtool over the inputs of Scripts/memory-inputs.py, as a multiple of the
# input size above a fixed baseline (the same command's peak on Examples/Hello.nib, or on
# tiny.xib for compile):
#   Scripts/memory-measure.sh NIBTOOL INPUTDIR [SECONDS]
# Prints: case, input bytes, seconds, peak resident KB, (peak - baseline) / input.
set -u
tool=$1; dir=$2; limit=${3:-120}
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
peak() { # peak KB and seconds of one command
    /usr/bin/time -o "$out/time" -f "%e %M" timeout "$limit" "$@" >/dev/null 2>"$out/err"
    echo "$? $(tail -1 "$out/time")"
}
run() {
    local name=$1 input=$2 base=$3; shift 3
    local size; size=$(stat -c %s "$input")
    read -r status seconds kb < <(peak "$@")
    awk -v n="$name" -v s="$size" -v t="$seconds" -v k="$kb" -v b="$base" -v st="$status" -v e="$(head -c 100 "$out/err")" \
        'BEGIN { printf "%-26s %10d B %7.2f s %8d KB  %5.1fx  exit=%s %s\n", n, s, t, k, (k - b) * 1024 / s, st, e }'
}
hello=$here/Examples/Hello.nib
read -r _ _ base_json < <(peak "$tool" convert --to json "$hello" "$out/o.json")
read -r _ _ base_plist < <(peak "$tool" convert --to plist "$hello" "$out/o.plist")
read -r _ _ base_compile < <(peak "$tool" compile "$dir/tiny.xib" -o "$out/o.nib")
echo "baseline (Examples/Hello.nib, tiny.xib): json $base_json KB, plist $base_plist KB, compile $base_compile KB"
for f in "$dir"/*.nib; do
    name=$(basename "$f" .nib)
    run "$name json" "$f" "$base_json" "$tool" convert --to json "$f" "$out/o.json"
    run "$name plist" "$f" "$base_plist" "$tool" convert --to plist "$f" "$out/o.plist"
    run "$name xml-plist" "$f" "$base_plist" "$tool" convert --to plist --plist-format xml "$f" "$out/o.plist"
done
for f in "$dir"/compile-*.xib; do
    run "$(basename "$f") compile" "$f" "$base_compile" "$tool" compile "$f" -o "$out/o.nib"
done
