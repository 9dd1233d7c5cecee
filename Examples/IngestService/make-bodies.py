#!/usr/bin/env python3
"""Writes ingestion bodies of Event records: make-bodies.py FORMAT RECORDS_OR_MB OUT.

FORMAT is `lines` (NDJSON) or `array` (one JSON array); with a trailing `mb` the size is in
megabytes, else in records. The records are varied (ids, kinds, users, values, tags) so the
decoder does real work, and written in blocks so memory stays small however large the file.
"""
import sys

KINDS = ["click", "view", "purchase", "signup", "scroll"]


def record(i):
    return ('{"id":%d,"kind":"%s","user":"user-%d","value":%.3f,"tags":["t%d","region-%d"]}'
            % (i, KINDS[i % 5], i % 9973, (i * 7919 % 100000) / 1000.0, i % 13, i % 7))


def main():
    fmt, size, out = sys.argv[1], sys.argv[2], sys.argv[3]
    limit_bytes = int(size[:-2]) * 1_000_000 if size.endswith("mb") else None
    limit_records = None if limit_bytes else int(size)
    written, i = 0, 0
    separator = "\n" if fmt == "lines" else ",\n"
    with open(out, "w") as f:
        if fmt == "array":
            f.write("[\n")
        while True:
            block = []
            for _ in range(10000):
                if (limit_records is not None and i >= limit_records) or (limit_bytes and written >= limit_bytes):
                    break
                text = record(i)
                block.append(text)
                written += len(text) + len(separator)
                i += 1
            if not block:
                break
            if i > len(block):
                f.write(separator)
            f.write(separator.join(block))
        f.write("\n]\n" if fmt == "array" else "\n")
    print(i)


main()
