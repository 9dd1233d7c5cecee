#ifndef FASTMAP_CYAJL_SHIM_H
#define FASTMAP_CYAJL_SHIM_H

#if !__has_include(<yajl/yajl_parse.h>)
#error "FastMap needs yajl's header <yajl/yajl_parse.h>. Install it: Debian/Ubuntu: apt-get install libyajl-dev; Fedora/RHEL/Amazon Linux: dnf install yajl-devel; Alpine: apk add yajl-dev; macOS: brew install yajl"
#endif
#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>

#endif
