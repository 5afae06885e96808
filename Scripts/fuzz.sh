#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ and runs one of them at the lowest CPU priority.
#
#   Scripts/fuzz.sh jpeg|png|scenario|manifest|arguments|results|recording|inflate SECONDS [extra libFuzzer flags…]
#
# Seeds come from ../shared/corpus (JPEGs, PNGs; for png also Fuzz/seeds/png, two small frames), Examples/*.json (scenarios) or
# Fuzz/seeds/manifest (manifests as renders write them), Fuzz/seeds/arguments (command lines, one argument a line),
# Fuzz/seeds/results (two shards' results.json, hostile names, joined by a --part-- line), ../shared/recordings (device
# recordings, each also joined to its touches by a --touches-- line) and are copied into
# .build/fuzz/TARGET/seeds (inflate: the corpus's PNGs, as bytes to compress or streams to read); inputs that find new coverage collect in .build/fuzz/TARGET/corpus
# and carry over to the next run. Crashes, hangs (an input taking over 10 s), leaks and
# out-of-memory inputs are written to .build/fuzz/TARGET/crashes/, and the script then exits 1.
# FUZZ_CONFIGURATION=debug builds without optimisation (slower, better stack traces).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

usage() { echo "usage: Scripts/fuzz.sh jpeg|png|scenario|manifest|arguments|results|recording|inflate SECONDS [libFuzzer flags…]" >&2; exit 64; }
[[ $# -ge 2 ]] || usage
target=$1 seconds=$2
shift 2
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || usage

corpus=$root/../shared/corpus
case $target in
    jpeg) product=FuzzJPEG max_len=65536 seed_find=(-iname '*.jpg' -o -iname '*.jpeg') ;;
    png) product=FuzzPNG max_len=65536 seed_find=(-iname '*.png') ;;
    scenario) product=FuzzScenario max_len=8192 corpus=$root/Examples seed_find=(-iname '*.json') ;;
    manifest) product=FuzzManifest max_len=65536 corpus=$root/Fuzz/seeds/manifest seed_find=(-iname '*.json') ;;
    arguments) product=FuzzArguments max_len=1024 corpus=$root/Fuzz/seeds/arguments seed_find=(-iname '*.txt') ;;
    results) product=FuzzResults max_len=65536 corpus=$root/Fuzz/seeds/results seed_find=(-iname '*.json') ;;
    recording) product=FuzzRecording max_len=65536 corpus=$root/../shared/recordings seed_find=(-iname '*.csv') ;;
    inflate) product=FuzzInflate max_len=65536 seed_find=(-iname '*.png') ;;
    *) usage ;;
esac
[[ -d $corpus ]] || { echo "fuzz.sh: no seed folder at $corpus" >&2; exit 66; }

configuration=${FUZZ_CONFIGURATION:-release}
if [[ $target == inflate ]]; then
    # One C file against zlib: clang builds it with the shim's inflate call (libdeflate), no Swift involved.
    echo "Building the inflate harness (clang, -fsanitize=fuzzer,address,undefined)…" >&2
    binary=$root/.build/fuzz/FuzzInflate
    mkdir -p "$root/.build/fuzz"
    [[ $configuration == debug ]] && optimisation=-O0 || optimisation=-O2
    clang "$optimisation" -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I Sources/_DeflateShims/include Fuzz/Inflate/FuzzInflate.c Sources/_DeflateShims/inflate.c -ldeflate -lz \
        -o "$binary" 2>&1 | grep -v "Cannot export local symbol" >&2 || true
    [[ -x $binary ]] || { echo "fuzz.sh: the build failed" >&2; exit 1; }
else
    echo "Building the fuzz harnesses ($configuration, -sanitize=fuzzer,address)…" >&2
    # ld.gold warns once for each ASan helper it cannot export; the warnings mean nothing.
    # Build progress lines are dropped too; errors and the summary remain.
    (cd Fuzz && nice -n 19 swift build -c "$configuration" -Xswiftc -sanitize=fuzzer,address --product "$product" 2>&1 \
        | grep -v -e "Cannot export local symbol" -e '^\[' >&2; exit "${PIPESTATUS[0]}") || { echo "fuzz.sh: the build failed" >&2; exit 1; }
    binary=$root/Fuzz/.build/$configuration/$product
fi

work=$root/.build/fuzz/$target
mkdir -p "$work/seeds" "$work/corpus" "$work/crashes"
find "$corpus" -type f \( "${seed_find[@]}" \) -exec cp {} "$work/seeds/" \;
# Frames as scrollrender writes them, which take its frame reader rather than libpng, and streams
# with dynamic tables, stored blocks and IDATs cut at every boundary (Scripts/make-png-seeds.py).
[[ $target == png ]] && cp "$root"/Fuzz/seeds/png/*.png "$work/seeds/"
# A recording-to-scenario input is an offsets CSV and its touches CSV: both in one seed.
if [[ $target == recording ]]; then
    for touches in "$corpus"/*.touches.csv; do
        { cat "${touches%.touches.csv}.csv"; printf '\n--touches--\n'; cat "$touches"; } > "$work/seeds/$(basename "${touches%.touches.csv}").joined.csv"
    done
    # Every recording read is compared with this render, as compare-motion compares it.
    export FUZZ_RECORDING_MANIFEST=$root/Fuzz/seeds/manifest/fling.json
fi
before=$(find "$work/crashes" -type f | wc -l)
log=$work/fuzz-$(date +%Y%m%d-%H%M%S).log

echo "Fuzzing $target for $seconds s (log: ${log#"$root"/})…" >&2
set +e
# Swift's crash handler would catch a trap before libFuzzer does, and trip ASan while it reads memory.
export SWIFT_BACKTRACE=enable=no
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1} nice -n 19 "$binary" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
    -dict="$root/Fuzz/$target.dict" -artifact_prefix="$work/crashes/" -print_final_stats=1 \
    "$@" "$work/corpus" "$work/seeds" 2>&1 | tee "$log" | grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)|ERROR|SUMMARY|Test unit written|stat::" >&2
status=${PIPESTATUS[0]}
set -e

after=$(find "$work/crashes" -type f | wc -l)
if [[ $status -ne 0 || $after -gt $before ]]; then
    echo "fuzz.sh: $target found $((after - before)) new crashing input(s) (libFuzzer exit $status); see ${work#"$root"/}/crashes/" >&2
    exit 1
fi
echo "fuzz.sh: $target ran $seconds s with no crash" >&2
