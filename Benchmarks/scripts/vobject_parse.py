#!/usr/bin/env python3
"""Times Python's vobject parsing a vCard file: the baseline for the VCard
benchmark. Reads the file once, then parses it REPEAT times (every card,
every property, as vobject.readComponents does) and prints the median.

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
    cards = 0
    for _ in range(repeat):
        start = time.perf_counter()
        text = raw.decode("utf-8")
        cards = 0
        for component in vobject.readComponents(text):
            # vobject parses lazily per component; touch every card's children.
            component.getChildren()
            cards += 1
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"vobject {vobject.VERSION if hasattr(vobject, 'VERSION') else ''} cards={cards} bytes={len(raw)} "
          f"median_s={median:.4f} mb_per_s={len(raw) / median / 1e6:.2f}")


if __name__ == "__main__":
    main()
