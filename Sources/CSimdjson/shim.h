#ifndef FASTMAP_CSIMDJSON_SHIM_H
#define FASTMAP_CSIMDJSON_SHIM_H

// simdjson is C++: only the CFastMapSimdjson target includes it; Swift never imports it.
#if !__has_include(<simdjson.h>)
#error "FastMap needs simdjson's header <simdjson.h>. Install it: Debian/Ubuntu: apt-get install libsimdjson-dev; Fedora/RHEL (EPEL): dnf install simdjson-devel; Amazon Linux: build simdjson from source; Alpine: apk add simdjson-dev; macOS: brew install simdjson"
#endif
#include <simdjson.h>

#endif
