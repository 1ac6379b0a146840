// ICU (International Components for Unicode), common library: word break
// iteration (UAX #29), normalization, case folding, character properties.
//
// Only the C target CTileditICU includes this module: Foundation on Linux
// carries its own copy of ICU's headers, and Swift code that saw both
// would meet two definitions of ICU's types.
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
