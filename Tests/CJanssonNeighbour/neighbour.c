#include "jansson_neighbour.h"

#include <jansson.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Size-header allocators, like jansson's own secure-memory example: each block starts with a
// header (a mark of its pair and its size). A free of a block another pair made, or that no pair
// made, aborts: that is how a foreign free shows.

typedef struct header {
    uint64_t mark;
    size_t size;
} header;

enum { FIRST_MARK = 0x4E45494748424F31ULL, SECOND_MARK = 0x4E45494748424F32ULL };

static atomic_long live_blocks;

static void *allocate(size_t size, uint64_t mark) {
    header *block = malloc(sizeof(header) + size);
    if (!block) return NULL;
    block->mark = mark;
    block->size = size;
    atomic_fetch_add(&live_blocks, 1);
    return block + 1;
}

static void release(void *pointer, uint64_t mark) {
    if (!pointer) return;
    header *block = (header *)pointer - 1;
    if (block->mark != mark) abort();
    block->mark = 0;
    atomic_fetch_sub(&live_blocks, 1);
    free(block);
}

static void *first_malloc(size_t size) { return allocate(size, FIRST_MARK); }
static void first_free(void *pointer) { release(pointer, FIRST_MARK); }
static void *second_malloc(size_t size) { return allocate(size, SECOND_MARK); }
static void second_free(void *pointer) { release(pointer, SECOND_MARK); }

// The neighbour installs its allocators when the process starts, before main: the earliest a
// library can, and what FastMap must leave alone.
__attribute__((constructor)) static void install(void) { json_set_alloc_funcs(first_malloc, first_free); }

int neighbour_hooks_are_installed(void) {
    json_malloc_t allocate_function;
    json_free_t free_function;
    json_get_alloc_funcs(&allocate_function, &free_function);
    return allocate_function == first_malloc && free_function == first_free;
}

long neighbour_live_blocks(void) { return atomic_load(&live_blocks); }

void neighbour_switch_hooks(int which) {
    if (which) json_set_alloc_funcs(second_malloc, second_free);
    else json_set_alloc_funcs(first_malloc, first_free);
}

void *neighbour_make_value(void) {
    return json_pack("{s:I, s:I, s:s, s:f, s:[s, n, b], s:{}}", "id", (json_int_t)-1, "big",
                     (json_int_t)INT64_MAX, "name", "caf\xc3\xa9", "ratio", 0.5, "tags", "a", 1, "empty");
}

void *neighbour_make_invalid_utf8(int in_key) {
    if (!in_key) {
        json_t *array = json_array();
        json_array_append_new(array, json_string("ok"));
        json_array_append_new(array, json_stringn_nocheck("\xff", 1));
        return array;
    }
    json_t *object = json_object();
    json_object_set_new(object, "ok", json_integer(1));
    json_object_set_new_nocheck(object, "\xc3", json_integer(2));
    return object;
}

char *neighbour_dump(const void *value) { return json_dumps((const json_t *)value, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY); }

void neighbour_free_text(char *text) {
    json_malloc_t allocate_function;
    json_free_t free_function;
    json_get_alloc_funcs(&allocate_function, &free_function);
    free_function(text);
}

void neighbour_release(void *value) { json_decref((json_t *)value); }

size_t neighbour_reference_count(const void *value) { return ((const json_t *)value)->refcount; }

int neighbour_round_trip(void) {
    json_t *value = neighbour_make_value();
    if (!value) return 0;
    char *text = neighbour_dump(value);
    json_t *back = text ? json_loads(text, 0, NULL) : NULL;
    int equal = back && json_equal(value, back) && json_integer_value(json_object_get(back, "id")) == -1;
    if (text) neighbour_free_text(text);
    json_decref(back);
    json_decref(value);
    return equal;
}
