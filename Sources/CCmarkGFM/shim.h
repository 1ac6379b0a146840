// cmark-gfm core API and its GFM extensions (table, strikethrough, autolink, tasklist).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
