#include "fastmap_tokenizer.h"

#include <yajl/yajl_parse.h>

int fm_tokenize_only(const char *bytes, size_t length) {
    static const yajl_callbacks none = {0};
    yajl_handle handle = yajl_alloc(&none, NULL, NULL);
    if (!handle) return 0;
    yajl_config(handle, yajl_dont_validate_strings, 1);
    yajl_status status = yajl_parse(handle, (const unsigned char *)bytes, length);
    if (status == yajl_status_ok) status = yajl_complete_parse(handle);
    yajl_free(handle);
    return status == yajl_status_ok;
}
