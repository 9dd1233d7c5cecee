#ifndef FASTMAP_CYAJL_SHIM_H
#define FASTMAP_CYAJL_SHIM_H

#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>

#endif
