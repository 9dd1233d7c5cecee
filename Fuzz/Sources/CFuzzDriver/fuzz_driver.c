// The declaration in include/fuzz_driver.h is the module's content; SwiftPM builds a C target
// from at least one source file.
#include "fuzz_driver.h"
