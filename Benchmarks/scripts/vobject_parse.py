#!/usr/bin/env python3
"""Times Python's vobject parsing a vCard file: the baseline for the VCard
benchmark. Reads the file once, then parses it REPEAT times (every card,
every property, as vobject.readComponents does) and prints the median wall
clock and CPU times: on a busy machine the CPU time is the fairer figure.

    python3 Benchmarks/scripts/vobject_parse.py /tmp/dragkit-vcard-benchmark.vcf [REPEAT]
"""
import statistics
import sys
import time

import vobject


def main():
    path = sys.argv[1]
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with open(path, "rb") as handle:
        raw = handle.read()
    times = []
    cpu_times = []
    cards = 0
    for _ in range(repeat):
        start = time.perf_counter()
        cpu_start = time.process_time()
        text = raw.decode("utf-8")
        cards = 0
        for component in vobject.readComponents(text):
            # vobject parses lazily per component; touch every card's children.
            component.getChildren()
            cards += 1
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
    median = statistics.median(times)
    cpu_median = statistics.median(cpu_times)
    print(f"vobject {vobject.VERSION if hasattr(vobject, 'VERSION') else ''} cards={cards} bytes={len(raw)} "
          f"median_s={median:.4f} mb_per_s={len(raw) / median / 1e6:.2f} "
          f"cpu_median_s={cpu_median:.4f} cpu_mb_per_s={len(raw) / cpu_median / 1e6:.2f}")


if __name__ == "__main__":
    main()
