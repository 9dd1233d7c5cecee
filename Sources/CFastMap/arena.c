#include "fastmap.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// A bump allocator behind jansson's allocation hooks. While a thread parses into an arena,
// every jansson allocation on that thread comes from the arena and frees are no-ops; the
// whole tree is released at once by fm_arena_destroy instead of a json_decref walk.
// Other threads, and this thread outside fm_parse_in_arena, get plain malloc/free.

typedef struct fm_arena_chunk {
    struct fm_arena_chunk *next;
    size_t size;
    size_t used;
    _Alignas(16) unsigned char data[];
} fm_arena_chunk;

struct fm_arena {
    fm_arena_chunk *head;
    size_t next_size;
    size_t total;
};

static __thread fm_arena *current_arena;

static fm_arena_chunk *add_chunk(fm_arena *arena, size_t at_least) {
    size_t size = arena->next_size;
    while (size < at_least) size *= 2;
    fm_arena_chunk *chunk = malloc(sizeof(fm_arena_chunk) + size);
    if (!chunk) return NULL;
    chunk->next = arena->head;
    chunk->size = size;
    chunk->used = 0;
    arena->head = chunk;
    arena->total += size;
    if (arena->next_size < ((size_t)64 << 20)) arena->next_size = size * 2;
    return chunk;
}

static void *arena_malloc(size_t size) {
    fm_arena *arena = current_arena;
    if (!arena) return malloc(size);
    size_t rounded = (size + 15) & ~(size_t)15;
    if (rounded < size) return NULL;  // overflow
    fm_arena_chunk *chunk = arena->head;
    if (!chunk || chunk->size - chunk->used < rounded) {
        chunk = add_chunk(arena, rounded);
        if (!chunk) return NULL;
    }
    void *pointer = chunk->data + chunk->used;
    chunk->used += rounded;
    return pointer;
}

static void arena_free(void *pointer) {
    // Inside an arena parse every jansson pointer on this thread belongs to the arena.
    if (current_arena) return;
    free(pointer);
}

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void install_hooks(void) { json_set_alloc_funcs(arena_malloc, arena_free); }

fm_arena *fm_arena_create(size_t expected_bytes) {
    pthread_once(&install_once, install_hooks);
    fm_arena *arena = calloc(1, sizeof(fm_arena));
    if (!arena) return NULL;
    // jansson trees take roughly two to four times the text they came from.
    size_t initial = expected_bytes * 3;
    if (initial < 4096) initial = 4096;
    if (initial > ((size_t)64 << 20)) initial = (size_t)64 << 20;
    arena->next_size = initial;
    return arena;
}

void fm_arena_destroy(fm_arena *arena) {
    if (!arena) return;
    fm_arena_chunk *chunk = arena->head;
    while (chunk) {
        fm_arena_chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
    free(arena);
}

size_t fm_arena_size(const fm_arena *arena) { return arena ? arena->total : 0; }

fm_arena *fm_arena_current(void) { return current_arena; }

void fm_arena_set_current(fm_arena *arena) {
    pthread_once(&install_once, install_hooks);
    current_arena = arena;
}

int fm_parse_in_arena(const char *bytes, size_t length, int use_jansson, size_t max_depth,
                      fm_arena *arena, fm_document *out, fm_parse_error *error) {
    pthread_once(&install_once, install_hooks);
    fm_arena *previous = current_arena;
    current_arena = arena;
    int status = use_jansson == 1   ? fm_parse_jansson(bytes, length, max_depth, out, error)
                 : use_jansson == 2 ? fm_parse_yajl_direct(bytes, length, max_depth, out, error)
                                    : fm_parse_yajl(bytes, length, max_depth, out, error);
    current_arena = previous;
    return status;
}
