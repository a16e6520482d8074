/* sl-draft-window.c: the base of the squad builder and the custom scenario
 * editor. Each subclass lays itself out in its template and says what its
 * draft is (fingerprint), how it saves it (save) and what is lost without
 * saving (unsaved_body); this class keeps the draft last saved, asks
 * before a close would lose changes, and shows toasts.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-draft-window.h"
#include "sl-file.h"

typedef struct
{
  AdwToastOverlay *toasts;
  char            *saved;   /* the draft's fingerprint as last saved, opened or begun */
} SlDraftWindowPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (SlDraftWindow, sl_draft_window, ADW_TYPE_WINDOW)

void
sl_draft_window_set_toasts (SlDraftWindow   *self,
                            AdwToastOverlay *toasts)
{
  SlDraftWindowPrivate *priv = sl_draft_window_get_instance_private (self);

  g_return_if_fail (SL_IS_DRAFT_WINDOW (self));
  priv->toasts = toasts;
}

void
sl_draft_window_toast (SlDraftWindow *self,
                       const char    *text)
{
  SlDraftWindowPrivate *priv = sl_draft_window_get_instance_private (self);

  g_return_if_fail (SL_IS_DRAFT_WINDOW (self));
  g_return_if_fail (priv->toasts != NULL);
  adw_toast_overlay_add_toast (priv->toasts, sl_toast_new (text));
}

void
sl_draft_window_mark_saved (SlDraftWindow *self)
{
  SlDraftWindowPrivate *priv = sl_draft_window_get_instance_private (self);

  g_return_if_fail (SL_IS_DRAFT_WINDOW (self));
  g_free (priv->saved);
  priv->saved = SL_DRAFT_WINDOW_GET_CLASS (self)->fingerprint (self);
}

gboolean
sl_draft_window_has_changes (SlDraftWindow *self)
{
  SlDraftWindowPrivate *priv = sl_draft_window_get_instance_private (self);
  g_autofree char *now = NULL;

  g_return_val_if_fail (SL_IS_DRAFT_WINDOW (self), FALSE);
  now = SL_DRAFT_WINDOW_GET_CLASS (self)->fingerprint (self);
  return g_strcmp0 (now, priv->saved) != 0;
}

void
sl_draft_window_save_failed (SlDraftWindow *self,
                             const GError  *error,
                             const char    *path,
                             SlReplaceFunc  replace,
                             int            tag,
                             const char    *message)
{
  g_return_if_fail (SL_IS_DRAFT_WINDOW (self));

  if (g_error_matches (error, SL_FILE_ERROR, SL_FILE_ERROR_EXISTS))
    sl_ask_replace (GTK_WINDOW (self), path, replace, tag);
  else
    sl_draft_window_toast (self, message);
}

static gboolean
save_before_close (GtkWindow *window)
{
  return SL_DRAFT_WINDOW_GET_CLASS (window)->save (SL_DRAFT_WINDOW (window));
}

/* Closing with changes not saved asks first (issue 21 #8). */
static gboolean
sl_draft_window_close_request (GtkWindow *window)
{
  SlDraftWindow *self = SL_DRAFT_WINDOW (window);
  g_autofree char *body = NULL;

  if (!sl_draft_window_has_changes (self))
    return GTK_WINDOW_CLASS (sl_draft_window_parent_class)->close_request (window);
  body = SL_DRAFT_WINDOW_GET_CLASS (self)->unsaved_body (self);
  if (sl_ask_unsaved (window, body, save_before_close))
    return TRUE;
  return GTK_WINDOW_CLASS (sl_draft_window_parent_class)->close_request (window);
}

/* A window of its parent's application: the application goes on while it
 * is open, after the table's window has closed, and quitting closes it as
 * its close button does, asking about changes first. */
static void
transient_for_cb (GtkWindow  *window,
                  GParamSpec *pspec,
                  gpointer    user_data)
{
  GtkWindow *parent = gtk_window_get_transient_for (window);

  if (parent != NULL && gtk_window_get_application (parent) != NULL &&
      gtk_window_get_application (window) == NULL)
    gtk_window_set_application (window, gtk_window_get_application (parent));
}

static void
sl_draft_window_finalize (GObject *object)
{
  SlDraftWindowPrivate *priv = sl_draft_window_get_instance_private (SL_DRAFT_WINDOW (object));

  g_free (priv->saved);
  G_OBJECT_CLASS (sl_draft_window_parent_class)->finalize (object);
}

static void
sl_draft_window_class_init (SlDraftWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->finalize = sl_draft_window_finalize;
  window_class->close_request = sl_draft_window_close_request;
  sl_window_class_bind_close_keys (widget_class);
}

static void
sl_draft_window_init (SlDraftWindow *self)
{
  g_signal_connect (self, "notify::transient-for", G_CALLBACK (transient_for_cb), NULL);
}
