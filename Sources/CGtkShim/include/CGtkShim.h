// What Swift cannot call in GTK and GLib directly: macros, variadic
// functions, a list model type of our own, and the hooks into Dispatch's
// main queue. Everything else is called from Swift.
#ifndef TILEDIT_GTK_SHIM_H
#define TILEDIT_GTK_SHIM_H

#include <gtk/gtk.h>

/// `g_signal_connect_data` (`g_signal_connect` is a macro): `destroy` is
/// called with `data` when the handler is disconnected, at the latest when
/// `instance` is disposed. Returns the handler id.
gulong tiledit_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data,
                              GClosureNotify destroy);

/// Sets the accessible name (`GTK_ACCESSIBLE_PROPERTY_LABEL`) of `widget`.
void tiledit_accessible_set_label(GtkWidget *widget, const char *label);
/// Sets the accessible description (`GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`).
void tiledit_accessible_set_description(GtkWidget *widget, const char *description);
/// Names `widget` by the visible `label` (`GTK_ACCESSIBLE_RELATION_LABELLED_BY`).
void tiledit_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label);

/// A new top-level window whose accessible role is `role` (a construct-only
/// property: an alert is `GTK_ACCESSIBLE_ROLE_ALERT_DIALOG`).
GtkWidget *tiledit_window_new_with_role(GtkAccessibleRole role);

/// A `GListModel` of `count` rows whose items carry nothing: a list view
/// binds a row by its position and asks the view model for that row only,
/// so a list of 50,000 blocks costs what its visible rows cost.
GListModel *tiledit_row_list_new(void);
/// The number of rows.
guint tiledit_row_list_get_count(GListModel *list);
/// Replaces rows: `removed` rows at `position` become `added` rows, and
/// `items-changed` is emitted (list views rebind the rows in view).
void tiledit_row_list_splice(GListModel *list, guint position, guint removed, guint added);

/// The file descriptor Dispatch's main queue signals when it has work
/// (an eventfd on Linux), or -1 where there is none.
int tiledit_main_queue_handle(void);
/// Consumes the wake-up on `handle` and runs what is queued on Dispatch's
/// main queue (and so on Swift's main actor). Main thread only.
void tiledit_main_queue_drain(int handle);

/// The appearance the window asks GTK for.
typedef enum {
    /// Follow the desktop (the settings portal's color scheme and contrast).
    TILEDIT_APPEARANCE_SYSTEM = 0,
    TILEDIT_APPEARANCE_DARK = 1,
    TILEDIT_APPEARANCE_LIGHT = 2,
} TileditAppearance;

/// Makes `settings` follow `appearance`: dark or light, or with
/// `TILEDIT_APPEARANCE_SYSTEM` the desktop's preference read from the
/// freedesktop settings portal (`org.freedesktop.appearance`
/// `color-scheme` and `contrast`) and followed as it changes. Without a
/// portal GTK keeps what the desktop's GTK settings say (theme name).
void tiledit_follow_appearance(GtkSettings *settings, TileditAppearance appearance);

/// Sets or clears (`expanded` < 0) the accessible expanded state
/// (`GTK_ACCESSIBLE_STATE_EXPANDED`) of a node that can fold.
void tiledit_accessible_set_expanded(GtkWidget *widget, int expanded);

/// Adds `css` to every window of the default display, above the theme
/// (`GTK_STYLE_PROVIDER_PRIORITY_APPLICATION`).
void tiledit_install_css(const char *css);

/// Called when a row was dropped on another row of the same list: the
/// dragged row's position and the position of the row it was dropped on.
typedef void (*TileditRowDropped)(gpointer data, guint from, guint to);

/// Records the position `row` shows now (a list binds row widgets to
/// positions as they scroll), for a drag from it or a drop on it.
void tiledit_row_set_position(GtkWidget *row, guint position);

/// Lets the user drag `row` (a `GtkDragSource`, moving its position as a
/// `guint`) and drop rows of this application on it (a `GtkDropTarget`):
/// `dropped(data, from, to)` is called for a drop; `destroy(data)` when
/// the row goes.
void tiledit_row_enable_reordering(GtkWidget *row, TileditRowDropped dropped, gpointer data, GDestroyNotify destroy);

#endif
