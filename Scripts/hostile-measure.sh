#!/usr/bin/env bash
# Runs nibtool over the inputs of Scripts/hostile-inputs.py, each under a time limit, and
# prints seconds, peak resident memory and exit status per case.
#   Scripts/hostile-measure.sh NIBTOOL INPUTDIR [SECONDS]
set -u
tool=$1; dir=$2; limit=${3:-20}
run() {
    local name=$1; shift
    local out
    /usr/bin/time -o /tmp/hostile-measure.time -f "%e s %M KB" timeout "$limit" "$tool" "$@" >/dev/null 2>/tmp/hostile-measure.err
    local status=$?
    printf '%-28s %-22s exit=%-3s | %s\n' "$name" "$(grep -v '^Command' /tmp/hostile-measure.time | tail -1)" "$status" \
        "$(head -1 /tmp/hostile-measure.err | cut -c1-160)"
}
cd "$dir"
run dump-shared-range dump --format nibdump dump-shared-range.nib
run dump-text-shared-range dump dump-shared-range.nib
for n in 1000 2000 4000; do run tree-connections-$n tree tree-connections-$n.nib; done
for n in 2500 5000 10000; do run diff-set-$n diff diff-set-$n-a.nib diff-set-$n-b.nib; done
run diff-dict-5000 diff diff-dict-5000-a.nib diff-dict-5000-b.nib
run diff-nested diff diff-nested-a.nib diff-nested-b.nib
run diff-shared-range diff dump-shared-range.nib diff-set-2500-a.nib
run convert-repeated-key-plist convert --to plist convert-repeated-key.nib -
run convert-repeated-key-json convert --to json convert-repeated-key.nib -
run convert-array-chain-json convert --to json convert-array-chain.nib -
run convert-array-chain-plist convert --to plist convert-array-chain.nib -
run verify-dense-varints verify verify-dense-varints.nib
run verify-findings verify verify-findings.nib
run scan-fanout scan scan-fanout.nib
run scan-bomb scan scan-bomb.ipa
run scan-corrupt scan scan-corrupt.ipa
run keyed-shared-string convert --to nib keyed-shared-string.plist -
run keyed-shared-data convert --to nib keyed-shared-data.plist -
run keyed-classhints convert --to nib keyed-classhints.plist -
run dev-zero dump /dev/zero
