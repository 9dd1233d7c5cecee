#include "internal.h"

#include <string.h>

// Strict UTF-8 (RFC 3629): yajl's own check lets overlong forms, encoded surrogates and code
// points above U+10FFFF through, and Swift would silently repair those into U+FFFD.
size_t fm_utf8_validate(const unsigned char *bytes, size_t length) {
    size_t i = 0;
    while (i < length) {
        // Most JSON text is ASCII: skip eight bytes at a time while no high bit is set.
        while (i + 8 <= length) {
            uint64_t word;
            memcpy(&word, bytes + i, 8);
            if (word & 0x8080808080808080ULL) break;
            i += 8;
        }
        if (i >= length) break;
        unsigned char c = bytes[i];
        if (c < 0x80) {
            i += 1;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            if (i + 1 >= length || (bytes[i + 1] & 0xC0) != 0x80) return i;
            i += 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            if (i + 2 >= length) return i;
            unsigned char c1 = bytes[i + 1], c2 = bytes[i + 2];
            if ((c1 & 0xC0) != 0x80 || (c2 & 0xC0) != 0x80) return i;
            if (c == 0xE0 && c1 < 0xA0) return i;  // overlong
            if (c == 0xED && c1 > 0x9F) return i;  // UTF-16 surrogate
            i += 3;
        } else if (c >= 0xF0 && c <= 0xF4) {
            if (i + 3 >= length) return i;
            unsigned char c1 = bytes[i + 1], c2 = bytes[i + 2], c3 = bytes[i + 3];
            if ((c1 & 0xC0) != 0x80 || (c2 & 0xC0) != 0x80 || (c3 & 0xC0) != 0x80) return i;
            if (c == 0xF0 && c1 < 0x90) return i;  // overlong
            if (c == 0xF4 && c1 > 0x8F) return i;  // above U+10FFFF
            i += 4;
        } else {
            return i;
        }
    }
    return length;
}

int fm_yajl_config(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}
