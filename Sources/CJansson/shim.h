#ifndef FASTMAP_CJANSSON_SHIM_H
#define FASTMAP_CJANSSON_SHIM_H

#if !__has_include(<jansson.h>)
#error "FastMap needs jansson's header <jansson.h>. Install it: Debian/Ubuntu: apt-get install libjansson-dev; Fedora/RHEL/Amazon Linux: dnf install jansson-devel; Alpine: apk add jansson-dev; macOS: brew install jansson"
#endif
#include <jansson.h>

// jansson exposes these as macros, which Swift cannot import; the fm_ prefix keeps them
// apart from jansson's own names.

static inline json_type fm_json_typeof(const json_t *json) { return json_typeof(json); }
static inline int fm_json_is_integer(const json_t *json) { return json_is_integer(json); }
static inline int fm_json_is_real(const json_t *json) { return json_is_real(json); }

#endif
