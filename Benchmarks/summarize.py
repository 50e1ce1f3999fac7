#!/usr/bin/env python3
"""Turns several runs of the benchmark into the README's performance table.

    for run in 1 2 3; do swift run -c release AmbientBenchmarks > /tmp/bench-$run.txt; done
    python3 Benchmarks/summarize.py /tmp/bench-*.txt

Each row gives the scenario's median time (the median over the runs of each run's median), the baseline's, and the
ratio of medians as the median and range over the runs, with the benchmark's goal. Two-thread rows give the
speed-up and the floor's speed-up the same way.
"""

import re
import statistics
import sys


def parse(path):
    rows, speedups, extra = {}, {}, []
    last_name = None
    with open(path) as handle:
        for line in handle:
            fields = [field.strip() for field in line.rstrip("\n").split("|")]
            if len(fields) == 8 and fields[1] and fields[1][0].isdigit():
                name = fields[0]
                rows[name] = {
                    "median": float(fields[1]),
                    "baseline": float(fields[4]),
                    "ratio": float(fields[5].rstrip("×")),
                    "goal": fields[7],
                }
                last_name = name
                continue
            match = re.search(r"speed-up on two threads: ([\d.]+)×; its floor's: ([\d.]+)× \(([\d.]+)× the floor", line)
            if match and last_name:
                speedups[last_name] = tuple(float(match.group(index)) for index in (1, 2, 3))
                continue
            if line.startswith("(baseline") or line.startswith("server pattern"):
                extra.append(line.strip())
    return rows, speedups, extra


def spread(values, digits=2):
    return f"{statistics.median(values):.{digits}f}× [{min(values):.{digits}f}–{max(values):.{digits}f}]"


def time(ns):
    return f"{ns:.1f} ns" if ns < 10 else f"{ns:.0f} ns"


def main(paths):
    runs = [parse(path) for path in paths]
    names = list(runs[0][0])
    print(f"| Scenario | Ambient (median ns) | Baseline (median ns) | Ratio, median [range] over {len(runs)} runs | Goal |")
    print("|---|---|---|---|---|")
    for name in names:
        measured = [run[0][name] for run in runs if name in run[0]]
        ratio = spread([row["ratio"] for row in measured])
        if name in runs[0][1]:
            pairs = [run[1][name] for run in runs if name in run[1]]
            ratio += (
                f"; speed-up {spread([pair[0] for pair in pairs])}, "
                f"floor's {spread([pair[1] for pair in pairs])}; "
                f"{spread([pair[2] for pair in pairs])} the floor"
            )
        median = time(statistics.median(row["median"] for row in measured))
        baseline = time(statistics.median(row["baseline"] for row in measured))
        print(f"| {name} | {median} | {baseline} | {ratio} | {measured[0]['goal']} |")
    print()
    for index, run in enumerate(runs, start=1):
        for line in run[2]:
            print(f"- run {index}: {line}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
