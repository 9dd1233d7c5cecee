#include "fastmap_simdjson.h"

#include <simdjson.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

// simdjson's stage 1 (the SIMD pass that finds every structural character and the start of
// every other token, and checks UTF-8, unescaped control characters and closed strings) runs in
// the library with the best implementation for the CPU; this file then walks the index of token
// starts it wrote, checking the grammar itself and reporting each token. Scalars are reported as
// raw token text (the bytes from the token's start to the next indexed start, less trailing
// white space), never through simdjson's own number or string decoding, so the listener applies
// FastMap's rules.
//
// The walk reads the index directly rather than through simdjson's On-Demand front end: On-Demand
// peeks at each value's type, then steps into it through iterator objects that check their own
// position again at every step, which was 36% of parsing github_events.json (stage 1 was 11%). A
// token's place in the grammar is all the index needs to tell: a value starts with `{`, `[`, `"`,
// a letter or a digit; an object member is a string, `:` and a value; `,` or a closing bracket
// follows every value, and with trailing commas allowed a closing bracket may follow the comma
// after a value too. Anything else is FM_SIMDJSON_REJECTED, which the callers give to yajl.

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

    // Indexes bytes[0..<length] (readable up to length + SIMDJSON_PADDING); false when simdjson
    // refuses the text (malformed UTF-8, an unescaped control character or an unclosed string,
    // no token at all) or cannot make room for it.
    bool index(const char *bytes, size_t length) {
        // Stage 2 never runs: the depth-sized stacks simdjson keeps for it stay at their smallest.
        constexpr size_t unused_depth = 1;
        if (length > simdjson::SIMDJSON_MAXSIZE_BYTES) return false;
        if (!stage1 && simdjson::get_active_implementation()->create_dom_parser_implementation(
                           0, unused_depth, stage1) != simdjson::SUCCESS)
            return false;
        if (length > stage1->capacity() && stage1->allocate(length, unused_depth) != simdjson::SUCCESS) return false;
        return stage1->stage1(reinterpret_cast<const uint8_t *>(bytes), length,
                              simdjson::stage1_mode::regular) == simdjson::SUCCESS;
    }
};

struct walker {
    const fm_simdjson_events *events;
    void *context;
    const char *bytes;
    const uint32_t *starts;  // the token starts stage 1 found, then the document's length twice
    uint32_t count;          // how many tokens
    // Inside a skipped value, the open containers past which a container is rejected: the
    // listener's limit (see fm_simdjson_walk), which cannot refuse it itself, and never more
    // than FM_SIMDJSON_MAX_DEPTH, the walk's own limit (it recurses).
    size_t skipped_depth_limit;
    // Whether a closing bracket may follow the comma after an array's last element or an
    // object's last member (`[1,]`, `{"a":1,}`): the dialect's trailing commas, read here in the
    // one walk rather than by blanking them and walking the text again.
    bool trailing_commas = false;
    uint32_t next = 0;  // the next token to read
    fm_simdjson_status status = FM_SIMDJSON_OK;

    bool stop() {
        status = FM_SIMDJSON_STOPPED;
        return false;
    }
    bool reject() {
        status = FM_SIMDJSON_REJECTED;
        return false;
    }
    // The first byte of the next token, 0 past the last one (the bytes after the document are
    // padding, whatever they hold).
    char peek() const { return next < count ? bytes[starts[next]] : 0; }
    // Takes the next token when it starts with c.
    bool take(char c) {
        if (peek() != c) return false;
        next++;
        return true;
    }
    // Takes a comma that goes on to another element or member: not one that trailing commas let
    // `close` follow. Only a comma after a value gets here, so `[,]`, `[1,,]` and `{"a":,}` are
    // still rejected, where the value is missing.
    bool take_separator(char close) {
        if (!take(',')) return false;
        return !(trailing_commas && peek() == close);
    }
    // The text of a token (one before `count`): from its start up to the next token's start (the
    // document's length after the last), without the white space before that.
    std::string_view text(uint32_t token) const {
        uint32_t start = starts[token], end = starts[token + 1];
        while (end > start && is_space(bytes[end - 1])) end--;
        return std::string_view(bytes + start, end - start);
    }
    // A string token's raw text between its quotes, or an empty view with a null data pointer
    // when the token is not one string: stage 1 indexes every opening quote and nothing inside a
    // string, so the token is the whole string exactly when its last byte is the closing quote (a
    // byte after the closing quote other than white space would end it otherwise).
    std::string_view string(uint32_t token) const {
        std::string_view quoted = text(token);
        if (quoted.size() < 2 || quoted.back() != '"') return std::string_view();
        return quoted.substr(1, quoted.size() - 2);
    }

    static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
};

// Walks one value. Building, every token goes to the listener. Skipping (a value the listener
// turned down with FM_SIMDJSON_SKIP_VALUE from its key), the same grammar is checked and only
// what the listener would have rejected is asked of it (escapes, a number's grammar), so a
// document fails exactly as if each token had been reported; the nesting counts towards the
// listener's depth limit as well. Reporting each token of a skipped value to a listener that
// only ignored it (and kept count of the skip) cost 1.5% of decoding twitter.json and 2% of the
// 2-of-6-keys records.
template <bool Skipping> bool walk_container(walker &w, size_t depth, char first);

// Member values skipped on this thread, for tests.
thread_local size_t skipped_values = 0;

enum atom_kind { atom_none, atom_true, atom_false, atom_null };

// Four bytes as one word, in memory order.
uint32_t word_at(const char *bytes) {
    uint32_t word;
    std::memcpy(&word, bytes, sizeof word);
    return word;
}

// Which of true, false and null a token's text is, by its length and one four-byte compare:
// three string compares were a call to memcmp each (1.6% of decoding twitter.json).
atom_kind atom(std::string_view text) {
    if (text.size() == 4) {
        uint32_t word = word_at(text.data());
        if (word == word_at("true")) return atom_true;
        if (word == word_at("null")) return atom_null;
    } else if (text.size() == 5 && text[0] == 'f' && word_at(text.data() + 1) == word_at("alse")) {
        return atom_false;
    }
    return atom_none;
}

// One scalar token, `first` its first byte (no bracket).
template <bool Skipping>
__attribute__((always_inline)) inline bool walk_scalar(walker &w, uint32_t token, char first) {
    switch (first) {
        case '"': {
            std::string_view raw = w.string(token);
            if (raw.data() == nullptr) return w.reject();
            auto text = reinterpret_cast<const unsigned char *>(raw.data());
            int heard = Skipping ? w.events->check_string(w.context, text, raw.size())
                                 : w.events->string(w.context, text, raw.size());
            return heard ? true : w.stop();
        }
        case 't':
        case 'f':
        case 'n': {
            atom_kind kind = atom(w.text(token));
            if (kind == atom_none) return w.reject();
            if (Skipping) return true;
            if (kind == atom_null) return w.events->null_value(w.context) ? true : w.stop();
            return w.events->boolean(w.context, kind == atom_true) ? true : w.stop();
        }
        default: {
            // A number: only its first byte is known here, the listener checks the grammar.
            if (first != '-' && (first < '0' || first > '9')) return w.reject();
            std::string_view text = w.text(token);
            int heard = Skipping ? w.events->check_number(w.context, w.bytes, text.data(), text.size())
                                 : w.events->number(w.context, w.bytes, text.data(), text.size());
            return heard ? true : w.stop();
        }
    }
}

// The next value: a scalar walked here, a container through walk_container. Inlined into the
// loops of arrays and objects: a call for each scalar was 7% of the instructions of decoding an
// outline of canada.json and 12% of mesh.json's batches alone, where the walk skips arrays of
// numbers.
template <bool Skipping> __attribute__((always_inline)) inline bool walk_value(walker &w, size_t depth) {
    if (w.next >= w.count) return w.reject();
    uint32_t token = w.next++;
    char first = w.bytes[w.starts[token]];
    if (first == '[' || first == '{') return walk_container<Skipping>(w, depth, first);
    return walk_scalar<Skipping>(w, token, first);
}

template <bool Skipping> bool walk_array(walker &w, size_t depth) {
    if (!Skipping && !w.events->start_array(w.context)) return w.stop();
    if (!w.take(']')) {
        do {
            if (!walk_value<Skipping>(w, depth)) return false;
        } while (w.take_separator(']'));
        if (!w.take(']')) return w.reject();
    }
    return Skipping || w.events->end_container(w.context) ? true : w.stop();
}

template <bool Skipping> bool walk_object(walker &w, size_t depth) {
    if (!Skipping && !w.events->start_object(w.context)) return w.stop();
    if (!w.take('}')) {
        do {
            if (w.peek() != '"') return w.reject();
            std::string_view key = w.string(w.next);
            if (key.data() == nullptr) return w.reject();
            w.next++;
            if (!w.take(':')) return w.reject();
            auto raw = reinterpret_cast<const unsigned char *>(key.data());
            int heard = Skipping ? w.events->check_string(w.context, raw, key.size())
                                 : w.events->key(w.context, raw, key.size());
            if (!heard) return w.stop();
            bool skips = !Skipping && heard == FM_SIMDJSON_SKIP_VALUE;
            if (skips) skipped_values++;
            if (!(Skipping || skips ? walk_value<true>(w, depth) : walk_value<false>(w, depth))) return false;
        } while (w.take_separator('}'));
        if (!w.take('}')) return w.reject();
    }
    return Skipping || w.events->end_container(w.context) ? true : w.stop();
}

// An array or object, `first` its opening bracket, one level below `depth`.
template <bool Skipping> bool walk_container(walker &w, size_t depth, char first) {
    if (depth >= (Skipping ? w.skipped_depth_limit : FM_SIMDJSON_MAX_DEPTH)) return w.reject();
    return first == '[' ? walk_array<Skipping>(w, depth + 1) : walk_object<Skipping>(w, depth + 1);
}

// `skipped_depth_limit`: the listener's limit, counted in the walk's levels.
walker walker_over(token_index &index, const char *bytes, const fm_simdjson_events *events, size_t skipped_depth_limit,
                   void *context) {
    size_t limit = FM_SIMDJSON_MAX_DEPTH;
    return walker{events,
                  context,
                  bytes,
                  index.stage1->structural_indexes.get(),
                  index.stage1->n_structural_indexes,
                  skipped_depth_limit < limit ? skipped_depth_limit : limit};
}

fm_simdjson_status walk_document(token_index &index, const char *bytes, size_t length,
                                 const fm_simdjson_events *events, size_t max_depth, bool trailing_commas,
                                 void *context) {
    if (!index.index(bytes, length)) return FM_SIMDJSON_REJECTED;
    walker w = walker_over(index, bytes, events, max_depth, context);
    w.trailing_commas = trailing_commas;
    // Every value or key but the last of its container has a comma or colon after it, and a
    // container has two brackets: a value or key per two tokens, rounded up for the top level's.
    if (events->values) events->values(context, (static_cast<size_t>(w.count) + 1) / 2);
    // The top-level value must be an array or an object (scalars are yajl's), and nothing may
    // follow it (`[1] 2`, `{}}`).
    char first = w.peek();
    if (first != '[' && first != '{') return FM_SIMDJSON_REJECTED;
    if (!walk_value<false>(w, 0)) return w.status;
    return w.next == w.count ? FM_SIMDJSON_OK : FM_SIMDJSON_REJECTED;
}

// The elements of the array `[` text `]` in bytes[0..<length] (the text starts at byte 1): each
// one's offset in the text goes to `element` before its events.
fm_simdjson_status walk_elements(token_index &index, const char *bytes, size_t length,
                                 const fm_simdjson_events *events, size_t max_depth, void *context,
                                 int (*element)(void *context, size_t offset)) {
    if (!index.index(bytes, length)) return FM_SIMDJSON_REJECTED;
    // The elements are walked inside the array the window is wrapped in, one level down.
    walker w = walker_over(index, bytes, events, max_depth < FM_SIMDJSON_MAX_DEPTH ? max_depth + 1 : max_depth, context);
    if (!w.take('[') || w.peek() == ']') return FM_SIMDJSON_REJECTED;
    do {
        if (w.next >= w.count) return FM_SIMDJSON_REJECTED;
        size_t offset = static_cast<size_t>(w.starts[w.next]) - 1;
        if (!element(w.context, offset)) return FM_SIMDJSON_STOPPED;
        if (!walk_value<false>(w, 1)) return w.status;
    } while (w.take(','));
    if (!w.take(']')) return FM_SIMDJSON_REJECTED;
    return w.next == w.count ? FM_SIMDJSON_OK : FM_SIMDJSON_REJECTED;
}

// The thread's index and padded copy for documents up to kKeptCapacity.
thread_local token_index kept_index;
thread_local padded_buffer kept_buffer;

}  // namespace

extern "C" fm_simdjson_status fm_simdjson_walk_elements(const unsigned char *bytes, size_t length,
                                                        const fm_simdjson_events *events, size_t max_depth,
                                                        int (*element)(void *context, size_t offset),
                                                        void *context) {
    // Callers keep windows far below kKeptCapacity: the thread's index and copy serve.
    if (length + 2 > kKeptCapacity) return FM_SIMDJSON_REJECTED;
    padded_buffer &buffer = kept_buffer;
    if (!buffer.make_room(length + 2)) return FM_SIMDJSON_REJECTED;
    buffer.bytes[0] = '[';
    std::memcpy(buffer.bytes + 1, bytes, length);
    buffer.bytes[length + 1] = ']';
    std::memset(buffer.bytes + length + 2, 0, simdjson::SIMDJSON_PADDING);
    return walk_elements(kept_index, buffer.bytes, length + 2, events, max_depth, context, element);
}

extern "C" size_t fm_simdjson_kept_bytes(void) { return kept_buffer.capacity + kept_index.capacity(); }

extern "C" size_t fm_simdjson_skipped_values(void) { return skipped_values; }

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

extern "C" fm_simdjson_status fm_simdjson_walk(const unsigned char *bytes, size_t length,
                                               const fm_simdjson_events *events, size_t max_depth,
                                               int trailing_commas, void *context) {
    if (length > simdjson::SIMDJSON_MAXSIZE_BYTES) return FM_SIMDJSON_REJECTED;
    bool kept = length <= kKeptCapacity;
    token_index own_index;
    token_index &index = kept ? kept_index : own_index;
    return walk_document(index, reinterpret_cast<const char *>(bytes), length, events, max_depth,
                         trailing_commas != 0, context);
}
