# Shared by score-compile.sh and score-decompile.sh (sourced, not run).
# extract_profiles DIR: writes Apple's gray and sRGB ICC profiles, found by content inside the
# macOS reference nibs under "$corpus/xib-pairs" (an ICC header whose 'acsp' signature, size,
# data color space and description match), into DIR.
extract_profiles() {
    local into="$1" nib offset start size space file
    mkdir -p "$into"
    while IFS= read -r nib; do
        for offset in $(grep -obUaP 'acsp' "$nib" 2>/dev/null | cut -d: -f1); do
            start=$(( offset - 36 ))
            [ "$start" -ge 0 ] || continue
            size=$(od -An -tu1 -j "$start" -N4 "$nib" | awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }')
            [ "$size" -gt 128 ] && [ "$size" -lt 100000 ] || continue
            space=$(tail -c +"$(( start + 17 ))" "$nib" | head -c 4)
            tail -c +"$(( start + 1 ))" "$nib" | head -c "$size" > "$into/candidate"
            [ "$(wc -c < "$into/candidate")" -eq "$size" ] || continue
            file=""
            if [ "$space" = "GRAY" ] && grep -qa "Generic Gray Gamma 2.2 Profile" "$into/candidate"; then
                file="Generic Gray Gamma 2.2 Profile.icc"
            elif [ "$space" = "RGB " ] && grep -qa "sRGB IEC61966-2.1" "$into/candidate"; then
                file="sRGB Profile.icc"
            fi
            [ -n "$file" ] && [ ! -f "$into/$file" ] && mv "$into/candidate" "$into/$file"
        done
        [ -f "$into/Generic Gray Gamma 2.2 Profile.icc" ] && [ -f "$into/sRGB Profile.icc" ] && break
    done < <(find "$corpus/xib-pairs" -path '*/macos-*' -name '*.nib' -type f | sort)
    rm -f "$into/candidate"
}
