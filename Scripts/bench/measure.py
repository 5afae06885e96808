#!/usr/bin/env python3
"""Run one command of Scripts/bench.sh and measure it: wall time and peak memory.

Usage: python3 Scripts/bench/measure.py [--max-busy 0.25] [--quiet-timeout 300] [--warm-mb 1024]
                                        [--fresh PATH [--make-dir]] -- COMMAND...

Prints one JSON line: {"wall": s, "maxrss_mb": MB, "tree_pss_mb": MB, "peak_mb": MB,
"cpu_s": s, "busy_before": fraction, "busy_during": fraction, "status": exit status}.

- Before starting, waits (up to --quiet-timeout seconds) until the machine is quiet: over a
  one-second sample of /proc/stat, other processes may use at most --max-busy of all cores
  (niced ones included: in another cgroup they take their share whatever their nice value).
  The busy fraction seen last is reported, so a noisy run can be recognised. --max-busy 1 does
  not wait (a 0.1 s glance is reported): the benchmarks' --quick modes.
- --fresh PATH: once the machine is quiet, PATH (the command's output: a folder, or a file) is
  removed (and made again, empty, with --make-dir) and everything is synced; then the clock starts.
- --warm-mb N (1024; 0: none): before that, a scratch file of N MB is written and removed, so that the
  command's files go into memory touched a moment ago. This virtual machine's host takes back
  guest memory left idle for a while, and the guest's first touch of such a page stalls in the
  host: writing into the page cache then costs about 2.5 ms per MB instead of 0.2. Measured on
  the bench fling (600 MB of frames), its old output removed just before the run: 0.44 s (0.27 s
  in the kernel) when that output had been written 1 s earlier, 0.43 s after 20 s, 0.78 s (0.74 s)
  after 60 s, and up to 1.16 s (1.49 s); after a 1 GB scratch file, 0.51-0.56 s (0.31-0.39 s). Between
  two runs of one tool the other tools run for a minute, so without this a run was timing the
  host's reclaim, not the tool; with it every tool writes as it would on a machine of its own.
- wall: monotonic clock around the command.
- maxrss_mb: /usr/bin/time -f %M — the largest resident set of any single process of the run.
- tree_pss_mb: the peak, sampled every 20 ms, of the summed proportional set size (Pss, from
  /proc/PID/smaps_rollup) of the command and all its descendants: what a multi-process run
  (the Pillow script's workers) costs together, pages shared copy-on-write counted once.
  Sampled only while the command has more than one process: for one process maxrss is its
  exact peak, and reading smaps_rollup contends with the process's own memory mapping (it
  slowed a 0.35 s render by a third).
- peak_mb: the larger of the two.
- cpu_s: user + system time of the command and its descendants.
- busy_during: what other (not niced) processes used of all cores while it ran; run-bench.py
  repeats a measurement taken on a busy machine.
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def cpu_times():
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait (niced work counts as busy: in another cgroup it does not yield)
    return sum(fields[:8]), idle


def busy_fraction(seconds=1.0):
    t0, i0 = cpu_times()
    time.sleep(seconds)
    t1, i1 = cpu_times()
    return 1.0 - (i1 - i0) / max(1, t1 - t0)


def wait_quiet(max_busy, timeout):
    if max_busy >= 1:  # no waiting (the benchmarks' --quick): a glance, to report
        return busy_fraction(0.1)
    deadline = time.monotonic() + timeout
    busy = busy_fraction()
    while busy > max_busy and time.monotonic() < deadline:
        busy = busy_fraction(2.0)
    return busy


def children_map():
    kids = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(entry))
    return kids


def tree_pss_kb(root):
    """The summed Pss of the processes under `root` (/usr/bin/time), or 0 when there is only one."""
    kids = children_map()
    tree, stack = [], list(kids.get(root, []))
    while stack:
        pid = stack.pop()
        tree.append(pid)
        stack.extend(kids.get(pid, []))
    if len(tree) < 2:
        return 0
    total = 0
    for pid in tree:
        try:
            with open("/proc/%d/smaps_rollup" % pid) as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
                        break
        except OSError:
            pass
    return total


def warm_page_cache(megabytes):
    """Writes and removes a scratch file: the memory its pages took is touched and free again."""
    chunk = b"\0" * (1 << 20)
    with tempfile.NamedTemporaryFile(prefix="bench-warm-") as scratch:
        for _ in range(megabytes):
            scratch.write(chunk)
        scratch.flush()


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-busy", type=float, default=0.25)
    ap.add_argument("--quiet-timeout", type=float, default=300)
    ap.add_argument("--fresh", help="output removed (after the quiet wait) before the clock starts")
    ap.add_argument("--make-dir", action="store_true", help="make --fresh again as an empty folder")
    ap.add_argument("--warm-mb", type=int, default=1024, help="scratch MB written and removed before the run")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command

    busy = wait_quiet(args.max_busy, args.quiet_timeout)
    warm_page_cache(args.warm_mb)
    if args.fresh:
        remove(args.fresh)
        if args.make_dir:
            os.makedirs(args.fresh)
    # Nothing an earlier run wrote is left to write back during this one.
    os.sync()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as timefile:
        own0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        total0, idle0 = cpu_times()
        start = time.monotonic()
        proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", timefile.name] + command,
                                stdout=subprocess.DEVNULL)
        peak = [0]
        done = threading.Event()

        def sample():
            while not done.is_set():
                peak[0] = max(peak[0], tree_pss_kb(proc.pid))
                done.wait(0.02)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        status = proc.wait()
        wall = time.monotonic() - start
        total1, idle1 = cpu_times()
        own1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        done.set()
        sampler.join()
        lines = [l for l in timefile.read().split("\n") if l.strip()]
    # what other processes used while it ran, as a fraction of all cores
    hz = os.sysconf("SC_CLK_TCK")
    busy_s = ((total1 - total0) - (idle1 - idle0)) / hz
    own_s = (own1.ru_utime - own0.ru_utime) + (own1.ru_stime - own0.ru_stime)
    others = max(0.0, busy_s - own_s) / (wall * (os.cpu_count() or 1))
    maxrss = int(lines[-1]) if lines and lines[-1].strip().isdigit() else 0
    result = dict(wall=round(wall, 3), maxrss_mb=round(maxrss / 1024, 1),
                  tree_pss_mb=round(peak[0] / 1024, 1),
                  peak_mb=round(max(maxrss, peak[0]) / 1024, 1),
                  cpu_s=round(own_s, 2), busy_before=round(busy, 3), busy_during=round(others, 3),
                  status=status)
    print(json.dumps(result))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
