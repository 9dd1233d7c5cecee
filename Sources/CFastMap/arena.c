#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// A bump allocator behind jansson's allocation hooks. While a thread parses into an arena,
// every jansson allocation on that thread comes from the arena and frees are no-ops; the
// whole tree is released at once by fm_arena_destroy instead of a json_decref walk.
// Other threads, and this thread outside fm_parse_in_arena, get the functions that were
// installed before FastMap's (plain malloc/free unless another library set its own).
//
// jansson's hooks are process-wide. They are installed once, when the library is loaded
// (before any thread of the program can be calling jansson) or at the latest before the first
// parse, and chain to the previous ones. Should another library install its own hooks later,
// arenas are no longer used: every tree is then reference counted and allocated with that
// library's functions (fm_arena_hooks_active).

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
static __thread fm_budget *current_budget;

fm_budget *fm_budget_current(void) { return current_budget; }
void fm_budget_set_current(fm_budget *budget) { current_budget = budget; }

// Counts `size` against the thread's budget; 0 when it would pass the limit.
static int take_from_budget(size_t size) {
    fm_budget *budget = current_budget;
    if (!budget) return 1;
    if (size > budget->limit - budget->used) {
        budget->exceeded = 1;
        return 0;
    }
    budget->used += size;
    return 1;
}

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

// The hooks found when FastMap installed its own (written once, before the install).
static json_malloc_t previous_malloc = malloc;
static json_free_t previous_free = free;

// Bytes 4..7 of a block that becomes a json_t are padding jansson never writes: they are
// cleared so that only fm_json_unsigned's nodes carry its mark there.
static void *clear_mark(void *pointer, size_t size) {
    if (pointer && size >= 8) memset((unsigned char *)pointer + 4, 0, 4);
    return pointer;
}

// Blocks are 16-byte aligned. Less than `size` when it overflows.
static inline size_t rounded_size(size_t size) { return (size + 15) & ~(size_t)15; }

// Takes `rounded` bytes (rounded_size(size)) from a chunk known to have room.
static inline void *bump(fm_arena_chunk *chunk, size_t rounded, size_t size) {
    void *pointer = chunk->data + chunk->used;
    chunk->used += rounded;
    return clear_mark(pointer, size);
}

// Everything but a bump in the current chunk: a budget to count against, no arena, a new chunk.
__attribute__((noinline)) static void *arena_malloc_slow(size_t size) {
    if (!take_from_budget(size)) return NULL;
    fm_arena *arena = current_arena;
    if (!arena) return clear_mark(__atomic_load_n(&previous_malloc, __ATOMIC_ACQUIRE)(size), size);
    size_t rounded = rounded_size(size);
    if (rounded < size) return NULL;  // overflow
    fm_arena_chunk *chunk = arena->head;
    if (!chunk || chunk->size - chunk->used < rounded) {
        chunk = add_chunk(arena, rounded);
        if (!chunk) return NULL;
    }
    return bump(chunk, rounded, size);
}

// jansson allocates several blocks per node (the node, an object's table, each member), so this
// runs more than once per token. The common case, an arena parse without a budget whose chunk
// has room, is a leaf function here (the slow path's calls had made every call save and
// restore registers; it was an eighth of the parse of github_events.json).
static void *arena_malloc(size_t size) {
    fm_arena *arena = current_arena;
    size_t rounded = rounded_size(size);
    if (__builtin_expect(arena != NULL && current_budget == NULL && arena->head != NULL && rounded >= size &&
                             arena->head->size - arena->head->used >= rounded,
                         1))
        return bump(arena->head, rounded, size);
    return arena_malloc_slow(size);
}

int fm_arena_take(size_t size, void **block) {
    if (!current_arena) return 0;
    *block = arena_malloc(size);
    return 1;
}

static void arena_free(void *pointer) {
    // Inside an arena parse every jansson pointer on this thread belongs to the arena.
    if (current_arena) return;
    __atomic_load_n(&previous_free, __ATOMIC_ACQUIRE)(pointer);
}

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

// Takes over jansson's hooks, keeping the current ones to chain to.
static void chain_hooks(void) {
    json_malloc_t current_malloc = NULL;
    json_free_t current_free = NULL;
    json_get_alloc_funcs(&current_malloc, &current_free);
    if (current_malloc != arena_malloc) {
        __atomic_store_n(&previous_malloc, current_malloc ? current_malloc : malloc, __ATOMIC_RELEASE);
        __atomic_store_n(&previous_free, current_free ? current_free : free, __ATOMIC_RELEASE);
    }
    json_set_alloc_funcs(arena_malloc, arena_free);
}

static json_malloc_t first_previous_malloc;
static json_free_t first_previous_free;

static void install_hooks(void) {
    chain_hooks();
    fm_arena_nodes_check();
    fm_object_pairs_check();
    fm_object_inserts_check();
    first_previous_malloc = previous_malloc;
    first_previous_free = previous_free;
}

__attribute__((constructor)) static void install_at_load(void) { pthread_once(&install_once, install_hooks); }

int fm_arena_hooks_active(void) {
    pthread_once(&install_once, install_hooks);
    json_malloc_t current_malloc = NULL;
    json_free_t current_free = NULL;
    json_get_alloc_funcs(&current_malloc, &current_free);
    return current_malloc == arena_malloc && current_free == arena_free;
}

void fm_test_chain_arena_hooks(int chain) {
    pthread_once(&install_once, install_hooks);
    if (chain) {
        chain_hooks();
        return;
    }
    __atomic_store_n(&previous_malloc, first_previous_malloc, __ATOMIC_RELEASE);
    __atomic_store_n(&previous_free, first_previous_free, __ATOMIC_RELEASE);
    json_set_alloc_funcs(arena_malloc, arena_free);
}

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

int fm_parse_in_arena(const char *bytes, size_t length, fm_engine engine, size_t max_depth,
                      fm_arena *arena, fm_document *out, fm_parse_error *error) {
    return fm_parse_in_arena_limited(bytes, length, engine, max_depth, SIZE_MAX, arena, out, error);
}

static int parse_with(fm_engine engine, const char *bytes, size_t length, size_t max_depth,
                      fm_document *out, fm_parse_error *error) {
    switch (engine) {
        case FM_ENGINE_JANSSON: return fm_parse_jansson(bytes, length, max_depth, out, error);
        case FM_ENGINE_YAJL_DIRECT: return fm_parse_yajl_direct(bytes, length, max_depth, out, error);
        case FM_ENGINE_SIMDJSON: return fm_parse_simdjson(bytes, length, max_depth, out, error);
        case FM_ENGINE_YAJL: break;
    }
    return fm_parse_yajl(bytes, length, max_depth, out, error);
}

int fm_parse_in_arena_limited(const char *bytes, size_t length, fm_engine engine, size_t max_depth,
                              size_t memory_limit, fm_arena *arena, fm_document *out,
                              fm_parse_error *error) {
    pthread_once(&install_once, install_hooks);
    fm_arena *previous = current_arena;
    fm_budget *previous_budget = current_budget;
    fm_budget budget = {memory_limit, 0, 0};
    int limited = memory_limit != SIZE_MAX;
    // json_loadb's lexer buffers and simdjson's structural index are not tree, and a budget
    // bounds what one payload costs: with a budget, yajl builds.
    if (limited && (engine == FM_ENGINE_JANSSON || engine == FM_ENGINE_SIMDJSON)) engine = FM_ENGINE_YAJL;
    // Another library's hooks allocate the nodes: the tree must then be reference counted.
    if (arena && !fm_arena_hooks_active()) arena = NULL;
    current_arena = arena;
    current_budget = limited ? &budget : NULL;
    int status = parse_with(engine, bytes, length, max_depth, out, error);
    current_budget = previous_budget;
    current_arena = previous;
    out->in_arena = status == 0 && arena != NULL;
    return status;
}
