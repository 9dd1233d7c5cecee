#include "walk.h"

#include <stdlib.h>

#include "builder_strings.h"
#include "document_writer.h"
#include "fastmap_simdjson.h"
#include "sparse_lookup.h"

// simdjson's stage 1 (CFastMapSimdjson) finds the start of every token; this file walks that
// index, checking the grammar itself: a value starts with `{`, `[`, `"`, a letter or a digit; an
// object member is a string, `:` and a value; `,` or a closing bracket follows every value, and
// with trailing commas allowed a closing bracket may follow the comma after a value too.
// Scalars are read from their raw token text (the bytes from the token's start to the next
// token's start, less trailing white space), never through simdjson's own number or string
// decoding, so FastMap's rules apply.
//
// One walk, four ways, each compiled on its own from the same functions (the mode is a
// constant wherever it is read):
//
// - WRITING, a whole document: each value goes straight to the writer's inline steps
//   (document_writer.h) by the builder's rules (numbers by their shape, the first of two equal
//   keys wins, the nesting limit); strings and keys lie in the document's own text, which has no
//   memory limit (fm_writer_put_held_text). Reporting each token to the builder, which
//   called the writer, cost parsing twitter.json 18% of its instructions and a fifth of its time
//   (976 -> 1,255 MB/s; citm_catalog.json 1,138 -> 1,450, gsoc-2018.json 1,750 -> 2,020).
// - FILTERING, a whole document under a sparse schema (fastmap_sparse.h): written as in
//   WRITING, but an object keeps only the members its schema node names (the others' values are
//   walked SKIPPING), and a container the schema keeps whole is walked WRITING; each filtered
//   container is marked with its node, as the builder marks it (builder_sparse.c).
// - REPORTING, to a listener (fm_walk_events): a stream's window.
// - SKIPPING, a value a listener turned down from its key (FM_WALK_SKIP_VALUE): the same grammar
//   is checked, and what every listener would have rejected is rejected here (a string's
//   escapes, a number's grammar), so a document fails exactly as if each token had been
//   reported; the nesting counts towards the listener's limit as well.

typedef enum walk_mode { WRITING, FILTERING, REPORTING, SKIPPING } walk_mode;

// A container open under a schema (FILTERING): its node, and its hint slot (fm_sparse_hints).
typedef struct walk_filter {
    uint32_t node;
    uint32_t hint;
} walk_filter;

typedef struct walk {
    const unsigned char *bytes;
    const uint32_t *starts;  // the token starts, then the text's length twice
    uint32_t count;
    uint32_t next;  // the next token to read
    // Containers open at most: the writer's nesting limit when writing, the walk's own when
    // reporting (the listener has its own), the listener's when skipping (it cannot refuse
    // what it is not told); never more than FM_WALK_MAX_DEPTH.
    size_t depth_limit;
    size_t skipped_depth_limit;
    int trailing_commas;
    // WRITING, FILTERING
    fm_writer *writer;
    const fm_doc *doc;
    fm_string_scratch scratch;
    // FILTERING: the schema, the filter of each open container by its depth (as `objects`), and
    // the schema node of the value after the key just walked.
    const fm_sparse_schema *schema;
    fm_sparse_hints hints;
    walk_filter *filters;
    uint32_t member_schema;
    // REPORTING, SKIPPING
    const fm_walk_events *events;
    void *context;
    // Whether each open container is an object (1) or an array, by its depth (walk_value).
    unsigned char objects[FM_WALK_MAX_DEPTH];
} walk;

static _Thread_local size_t skipped_values;

size_t fm_walk_skipped_values(void) { return skipped_values; }

// MARK: Tokens

// The first byte of the next token, 0 past the last one (the bytes after the text are padding,
// whatever they hold).
static inline unsigned char peek(const walk *k) { return k->next < k->count ? k->bytes[k->starts[k->next]] : 0; }

// Takes the next token when it starts with c.
static inline int take(walk *k, unsigned char c) {
    if (peek(k) != c) return 0;
    k->next++;
    return 1;
}

// Takes a comma that goes on to another element or member: not one that trailing commas let
// `close` follow. Only a comma after a value gets here, so `[,]`, `[1,,]` and `{"a":,}` are
// still refused, where the value is missing.
static inline int take_separator(walk *k, unsigned char close) {
    if (!take(k, ',')) return 0;
    return !(k->trailing_commas && peek(k) == close);
}

// The length of a token's text: up to the next token's start, less the white space before it.
static inline __attribute__((always_inline)) size_t token_length(const walk *k, uint32_t token) {
    uint32_t start = k->starts[token], end = k->starts[token + 1];
    while (end > start && fm_is_json_space(k->bytes[end - 1])) end--;
    return end - start;
}

// A string token's raw text between its quotes, or NULL when the token is not one string: stage 1
// indexes every opening quote and nothing inside a string, so the token is the whole string
// exactly when its last byte is the closing quote (a byte after the closing quote other than
// white space would end it otherwise).
static inline __attribute__((always_inline)) const unsigned char *raw_string(const walk *k, uint32_t token,
                                                                             size_t *length) {
    const unsigned char *quoted = k->bytes + k->starts[token];
    size_t quoted_length = token_length(k, token);
    if (quoted_length < 2 || quoted[quoted_length - 1] != '"') return NULL;
    *length = quoted_length - 2;
    return quoted + 1;
}

// Four bytes as one word, in memory order.
static inline uint32_t word_at(const unsigned char *bytes) {
    uint32_t word;
    memcpy(&word, bytes, sizeof word);
    return word;
}

enum { NOT_A_LITERAL, LITERAL_TRUE, LITERAL_FALSE, LITERAL_NULL };

// Which of true, false and null a token's text is, by its length and one four-byte compare.
static inline __attribute__((always_inline)) int literal(const walk *k, uint32_t token) {
    const unsigned char *text = k->bytes + k->starts[token];
    size_t length = token_length(k, token);
    if (length == 4) {
        uint32_t word = word_at(text);
        if (word == word_at((const unsigned char *)"true")) return LITERAL_TRUE;
        if (word == word_at((const unsigned char *)"null")) return LITERAL_NULL;
    } else if (length == 5 && text[0] == 'f' && word_at(text + 1) == word_at((const unsigned char *)"alse")) {
        return LITERAL_FALSE;
    }
    return NOT_A_LITERAL;
}

// MARK: Scalars

// A number, written (fm_writer_put_number) once its grammar is checked.
static inline int write_number(walk *k, const char *text, size_t length) {
    uint64_t magnitude = 0;
    unsigned fraction = 0;
    fm_number_shape shape = fm_json_number_shape_in((const char *)k->bytes, text, length, &magnitude, &fraction);
    return shape != FM_NUMBER_INVALID && fm_writer_put_number(k->writer, text, length, shape, magnitude, fraction);
}

// One scalar token, `first` its first byte (no bracket).
static inline __attribute__((always_inline)) int walk_scalar(walk *k, uint32_t token, unsigned char first,
                                                             walk_mode mode) {
    switch (first) {
        case '"': {
            size_t length;
            const unsigned char *raw = raw_string(k, token, &length);
            if (!raw) return 0;
            if (mode == SKIPPING) return fm_simdjson_string_valid(raw, length);
            if (mode == REPORTING) return k->events->string(k->context, raw, length);
            size_t count;
            const unsigned char *bytes = fm_simdjson_string_bytes(&k->scratch, k->doc, raw, length, &count);
            return bytes && fm_writer_put_held_text(k->writer, FM_CELL_STRING, bytes, count, 1);
        }
        case 't':
        case 'f':
        case 'n': {
            int kind = literal(k, token);
            if (kind == NOT_A_LITERAL) return 0;
            if (mode == SKIPPING) return 1;
            if (mode == REPORTING)
                return kind == LITERAL_NULL ? k->events->null_value(k->context)
                                            : k->events->boolean(k->context, kind == LITERAL_TRUE);
            return fm_writer_put_scalar(k->writer,
                                        kind == LITERAL_NULL   ? FM_CELL_NULL
                                        : kind == LITERAL_TRUE ? FM_CELL_TRUE
                                                               : FM_CELL_FALSE,
                                        0);
        }
        default: {
            // A number: only its first byte is known here, its reader checks the grammar.
            if (first != '-' && (first < '0' || first > '9')) return 0;
            const char *text = (const char *)k->bytes + k->starts[token];
            size_t length = token_length(k, token);
            if (mode == SKIPPING)
                return fm_json_number_shape_in((const char *)k->bytes, text, length, NULL, NULL) != FM_NUMBER_INVALID;
            if (mode == REPORTING) return k->events->number(k->context, (const char *)k->bytes, text, length);
            return write_number(k, text, length);
        }
    }
}

// MARK: Values

static int walk_skipped(walk *k, size_t depth);

// Opens a container, `object` or array.
static inline __attribute__((always_inline)) int open_container(walk *k, int object, walk_mode mode) {
    if (mode == WRITING || mode == FILTERING) return fm_writer_open(k->writer, object ? FM_CELL_OBJECT : FM_CELL_ARRAY);
    if (mode == REPORTING) return object ? k->events->start_object(k->context) : k->events->start_array(k->context);
    return 1;
}

static inline __attribute__((always_inline)) int close_container(walk *k, walk_mode mode) {
    if (mode == WRITING || mode == FILTERING) return fm_writer_close(k->writer);
    return mode == SKIPPING || k->events->end_container(k->context);
}

// A member's key, up to its colon: 1 when its value is to be walked as usual, 2 when it was
// walked skipped (a listener turned the key down), 0 when refused.
static inline __attribute__((always_inline)) int walk_key(walk *k, size_t depth, walk_mode mode) {
    if (peek(k) != '"') return 0;
    size_t length;
    const unsigned char *raw = raw_string(k, k->next++, &length);
    if (!raw || !take(k, ':')) return 0;
    if (mode == SKIPPING) return fm_simdjson_string_valid(raw, length);
    if (mode == REPORTING) {
        int heard = k->events->key(k->context, raw, length);
        if (heard != FM_WALK_SKIP_VALUE) return heard != 0;
        skipped_values++;
        return walk_skipped(k, depth) ? 2 : 0;
    }
    size_t count;
    const unsigned char *key = fm_simdjson_string_bytes(&k->scratch, k->doc, raw, length, &count);
    if (!key) return 0;
    if (mode == FILTERING) {
        walk_filter *filter = &k->filters[depth - 1];
        if (!fm_sparse_member_schema(k->schema, &k->hints, filter->node, &filter->hint, key, count,
                                     &k->member_schema)) {
            skipped_values++;
            return walk_skipped(k, depth) ? 2 : 0;
        }
    }
    // A repeated key's member is written, then dropped by the writer: the first one wins.
    return fm_writer_put_key(k->writer, key, count, 1) != FM_WRITE_FAILED;
}

// The schema node of the container that starts the next value, with `depth` filtered containers
// open around it: FM_SPARSE_KEEP when the schema keeps it whole.
static inline __attribute__((always_inline)) uint32_t next_filter(const walk *k, size_t depth) {
    uint32_t node = depth == 0                ? 0
                    : k->objects[depth - 1]   ? k->member_schema
                                              : k->schema->nodes[k->filters[depth - 1].node].element;
    return fm_sparse_container_filter(k->schema, node);
}

// One whole value from the next token, with `outer` containers open around it; 0 when the text,
// the nesting limit or the listener refuse it. A loop, not a recursion: the containers open
// inside the value are remembered in `objects`, and a document nested as deep as the limit
// costs no stack (a frame per level overflowed the stack of a sanitizer build at 500 levels).
// The loop's steps are inlined: a call for each scalar was 7% of the instructions of decoding
// an outline of canada.json and 12% of mesh.json's batches alone, where the walk skips arrays of
// numbers.
static int walk_writing(walk *k, size_t outer);

static inline __attribute__((always_inline)) int walk_value(walk *k, size_t outer, walk_mode mode) {
    size_t depth = outer;  // containers open
    size_t limit = mode == SKIPPING ? k->skipped_depth_limit : k->depth_limit;
    for (;;) {
        // A value.
        if (k->next >= k->count) return 0;
        uint32_t token = k->next++;
        unsigned char first = k->bytes[k->starts[token]];
        uint32_t filter = 0;
        if ((first == '[' || first == '{') && mode == FILTERING && (filter = next_filter(k, depth)) == FM_SPARSE_KEEP) {
            // Kept whole: written as a whole document's values are.
            k->next = token;
            if (!walk_writing(k, depth)) return 0;
        } else if (first == '[' || first == '{') {
            int object = first == '{';
            if (depth >= limit || !open_container(k, object, mode)) return 0;
            if (mode == FILTERING) {
                fm_writer_mark(k->writer, filter + 1);
                k->filters[depth] = (walk_filter){filter, fm_sparse_object_hint(k->schema, &k->hints, filter)};
            }
            k->objects[depth++] = (unsigned char)object;
            if (!take(k, object ? '}' : ']')) {
                if (!object) continue;  // the first element
                int key = walk_key(k, depth, mode);
                if (key == 1) continue;  // the first member's value
                if (key == 0) return 0;
            } else {
                depth--;
                if (!close_container(k, mode)) return 0;
            }
        } else if (!walk_scalar(k, token, first, mode)) {
            return 0;
        }
        // After a value: the next element or member of its container, or the container's end
        // (and then after that container as after a value).
        for (;;) {
            if (depth == outer) return 1;
            int object = k->objects[depth - 1];
            unsigned char close = object ? '}' : ']';
            if (take_separator(k, close)) {
                if (!object) break;
                int key = walk_key(k, depth, mode);
                if (key == 1) break;
                if (key == 0) return 0;
                continue;  // a skipped member's value was walked
            }
            if (!take(k, close)) return 0;
            depth--;
            if (!close_container(k, mode)) return 0;
        }
    }
}

static int walk_writing(walk *k, size_t outer) { return walk_value(k, outer, WRITING); }

static int walk_filtering(walk *k, size_t outer) { return walk_value(k, outer, FILTERING); }

static int walk_reporting(walk *k, size_t outer) { return walk_value(k, outer, REPORTING); }

// A member value a listener turned down from its key, with `depth` containers open around it.
static int walk_skipped(walk *k, size_t depth) { return walk_value(k, depth, SKIPPING); }

// MARK: Documents

static size_t at_most(size_t limit) { return limit < FM_WALK_MAX_DEPTH ? limit : FM_WALK_MAX_DEPTH; }

// The top-level value must be an array or an object (scalars are yajl's), and nothing may follow
// it (`[1] 2`, `{}}`).
static int walk_top(walk *k, int (*walk)(walk *k, size_t outer)) {
    unsigned char first = peek(k);
    if (first != '[' && first != '{') return 0;
    return walk(k, 0) && k->next == k->count;
}

const fm_cell *fm_walk_document(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                                int trailing_commas, const fm_sparse_schema *schema) {
    // The writer's held-text steps (fm_writer_put_held_text) take the document's own text and
    // count nothing against a limit: any other text or document is refused, for yajl to read.
    if (fm_doc_limit(doc) != SIZE_MAX || !fm_doc_holds_text(doc, text, length)) return NULL;
    fm_simdjson_index index;
    fm_writer *writer = NULL;
    walk_filter *filters = NULL;
    const fm_cell *root = NULL;
    if (fm_simdjson_index_text(text, length, &index) && (writer = fm_writer_create(doc)) &&
        (!schema || (filters = malloc(at_most(max_depth) * sizeof(walk_filter))))) {
        walk k = {
            .bytes = text,
            .starts = index.starts,
            .count = index.count,
            .depth_limit = at_most(max_depth),
            .skipped_depth_limit = at_most(max_depth),
            .trailing_commas = trailing_commas,
            .writer = writer,
            .doc = doc,
            .schema = schema,
            .filters = filters,
        };
        // The cells take one chunk, trimmed to size when the root completes: growing it by
        // doubling copied each cell twice on average. Every value or key but the last of its
        // container has a comma or colon after it, and a container has two brackets: a value or
        // key per two tokens, rounded up for the top level's.
        fm_writer_reserve(writer, ((size_t)index.count + 1) / 2);
        fm_writer_last_value(writer);
        fm_doc_start_packing(doc, index.count);
        if (walk_top(&k, schema ? walk_filtering : walk_writing)) root = fm_writer_take_root(writer);
        if (!root) fm_writer_abandon(writer);
        fm_doc_stop_packing(doc, root);
        free(k.scratch.bytes);
        fm_sparse_hints_free(&k.hints);
    }
    free(filters);
    fm_writer_free(writer);
    fm_simdjson_index_release(&index);
    return root;
}

int fm_walk_elements(const unsigned char *bytes, size_t length, const fm_walk_events *events, size_t max_depth,
                     int (*element)(void *context, size_t offset), void *context) {
    const unsigned char *text;
    fm_simdjson_index index;
    if (!fm_simdjson_index_elements(bytes, length, &text, &index)) return 0;
    // The elements are walked inside the array the window is wrapped in, one level down.
    walk k = {
        .bytes = text,
        .starts = index.starts,
        .count = index.count,
        .depth_limit = FM_WALK_MAX_DEPTH,
        .skipped_depth_limit = at_most(max_depth < FM_WALK_MAX_DEPTH ? max_depth + 1 : max_depth),
        .events = events,
        .context = context,
    };
    if (!take(&k, '[') || peek(&k) == ']') return 0;
    do {
        if (k.next >= k.count) return 0;
        size_t offset = (size_t)k.starts[k.next] - 1;
        if (!element(context, offset)) return 0;
        if (!walk_reporting(&k, 1)) return 0;
    } while (take(&k, ','));
    return take(&k, ']') && k.next == k.count;
}
