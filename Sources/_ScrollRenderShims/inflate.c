/* A deflate decoder (RFC 1951) for zlib streams whose whole output size is known in advance, as a
 * PNG's filtered rows are: it writes straight into one buffer of that size, so there is no window
 * to slide. On a frame's literal-heavy stream it takes 4.7 ms where zlib's inflate takes 13.8 (most
 * of a frame's decode time before; Scripts/bench/inflate-bench.py).
 *
 * Bits are kept in a 64-bit buffer refilled eight bytes at a time: after a refill it holds at
 * least 56 bits, enough for the longest length code, its extra bits, a distance code and its
 * extra bits, so each symbol needs one refill. Codes are looked up in a table indexed by the next
 * LITLEN_BITS (DIST_BITS) bits; longer codes go through a second-level table. A literal's entry
 * also holds the literals whose codes follow it within those bits, so that one lookup yields up
 * to three bytes: the codes of a photograph's filtered bytes are short.
 *
 * Every read and write is bounds-checked: a damaged or hostile stream ends in an error code,
 * never outside the buffers. It calls no library and cannot longjmp. The caller checks the
 * stream's Adler-32, which it returns, with its vectorised sum. Fuzzed against zlib by
 * Fuzz/Inflate/FuzzInflate.c. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ScrollRenderShims.h"

#define LITLEN_BITS 12
#define DIST_BITS 8
#define MAX_CODE_LENGTH 15
#define MAX_PACKED_LITERALS 3

/* A table entry. Bits 0–3: the bits its code (or codes) take. Bits 4–5: how many literals it
   holds, 1–3, their bytes in bits 8–15, 16–23, 24–31 (several when the next bits hold that many
   whole literal codes). With no literals, bits 6–7 are the kind, 8–12 the extra bits that follow
   the code (a subtable's index bits) and 16–31 the base of a length or distance (the subtable's
   offset). An all-zero entry is an invalid code. */
enum { K_INVALID = 0, K_BASE = 1, K_END = 2, K_SUBTABLE = 3 };
typedef uint32_t entry_t;

static inline entry_t make_entry(unsigned kind, unsigned value, unsigned extra, unsigned bits) {
    return value << 16 | extra << 8 | kind << 6 | bits;
}
static inline entry_t literal_entry(unsigned byte, unsigned bits) { return byte << 8 | 1u << 4 | bits; }
#define ENTRY_BITS(e) ((e) & 15u)
#define ENTRY_LITERALS(e) (((e) >> 4) & 3u)
#define ENTRY_KIND(e) (((e) >> 6) & 3u)
#define ENTRY_EXTRA(e) (((e) >> 8) & 31u)
#define ENTRY_VALUE(e) ((e) >> 16)

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                       257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                       8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                       7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* Room for the primary table and a full subtable for every code longer than it. */
#define LITLEN_TABLE_SIZE ((1 << LITLEN_BITS) + 288 * (1 << (MAX_CODE_LENGTH - LITLEN_BITS)))
#define DIST_TABLE_SIZE ((1 << DIST_BITS) + 32 * (1 << (MAX_CODE_LENGTH - DIST_BITS)))

typedef struct {
    const uint8_t *in, *in_end;
    size_t padding; /* zero bytes fed in past the end of the input */
    uint64_t bits;
    unsigned count;
    uint8_t *out_start, *out, *out_end;
    entry_t litlen[LITLEN_TABLE_SIZE];
    entry_t dist[DIST_TABLE_SIZE];
    entry_t scratch[1 << LITLEN_BITS];
} inflater;

static inline uint64_t load_le64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/* Tops the bit buffer up to at least 56 bits. Near the end it feeds zero bytes, counted, so that a
   truncated stream is caught when the block ends instead of read past. The fast path ORs bits it
   already holds with the same bits again. */
static inline void refill(inflater *s) {
    if (s->in_end - s->in >= 8) {
        s->bits |= load_le64(s->in) << s->count;
        s->in += (63 - s->count) >> 3;
        s->count |= 56;
    } else {
        while (s->count <= 56) {
            if (s->in < s->in_end) s->bits |= (uint64_t)*s->in++ << s->count;
            else s->padding++;
            s->count += 8;
        }
    }
}

static inline unsigned take(inflater *s, unsigned n) {
    unsigned v = (unsigned)(s->bits & ((1ull << n) - 1));
    s->bits >>= n;
    s->count -= n;
    return v;
}

static inline unsigned reverse_bits(unsigned code, unsigned length) {
    unsigned r = 0;
    for (unsigned i = 0; i < length; i++, code >>= 1) r = r << 1 | (code & 1);
    return r;
}

/* Builds the lookup table of a canonical code. `entry_of(symbol)` gives what a symbol decodes to;
   codes longer than `primary` bits get a subtable under their first `primary` bits. Unused slots
   stay invalid. As zlib does, a code may be incomplete only when it has no codes or one code of
   one bit (`strict`: never), and a stream that uses a missing code is an error when it does.
   Returns 0, or -1 for a code that cannot be. */
static int build_table(entry_t *table, unsigned primary, const uint8_t *lengths, unsigned count,
                       entry_t (*entry_of)(unsigned symbol, unsigned bits), int strict, size_t capacity) {
    unsigned per_length[MAX_CODE_LENGTH + 1] = {0};
    for (unsigned i = 0; i < count; i++) per_length[lengths[i]]++;
    per_length[0] = 0;
    int left = 1;
    unsigned longest = 0;
    for (unsigned len = 1; len <= MAX_CODE_LENGTH; len++) {
        left = left * 2 - (int)per_length[len];
        if (left < 0) return -1;
        if (per_length[len]) longest = len;
    }
    if (left > 0 && longest > 0 && (strict || longest != 1)) return -1;
    unsigned next_code[MAX_CODE_LENGTH + 2];
    unsigned code = 0;
    for (unsigned len = 1; len <= MAX_CODE_LENGTH; len++) {
        code = (code + per_length[len - 1]) << 1;
        next_code[len] = code;
    }
    size_t primary_size = (size_t)1 << primary, used = primary_size;
    memset(table, 0, primary_size * sizeof(entry_t));
    unsigned sub_bits = MAX_CODE_LENGTH - primary;
    for (unsigned symbol = 0; symbol < count; symbol++) {
        unsigned len = lengths[symbol];
        if (len == 0) continue;
        unsigned reversed = reverse_bits(next_code[len]++, len);
        if (len <= primary) {
            entry_t e = entry_of(symbol, len);
            for (size_t i = reversed; i < primary_size; i += (size_t)1 << len) table[i] = e;
            continue;
        }
        unsigned prefix = reversed & (unsigned)(primary_size - 1);
        if (ENTRY_KIND(table[prefix]) != K_SUBTABLE) {
            if (used + ((size_t)1 << sub_bits) > capacity) return -1;
            memset(table + used, 0, ((size_t)1 << sub_bits) * sizeof(entry_t));
            table[prefix] = make_entry(K_SUBTABLE, (unsigned)used, sub_bits, primary);
            used += (size_t)1 << sub_bits;
        }
        entry_t *sub = table + ENTRY_VALUE(table[prefix]);
        entry_t e = entry_of(symbol, len - primary);
        for (size_t i = reversed >> primary; i < ((size_t)1 << sub_bits); i += (size_t)1 << (len - primary)) sub[i] = e;
    }
    return 0;
}

/* Subtable offsets must fit the 16-bit value field. */
_Static_assert(LITLEN_TABLE_SIZE < 65536 && DIST_TABLE_SIZE < 65536, "table offsets fit 16 bits");

static entry_t litlen_entry(unsigned symbol, unsigned bits) {
    if (symbol < 256) return literal_entry(symbol, bits);
    if (symbol == 256) return make_entry(K_END, 0, 0, bits);
    if (symbol < 286) return make_entry(K_BASE, length_base[symbol - 257], length_extra[symbol - 257], bits);
    return make_entry(K_INVALID, 0, 0, bits);
}

static entry_t dist_entry(unsigned symbol, unsigned bits) {
    if (symbol < 30) return make_entry(K_BASE, dist_base[symbol], dist_extra[symbol], bits);
    return make_entry(K_INVALID, 0, 0, bits);
}

static entry_t code_length_entry(unsigned symbol, unsigned bits) { return literal_entry(symbol, bits); }

/* Lets each primary entry of a literal also hold the literals whose whole codes follow it in the
   same bits, up to MAX_PACKED_LITERALS: one lookup then yields two or three bytes of a photograph,
   whose codes are short. `scratch` holds the single-literal entries meanwhile. */
static void pack_literals(entry_t *table, entry_t *scratch) {
    const unsigned size = 1u << LITLEN_BITS;
    memcpy(scratch, table, size * sizeof(entry_t));
    for (unsigned index = 0; index < size; index++) {
        entry_t e = scratch[index];
        if (ENTRY_LITERALS(e) != 1) continue;
        unsigned used = ENTRY_BITS(e), count = 1, bytes = (e >> 8) & 0xFFu;
        while (count < MAX_PACKED_LITERALS) {
            entry_t next = scratch[index >> used];
            unsigned bits = ENTRY_BITS(next);
            if (ENTRY_LITERALS(next) != 1 || used + bits > LITLEN_BITS) break;
            bytes |= ((next >> 8) & 0xFFu) << (8 * count);
            used += bits;
            count++;
        }
        table[index] = bytes << 8 | count << 4 | used;
    }
}

/* The entry for the next code in `table` (primary bits `primary`), its bits consumed. Needs 15
   bits in the buffer. */
static inline entry_t decode(inflater *s, const entry_t *table, unsigned primary) {
    entry_t e = table[s->bits & ((1u << primary) - 1)];
    if (ENTRY_LITERALS(e) == 0 && ENTRY_KIND(e) == K_SUBTABLE) {
        s->bits >>= primary;
        s->count -= primary;
        e = table[ENTRY_VALUE(e) + (s->bits & ((1u << ENTRY_EXTRA(e)) - 1))];
    }
    unsigned n = ENTRY_BITS(e);
    s->bits >>= n;
    s->count -= n;
    return e;
}

static int litlen_table(inflater *s, const uint8_t *lengths, unsigned count) {
    if (build_table(s->litlen, LITLEN_BITS, lengths, count, litlen_entry, 0, LITLEN_TABLE_SIZE) != 0) return -1;
    pack_literals(s->litlen, s->scratch);
    return 0;
}

static void fixed_tables(inflater *s) {
    uint8_t lengths[320];
    for (unsigned i = 0; i < 144; i++) lengths[i] = 8;
    for (unsigned i = 144; i < 256; i++) lengths[i] = 9;
    for (unsigned i = 256; i < 280; i++) lengths[i] = 7;
    for (unsigned i = 280; i < 288; i++) lengths[i] = 8;
    for (unsigned i = 288; i < 320; i++) lengths[i] = 5;
    litlen_table(s, lengths, 288);
    build_table(s->dist, DIST_BITS, lengths + 288, 32, dist_entry, 0, DIST_TABLE_SIZE);
}

static int dynamic_tables(inflater *s) {
    refill(s);
    unsigned litlen_count = take(s, 5) + 257, dist_count = take(s, 5) + 1, code_count = take(s, 4) + 4;
    if (litlen_count > 286 || dist_count > 30) return SR_ERR_DATA;
    uint8_t lengths[19 + 286 + 30] = {0};
    refill(s);
    for (unsigned i = 0; i < code_count; i++) lengths[code_length_order[i]] = (uint8_t)take(s, 3);
    entry_t code_table[1 << 7];
    if (build_table(code_table, 7, lengths, 19, code_length_entry, 1, 1 << 7) != 0) return SR_ERR_DATA;
    uint8_t *all = lengths + 19;
    unsigned total = litlen_count + dist_count;
    for (unsigned i = 0; i < total;) {
        refill(s);
        entry_t e = decode(s, code_table, 7);
        if (ENTRY_LITERALS(e) == 0) return SR_ERR_DATA;
        unsigned symbol = (e >> 8) & 0xFFu;
        if (symbol < 16) {
            all[i++] = (uint8_t)symbol;
            continue;
        }
        unsigned repeat, value = 0;
        if (symbol == 16) {
            if (i == 0) return SR_ERR_DATA;
            value = all[i - 1];
            repeat = 3 + take(s, 2);
        } else if (symbol == 17) {
            repeat = 3 + take(s, 3);
        } else {
            repeat = 11 + take(s, 7);
        }
        if (i + repeat > total) return SR_ERR_DATA;
        memset(all + i, (int)value, repeat);
        i += repeat;
    }
    if (all[256] == 0) return SR_ERR_DATA; /* no end-of-block code */
    if (litlen_table(s, all, litlen_count) != 0) return SR_ERR_DATA;
    if (build_table(s->dist, DIST_BITS, all + litlen_count, dist_count, dist_entry, 0, DIST_TABLE_SIZE) != 0)
        return SR_ERR_DATA;
    return SR_OK;
}

/* Copies `length` bytes from `distance` back; the caller checked both against the buffer. Whole
   words are copied when at least 8 bytes of room follow the copy. */
static inline void copy_match(inflater *s, unsigned length, unsigned distance) {
    uint8_t *out = s->out;
    const uint8_t *from = out - distance;
    uint8_t *end = out + length;
    if (distance >= 8 && s->out_end - end >= 8) {
        do {
            memcpy(out, from, 8);
            out += 8;
            from += 8;
        } while (out < end);
    } else if (distance == 1) {
        memset(out, *from, length);
    } else {
        while (out < end) *out++ = *from++;
    }
    s->out = end;
}

/* Writes the literals of entry `e`: four bytes at once when there is room, else one by one. */
static inline int put_literals(inflater *s, entry_t e) {
    unsigned count = ENTRY_LITERALS(e);
    uint32_t bytes = e >> 8;
    if (s->out_end - s->out >= 4) {
        memcpy(s->out, &bytes, 4); /* little-endian: the first literal first */
    } else {
        if (s->out_end - s->out < (ptrdiff_t)count) return SR_ERR_DATA;
        for (unsigned i = 0; i < count; i++) s->out[i] = (uint8_t)(bytes >> (8 * i));
    }
    s->out += count;
    return SR_OK;
}

static int huffman_block(inflater *s) {
    for (;;) {
        refill(s);
        entry_t e = decode(s, s->litlen, LITLEN_BITS);
        if (ENTRY_LITERALS(e)) {
            if (put_literals(s, e) != SR_OK) return SR_ERR_DATA;
            /* The buffer still holds at least 56 − 12 bits: enough for the next lookup's 12. */
            e = s->litlen[s->bits & ((1u << LITLEN_BITS) - 1)];
            if (!ENTRY_LITERALS(e)) continue;
            s->bits >>= ENTRY_BITS(e);
            s->count -= ENTRY_BITS(e);
            if (put_literals(s, e) != SR_OK) return SR_ERR_DATA;
            continue;
        }
        unsigned kind = ENTRY_KIND(e);
        if (kind == K_END) return SR_OK;
        if (kind != K_BASE) return SR_ERR_DATA;
        unsigned length = ENTRY_VALUE(e) + take(s, ENTRY_EXTRA(e));
        entry_t d = decode(s, s->dist, DIST_BITS);
        if (ENTRY_LITERALS(d) || ENTRY_KIND(d) != K_BASE) return SR_ERR_DATA;
        unsigned distance = ENTRY_VALUE(d) + take(s, ENTRY_EXTRA(d));
        if (distance > (size_t)(s->out - s->out_start) || length > (size_t)(s->out_end - s->out)) return SR_ERR_DATA;
        copy_match(s, length, distance);
    }
}

static int stored_block(inflater *s) {
    take(s, s->count & 7);
    /* Give back the whole bytes still buffered and read the header from the input. */
    size_t buffered = s->count >> 3;
    if (buffered < s->padding) return SR_ERR_DATA;
    s->in -= buffered - s->padding;
    s->padding = 0;
    s->bits = 0;
    s->count = 0;
    if (s->in_end - s->in < 4) return SR_ERR_DATA;
    unsigned length = s->in[0] | s->in[1] << 8, check = s->in[2] | s->in[3] << 8;
    s->in += 4;
    if ((length ^ 0xFFFFu) != check) return SR_ERR_DATA;
    if ((size_t)(s->in_end - s->in) < length || (size_t)(s->out_end - s->out) < length) return SR_ERR_DATA;
    memcpy(s->out, s->in, length);
    s->out += length;
    s->in += length;
    return SR_OK;
}

/* Whether more zero bytes were fed in than the bits still buffered: the stream was cut short. */
static inline int read_past_end(const inflater *s) { return s->padding * 8 > s->count; }

static int inflate_blocks(inflater *s) {
    for (;;) {
        refill(s);
        unsigned final = take(s, 1), type = take(s, 2);
        int status;
        if (type == 0) {
            status = stored_block(s);
        } else if (type == 1) {
            fixed_tables(s);
            status = huffman_block(s);
        } else if (type == 2) {
            status = dynamic_tables(s);
            if (status == SR_OK) status = huffman_block(s);
        } else {
            status = SR_ERR_DATA;
        }
        if (read_past_end(s)) return SR_ERR_TRUNCATED;
        if (status != SR_OK) return status;
        if (final) return SR_OK;
    }
}

int sr_inflate_zlib(const uint8_t *input, size_t input_count, uint8_t *output, size_t output_count,
                    uint32_t *checksum) {
    if (input_count < 6) return SR_ERR_DATA;
    unsigned cmf = input[0], flg = input[1];
    if ((cmf & 15) != 8 || (cmf >> 4) > 7 || (cmf << 8 | flg) % 31 != 0 || (flg & 0x20)) return SR_ERR_DATA;
    inflater *s = malloc(sizeof(inflater));
    if (!s) return SR_ERR_MEMORY;
    *s = (inflater){.in = input + 2, .in_end = input + input_count, .out_start = output, .out = output,
                    .out_end = output + output_count};
    int status = inflate_blocks(s);
    int short_output = s->out != s->out_end;
    /* Whole bytes still buffered were never used (inflate_blocks made sure they cover the zero
       bytes fed in); the Adler-32 of the output follows the stream. */
    const uint8_t *end = status == SR_OK ? s->in - ((s->count >> 3) - s->padding) : NULL;
    free(s);
    if (status != SR_OK) return status;
    if (short_output) return SR_ERR_DATA;
    if (input + input_count - end < 4) return SR_ERR_TRUNCATED;
    *checksum = (uint32_t)end[0] << 24 | (uint32_t)end[1] << 16 | (uint32_t)end[2] << 8 | end[3];
    return SR_OK;
}
