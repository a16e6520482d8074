/* sl-phones-window.c: Private Views on Phones
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <qrencode.h>

#include "sl-a11y.h"
#include "sl-phones-window-private.h"
#include "sl-phones-window.h"
#include "sl-ui-util.h"

struct _SlPhonesWindow
{
  AdwWindow     parent_instance;

  GtkSwitch    *sharing_switch;
  GtkLabel     *problem;
  GtkWidget    *pair_group;
  AdwComboRow  *viewer_row;
  AdwComboRow  *address_row;
  AdwEntryRow  *pin_row;
  GtkWidget    *show_button;
  GtkWidget    *code_box;
  GtkDrawingArea *qr;
  GtkLabel     *code_label;
  GtkLabel     *link_label;
  GtkWidget    *devices_group;
  GtkListBox   *devices;
  GPtrArray    *revoke_buttons;    /* each device's, in order (not owned: the rows hold them) */
  GtkLabel     *fingerprint_label;

  SlServer     *server;
  gulong        changed_id;
  GStrv         addresses;
  char         *certificate_path;
  char         *code;              /* shown, or NULL */
  char         *link;
  QRcode       *qrcode;
  GStrv         pins_left;         /* the locks still to open before the code shows */
  GHashTable   *unlocked;          /* the viewers whose PINs were typed here */
  guint         tick_id;
  guint         retry_id;          /* the PIN row waits after a wrong PIN */
  gboolean      updating;
};

G_DEFINE_FINAL_TYPE (SlPhonesWindow, sl_phones_window, ADW_TYPE_WINDOW)

static SlViewer
selected_viewer (SlPhonesWindow *self)
{
  GArray *viewers = sl_server_get_viewers (self->server);
  guint i = adw_combo_row_get_selected (self->viewer_row);

  return i < viewers->len ? g_array_index (viewers, SlViewer, i) : SL_VIEWER_REFEREE;
}

static const char *
selected_address (SlPhonesWindow *self)
{
  guint i = adw_combo_row_get_selected (self->address_row);

  return i < g_strv_length (self->addresses) ? self->addresses[i] : "127.0.0.1";
}

/* The QR code of the link, black on white with its quiet zone, as large
 * as the area allows in whole pixels. */
static void
draw_qr (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        data)
{
  SlPhonesWindow *self = data;
  int n, side, scale, x0, y0;

  (void) area;
  if (self->qrcode == NULL)
    return;
  n = self->qrcode->width;
  side = MIN (width, height);
  scale = MAX (1, side / (n + 8));
  x0 = (width - scale * (n + 8)) / 2;
  y0 = (height - scale * (n + 8)) / 2;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x0, y0, scale * (n + 8), scale * (n + 8));
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      if (self->qrcode->data[y * n + x] & 1)
        cairo_rectangle (cr, x0 + scale * (x + 4), y0 + scale * (y + 4), scale, scale);
  cairo_fill (cr);
}

static void
hide_code (SlPhonesWindow *self)
{
  g_clear_pointer (&self->code, g_free);
  g_clear_pointer (&self->link, g_free);
  g_clear_pointer (&self->qrcode, QRcode_free);
  g_clear_pointer (&self->pins_left, g_strfreev);
  gtk_widget_set_visible (self->code_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->pin_row), FALSE);
  gtk_widget_set_visible (self->show_button, TRUE);
  gtk_label_set_text (self->code_label, "");
  gtk_label_set_text (self->link_label, "");
}

/* The selected viewer's invitation, as it is now (a new one once it was
 * used or has expired). */
static void
show_invitation (SlPhonesWindow *self)
{
  g_autofree char *code = NULL;
  g_autofree char *link = sl_server_pairing_link (self->server, selected_viewer (self), selected_address (self), &code);

  if (g_strcmp0 (link, self->link) == 0)
    return;
  g_free (self->link);
  self->link = g_steal_pointer (&link);
  g_free (self->code);
  self->code = g_steal_pointer (&code);
  g_clear_pointer (&self->qrcode, QRcode_free);
  self->qrcode = QRcode_encodeString (self->link, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  gtk_label_set_text (self->code_label, self->code);
  gtk_label_set_text (self->link_label, self->link);
  gtk_widget_set_visible (self->code_box, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->pin_row), FALSE);
  gtk_widget_set_visible (self->show_button, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self->qr));
}

/* Five minutes: the code shown is renewed once it expires. */
static gboolean
tick_cb (gpointer data)
{
  SlPhonesWindow *self = data;

  if (self->code != NULL && sl_server_is_running (self->server))
    show_invitation (self);
  return G_SOURCE_CONTINUE;
}

static void
ask_pin (SlPhonesWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (sl_server_get_game (self->server));
  g_autofree char *title = NULL;
  SlViewer whose;

  if (sl_viewer_parse (setup, self->pins_left[0], &whose, NULL) && whose >= 0)
    title = g_strdup_printf (_("%s’s PIN"), sl_setup_side_at (setup, whose)->name);
  else
    title = g_strdup (_("The referee’s PIN"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pin_row), title);
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->pin_row), "error");
  gtk_editable_set_text (GTK_EDITABLE (self->pin_row), "");
  gtk_widget_set_visible (GTK_WIDGET (self->pin_row), TRUE);
  gtk_widget_set_visible (self->show_button, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->pin_row));
}

static void
revoke_clicked_cb (GtkButton      *button,
                   SlPhonesWindow *self)
{
  guint64 *id = g_object_get_data (G_OBJECT (button), "device");

  sl_pairing_revoke (sl_server_get_pairing (self->server), *id);
}

static void
update (SlPhonesWindow *self)
{
  gboolean running = sl_server_is_running (self->server);
  GPtrArray *devices = sl_pairing_get_devices (sl_server_get_pairing (self->server));
  GtkWidget *child;

  self->updating = TRUE;
  gtk_switch_set_active (self->sharing_switch, running);
  self->updating = FALSE;
  gtk_widget_set_sensitive (self->pair_group, running);
  gtk_widget_set_sensitive (self->devices_group, running);
  gtk_label_set_text (self->fingerprint_label, running ? sl_server_get_fingerprint (self->server) : _("Not shared."));
  if (!running)
    hide_code (self);
  else if (self->code != NULL)
    {
      /* Used by a phone: the code goes (the next is for the next phone
       * of that side, on request). */
      g_autofree char *code = NULL;
      g_autofree char *link = sl_server_pairing_link (self->server, selected_viewer (self), selected_address (self), &code);

      if (g_strcmp0 (link, self->link) != 0)
        hide_code (self);
    }

  g_ptr_array_set_size (self->revoke_buttons, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->devices))) != NULL)
    gtk_list_box_remove (self->devices, child);
  for (guint i = 0; i < devices->len; i++)
    {
      const SlDevice *d = g_ptr_array_index (devices, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *revoke = gtk_button_new_with_mnemonic (_("_Revoke"));
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (d->paired / G_USEC_PER_SEC);
      g_autofree char *time = g_date_time_format (when, "%H:%M");
      g_autofree char *subtitle = g_strdup_printf (_("%s · paired at %s"), sl_server_viewer_name (self->server, d->viewer), time);
      guint64 *id = g_new (guint64, 1);

      *id = d->id;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), d->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (revoke, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (revoke, "destructive-action");
      g_object_set_data_full (G_OBJECT (revoke), "device", id, g_free);
      g_signal_connect (revoke, "clicked", G_CALLBACK (revoke_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), revoke);
      g_ptr_array_add (self->revoke_buttons, revoke);
      gtk_list_box_append (self->devices, row);
    }
  if (devices->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No phone is paired."));
      gtk_list_box_append (self->devices, row);
    }
}

static void
sharing_toggled_cb (SlPhonesWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
  if (!gtk_switch_get_active (self->sharing_switch))
    {
      sl_server_stop (self->server);
      return;
    }
  /* 9743, or any free port when another program has it: the QR code and
   * the link say which. */
  if (!sl_server_start (self->server, NULL, SL_SERVER_DEFAULT_PORT, self->certificate_path, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
    {
      g_clear_error (&error);
      sl_server_start (self->server, NULL, 0, self->certificate_path, &error);
    }
  if (error != NULL)
    {
      gtk_label_set_text (self->problem, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
      update (self);
    }
}

static void
viewer_changed_cb (SlPhonesWindow *self)
{
  /* Another side chosen: the code shown goes. */
  hide_code (self);
}

static gboolean
unlock_or_ask (SlPhonesWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (sl_server_get_game (self->server));
  const char *who = sl_viewer_id (setup, selected_viewer (self));

  /* A phone is no way round a lock: the PINs the private view asks. */
  if (!g_hash_table_contains (self->unlocked, who))
    {
      g_auto(GStrv) pins = sl_game_locks_to_open (sl_server_get_game (self->server), who);

      if (pins[0] != NULL)
        {
          g_strfreev (self->pins_left);
          self->pins_left = g_steal_pointer (&pins);
          ask_pin (self);
          return FALSE;
        }
    }
  show_invitation (self);
  return TRUE;
}

static void
show_clicked_cb (SlPhonesWindow *self)
{
  if (sl_server_is_running (self->server))
    unlock_or_ask (self);
}

static void
hide_clicked_cb (SlPhonesWindow *self)
{
  hide_code (self);
}

static gboolean
retry_cb (gpointer data)
{
  SlPhonesWindow *self = data;

  self->retry_id = 0;
  gtk_editable_set_editable (GTK_EDITABLE (self->pin_row), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->pin_row));
  return G_SOURCE_REMOVE;
}

/* Issue 30 #4, as the private view does: after a wrong PIN the row says
 * so and waits until @retry_at; a few wrong ones in a row (@closed) end
 * the asking, and the code is asked for again from the start. */
static void
refuse_pin (SlPhonesWindow *self,
            gint64          retry_at,
            gboolean        closed)
{
  gint64 wait = retry_at - g_get_monotonic_time ();
  int seconds = (int) MAX (1, (wait + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC);
  g_autofree char *text = NULL;

  if (closed)
    {
      hide_code (self);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "That is not the PIN. After %d wrong PIN the code is not shown: "
                                           "choose Show the Code to try again.",
                                           "That is not the PIN. After %d wrong PINs in a row the code is not shown: "
                                           "choose Show the Code to try again.",
                                           SL_LOCK_WRONG_TO_CLOSE),
                              SL_LOCK_WRONG_TO_CLOSE);
    }
  else
    {
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "That is not the PIN. Try again in %d second.",
                                           "That is not the PIN. Try again in %d seconds.", seconds),
                              seconds);
      gtk_widget_add_css_class (GTK_WIDGET (self->pin_row), "error");
      gtk_editable_set_text (GTK_EDITABLE (self->pin_row), "");
      if (wait > 0)
        {
          g_clear_handle_id (&self->retry_id, g_source_remove);
          gtk_editable_set_editable (GTK_EDITABLE (self->pin_row), FALSE);
          self->retry_id = g_timeout_add ((guint) ((wait + 999) / 1000), retry_cb, self);
        }
    }
  gtk_label_set_text (self->problem, text);
  gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
  sl_a11y_tell (closed ? self->show_button : GTK_WIDGET (self->pin_row), text);
}

gboolean
sl_phones_window_enter_pin (SlPhonesWindow *self,
                            const char     *pin)
{
  gint64 retry_at = 0;
  SlPinCheck check;

  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), FALSE);
  if (self->pins_left == NULL || self->pins_left[0] == NULL)
    return FALSE;
  check = sl_game_try_lock (sl_server_get_game (self->server), self->pins_left[0], pin, &retry_at);
  if (check != SL_PIN_OPENS)
    {
      refuse_pin (self, retry_at, check == SL_PIN_CLOSE);
      return FALSE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->pin_row), "error");
  {
    g_auto(GStrv) rest = g_strdupv (self->pins_left + 1);

    g_strfreev (self->pins_left);
    self->pins_left = g_steal_pointer (&rest);
  }
  if (self->pins_left[0] != NULL)
    {
      ask_pin (self);
      return TRUE;
    }
  g_clear_pointer (&self->pins_left, g_strfreev);
  g_hash_table_add (self->unlocked,
                    g_strdup (sl_viewer_id (sl_game_get_setup (sl_server_get_game (self->server)), selected_viewer (self))));
  show_invitation (self);
  return TRUE;
}

static void
pin_apply_cb (SlPhonesWindow *self)
{
  g_autofree char *pin = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->pin_row)));

  sl_phones_window_enter_pin (self, pin);
}

static gboolean
close_request_cb (SlPhonesWindow *self)
{
  /* Closed, the window withdraws the invitations: devices paired stay. */
  sl_pairing_withdraw (sl_server_get_pairing (self->server), SL_VIEWER_TABLE);
  hide_code (self);
  return FALSE;
}

static void
sl_phones_window_dispose (GObject *object)
{
  SlPhonesWindow *self = SL_PHONES_WINDOW (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->server != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->server);
      sl_pairing_withdraw (sl_server_get_pairing (self->server), SL_VIEWER_TABLE);
    }
  g_clear_object (&self->server);
  gtk_widget_dispose_template (GTK_WIDGET (self), SL_TYPE_PHONES_WINDOW);
  G_OBJECT_CLASS (sl_phones_window_parent_class)->dispose (object);
}

static void
sl_phones_window_finalize (GObject *object)
{
  SlPhonesWindow *self = SL_PHONES_WINDOW (object);

  g_strfreev (self->addresses);
  g_free (self->certificate_path);
  g_free (self->code);
  g_free (self->link);
  g_clear_pointer (&self->qrcode, QRcode_free);
  g_strfreev (self->pins_left);
  g_hash_table_unref (self->unlocked);
  g_ptr_array_unref (self->revoke_buttons);
  G_OBJECT_CLASS (sl_phones_window_parent_class)->finalize (object);
}

static void
sl_phones_window_class_init (SlPhonesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_phones_window_dispose;
  object_class->finalize = sl_phones_window_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-phones-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, sharing_switch);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, problem);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, pair_group);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, viewer_row);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, address_row);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, pin_row);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, show_button);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, code_box);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, qr);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, code_label);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, link_label);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, devices_group);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, devices);
  gtk_widget_class_bind_template_child (widget_class, SlPhonesWindow, fingerprint_label);
  gtk_widget_class_bind_template_callback (widget_class, sharing_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, viewer_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, hide_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pin_apply_cb);
  sl_window_class_bind_close_keys (widget_class);
}

static void
sl_phones_window_init (SlPhonesWindow *self)
{
  self->unlocked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->revoke_buttons = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->qr, draw_qr, self, NULL);
  /* A screen reader says what the picture is; the link below it is text. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->qr), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("QR code of the pairing link"), -1);
  g_signal_connect_swapped (self, "close-request", G_CALLBACK (close_request_cb), self);
}

SlPhonesWindow *
sl_phones_window_new (GtkWindow *parent,
                      SlServer  *server)
{
  SlPhonesWindow *self;
  g_autoptr(GtkStringList) viewers = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) addresses = NULL;
  GArray *list;

  g_return_val_if_fail (SL_IS_SERVER (server), NULL);
  self = g_object_new (SL_TYPE_PHONES_WINDOW, "transient-for", parent, NULL);
  self->server = g_object_ref (server);
  list = sl_server_get_viewers (server);
  for (guint i = 0; i < list->len; i++)
    gtk_string_list_append (viewers, sl_server_viewer_name (server, g_array_index (list, SlViewer, i)));
  self->addresses = sl_server_local_addresses ();
  if (self->addresses[0] == NULL)
    {
      /* No network: this machine only (its own browser). */
      g_strfreev (self->addresses);
      self->addresses = g_strdupv ((char *[]) { (char *) "127.0.0.1", NULL });
    }
  addresses = gtk_string_list_new ((const char * const *) self->addresses);
  self->updating = TRUE;
  adw_combo_row_set_model (self->viewer_row, G_LIST_MODEL (viewers));
  adw_combo_row_set_model (self->address_row, G_LIST_MODEL (addresses));
  self->updating = FALSE;
  hide_code (self);
  self->changed_id = g_signal_connect_swapped (server, "changed", G_CALLBACK (update), self);
  self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
  update (self);
  return self;
}

SlServer *
sl_phones_window_get_server (SlPhonesWindow *self)
{
  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), NULL);
  return self->server;
}

void
sl_phones_window_set_certificate_path (SlPhonesWindow *self,
                                       const char     *path)
{
  g_return_if_fail (SL_IS_PHONES_WINDOW (self));
  g_free (self->certificate_path);
  self->certificate_path = g_strdup (path);
}

void
sl_phones_window_set_sharing (SlPhonesWindow *self,
                              gboolean        on)
{
  g_return_if_fail (SL_IS_PHONES_WINDOW (self));
  gtk_switch_set_active (self->sharing_switch, on);
}

gboolean
sl_phones_window_show_code (SlPhonesWindow *self,
                            const char     *viewer)
{
  GArray *viewers;
  SlViewer v;

  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), FALSE);
  if (!sl_viewer_parse (sl_game_get_setup (sl_server_get_game (self->server)), viewer, &v, NULL))
    return FALSE;
  viewers = sl_server_get_viewers (self->server);
  for (guint i = 0; i < viewers->len; i++)
    if (g_array_index (viewers, SlViewer, i) == v)
      adw_combo_row_set_selected (self->viewer_row, i);
  if (!sl_server_is_running (self->server))
    return FALSE;
  return unlock_or_ask (self);
}

gboolean
sl_phones_window_asks_pin (SlPhonesWindow *self)
{
  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), FALSE);
  return self->pins_left != NULL && self->pins_left[0] != NULL;
}

gboolean
sl_phones_window_pin_waits (SlPhonesWindow *self)
{
  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), FALSE);
  return self->retry_id != 0;
}

const char *
sl_phones_window_get_code (SlPhonesWindow *self)
{
  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), NULL);
  return self->code;
}

const char *
sl_phones_window_get_link (SlPhonesWindow *self)
{
  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), NULL);
  return self->link;
}

guint
sl_phones_window_get_n_devices (SlPhonesWindow *self)
{
  g_return_val_if_fail (SL_IS_PHONES_WINDOW (self), 0);
  return sl_pairing_get_devices (sl_server_get_pairing (self->server))->len;
}

void
sl_phones_window_revoke (SlPhonesWindow *self,
                         guint           index)
{
  GtkWidget *button;

  g_return_if_fail (SL_IS_PHONES_WINDOW (self));
  g_return_if_fail (index < self->revoke_buttons->len);
  button = g_ptr_array_index (self->revoke_buttons, index);
  g_signal_emit_by_name (button, "clicked");
}
