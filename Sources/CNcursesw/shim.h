// ncursesw with the wide-character API (add_wch, wcwidth) enabled.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncurses.h>
