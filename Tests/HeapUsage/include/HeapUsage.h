#ifndef NIBKIT_HEAP_USAGE_H
#define NIBKIT_HEAP_USAGE_H
#include <stddef.h>

/// Bytes currently allocated from the heap (glibc: small blocks plus mmapped large blocks;
/// macOS: the default zone's bytes in use). Used by tests that bound memory use.
size_t nibkit_heap_in_use(void);

#endif
