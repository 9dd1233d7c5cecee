#include "fastmap_simdjson.h"

#include <simdjson.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

// simdjson's On-Demand front end walking a whole document. Stage 1 (the SIMD pass that finds
// every structural character and checks UTF-8) runs in the library with the best
// implementation for the CPU; this file only steps through the tokens it indexed. Scalars are
// read as raw token text (raw_json_token: the token and the white space after it), never
// through simdjson's own number or string decoding, so the listener applies FastMap's rules.

namespace ondemand = simdjson::ondemand;

namespace {

// Documents up to this size keep the thread's parser and padded buffer for the next parse
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
    bool reserve(size_t length) {
        size_t needed = length + simdjson::SIMDJSON_PADDING;
        if (needed <= capacity) return true;
        std::free(bytes);
        bytes = static_cast<char *>(std::malloc(needed));
        capacity = bytes ? needed : 0;
        return bytes != nullptr;
    }
};

struct walker {
    const fm_simdjson_events *events;
    void *context;
    fm_simdjson_status status = FM_SIMDJSON_OK;

    bool stop() {
        status = FM_SIMDJSON_STOPPED;
        return false;
    }
    bool reject() {
        status = FM_SIMDJSON_REJECTED;
        return false;
    }
};

inline bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

inline std::string_view trimmed(std::string_view token) {
    while (!token.empty() && is_space(token.back())) token.remove_suffix(1);
    return token;
}

// The length of a key's raw text: raw points just past its opening quote, value_start at the
// first byte of the member's value. Between the two lie the key's closing quote, the colon and
// white space only: stage 1 found the colon outside every string, and On-Demand checked that it
// is the token right after the key (anything else between them would be a token of its own).
// So the closing quote is found by stepping back over the colon and the white space, without
// reading the key's text (a memchr per key, with its escape check, was 8% of the parse of
// github_events.json). SIZE_MAX if the bytes are not laid out so.
size_t key_length(const char *raw, const char *value_start) {
    const char *p = value_start - 1;
    while (p > raw && is_space(*p)) p--;
    if (p <= raw || *p != ':') return SIZE_MAX;
    p--;
    while (p >= raw && is_space(*p)) p--;
    if (p < raw || *p != '"') return SIZE_MAX;
    return static_cast<size_t>(p - raw);
}

// Values, arrays and objects go by reference (by value, each member's value was copied field by
// field into the call's frame; the profile showed that copy, the bench no difference).
bool walk_value(walker &w, ondemand::value &value, size_t depth);

bool walk_array(walker &w, ondemand::array &array, size_t depth) {
    if (!w.events->start_array(w.context)) return w.stop();
    for (auto element : array) {
        ondemand::value value;
        if (std::move(element).get(value) != simdjson::SUCCESS) return w.reject();
        if (!walk_value(w, value, depth)) return false;
    }
    return w.events->end_container(w.context) ? true : w.stop();
}

bool walk_object(walker &w, ondemand::object &object, size_t depth) {
    if (!w.events->start_object(w.context)) return w.stop();
    for (auto member : object) {
        ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return w.reject();
        const char *raw = field.key().raw();
        ondemand::value &value = field.value();
        size_t length = key_length(raw, value.raw_json_token().data());
        if (length == SIZE_MAX) return w.reject();
        if (!w.events->key(w.context, reinterpret_cast<const unsigned char *>(raw), length)) return w.stop();
        if (!walk_value(w, value, depth)) return false;
    }
    return w.events->end_container(w.context) ? true : w.stop();
}

bool walk_value(walker &w, ondemand::value &value, size_t depth) {
    ondemand::json_type type;
    if (value.type().get(type) != simdjson::SUCCESS) return w.reject();
    switch (type) {
        case ondemand::json_type::array: {
            if (depth >= FM_SIMDJSON_MAX_DEPTH) return w.reject();
            ondemand::array array;
            if (value.get_array().get(array) != simdjson::SUCCESS) return w.reject();
            return walk_array(w, array, depth + 1);
        }
        case ondemand::json_type::object: {
            if (depth >= FM_SIMDJSON_MAX_DEPTH) return w.reject();
            ondemand::object object;
            if (value.get_object().get(object) != simdjson::SUCCESS) return w.reject();
            return walk_object(w, object, depth + 1);
        }
        default: break;
    }
    // A scalar: its token runs to the next structural character; only white space may
    // separate the two (anything else starts a token of its own, which the enclosing
    // container then rejects as a missing comma).
    std::string_view token = trimmed(value.raw_json_token());
    switch (type) {
        case ondemand::json_type::string: {
            // Consumed, not only peeked at: skipping an unread string that a colon follows
            // would take it for a key and skip its "value" too (`["a":1]` would pass).
            ondemand::raw_json_string consumed;
            if (value.get_raw_json_string().get(consumed) != simdjson::SUCCESS) return w.reject();
            if (token.size() < 2 || token.back() != '"') return w.reject();
            return w.events->string(w.context, reinterpret_cast<const unsigned char *>(token.data() + 1),
                                    token.size() - 2)
                       ? true
                       : w.stop();
        }
        case ondemand::json_type::number:
            return w.events->number(w.context, token.data(), token.size()) ? true : w.stop();
        case ondemand::json_type::boolean:
            if (token == "true") return w.events->boolean(w.context, 1) ? true : w.stop();
            if (token == "false") return w.events->boolean(w.context, 0) ? true : w.stop();
            return w.reject();
        case ondemand::json_type::null:
            if (token == "null") return w.events->null_value(w.context) ? true : w.stop();
            return w.reject();
        default: return w.reject();
    }
}

fm_simdjson_status walk_document(ondemand::parser &parser, const char *bytes, size_t length, size_t capacity,
                                 walker &w) {
    ondemand::document document;
    if (parser.iterate(bytes, length, capacity).get(document) != simdjson::SUCCESS)
        return FM_SIMDJSON_REJECTED;
    ondemand::json_type type;
    if (document.type().get(type) != simdjson::SUCCESS) return FM_SIMDJSON_REJECTED;
    bool walked;
    if (type == ondemand::json_type::array) {
        ondemand::array array;
        if (document.get_array().get(array) != simdjson::SUCCESS) return FM_SIMDJSON_REJECTED;
        walked = walk_array(w, array, 1);
    } else if (type == ondemand::json_type::object) {
        ondemand::object object;
        if (document.get_object().get(object) != simdjson::SUCCESS) return FM_SIMDJSON_REJECTED;
        walked = walk_object(w, object, 1);
    } else {
        return FM_SIMDJSON_REJECTED;
    }
    if (!walked) return w.status;
    // Anything after the top-level value (`[1] 2`, `{}}`) is an error: only at the end of the
    // index has the document no current location.
    return document.current_location().error() == simdjson::OUT_OF_BOUNDS ? FM_SIMDJSON_OK
                                                                           : FM_SIMDJSON_REJECTED;
}

// The elements of the array `[` text `]` in the padded copy (text starts at buffer.bytes + 1):
// each one's offset in the text goes to `element` before its events.
fm_simdjson_status walk_elements(ondemand::parser &parser, const padded_buffer &buffer, size_t length,
                                 walker &w, int (*element)(void *context, size_t offset)) {
    ondemand::document document;
    ondemand::array array;
    if (parser.iterate(buffer.bytes, length, buffer.capacity).get(document) != simdjson::SUCCESS ||
        document.get_array().get(array) != simdjson::SUCCESS)
        return FM_SIMDJSON_REJECTED;
    for (auto item : array) {
        ondemand::value value;
        if (std::move(item).get(value) != simdjson::SUCCESS) return FM_SIMDJSON_REJECTED;
        // The token's first byte, peeked at without moving on (value.raw_json_token()).
        size_t offset = static_cast<size_t>(value.raw_json_token().data() - buffer.bytes) - 1;
        if (!element(w.context, offset)) return FM_SIMDJSON_STOPPED;
        if (!walk_value(w, value, 1)) return w.status;
    }
    return document.current_location().error() == simdjson::OUT_OF_BOUNDS ? FM_SIMDJSON_OK
                                                                           : FM_SIMDJSON_REJECTED;
}

// Whether the SIMDJSON_PADDING bytes after the input may be read in place: they lie in the
// page of its last byte (pages are 4 KiB or a multiple of it, and mapped whole), which holds
// for all but 1 in 64 inputs. simdjson reads up to that many bytes past the end of its input,
// and what they hold does not change the result: they need to be readable, not zero (see
// simdjson issue #1965). Reading them in place saves copying the whole document, 2-3% of
// decoding gsoc-2018.json. A sanitizer sees a read past the input's allocation (or, with
// ThreadSanitizer, of bytes another thread may be writing, which the result never depends on),
// so its builds copy.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define FM_SIMDJSON_COPIES_ALWAYS 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(FM_SIMDJSON_COPIES_ALWAYS)
#define FM_SIMDJSON_COPIES_ALWAYS 1
#endif

bool padding_is_readable(const unsigned char *bytes, size_t length) {
#if defined(FM_SIMDJSON_COPIES_ALWAYS)
    (void)bytes;
    (void)length;
    return false;
#else
    constexpr uintptr_t page = 4096;
    if (length == 0) return false;
    uintptr_t last = reinterpret_cast<uintptr_t>(bytes) + length - 1;
    return last / page == (last + simdjson::SIMDJSON_PADDING) / page;
#endif
}

// Documents read in place on this thread, for tests.
thread_local size_t in_place_documents = 0;

// The thread's parser and padded copy for documents up to kKeptCapacity.
thread_local ondemand::parser kept_parser;
thread_local padded_buffer kept_buffer;

}  // namespace

extern "C" fm_simdjson_status fm_simdjson_walk_elements(const unsigned char *bytes, size_t length,
                                                        const fm_simdjson_events *events,
                                                        int (*element)(void *context, size_t offset),
                                                        void *context) {
    // Callers keep windows far below kKeptCapacity: the thread's parser and copy serve.
    if (length + 2 > kKeptCapacity) return FM_SIMDJSON_REJECTED;
    walker w{events, context};
    padded_buffer &buffer = kept_buffer;
    if (!buffer.reserve(length + 2)) return FM_SIMDJSON_REJECTED;
    buffer.bytes[0] = '[';
    std::memcpy(buffer.bytes + 1, bytes, length);
    buffer.bytes[length + 1] = ']';
    std::memset(buffer.bytes + length + 2, 0, simdjson::SIMDJSON_PADDING);
    return walk_elements(kept_parser, buffer, length + 2, w, element);
}

extern "C" size_t fm_simdjson_kept_bytes(void) { return kept_buffer.capacity + kept_parser.capacity(); }

extern "C" size_t fm_simdjson_in_place_documents(void) { return in_place_documents; }

extern "C" int fm_simdjson_reads_in_place(void) {
#if defined(FM_SIMDJSON_COPIES_ALWAYS)
    return 0;
#else
    return 1;
#endif
}

extern "C" fm_simdjson_status fm_simdjson_walk(const unsigned char *bytes, size_t length,
                                               const fm_simdjson_events *events, void *context) {
    if (length > simdjson::SIMDJSON_MAXSIZE_BYTES) return FM_SIMDJSON_REJECTED;
    walker w{events, context};
    // Documents up to kKeptCapacity use the thread's parser and padded copy, larger ones their own.
    bool kept = length <= kKeptCapacity;
    ondemand::parser own_parser;
    ondemand::parser &parser = kept ? kept_parser : own_parser;
    if (padding_is_readable(bytes, length)) {
        in_place_documents++;
        return walk_document(parser, reinterpret_cast<const char *>(bytes), length,
                             length + simdjson::SIMDJSON_PADDING, w);
    }
    padded_buffer own_buffer;
    padded_buffer &buffer = kept ? kept_buffer : own_buffer;
    if (!buffer.reserve(length)) return FM_SIMDJSON_REJECTED;
    std::memcpy(buffer.bytes, bytes, length);
    std::memset(buffer.bytes + length, 0, simdjson::SIMDJSON_PADDING);
    return walk_document(parser, buffer.bytes, length, buffer.capacity, w);
}
