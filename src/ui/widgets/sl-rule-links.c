/* sl-rule-links.c: the rules a message cites, as links to the rules
 * reference
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sl-reference.h"
#include "sl-reference-window.h"
#include "sl-rule-links.h"

typedef struct
{
  SlReference *reference;
  const char  *text;
  GString     *out;
  gsize        done;
} LinkData;

static void
append_escaped (GString    *out,
                const char *text,
                gssize      length)
{
  g_autofree char *escaped = g_markup_escape_text (text, length);

  g_string_append (out, escaped);
}

static void
link_id_cb (const char *text,
            gsize       offset,
            gsize       length,
            gpointer    user_data)
{
  LinkData *data = user_data;
  g_autofree char *id = g_strndup (text + offset, length);
  const SlReferenceEntry *entry = sl_reference_lookup (data->reference, id);
  g_autofree char *title = NULL;

  /* "T-34a" is in T-34's entry when it has none of its own. */
  if (entry == NULL && g_ascii_isalpha (id[length - 1]))
    {
      g_autofree char *base = g_strndup (id, length - 1);

      entry = sl_reference_lookup (data->reference, base);
    }
  if (entry == NULL)
    return;
  append_escaped (data->out, text + data->done, offset - data->done);
  title = g_markup_escape_text (entry->title, -1);
  /* Ids are [TPEA]-nn[n][a-z]: nothing to escape in them. */
  g_string_append_printf (data->out, "<a href=\"rule:%s\" title=\"%s\">%s</a>", entry->id, title, id);
  data->done = offset + length;
}

char *
sl_rule_links_markup (const char *message,
                      gboolean    cite)
{
  g_autofree char *cited = NULL;
  LinkData data = { 0 };

  if (message == NULL)
    return g_strdup ("");
  cited = cite ? sl_reference_cite (NULL, message) : g_strdup (message);
  data.reference = sl_reference_get_default ();
  data.text = cited;
  data.out = g_string_sized_new (strlen (cited) + 64);
  sl_reference_foreach_id (cited, link_id_cb, &data);
  append_escaped (data.out, cited + data.done, -1);
  return g_string_free (data.out, FALSE);
}

gboolean
sl_rule_links_activate_cb (GtkLabel   *label,
                           const char *uri,
                           gpointer    user_data)
{
  if (uri == NULL || !g_str_has_prefix (uri, "rule:"))
    return FALSE;
  sl_reference_window_open (GTK_WIDGET (label), uri + strlen ("rule:"));
  return TRUE;
}

void
sl_rule_links_set_label (GtkLabel   *label,
                         const char *message)
{
  g_autofree char *markup = sl_rule_links_markup (message, TRUE);

  g_return_if_fail (GTK_IS_LABEL (label));

  gtk_label_set_markup (label, markup);
  if (g_object_get_data (G_OBJECT (label), "sl-rule-links") == NULL)
    {
      g_signal_connect (label, "activate-link", G_CALLBACK (sl_rule_links_activate_cb), NULL);
      g_object_set_data (G_OBJECT (label), "sl-rule-links", GINT_TO_POINTER (TRUE));
    }
}

static void
collect_cb (const char *text,
            gsize       offset,
            gsize       length,
            gpointer    user_data)
{
  GPtrArray *ids = user_data;
  g_autofree char *id = g_strndup (text + offset, length);

  if (!g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL))
    g_ptr_array_add (ids, g_steal_pointer (&id));
}

GtkWidget *
sl_rule_links_cited_new (const char *message)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) links = g_string_new (NULL);
  g_autofree char *markup = NULL;
  SlReference *reference;
  GtkWidget *label;

  if (message == NULL)
    return NULL;
  sl_reference_foreach_id (message, collect_cb, ids);
  if (ids->len == 0)
    return NULL;
  reference = sl_reference_get_default ();
  for (guint i = 0; i < ids->len; i++)
    {
      const SlReferenceEntry *entry = sl_reference_lookup (reference, g_ptr_array_index (ids, i));
      g_autofree char *title = NULL;

      if (entry == NULL || entry->kind == SL_REFERENCE_OPTION)
        continue;
      title = g_markup_escape_text (entry->title, -1);
      if (links->len > 0)
        g_string_append (links, _(", "));
      g_string_append_printf (links, "<a href=\"rule:%s\" title=\"%s\">%s</a> %s", entry->id, title,
                              entry->id, title);
    }
  if (links->len == 0)
    return NULL;
  /* Translators: under a refusal, the rules it cites as links to the
   * rules reference: "Rules cited: P-06 Initiative phase, P-08 …". */
  markup = g_strdup_printf (_("Rules cited: %s"), links->str);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (label, "dim-label");
  g_signal_connect (label, "activate-link", G_CALLBACK (sl_rule_links_activate_cb), NULL);
  return label;
}

AdwToast *
sl_rule_links_toast_new (const char *message)
{
  AdwToast *toast = adw_toast_new ("");
  GtkWidget *label = gtk_label_new (NULL);

  /* A label of our own instead of the title (which it unsets), for the
   * links. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  sl_rule_links_set_label (GTK_LABEL (label), message);
  adw_toast_set_custom_title (toast, label);
  return toast;
}
