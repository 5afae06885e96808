#!/usr/bin/env python3
"""Fails when a Markdown file repeats a paragraph or grows past MAX_LINES lines, so that prose cannot
rot silently: one bad edit once pasted a shim README's paragraph 2,414 times over the sections it
replaced, and nothing noticed.

    Scripts/check-prose.py [FILE.md ...]    (no files: every Markdown file git tracks)

A paragraph is a block of lines between blank lines, fenced code left out, of MIN_WORDS words or
more (headings and short list items are never compared). It repeats an earlier paragraph of the
same file when the two share SIMILARITY or more of their runs of SHINGLE words (the Jaccard index
over lower-cased words), so a copy with a stray character or a rewrapped line still counts; the
honest docs' most alike pair shares a tenth. Prints one line per finding (FILE:LINE: what) and
exits 1; exits 0 when there is none.
"""

import os
import re
import subprocess
import sys

MAX_LINES = 1000  # the longest honest doc, README.md, has under 300
MIN_WORDS = 25
SHINGLE = 4
SIMILARITY = 0.8


def paragraphs(lines):
    """(first line number, text) of each block between blank lines, fenced code left out."""
    block, start, fence = [], 0, None
    for number, line in enumerate(lines, 1):
        marker = re.match(r"\s*(`{3,}|~{3,})", line)
        if fence:
            if marker and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence):
                fence = None
            continue
        if marker:
            fence = marker.group(1)
        if marker or not line.strip():
            if block:
                yield start, " ".join(block)
            block = []
            continue
        if not block:
            start = number
        block.append(line)
    if block:
        yield start, " ".join(block)


def shingles(text):
    words = re.findall(r"\w+", text.lower())
    if len(words) < MIN_WORDS:
        return None
    return {tuple(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def repeats(lines):
    """For each paragraph repeated later: (its line, the first repeat's line, how many repeats)."""
    originals = []  # (line, shingles) of paragraphs that repeat none before them
    index = {}      # shingle -> indices into originals
    found = {}      # index into originals -> [first repeat's line, count]
    for line, text in paragraphs(lines):
        own = shingles(text)
        if own is None:
            continue
        shared = {}
        for shingle in own:
            for original in index.get(shingle, ()):
                shared[original] = shared.get(original, 0) + 1
        match = next((o for o, count in sorted(shared.items())
                      if count / (len(own) + len(originals[o][1]) - count) >= SIMILARITY), None)
        if match is None:
            for shingle in own:
                index.setdefault(shingle, []).append(len(originals))
            originals.append((line, own))
        else:
            found.setdefault(match, [line, 0])[1] += 1
    return [(originals[o][0], first, count) for o, (first, count) in sorted(found.items())]


def check(path):
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        return [f"{path}:1: cannot be read: {error}"]
    findings = []
    if len(lines) > MAX_LINES:
        findings.append(f"{path}:{MAX_LINES + 1}: {len(lines)} lines, over the limit of {MAX_LINES}: split it or cut it")
    for original, first, count in repeats(lines):
        more = f" ({count} copies in all)" if count > 1 else ""
        findings.append(f"{path}:{first}: repeats the paragraph at line {original}{more}")
    return findings


def main():
    paths = sys.argv[1:]
    if not paths:
        os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
        listed = subprocess.run(["git", "ls-files", "-z", "*.md"], check=True, capture_output=True, text=True).stdout
        paths = [path for path in listed.split("\0") if path]
    findings = [finding for path in paths for finding in check(path)]
    for finding in findings:
        print(finding, file=sys.stderr)
    if findings:
        print(f"check-prose: {len(findings)} finding(s) in {len(paths)} Markdown file(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
