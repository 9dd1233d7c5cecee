#include "object_layout.h"

#include <stdint.h>
#include <string.h>

// Members added to an object the way jansson's hashtable_set adds them, without its calls.
// Building gsoc-2018.json spent a fifth of its parse in json_object_setn_new_nocheck and what it
// calls (argument checks, hashtable_set, the hash, the bucket search, jsonp_malloc through the
// allocation hook for the pair): here the hash is inlined, and the pair comes from jansson's
// hook without jsonp_malloc in between. The result is jansson's own structure, bucket for bucket, so jansson's lookups,
// iteration, equality and release work on it unchanged; fm_object_inserts_check builds objects
// both ways at load and compares them, and any difference leaves jansson's functions in use.

// Bob Jenkins' lookup3 `hashlittle` (public domain), which jansson hashes keys with, seeded with
// its process-wide hashtable_seed: the bytes in blocks of twelve, read as three little-endian
// words, the last block padded with zeros; an empty key is not mixed at all.
static inline uint32_t rotate(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

static uint32_t lookup3_hash(const unsigned char *key, size_t length, uint32_t seed) {
    uint32_t a, b, c;
    a = b = c = 0xdeadbeef + (uint32_t)length + seed;
    while (length > 12) {
        a += fm_load_little_endian32(key);
        b += fm_load_little_endian32(key + 4);
        c += fm_load_little_endian32(key + 8);
        a -= c, a ^= rotate(c, 4), c += b;
        b -= a, b ^= rotate(a, 6), a += c;
        c -= b, c ^= rotate(b, 8), b += a;
        a -= c, a ^= rotate(c, 16), c += b;
        b -= a, b ^= rotate(a, 19), a += c;
        c -= b, c ^= rotate(b, 4), b += a;
        length -= 12;
        key += 12;
    }
    // The last 1 to 12 bytes a byte at a time (never reading past the key; most keys are short).
    switch (length) {
    case 12: c += (uint32_t)key[11] << 24; /* fall through */
    case 11: c += (uint32_t)key[10] << 16; /* fall through */
    case 10: c += (uint32_t)key[9] << 8; /* fall through */
    case 9: c += key[8]; /* fall through */
    case 8: b += (uint32_t)key[7] << 24; /* fall through */
    case 7: b += (uint32_t)key[6] << 16; /* fall through */
    case 6: b += (uint32_t)key[5] << 8; /* fall through */
    case 5: b += key[4]; /* fall through */
    case 4: a += (uint32_t)key[3] << 24; /* fall through */
    case 3: a += (uint32_t)key[2] << 16; /* fall through */
    case 2: a += (uint32_t)key[1] << 8; /* fall through */
    case 1: a += key[0]; break;
    case 0: return c;
    }
    c ^= b, c -= rotate(b, 14);
    a ^= c, a -= rotate(c, 11);
    b ^= a, b -= rotate(a, 25);
    c ^= b, c -= rotate(b, 16);
    a ^= c, a -= rotate(c, 4);
    b ^= a, b -= rotate(a, 14);
    c ^= b, c -= rotate(b, 24);
    return c;
}

// jansson's seed, read back from the hash it gave the empty key (0xdeadbeef + seed, unmixed),
// and whether inserting here matches jansson (set once, at load).
static uint32_t jansson_seed;
static int inserts_match;

static inline int bucket_is_empty(object_layout *layout, member_bucket *bucket) {
    return bucket->first == &layout->list && bucket->first == bucket->last;
}

// jansson's insert_to_bucket: the pair goes first in its bucket, or last on the object's list
// when the bucket is empty.
static inline void put_in_bucket(object_layout *layout, member_bucket *bucket, member_list *node) {
    if (bucket_is_empty(layout, bucket)) {
        fm_list_append(&layout->list, node);
        bucket->first = bucket->last = node;
    } else {
        fm_list_append(bucket->first, node);
        bucket->first = node;
    }
}

// jansson's hashtable_do_rehash: twice the buckets, every pair put back by its kept hash.
static int double_buckets(object_layout *layout) {
    json_malloc_t allocate;
    json_free_t release;
    json_get_alloc_funcs(&allocate, &release);
    size_t order = layout->order + 1;
    size_t count = (size_t)1 << order;
    member_bucket *buckets = allocate(count * sizeof(member_bucket));
    if (!buckets) return -1;
    release(layout->buckets);
    layout->buckets = buckets;
    layout->order = order;
    for (size_t i = 0; i < count; i++) buckets[i].first = buckets[i].last = &layout->list;
    member_list *node = layout->list.next;
    layout->list.prev = layout->list.next = &layout->list;
    while (node != &layout->list) {
        member_list *next = node->next;
        member_pair *pair = (member_pair *)node;  // `list` is the pair's first field
        put_in_bucket(layout, &buckets[pair->hash & (count - 1)], node);
        node = next;
    }
    return 0;
}

// hashtable_set's steps: grow at a load of one, find the key in its bucket (a repeated key
// replaces the value, keeping its place), else a new pair last in insertion order. Takes
// `value`'s reference, releasing it on failure.
static int insert(object_layout *layout, const char *key, size_t length, json_t *value) {
    if (layout->size >= (size_t)1 << layout->order && double_buckets(layout) != 0) {
        json_decref(value);
        return -1;
    }
    size_t hash = lookup3_hash((const unsigned char *)key, length, jansson_seed);
    member_bucket *bucket = &((member_bucket *)layout->buckets)[hash & (((size_t)1 << layout->order) - 1)];
    if (!bucket_is_empty(layout, bucket)) {
        for (member_list *node = bucket->first;; node = node->next) {
            member_pair *pair = (member_pair *)node;
            if (pair->hash == hash && pair->key_length == length && fm_bytes_equal(pair->key, key, length)) {
                json_decref(pair->value);
                pair->value = value;
                return 0;
            }
            if (node == bucket->last) break;
        }
    }
    member_pair *pair = fm_member_pair_make(key, length, hash, value);
    if (!pair) {
        json_decref(value);
        return -1;
    }
    put_in_bucket(layout, bucket, &pair->list);
    fm_list_append(&layout->ordered, &pair->ordered);
    layout->size++;
    return 0;
}

int fm_object_insert(json_t *object, const char *key, size_t length, json_t *value) {
    if (!inserts_match) return json_object_setn_new_nocheck(object, key, length, value);
    return insert((object_layout *)object, key, length, value);
}

// The keys the check inserts: every length from 0 to 40 (each tail of a twelve-byte block, and
// enough members for several doublings of the buckets), bytes of every kind, one repeated.
static size_t check_key(int index, char *key) {
    size_t length = (size_t)index;
    for (size_t i = 0; i < length; i++) key[i] = (char)(0x21 + (index * 37 + (int)i * 11) % 0xDE);
    return length;
}

enum { CHECK_KEYS = 41 };

void fm_object_inserts_check(void) {
    inserts_match = 0;
    if (!fm_object_pairs_check_result()) return;
    json_t *theirs = json_object(), *ours = json_object();
    int match = theirs && ours && json_object_setn_new_nocheck(theirs, "", 0, json_null()) == 0;
    if (match) jansson_seed = (uint32_t)(fm_pair_at(((object_layout *)theirs)->ordered.next)->hash - 0xdeadbeef);
    char key[CHECK_KEYS];
    for (int index = 0; match && index < CHECK_KEYS; index++) {
        size_t length = check_key(index, key);
        match = (index == 0 || json_object_setn_new_nocheck(theirs, key, length, json_integer(index)) == 0) &&
                insert((object_layout *)ours, key, length, json_integer(index)) == 0;
    }
    // A repeated key: the value replaced in place, on both sides.
    match = match && json_object_setn_new_nocheck(theirs, "", 0, json_true()) == 0 &&
            insert((object_layout *)ours, "", 0, json_true()) == 0;
    object_layout *a = (object_layout *)theirs, *b = (object_layout *)ours;
    match = match && a->size == CHECK_KEYS && b->size == CHECK_KEYS && a->order == b->order;
    // The same pairs in the same order, the same hashes, and every bucket the same length.
    member_list *x = a->ordered.next, *y = b->ordered.next;
    for (; match && x != &a->ordered && y != &b->ordered; x = x->next, y = y->next) {
        member_pair *p = fm_pair_at(x), *q = fm_pair_at(y);
        match = p->hash == q->hash && p->key_length == q->key_length && fm_bytes_equal(p->key, q->key, p->key_length) &&
                json_equal(p->value, q->value) && json_object_getn(ours, q->key, q->key_length) == q->value;
    }
    match = match && x == &a->ordered && y == &b->ordered;
    for (size_t i = 0; match && i < ((size_t)1 << a->order); i++) {
        member_bucket *u = &((member_bucket *)a->buckets)[i], *v = &((member_bucket *)b->buckets)[i];
        match = bucket_is_empty(a, u) == bucket_is_empty(b, v);
        if (match && !bucket_is_empty(a, u)) {
            member_list *s = u->first, *t = v->first;
            while (match && s != u->last && t != v->last) {
                match = ((member_pair *)s)->hash == ((member_pair *)t)->hash;
                s = s->next;
                t = t->next;
            }
            match = match && s == u->last && t == v->last;
        }
    }
    match = match && json_equal(theirs, ours);
    json_decref(theirs);
    json_decref(ours);
    inserts_match = match;
}

int fm_object_inserts_check_result(void) { return inserts_match; }
