#!/usr/bin/env python3
"""How each file sits in the page cache: in small (4 KB) pages or in large
folios, which one page fault maps whole.

A program's first query takes a page fault for each stretch of its code it
meets; how much one fault maps depends on this, and it differs by how the
file got into memory (a linker writing its output through a mapping, `cp`
writing in large pieces, a read back from disk). See docs/Benchmarks.md.

    sudo python3 Benchmarks/scripts/page_cache_folios.py FILE...

Needs root: the page frames come from /proc/self/pagemap and their flags
from /proc/kpageflags. Every page of each file is read once, so the whole
file is in the page cache while it is counted.
"""
import mmap
import os
import struct
import sys

PAGE = 4096
# Bits of /proc/kpageflags (Documentation/admin-guide/mm/pagemap.rst).
COMPOUND_HEAD = 15
COMPOUND_TAIL = 16


def count(path):
    """(pages, in small pages, large folios, pages in large folios)."""
    path = os.path.realpath(path)
    descriptor = os.open(path, os.O_RDONLY)
    try:
        size = os.fstat(descriptor).st_size
        if size == 0:
            return 0, 0, 0, 0
        mapping = mmap.mmap(descriptor, size, prot=mmap.PROT_READ)
    finally:
        os.close(descriptor)
    pages = (size + PAGE - 1) // PAGE
    for page in range(pages):
        mapping[page * PAGE]
    # The mapping's start: the line of /proc/self/maps for this file whose
    # length is the mapping's (the interpreter maps nothing else of it).
    start = None
    length = pages * PAGE
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5] == path:
                low, high = (int(bound, 16) for bound in fields[0].split("-"))
                if high - low == length:
                    start = low
    if start is None:
        raise SystemExit(f"{path}: its mapping is not in /proc/self/maps")
    small = folios = in_folios = 0
    with open("/proc/self/pagemap", "rb") as pagemap, open("/proc/kpageflags", "rb") as flags:
        for page in range(pages):
            pagemap.seek((start // PAGE + page) * 8)
            entry = struct.unpack("<Q", pagemap.read(8))[0]
            if not entry >> 63:
                continue  # not present
            frame = entry & ((1 << 55) - 1)
            if frame == 0:
                raise SystemExit("page frames read as 0: run as root")
            flags.seek(frame * 8)
            bits = struct.unpack("<Q", flags.read(8))[0]
            if bits >> COMPOUND_HEAD & 1:
                folios += 1
                in_folios += 1
            elif bits >> COMPOUND_TAIL & 1:
                in_folios += 1
            else:
                small += 1
    mapping.close()
    return pages, small, folios, in_folios


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    for path in sys.argv[1:]:
        pages, small, folios, in_folios = count(path)
        print(f"{path}: {pages} pages; {small} small, {in_folios} in {folios} large folios")


if __name__ == "__main__":
    main()
