#include "internal.h"

#include "fastmap_simdjson.h"

#include <stdio.h>
#include <stdlib.h>

// A second user of jansson in the same process, for the allocator tests: it installs hooks of
// its own (counting what they allocate and free on each thread, without chaining to anything,
// as a library unaware of FastMap would) and builds and frees trees of its own.

static __thread size_t counted_allocations, counted_frees;
static json_malloc_t saved_malloc;
static json_free_t saved_free;

static void *counting_malloc(size_t size) {
    counted_allocations++;
    return malloc(size);
}

static void counting_free(void *pointer) {
    if (pointer) counted_frees++;
    free(pointer);
}

void fm_test_counting_install(void) {
    json_get_alloc_funcs(&saved_malloc, &saved_free);
    json_set_alloc_funcs(counting_malloc, counting_free);
}

void fm_test_counting_restore(void) { json_set_alloc_funcs(saved_malloc, saved_free); }

size_t fm_test_counting_allocations(void) { return counted_allocations; }
size_t fm_test_counting_frees(void) { return counted_frees; }

void fm_test_counting_reset(void) {
    counted_allocations = 0;
    counted_frees = 0;
}

static json_t **trees;
static size_t tree_count;

int fm_test_counting_build(size_t count) {
    fm_test_counting_release();
    trees = calloc(count ? count : 1, sizeof *trees);
    if (!trees) return 0;
    for (size_t i = 0; i < count; i++) {
        char name[64];
        snprintf(name, sizeof name, "tree %zu with a longer name", i);
        json_t *array = json_pack("[s, i, f, {s: [i, i]}]", name, (json_int_t)i, 0.5, "key", 1, 2);
        if (!array) return 0;
        trees[tree_count++] = array;
    }
    return 1;
}

void fm_test_counting_release(void) {
    for (size_t i = 0; i < tree_count; i++) json_decref(trees[i]);
    free(trees);
    trees = NULL;
    tree_count = 0;
}

int fm_test_arena_nodes_direct(void) {
    fm_arena_hooks_active();  // installs the hooks, and with them the layout check, if not yet
    return fm_arena_nodes_check_result();
}

int fm_test_object_pairs_direct(void) {
    fm_arena_hooks_active();  // installs the hooks, and with them the layout check, if not yet
    return fm_object_pairs_check_result();
}

int fm_test_object_inserts_direct(void) {
    fm_arena_hooks_active();  // installs the hooks, and with them the insertion check, if not yet
    return fm_object_inserts_check_result();
}

json_t *fm_test_hashed_member(json_t *object, const char *key, size_t length) {
    return json_object_getn(object, key, length);
}

int fm_test_string_text_follows_node(const json_t *node) {
    // The node: a json_t, the text's pointer and its length; then the text.
    const char *after_node = (const char *)node + sizeof(json_t) + sizeof(char *) + sizeof(size_t);
    return json_is_string(node) && json_string_value(node) == after_node;
}

size_t fm_test_simdjson_implementation(char *name, size_t capacity) {
    return fm_simdjson_implementation(name, capacity);
}

int fm_test_own_simd_paths(void) {
#if defined(FM_SSE2)
    return 1;
#else
    return 0;
#endif
}
