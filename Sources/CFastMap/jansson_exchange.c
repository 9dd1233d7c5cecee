#include "fastmap_jansson.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

// Values crossing between FastMap's documents and jansson's json_t, both ways, without
// recursion (a value may nest deeper than the stack allows to recurse): an explicit stack of
// open containers. Only jansson's public API is used.

typedef struct open_container {
    json_t *json;
    const fm_cell *next;  // the next child's cell (a key cell in an object)
    uint32_t left;        // children still to add
} open_container;

// Room for `needed` entries of `size` bytes in *entries (doubling).
static int reserve(void **entries, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return 1;
    size_t grown = *capacity ? *capacity * 2 : 16;
    if (grown > SIZE_MAX / size) return 0;
    void *bigger = realloc(*entries, grown * size);
    if (!bigger) return 0;
    *entries = bigger;
    *capacity = grown;
    return 1;
}

// A scalar cell's json_t, or NULL with *status set.
static json_t *scalar(const fm_cell *cell, fm_jansson_status *status) {
    json_t *made = NULL;
    switch (fm_cell_kind_of(cell)) {
        case FM_CELL_STRING:
            made = json_stringn_nocheck((const char *)cell->payload.bytes, (size_t)fm_cell_size(cell));
            break;
        case FM_CELL_INTEGER: made = json_integer((json_int_t)fm_cell_integer(cell)); break;
        case FM_CELL_REAL: made = json_real(cell->payload.real); break;
        case FM_CELL_DECIMAL: made = json_real(fm_decimal_cell_double(cell->tag, fm_cell_decimal_digits(cell))); break;
        case FM_CELL_TRUE: made = json_true(); break;
        case FM_CELL_FALSE: made = json_false(); break;
        case FM_CELL_NULL: made = json_null(); break;
        case FM_CELL_NUMBER: {
            double value = fm_number_cell_double(cell->payload.bytes, (size_t)fm_cell_size(cell));
            if (isnan(value)) {
                *status = FM_JANSSON_NUMBER_RANGE;
                return NULL;
            }
            made = json_real(value);
            break;
        }
        case FM_CELL_UNSIGNED:
            *status = FM_JANSSON_NUMBER_RANGE;
            return NULL;
        default: break;
    }
    if (!made) *status = FM_JANSSON_OUT_OF_MEMORY;
    return made;
}

json_t *fm_jansson_from_cell(const fm_cell *value, fm_jansson_status *status, const fm_cell **failed_at) {
    *status = FM_JANSSON_OK;
    *failed_at = NULL;
    if (!fm_cell_is_container(value)) {
        json_t *made = scalar(value, status);
        if (!made) *failed_at = value;
        return made;
    }
    open_container *stack = NULL;
    size_t capacity = 0, depth = 0;
    json_t *root = NULL;
    const fm_cell *cell = value;  // the value to add next
    const fm_cell *key = NULL;    // its key, inside an object
    for (;;) {
        json_t *made;
        int container = fm_cell_is_container(cell);
        if (container) made = fm_cell_kind_of(cell) == FM_CELL_OBJECT ? json_object() : json_array();
        else made = scalar(cell, status);
        if (!made) {
            if (*status == FM_JANSSON_OK) *status = FM_JANSSON_OUT_OF_MEMORY;
            *failed_at = cell;
            break;
        }
        if (depth == 0) {
            root = made;
        } else {
            open_container *parent = &stack[depth - 1];
            int added = key ? json_object_setn_new_nocheck(parent->json, (const char *)key->payload.bytes,
                                                           (size_t)fm_cell_size(key), made)
                            : json_array_append_new(parent->json, made);
            if (added != 0) {
                *status = FM_JANSSON_OUT_OF_MEMORY;
                *failed_at = cell;
                break;
            }
        }
        if (container) {
            if (!reserve((void **)&stack, &capacity, depth + 1, sizeof *stack)) {
                *status = FM_JANSSON_OUT_OF_MEMORY;
                *failed_at = cell;
                break;
            }
            stack[depth++] = (open_container){made, fm_cell_after(cell), fm_cell_count(cell)};
        }
        // The next child to add: of the innermost container with children left.
        while (depth > 0 && stack[depth - 1].left == 0) depth--;
        if (depth == 0) break;
        open_container *top = &stack[depth - 1];
        top->left--;
        if (json_is_object(top->json)) {
            key = top->next;
            cell = fm_cell_after(key);
        } else {
            key = NULL;
            cell = top->next;
        }
        top->next = fm_cell_next(cell);
    }
    free(stack);
    if (*status != FM_JANSSON_OK) {
        json_decref(root);
        return NULL;
    }
    return root;
}

typedef struct open_json {
    const json_t *json;
    void *iterator;  // objects: the next member
    size_t index;    // arrays: the next element
} open_json;

fm_jansson_status fm_jansson_write(const json_t *json, fm_writer *writer) {
    open_json *stack = NULL;
    size_t capacity = 0, depth = 0;
    fm_jansson_status status = FM_JANSSON_OK;
    const json_t *current = json;
    for (;;) {
        int ok = 1;
        int opened = 0;
        switch (json_typeof(current)) {
            case JSON_OBJECT: ok = fm_writer_start_object(writer) != FM_WRITE_FAILED; opened = 1; break;
            case JSON_ARRAY: ok = fm_writer_start_array(writer) != FM_WRITE_FAILED; opened = 1; break;
            case JSON_STRING: {
                const unsigned char *bytes = (const unsigned char *)json_string_value(current);
                size_t length = json_string_length(current);
                if (fm_utf8_validate(bytes, length) != length) {
                    status = FM_JANSSON_INVALID_UTF8;
                    ok = 0;
                } else {
                    ok = fm_writer_string(writer, bytes, length) != FM_WRITE_FAILED;
                }
                break;
            }
            case JSON_INTEGER: ok = fm_writer_integer(writer, (int64_t)json_integer_value(current)) != FM_WRITE_FAILED; break;
            case JSON_REAL: {
                double value = json_real_value(current);
                if (!isfinite(value)) {
                    status = FM_JANSSON_INVALID;
                    ok = 0;
                } else {
                    ok = fm_writer_real(writer, value) != FM_WRITE_FAILED;
                }
                break;
            }
            case JSON_TRUE: ok = fm_writer_boolean(writer, 1) != FM_WRITE_FAILED; break;
            case JSON_FALSE: ok = fm_writer_boolean(writer, 0) != FM_WRITE_FAILED; break;
            default: ok = fm_writer_null(writer) != FM_WRITE_FAILED; break;
        }
        if (ok && opened) {
            if (reserve((void **)&stack, &capacity, depth + 1, sizeof *stack)) {
                stack[depth++] = (open_json){current, json_is_object(current) ? json_object_iter((json_t *)current) : NULL, 0};
            } else {
                ok = 0;
            }
        }
        if (!ok) {
            if (status == FM_JANSSON_OK) status = FM_JANSSON_OUT_OF_MEMORY;
            break;
        }
        // The next child: of the innermost container with children left, closing finished ones.
        current = NULL;
        while (depth > 0) {
            open_json *top = &stack[depth - 1];
            if (json_is_object(top->json)) {
                if (top->iterator) {
                    const unsigned char *key = (const unsigned char *)json_object_iter_key(top->iterator);
                    size_t length = json_object_iter_key_len(top->iterator);
                    current = json_object_iter_value(top->iterator);
                    top->iterator = json_object_iter_next((json_t *)top->json, top->iterator);
                    if (fm_utf8_validate(key, length) != length) {
                        status = FM_JANSSON_INVALID_UTF8;
                    } else if (fm_writer_key(writer, key, length) == FM_WRITE_FAILED) {
                        status = FM_JANSSON_OUT_OF_MEMORY;
                    }
                    if (status != FM_JANSSON_OK) {
                        current = NULL;
                        depth = 0;
                    }
                    break;
                }
            } else if (top->index < json_array_size(top->json)) {
                current = json_array_get(top->json, top->index++);
                break;
            }
            if (fm_writer_end(writer) == FM_WRITE_FAILED) {
                status = FM_JANSSON_OUT_OF_MEMORY;
                depth = 0;
                break;
            }
            depth--;
        }
        if (!current) break;
    }
    free(stack);
    return status;
}
