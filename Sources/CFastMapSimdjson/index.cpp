#include "fastmap_simdjson.h"

#include <simdjson.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

// simdjson's stage 1 (the SIMD pass that finds every structural character and the start of
// every other token, and checks UTF-8, unescaped control characters and closed strings) runs in
// the library with the best implementation for the CPU, and hands its index of token starts to
// CFastMap's walk (walk.c), which checks the grammar itself and reads every scalar from its raw
// text by FastMap's rules. Nothing of simdjson's own number or string decoding, or of its
// front ends, is used: On-Demand peeks at each value's type, then steps into it through iterator
// objects that check their own position again at every step, which was 36% of parsing
// github_events.json (stage 1 was 11%).

namespace {

// Documents up to this size keep the thread's stage-1 index and padded buffer for the next parse
// (most parses are of similar sizes); larger ones get their own, freed at once, so one huge
// document does not pin its index and copy to the thread for good. A thread keeps at most
// about five times this much (the copy and simdjson's index of it): 20 MB on each thread that
// parsed a 4 MiB document, since simdjson is the default engine and every event-loop and
// task thread of a server may parse.
constexpr size_t kKeptCapacity = size_t(4) << 20;

struct padded_buffer {
    char *bytes = nullptr;
    size_t capacity = 0;
    ~padded_buffer() { std::free(bytes); }
    bool make_room(size_t length) {
        size_t needed = length + simdjson::SIMDJSON_PADDING;
        if (needed <= capacity) return true;
        std::free(bytes);
        bytes = static_cast<char *>(std::malloc(needed));
        capacity = bytes ? needed : 0;
        return bytes != nullptr;
    }
};

// simdjson's stage 1 for the CPU, with its index sized for documents up to capacity() bytes.
struct token_index {
    std::unique_ptr<simdjson::internal::dom_parser_implementation> stage1;

    size_t capacity() const { return stage1 ? stage1->capacity() : 0; }

    // Indexes bytes[0..<length] (readable up to length + SIMDJSON_PADDING; length at most
    // fm_simdjson_largest_text, which fm_simdjson_index_text checks); false when simdjson
    // refuses the text (malformed UTF-8, an unescaped control character or an unclosed string,
    // no token at all) or cannot make room for it.
    bool index(const char *bytes, size_t length) {
        // Stage 2 never runs: the depth-sized stacks simdjson keeps for it stay at their smallest.
        constexpr size_t unused_depth = 1;
        if (!stage1 && simdjson::get_active_implementation()->create_dom_parser_implementation(
                           0, unused_depth, stage1) != simdjson::SUCCESS)
            return false;
        if (length > stage1->capacity() && stage1->allocate(length, unused_depth) != simdjson::SUCCESS) return false;
        return stage1->stage1(reinterpret_cast<const uint8_t *>(bytes), length,
                              simdjson::stage1_mode::regular) == simdjson::SUCCESS;
    }
};

// The thread's index and padded copy for documents up to kKeptCapacity.
thread_local token_index kept_index;
thread_local padded_buffer kept_buffer;

}  // namespace

extern "C" size_t fm_simdjson_largest_text(void) { return simdjson::SIMDJSON_MAXSIZE_BYTES; }

extern "C" size_t fm_simdjson_kept_bytes(void) { return kept_buffer.capacity + kept_index.capacity(); }

static_assert(simdjson::SIMDJSON_PADDING <= 64, "a document's adopted text has 64 bytes of padding");

extern "C" size_t fm_simdjson_implementation(char *name, size_t capacity) {
    // A copy: simdjson 3.0 returns a reference to the name, simdjson 4 a string of its own.
    std::string active = simdjson::get_active_implementation()->name();
    if (capacity > 0) {
        size_t copied = active.size() < capacity - 1 ? active.size() : capacity - 1;
        std::memcpy(name, active.data(), copied);
        name[copied] = 0;
    }
    return active.size();
}

extern "C" int fm_simdjson_index_text(const unsigned char *bytes, size_t length, fm_simdjson_index *index) {
    index->starts = nullptr;
    index->count = 0;
    index->own = nullptr;
    if (length > fm_simdjson_largest_text()) return 0;
    token_index *used = &kept_index;
    if (length > kKeptCapacity) {
        used = new (std::nothrow) token_index();
        if (!used) return 0;
        index->own = used;
    }
    if (!used->index(reinterpret_cast<const char *>(bytes), length)) return 0;
    index->starts = used->stage1->structural_indexes.get();
    index->count = used->stage1->n_structural_indexes;
    return 1;
}

extern "C" void fm_simdjson_index_release(fm_simdjson_index *index) {
    delete static_cast<token_index *>(index->own);
    index->own = nullptr;
}

extern "C" int fm_simdjson_index_elements(const unsigned char *bytes, size_t length, const unsigned char **text,
                                          fm_simdjson_index *index) {
    index->starts = nullptr;
    index->count = 0;
    index->own = nullptr;
    // Callers keep windows far below kKeptCapacity: the thread's index and copy serve.
    if (length + 2 > kKeptCapacity) return 0;
    padded_buffer &buffer = kept_buffer;
    if (!buffer.make_room(length + 2)) return 0;
    buffer.bytes[0] = '[';
    std::memcpy(buffer.bytes + 1, bytes, length);
    buffer.bytes[length + 1] = ']';
    std::memset(buffer.bytes + length + 2, 0, simdjson::SIMDJSON_PADDING);
    *text = reinterpret_cast<const unsigned char *>(buffer.bytes);
    return fm_simdjson_index_text(*text, length + 2, index);
}
