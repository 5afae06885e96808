#!/usr/bin/env bash
# Every benchmark's --quick mode in turn, so that none can rot (CI runs this): the same commands end
# to end on small inputs, in seconds each, no figure asserted, nothing written outside .build/
# (docs/PERFORMANCE.md is never touched). One line per benchmark with its wall time; the output of
# one that fails is shown, and the script fails when any did.
#
#   Scripts/bench/quick.sh              # installs what it needs, builds release once, runs them all
#   Scripts/bench/quick.sh --bin PATH   # this scrollrender instead of building it
#
# Installs, on a fresh Debian machine with Swift 6: the libraries the package builds against
# (Scripts/install-dependencies.sh), ffmpeg, time and cjpeg (apt), Pillow, NumPy and pyvips (pip).
# The benchmarks' own outputs are in .build/bench-quick/ (kept: the pictures are made once).
set -euo pipefail
cd "$(dirname "$0")/../.."

bin=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) bin=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
        *) echo "usage: Scripts/bench/quick.sh [--bin PATH]" >&2; exit 64 ;;
    esac
    shift
done

Scripts/bench/install-tools.sh
if [ -z "$bin" ]; then
    swift build -c release --product scrollrender >&2
    bin=$(swift build -c release --show-bin-path)/scrollrender
fi
[ -x "$bin" ] || { echo "quick.sh: no scrollrender at $bin" >&2; exit 66; }

logs=.build/bench-quick/logs
mkdir -p "$logs"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
failed=()
start=$(now)

# name, then the command; its output goes to a log named after its first word
bench() {
    local name=$1 log="$logs/${1%% *}.log" began status
    shift
    began=$(now)
    if "$@" >"$log" 2>&1; then status=ok; else status=FAILED; failed+=("$name"); fi
    printf '%-6s %-34s %6s s\n' "$status" "$name" "$(since "$began")"
    if [ "$status" = FAILED ]; then
        echo "--- $* (last lines of $log):"
        tail -n 25 "$log" | sed 's/^/    /'
    fi
}

bench "bench.sh (run-bench, run-giant)" Scripts/bench.sh --quick --bin "$bin"
bench "diff-bench.py" python3 Scripts/bench/diff-bench.py --quick --bin "$bin"
bench "gif-bench.py" python3 Scripts/bench/gif-bench.py --quick --bin "$bin"
bench "suite-bench.py" python3 Scripts/bench/suite-bench.py --quick --bin "$bin"
bench "inflate-bench.py" python3 Scripts/bench/inflate-bench.py --quick --bin "$bin"
bench "chrome-bench.sh" Scripts/bench/chrome-bench.sh --quick
bench "device-bench.py" python3 Scripts/bench/device-bench.py --quick --bin "$bin"

printf '%-6s %-34s %6s s\n' "total" "" "$(since "$start")"
if [ ${#failed[@]} -gt 0 ]; then
    echo "quick.sh: failed: ${failed[*]}" >&2
    exit 1
fi
