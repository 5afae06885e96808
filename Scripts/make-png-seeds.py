#!/usr/bin/env python3
"""Frame-like PNGs whose zlib streams reach the corners of a deflate decoder: the fuzz seeds of the
frame reader (Fuzz/seeds/png) and the crafted frame of the reliability tests.

Each file is an 8-bit RGB or RGBA PNG with nothing but IHDR, IDAT and IEND (what scrollrender's
frame reader takes), every CRC right, and a deflate stream written here bit by bit:

- `dynamic-19-after-fixed-N.png`: a fixed-code block of N literals, then a dynamic block that sends
  all 19 code-length codes (57 bits of them), then a stored block — for N that leave the bit
  reader at every position mod 8; at 16–18 the hand-written inflater scrollrender used until
  issue 35 took those 57 bits from a refill that held 56 (the crafted frame is N = 16);
- `stored-after-dynamic.png`: a dynamic block, then stored blocks (one of length 0);
- `split-idat-K.png`: the same stream cut into IDATs of K bytes (every chunk boundary of a short
  stream falls inside the zlib header, a block header, a code, and the Adler-32);
- `zlib-level-L.png`: zlib's own stream at level L (stored, fixed and dynamic with matches).

    python3 Scripts/make-png-seeds.py OUTDIR            # all seeds
    python3 Scripts/make-png-seeds.py --crafted FILE    # the crafted frame alone
"""
import argparse
import os
import struct
import sys
import zlib


class BitWriter:
    """Deflate's bit order: values least-significant bit first, Huffman codes most-significant first."""

    def __init__(self):
        self.bytes = bytearray()
        self.bits = 0
        self.count = 0

    def put(self, value, n):
        self.bits |= value << self.count
        self.count += n
        while self.count >= 8:
            self.bytes.append(self.bits & 0xFF)
            self.bits >>= 8
            self.count -= 8

    def put_code(self, code, length):
        self.put(int(format(code, f"0{length}b")[::-1], 2), length)

    def align(self):
        if self.count:
            self.put(0, 8 - self.count)

    def finish(self):
        self.align()
        return bytes(self.bytes)


def canonical_codes(lengths):
    """Deflate's canonical code for each symbol's length (RFC 1951, 3.2.2)."""
    longest = max(lengths)
    per_length = [0] * (longest + 1)
    for length in lengths:
        if length:
            per_length[length] += 1
    next_code, code = [0] * (longest + 2), 0
    for bits in range(1, longest + 1):
        code = (code + per_length[bits - 1]) << 1
        next_code[bits] = code
    codes = []
    for length in lengths:
        if length:
            codes.append(next_code[length])
            next_code[length] += 1
        else:
            codes.append(0)
    return codes


FIXED_LENGTHS = [8] * 144 + [9] * 112 + [7] * 24 + [8] * 8
FIXED_CODES = canonical_codes(FIXED_LENGTHS)


def fixed_block(writer, data, final):
    writer.put(1 if final else 0, 1)
    writer.put(1, 2)
    for byte in data:
        writer.put_code(FIXED_CODES[byte], FIXED_LENGTHS[byte])
    writer.put_code(FIXED_CODES[256], FIXED_LENGTHS[256])


# Code lengths for literals 0–255 and end-of-block: a complete code of 8- and 9-bit codes.
DYNAMIC_LITLEN = [8] * 255 + [9] * 2
# Two distance codes of one bit (none used): complete.
DYNAMIC_DIST = [1, 1]
# All 19 code-length codes present (HCLEN = 15: 57 bits), a complete code of 4- and 5-bit codes.
CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
CODE_LENGTH_LENGTHS = [4] * 13 + [5] * 6


def dynamic_block(writer, data, final):
    assert sum(2 ** -n for n in DYNAMIC_LITLEN) == 1 and sum(2 ** -n for n in CODE_LENGTH_LENGTHS) == 1
    writer.put(1 if final else 0, 1)
    writer.put(2, 2)
    writer.put(len(DYNAMIC_LITLEN) - 257, 5)
    writer.put(len(DYNAMIC_DIST) - 1, 5)
    writer.put(19 - 4, 4)
    for symbol in CODE_LENGTH_ORDER:
        writer.put(CODE_LENGTH_LENGTHS[symbol], 3)
    code_length_codes = canonical_codes(CODE_LENGTH_LENGTHS)
    for length in DYNAMIC_LITLEN + DYNAMIC_DIST:
        writer.put_code(code_length_codes[length], CODE_LENGTH_LENGTHS[length])
    codes = canonical_codes(DYNAMIC_LITLEN)
    for byte in data:
        writer.put_code(codes[byte], DYNAMIC_LITLEN[byte])
    writer.put_code(codes[256], DYNAMIC_LITLEN[256])


def stored_block(writer, data, final):
    writer.put(1 if final else 0, 1)
    writer.put(0, 2)
    writer.align()
    for byte in struct.pack("<HH", len(data), len(data) ^ 0xFFFF) + data:
        writer.put(byte, 8)


def zlib_stream(blocks, raw):
    """A zlib stream of the given (kind, length) blocks over `raw`, the last one final."""
    writer, position = BitWriter(), 0
    for index, (block, length) in enumerate(blocks):
        block(writer, raw[position:position + length], index == len(blocks) - 1)
        position += length
    assert position == len(raw)
    return b"\x78\x01" + writer.finish() + struct.pack(">I", zlib.adler32(raw))


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(width, height, alpha, stream, piece=None):
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    pieces = [stream] if piece is None else [stream[i:i + piece] for i in range(0, len(stream), piece)]
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + b"".join(chunk(b"IDAT", p) for p in pieces) + chunk(b"IEND", b"")


def rows(width, height, alpha):
    """Filtered rows (filter None and Up) of a small picture with every byte value in it."""
    channels = 4 if alpha else 3
    out = bytearray()
    for y in range(height):
        out.append(y % 2 * 2)
        out.extend((x * 7 + y * 13 + c * 101) & 0xFF for x in range(width) for c in range(channels))
    return bytes(out)


WIDTH, HEIGHT = 24, 48


def crafted_frame(prefix=16):
    """The 4 KB frame of issue 35: valid CRCs and Adler-32, 19 code-length codes read where the old
    inflater's refill had left 56 bits, then a stored block. Its pixels are `rows()`'s."""
    raw = rows(WIDTH, HEIGHT, False)
    blocks = [(fixed_block, prefix), (dynamic_block, len(raw) // 2 - prefix), (stored_block, len(raw) - len(raw) // 2)]
    return png(WIDTH, HEIGHT, False, zlib_stream(blocks, raw))


def seeds():
    raw_rgb, raw_rgba = rows(WIDTH, HEIGHT, False), rows(WIDTH, HEIGHT, True)
    for prefix in (*range(8), 16, 17, 18):
        yield f"dynamic-19-after-fixed-{prefix}.png", crafted_frame(prefix)
    third = len(raw_rgba) // 3
    blocks = [(dynamic_block, third), (stored_block, 0), (stored_block, third), (fixed_block, len(raw_rgba) - 2 * third)]
    stream = zlib_stream(blocks, raw_rgba)
    yield "stored-after-dynamic.png", png(WIDTH, HEIGHT, True, stream)
    for piece in (1, 2, 3, 5, 8, 13):
        yield f"split-idat-{piece}.png", png(WIDTH, HEIGHT, True, stream, piece)
    for level in (0, 1, 6, 9):
        yield f"zlib-level-{level}.png", png(WIDTH, HEIGHT, False, zlib.compress(raw_rgb, level))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", nargs="?")
    parser.add_argument("--crafted", metavar="FILE")
    args = parser.parse_args()
    if args.crafted:
        with open(args.crafted, "wb") as f:
            f.write(crafted_frame())
        return
    if not args.outdir:
        parser.error("give OUTDIR or --crafted FILE")
    os.makedirs(args.outdir, exist_ok=True)
    for name, data in seeds():
        with open(os.path.join(args.outdir, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    sys.exit(main())
