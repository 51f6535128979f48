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

With --ordered, a third program joins the rotation: UniformTypesFirstQuery
built again (in .build/ordered) with every function in a section of its own
and linked with the functions a first query runs placed next to each other
(each pair's, busiest first, in the order of the pairs). What it runs is
found by running the program's first query of every pair under callgrind
(valgrind must be installed), so the order always matches the code. The column shows what a
first query costs once its code no longer lies across several 64 KB
windows of the program, each paged in by a fault of its own: the gap a
plain build leaves to GIO is where the linker puts the code, which a
package cannot choose from its manifest (see docs/Benchmarks.md).

    python3 Benchmarks/scripts/first_query_pairs.py --ordered [RUNS]
"""
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
SOURCE = os.path.join(PACKAGE, "Benchmarks", "UniformTypesBenchmarks", "StringLookupBenchmarks.swift")
OURS = os.path.join(PACKAGE, ".build", "release", "UniformTypesFirstQuery")
GIO = os.path.join(PACKAGE, ".build", "release", "GIOFirstQuery")
ORDERED_BUILD = os.path.join(PACKAGE, ".build", "ordered")
# The benchmark's "code placed in order" rows run this program from here too.
ORDERED = os.path.join(ORDERED_BUILD, "release", "UniformTypesFirstQuery")
ORDER_FILE = os.path.join(ORDERED_BUILD, "first-query.order")
# Every function (Swift and C) in a section of its own, so the linker can
# place each one; gold's --section-ordering-file then places them.
FUNCTION_SECTIONS = ["-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections", "-Xcc", "-ffunction-sections"]


def pairs_named(source, name):
    """The (type, supertype) pairs of the Swift array `name` in `source`."""
    match = re.search(r"let " + name + r": \[\(String, String\)\] = \[(.*?)\n\]", source, re.S)
    if not match:
        sys.exit(f"no array {name} in {SOURCE}")
    return re.findall(r'\("([^"]+)", "([^"]+)"\)', match.group(1))


def first_query_ns(program, pair):
    output = subprocess.run([program, *pair], capture_output=True, text=True, check=True).stdout
    return int(output.split()[0])


def build_ordered(pairs):
    """Builds ORDERED: with function sections, profiled, then linked in order."""
    if not shutil.which("valgrind"):
        sys.exit("--ordered profiles the first query with callgrind: install valgrind (apt-get install valgrind)")
    build = ["swift", "build", "-c", "release", "--scratch-path", ORDERED_BUILD,
             "--product", "UniformTypesFirstQuery", *FUNCTION_SECTIONS]
    subprocess.run(build, cwd=PACKAGE, check=True, stdout=subprocess.DEVNULL)
    # Valgrind gives up on the DWARF Swift 6 writes; the symbols are enough.
    profiled = os.path.join(ORDERED_BUILD, "UniformTypesFirstQuery-profiled")
    subprocess.run(["strip", "--strip-debug", "-o", profiled, ORDERED], check=True)
    functions = []
    for pair in pairs:
        for name in first_query_functions(profiled, pair):
            if name not in functions:
                functions.append(name)
    with open(ORDER_FILE, "w") as handle:
        handle.writelines(f".text.{name}\n" for name in functions)
    # Only the link line changes, so only the program is linked again.
    subprocess.run([*build, "-Xlinker", "--section-ordering-file=" + ORDER_FILE],
                   cwd=PACKAGE, check=True, stdout=subprocess.DEVNULL)
    print(f"ordered: {len(functions)} functions a first query runs placed together ({ORDER_FILE})")


def first_query_functions(profiled, pair):
    """The functions of the program `profiled` its first query of `pair` runs, busiest first."""
    out = os.path.join(ORDERED_BUILD, "first-query.callgrind")
    subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=*firstIsA*", "--callgrind-out-file=" + out,
                    profiled, *pair], check=True, capture_output=True)
    listing = subprocess.run(["callgrind_annotate", "--threshold=100", out],
                             check=True, capture_output=True, text=True).stdout
    names = []
    for line in listing.splitlines():
        # "  1,234 (1.23%)  ???:NAME [/path/UniformTypesFirstQuery]"; a
        # recursive call is NAME'2.
        match = re.match(r"\s*[\d,]+ \(\s*[\d.]+%\)\s+\S*?:(\S+) \[(.*)\]$", line)
        if match and match.group(2) == profiled:
            names.append(re.sub(r"'\d+$", "", match.group(1)))
    return names


def main():
    arguments = sys.argv[1:]
    ordered = "--ordered" in arguments
    arguments = [argument for argument in arguments if argument != "--ordered"]
    runs = int(arguments[0]) if arguments else 21
    for program in (OURS, GIO):
        if not os.access(program, os.X_OK):
            sys.exit(f"{program} is missing: build it first (see the top of this script)")
    with open(SOURCE) as handle:
        source = handle.read()
    database = set(pairs_named(source, "databasePairs"))
    pairs = pairs_named(source, "mimePairs")
    programs = [OURS, GIO]
    if ordered:
        build_ordered(pairs)
        programs = [OURS, ORDERED, GIO]
    header = f"{'pair':58} {'database':8} {'ours µs':>8} {'GIO µs':>8} {'ours/GIO':>9}"
    print(header + (f" {'ordered µs':>10} {'ordered/GIO':>11}" if ordered else ""))
    ratios_by_kind = {(program, kind): [] for program in programs for kind in (True, False)}
    for pair in pairs:
        times = {program: [] for program in programs}
        ratios = {program: [] for program in programs}
        for run in range(runs):
            # Each program goes first, in the middle and last in turn.
            shift = run % len(programs)
            for program in programs[shift:] + programs[:shift]:
                times[program].append(first_query_ns(program, pair))
            for program in programs:
                ratios[program].append(times[program][-1] / times[GIO][-1])
        row = (f"{pair[0] + ' vs ' + pair[1]:58} {'yes' if pair in database else '':8} "
               f"{statistics.median(times[OURS]) / 1000:8.1f} {statistics.median(times[GIO]) / 1000:8.1f} "
               f"{statistics.median(ratios[OURS]):8.2f}x")
        if ordered:
            row += f" {statistics.median(times[ORDERED]) / 1000:10.1f} {statistics.median(ratios[ORDERED]):10.2f}x"
        print(row)
        for program in programs:
            ratios_by_kind[(program, pair in database)].append(statistics.median(ratios[program]))
    for program, name in ((OURS, "ours"), (ORDERED, "ordered")):
        if program not in programs:
            continue
        for kind, label in ((False, "the other ten pairs"), (True, "the ten database pairs")):
            values = ratios_by_kind[(program, kind)]
            print(f"{name}, {label}: ratios {min(values):.2f}x to {max(values):.2f}x, median {statistics.median(values):.2f}x")
        every = ratios_by_kind[(program, False)] + ratios_by_kind[(program, True)]
        print(f"{name}, all twenty pairs: median {statistics.median(every):.2f}x")


if __name__ == "__main__":
    main()
