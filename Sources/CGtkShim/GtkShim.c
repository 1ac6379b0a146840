#include "CGtkShim.h"

#include <errno.h>
#include <stdint.h>
#include <unistd.h>

gulong tiledit_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data,
                              GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, 0);
}

void tiledit_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void tiledit_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void tiledit_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

GtkWidget *tiledit_window_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_WINDOW, "accessible-role", role, NULL));
}

// MARK: Row list

#define TILEDIT_TYPE_ROW_LIST (tiledit_row_list_get_type())
G_DECLARE_FINAL_TYPE(TileditRowList, tiledit_row_list, TILEDIT, ROW_LIST, GObject)

struct _TileditRowList {
    GObject parent_instance;
    guint count;
};

static GType tiledit_row_list_get_item_type(GListModel *list) {
    (void)list;
    return G_TYPE_OBJECT;
}

static guint tiledit_row_list_get_n_items(GListModel *list) {
    return TILEDIT_ROW_LIST(list)->count;
}

static gpointer tiledit_row_list_get_item(GListModel *list, guint position) {
    if (position >= TILEDIT_ROW_LIST(list)->count) return NULL;
    // A new placeholder each time: rows are bound by position.
    return g_object_new(G_TYPE_OBJECT, NULL);
}

static void tiledit_row_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = tiledit_row_list_get_item_type;
    iface->get_n_items = tiledit_row_list_get_n_items;
    iface->get_item = tiledit_row_list_get_item;
}

G_DEFINE_TYPE_WITH_CODE(TileditRowList, tiledit_row_list, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, tiledit_row_list_model_init))

static void tiledit_row_list_class_init(TileditRowListClass *klass) {
    (void)klass;
}

static void tiledit_row_list_init(TileditRowList *self) {
    self->count = 0;
}

GListModel *tiledit_row_list_new(void) {
    return G_LIST_MODEL(g_object_new(TILEDIT_TYPE_ROW_LIST, NULL));
}

guint tiledit_row_list_get_count(GListModel *list) {
    return TILEDIT_ROW_LIST(list)->count;
}

void tiledit_row_list_splice(GListModel *list, guint position, guint removed, guint added) {
    TileditRowList *self = TILEDIT_ROW_LIST(list);
    if (position > self->count) position = self->count;
    if (removed > self->count - position) removed = self->count - position;
    self->count = self->count - removed + added;
    if (removed > 0 || added > 0) g_list_model_items_changed(list, position, removed, added);
}

// MARK: Dispatch's main queue

#if defined(__linux__)
// libdispatch's hooks for a run loop that drains the main queue (the ones
// CoreFoundation's run loop uses): an eventfd written when work arrives,
// and the drain.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int tiledit_main_queue_handle(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

void tiledit_main_queue_drain(int handle) {
    if (handle >= 0) {
        uint64_t wakeups;
        // Non-blocking eventfd: reading resets it; EAGAIN means no wake-up was pending.
        while (read(handle, &wakeups, sizeof wakeups) < 0 && errno == EINTR) {
        }
    }
    _dispatch_main_queue_callback_4CF(NULL);
}
#else
// Elsewhere the hook's handle is not a file descriptor (a Mach port on
// Apple platforms): the caller polls, and the drain is the same.
extern void _dispatch_main_queue_callback_4CF(void *message);

int tiledit_main_queue_handle(void) {
    return -1;
}

void tiledit_main_queue_drain(int handle) {
    (void)handle;
    _dispatch_main_queue_callback_4CF(NULL);
}
#endif

// MARK: Appearance

typedef struct {
    TileditAppearance appearance;
    /// The portal's color-scheme: 0 no preference, 1 prefer dark, 2 prefer light.
    guint32 color_scheme;
    /// The portal's contrast: 0 no preference, 1 high.
    guint32 contrast;
    /// The theme name GTK had before high contrast was asked for.
    char *theme_name;
    gboolean subscribed;
} TileditAppearanceState;

static void tiledit_appearance_state_free(gpointer data) {
    TileditAppearanceState *state = data;
    g_free(state->theme_name);
    g_free(state);
}

static TileditAppearanceState *tiledit_appearance_state(GtkSettings *settings) {
    TileditAppearanceState *state = g_object_get_data(G_OBJECT(settings), "tiledit-appearance");
    if (state == NULL) {
        state = g_new0(TileditAppearanceState, 1);
        g_object_get(settings, "gtk-theme-name", &state->theme_name, NULL);
        g_object_set_data_full(G_OBJECT(settings), "tiledit-appearance", state, tiledit_appearance_state_free);
    }
    return state;
}

static void tiledit_apply_appearance(GtkSettings *settings) {
    TileditAppearanceState *state = tiledit_appearance_state(settings);
    gboolean dark;
    switch (state->appearance) {
    case TILEDIT_APPEARANCE_DARK: dark = TRUE; break;
    case TILEDIT_APPEARANCE_LIGHT: dark = FALSE; break;
    default: dark = state->color_scheme == 1; break;
    }
    g_object_set(settings, "gtk-application-prefer-dark-theme", dark, NULL);
    if (state->contrast == 1) {
        g_object_set(settings, "gtk-theme-name", dark ? "HighContrastInverse" : "HighContrast", NULL);
    } else if (state->theme_name != NULL) {
        char *current = NULL;
        g_object_get(settings, "gtk-theme-name", &current, NULL);
        if (current != NULL && g_str_has_prefix(current, "HighContrast") && !g_str_has_prefix(state->theme_name, "HighContrast")) {
            g_object_set(settings, "gtk-theme-name", state->theme_name, NULL);
        }
        g_free(current);
    }
}

/// Reads a portal value (wrapped in one or two variants) as a uint32.
static gboolean tiledit_portal_uint(GVariant *value, guint32 *out) {
    GVariant *inner = g_variant_ref(value);
    while (g_variant_is_of_type(inner, G_VARIANT_TYPE_VARIANT)) {
        GVariant *next = g_variant_get_variant(inner);
        g_variant_unref(inner);
        inner = next;
    }
    gboolean ok = g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32);
    if (ok) *out = g_variant_get_uint32(inner);
    g_variant_unref(inner);
    return ok;
}

static void tiledit_portal_setting(GtkSettings *settings, const char *key, GVariant *value) {
    TileditAppearanceState *state = tiledit_appearance_state(settings);
    guint32 number;
    if (!tiledit_portal_uint(value, &number)) return;
    if (g_strcmp0(key, "color-scheme") == 0) {
        state->color_scheme = number;
    } else if (g_strcmp0(key, "contrast") == 0) {
        state->contrast = number;
    } else {
        return;
    }
    tiledit_apply_appearance(settings);
}

typedef struct {
    GtkSettings *settings;
    char *key;
} TileditPortalRead;

static void tiledit_portal_read_done(GObject *source, GAsyncResult *result, gpointer data) {
    TileditPortalRead *read = data;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, NULL);
    if (reply != NULL) {
        GVariant *value = g_variant_get_child_value(reply, 0);
        tiledit_portal_setting(read->settings, read->key, value);
        g_variant_unref(value);
        g_variant_unref(reply);
    }
    g_object_unref(read->settings);
    g_free(read->key);
    g_free(read);
}

static void tiledit_portal_changed(GDBusConnection *connection, const char *sender, const char *path,
                                   const char *interface, const char *signal, GVariant *parameters, gpointer data) {
    (void)connection; (void)sender; (void)path; (void)interface; (void)signal;
    const char *namespace = NULL;
    const char *key = NULL;
    GVariant *value = NULL;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ssv)"))) return;
    g_variant_get(parameters, "(&s&sv)", &namespace, &key, &value);
    if (g_strcmp0(namespace, "org.freedesktop.appearance") == 0) tiledit_portal_setting(GTK_SETTINGS(data), key, value);
    g_variant_unref(value);
}

void tiledit_follow_appearance(GtkSettings *settings, TileditAppearance appearance) {
    TileditAppearanceState *state = tiledit_appearance_state(settings);
    state->appearance = appearance;
    tiledit_apply_appearance(settings);
    if (state->subscribed) return;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return;
    state->subscribed = TRUE;
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings",
                                       "SettingChanged", "/org/freedesktop/portal/desktop", NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, tiledit_portal_changed, g_object_ref(settings),
                                       g_object_unref);
    const char *keys[] = {"color-scheme", "contrast"};
    for (size_t index = 0; index < 2; index++) {
        TileditPortalRead *read = g_new0(TileditPortalRead, 1);
        read->settings = g_object_ref(settings);
        read->key = g_strdup(keys[index]);
        // Without a portal on the bus the call fails and GTK keeps its settings.
        g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                               "org.freedesktop.portal.Settings", "Read",
                               g_variant_new("(ss)", "org.freedesktop.appearance", keys[index]), NULL,
                               G_DBUS_CALL_FLAGS_NONE, 2000, NULL, tiledit_portal_read_done, read);
    }
    g_object_unref(bus);
}

// MARK: Accessible states

void tiledit_accessible_set_expanded(GtkWidget *widget, int expanded) {
    if (expanded < 0) {
        gtk_accessible_reset_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED);
    } else {
        gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded ? TRUE : FALSE, -1);
    }
}

// MARK: Style sheet

void tiledit_install_css(const char *css) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL) return;
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
}

// MARK: Reordering rows by drag and drop

#define TILEDIT_ROW_POSITION "tiledit-row-position"

typedef struct {
    TileditRowDropped dropped;
    gpointer data;
    GDestroyNotify destroy;
} TileditRowDrop;

static void tiledit_row_drop_free(gpointer pointer, GClosure *closure) {
    (void)closure;
    TileditRowDrop *drop = pointer;
    if (drop->destroy != NULL) drop->destroy(drop->data);
    g_free(drop);
}

void tiledit_row_set_position(GtkWidget *row, guint position) {
    // Stored plus one: no data (NULL) means the row holds no position.
    g_object_set_data(G_OBJECT(row), TILEDIT_ROW_POSITION, GUINT_TO_POINTER(position + 1));
}

static gboolean tiledit_row_position(GtkWidget *row, guint *position) {
    guint stored = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(row), TILEDIT_ROW_POSITION));
    if (stored == 0) return FALSE;
    *position = stored - 1;
    return TRUE;
}

static GdkContentProvider *tiledit_row_drag_prepare(GtkDragSource *source, double x, double y, gpointer data) {
    (void)x; (void)y; (void)data;
    GtkWidget *row = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(source));
    guint position;
    if (!tiledit_row_position(row, &position)) return NULL;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_UINT);
    g_value_set_uint(&value, position);
    GdkContentProvider *provider = gdk_content_provider_new_for_value(&value);
    g_value_unset(&value);
    return provider;
}

static void tiledit_row_drag_begin(GtkDragSource *source, GdkDrag *drag, gpointer data) {
    (void)drag; (void)data;
    GtkWidget *row = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(source));
    GdkPaintable *icon = gtk_widget_paintable_new(row);
    gtk_drag_source_set_icon(source, icon, 16, 12);
    g_object_unref(icon);
}

static gboolean tiledit_row_drop(GtkDropTarget *target, const GValue *value, double x, double y, gpointer data) {
    (void)x; (void)y;
    TileditRowDrop *drop = data;
    GdkDrop *current = gtk_drop_target_get_current_drop(target);
    // Only rows dragged inside this application (a drag of its own).
    if (current == NULL || gdk_drop_get_drag(current) == NULL || !G_VALUE_HOLDS_UINT(value)) return FALSE;
    GtkWidget *row = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(target));
    guint to;
    if (!tiledit_row_position(row, &to)) return FALSE;
    drop->dropped(drop->data, g_value_get_uint(value), to);
    return TRUE;
}

void tiledit_row_enable_reordering(GtkWidget *row, TileditRowDropped dropped, gpointer data, GDestroyNotify destroy) {
    GtkDragSource *source = gtk_drag_source_new();
    gtk_drag_source_set_actions(source, GDK_ACTION_MOVE);
    g_signal_connect(source, "prepare", G_CALLBACK(tiledit_row_drag_prepare), NULL);
    g_signal_connect(source, "drag-begin", G_CALLBACK(tiledit_row_drag_begin), NULL);
    gtk_widget_add_controller(row, GTK_EVENT_CONTROLLER(source));

    TileditRowDrop *drop = g_new0(TileditRowDrop, 1);
    drop->dropped = dropped;
    drop->data = data;
    drop->destroy = destroy;
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_UINT, GDK_ACTION_MOVE);
    g_signal_connect_data(target, "drop", G_CALLBACK(tiledit_row_drop), drop, tiledit_row_drop_free, 0);
    gtk_widget_add_controller(row, GTK_EVENT_CONTROLLER(target));
}
