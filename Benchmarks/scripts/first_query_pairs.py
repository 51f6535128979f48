#!/usr/bin/env python3
"""The first query in a fresh process, pair by pair: UniformTypes against GIO.

The benchmark's fresh-process rows pool the twenty MIME pairs (or the ten
database pairs) into one distribution; this prints each pair on its own, so
a reader sees which kinds of type cost a first query more. For each pair it
starts `UniformTypesFirstQuery TYPE SUPERTYPE` and `GIOFirstQuery TYPE
SUPERTYPE` in turn, RUNS times each, the one going first alternating from
one run to the next, and prints the medians of both programs' own timings
(their first field, nanoseconds) and the median of the ratios of the runs
made next to each other.

The pairs are read from StringLookupBenchmarks.swift (`mimePairs`, and
`databasePairs` for the "database" column), so the two never disagree.

    swift build -c release --product UniformTypesFirstQuery --product GIOFirstQuery   # in Benchmarks/
    python3 Benchmarks/scripts/first_query_pairs.py [RUNS]                           # default 21

Run it on a quiet machine; the absolute times drift with the page cache
(see docs/Benchmarks.md), the ratios much less.
"""
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
SOURCE = os.path.join(PACKAGE, "Benchmarks", "UniformTypesBenchmarks", "StringLookupBenchmarks.swift")
OURS = os.path.join(PACKAGE, ".build", "release", "UniformTypesFirstQuery")
GIO = os.path.join(PACKAGE, ".build", "release", "GIOFirstQuery")


def pairs_named(source, name):
    """The (type, supertype) pairs of the Swift array `name` in `source`."""
    match = re.search(r"let " + name + r": \[\(String, String\)\] = \[(.*?)\n\]", source, re.S)
    if not match:
        sys.exit(f"no array {name} in {SOURCE}")
    return re.findall(r'\("([^"]+)", "([^"]+)"\)', match.group(1))


def first_query_ns(program, pair):
    output = subprocess.run([program, *pair], capture_output=True, text=True, check=True).stdout
    return int(output.split()[0])


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    for program in (OURS, GIO):
        if not os.access(program, os.X_OK):
            sys.exit(f"{program} is missing: build it first (see the top of this script)")
    with open(SOURCE) as handle:
        source = handle.read()
    database = set(pairs_named(source, "databasePairs"))
    print(f"{'pair':58} {'database':8} {'ours µs':>8} {'GIO µs':>8} {'ours/GIO':>9}")
    ratios_by_kind = {True: [], False: []}
    for pair in pairs_named(source, "mimePairs"):
        ours, gio, ratios = [], [], []
        for run in range(runs):
            order = (OURS, GIO) if run % 2 == 0 else (GIO, OURS)
            times = {program: first_query_ns(program, pair) for program in order}
            ours.append(times[OURS])
            gio.append(times[GIO])
            ratios.append(times[OURS] / times[GIO])
        ratio = statistics.median(ratios)
        ratios_by_kind[pair in database].append(ratio)
        print(f"{pair[0] + ' vs ' + pair[1]:58} {'yes' if pair in database else '':8} "
              f"{statistics.median(ours) / 1000:8.1f} {statistics.median(gio) / 1000:8.1f} {ratio:8.2f}x")
    for kind, label in ((False, "the other ten pairs"), (True, "the ten database pairs")):
        values = ratios_by_kind[kind]
        if values:
            print(f"{label}: ratios {min(values):.2f}x to {max(values):.2f}x, median {statistics.median(values):.2f}x")


if __name__ == "__main__":
    main()
