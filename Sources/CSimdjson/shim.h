#ifndef FASTMAP_CSIMDJSON_SHIM_H
#define FASTMAP_CSIMDJSON_SHIM_H

// simdjson is C++: only the CFastMapSimdjson target includes it; Swift never imports it.
#include <simdjson.h>

#endif
