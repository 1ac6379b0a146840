// GTK 4 (Debian's libgtk-4-dev, Homebrew's gtk4), found through pkg-config.
#include <gtk/gtk.h>
#include <glib-unix.h>
