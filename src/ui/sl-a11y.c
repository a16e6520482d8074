/* sl-a11y.c: what a screen reader is told where GTK 4.8 and libadwaita
 * 1.2 tell it wrong or not at all (issue 32)
 *
 * What reaches a screen reader was read off AT-SPI (tests/check-a11y.py)
 * and off Orca 43's own speech log, on Debian 12: see docs/accessibility.md.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sl-a11y.h"

#define HOOKED_KEY "sl-a11y-hooked"
#define TOLD_KEY   "sl-a11y-told"

void
sl_a11y_set_name (GtkWidget  *widget,
                  const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  if (name != NULL && *name != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* "_Roll Initiative" as it shows: "Roll Initiative" ("__" is one "_"). */
static char *
without_mnemonic (const char *label)
{
  GString *plain = g_string_sized_new (strlen (label));

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (plain, *p);
    }
  return g_string_free (plain, FALSE);
}

static void
name_button (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  GtkWidget *child = gtk_button_get_child (button);

  if (label != NULL)
    {
      g_autofree char *plain = gtk_button_get_use_underline (button) ? without_mnemonic (label) : g_strdup (label);

      sl_a11y_set_name (GTK_WIDGET (button), plain);
    }
  else if (GTK_IS_IMAGE (child))
    /* Named by the window or its tooltip; never "GtkImage". */
    gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static void
button_label_cb (GtkButton *button)
{
  name_button (button);
}

/* The text a combo row shows for its item: a string, or its expression's. */
static char *
combo_value (AdwComboRow *row)
{
  gpointer item = adw_combo_row_get_selected_item (row);
  GtkExpression *expression = adw_combo_row_get_expression (row);
  g_auto(GValue) value = G_VALUE_INIT;

  if (item == NULL)
    return NULL;
  if (GTK_IS_STRING_OBJECT (item))
    return g_strdup (gtk_string_object_get_string (item));
  if (expression != NULL && gtk_expression_evaluate (expression, item, &value) &&
      G_VALUE_HOLDS_STRING (&value))
    return g_value_dup_string (&value);
  return NULL;
}

static void
name_combo_row (AdwComboRow *row)
{
  const char *shown = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  g_autofree char *title = adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row))
                           ? without_mnemonic (shown) : g_strdup (shown);
  g_autofree char *value = combo_value (row);
  g_autofree char *name = NULL;

  if (value != NULL && *value != '\0')
    /* Translators: a list row as a screen reader names it: its title,
     * then the value chosen ("Target: 13 · Trooper Hale"). */
    name = g_strdup_printf (C_("a11y", "%s: %s"), title, value);
  sl_a11y_set_name (GTK_WIDGET (row), name != NULL ? name : title);
  /* Inside it, the value shown (a GtkListView of one item) and the arrow
   * are no more than the row says. */
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (row)); w != NULL;)
    {
      if (GTK_IS_LIST_VIEW (w))
        gtk_accessible_update_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        name != NULL ? name : title, -1);
      else if (GTK_IS_IMAGE (w))
        gtk_accessible_update_state (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      /* Depth first, within the row. */
      if (gtk_widget_get_first_child (w) != NULL && !GTK_IS_LIST_VIEW (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != GTK_WIDGET (row) && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w != GTK_WIDGET (row) ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
}

static void
combo_row_changed_cb (AdwComboRow *row)
{
  name_combo_row (row);
}

void
sl_a11y_set_button_label (GtkButton  *button,
                          const char *label)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_BUTTON (button));
  if (g_strcmp0 (gtk_button_get_label (button), label) == 0)
    return;
  child = gtk_button_get_child (button);
  if (GTK_IS_LABEL (child) && gtk_button_get_use_underline (button) && label != NULL)
    {
      g_autofree char *plain = without_mnemonic (label);

      /* The label it shows changed in place (gtk_button_get_label reads
       * it): the one new name a screen reader hears is the plain one. */
      gtk_label_set_text_with_mnemonic (GTK_LABEL (child), label);
      sl_a11y_set_name (GTK_WIDGET (button), plain);
    }
  else
    gtk_button_set_label (button, label);
}

static void
hook (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), HOOKED_KEY) != NULL)
    return;
  if (GTK_IS_BUTTON (widget))
    {
      g_object_set_data (G_OBJECT (widget), HOOKED_KEY, GINT_TO_POINTER (1));
      name_button (GTK_BUTTON (widget));
      g_signal_connect (widget, "notify::label", G_CALLBACK (button_label_cb), NULL);
    }
  else if (ADW_IS_COMBO_ROW (widget))
    {
      g_object_set_data (G_OBJECT (widget), HOOKED_KEY, GINT_TO_POINTER (1));
      name_combo_row (ADW_COMBO_ROW (widget));
      g_signal_connect (widget, "notify::selected-item", G_CALLBACK (combo_row_changed_cb), NULL);
      g_signal_connect (widget, "notify::title", G_CALLBACK (combo_row_changed_cb), NULL);
    }
}

void
sl_a11y_name_by_value (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));
  hook (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    sl_a11y_name_by_value (child);
}

void
sl_a11y_name_page (GtkStack   *stack,
                   const char *child_name,
                   const char *name)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_STACK (stack));
  child = gtk_stack_get_child_by_name (stack, child_name);
  if (child != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_stack_get_page (stack, child)),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

void
sl_a11y_tell (GtkWidget  *focus,
              const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (focus));
  if (g_strcmp0 (sl_a11y_get_told (focus), text) == 0)
    return;
  g_object_set_data_full (G_OBJECT (focus), TOLD_KEY, g_strdup (text), g_free);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

const char *
sl_a11y_get_told (GtkWidget *focus)
{
  g_return_val_if_fail (GTK_IS_WIDGET (focus), NULL);
  return g_object_get_data (G_OBJECT (focus), TOLD_KEY);
}

static void
describe_focusable (GtkWidget  *widget,
                    const char *body)
{
  if (gtk_widget_get_focusable (widget) && !GTK_IS_WINDOW (widget))
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, body, -1);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    describe_focusable (child, body);
}

void
sl_a11y_describe_dialog (AdwMessageDialog *dialog,
                         const char       *body)
{
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));
  if (body == NULL || *body == '\0')
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (dialog), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, body, -1);
  describe_focusable (GTK_WIDGET (dialog), body);
}

void
sl_journal_mark_set (SlJournalMark *mark,
                     SlGame        *game)
{
  g_return_if_fail (mark != NULL);
  mark->position = game != NULL ? sl_game_get_position (game) : 0;
  mark->next_id = game != NULL && sl_game_get_n_entries (game) > mark->position
                  ? sl_game_get_entry_id (game, mark->position) : 0;
}

/* The summaries of entries @from to @to − 1, one after the other. */
static char *
summaries (SlGame *game,
           guint   from,
           guint   to)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = from; i < to && i < sl_game_get_n_entries (game); i++)
    {
      const char *summary = sl_game_get_entry (game, i)->summary;

      if (summary == NULL || *summary == '\0')
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, summary);
    }
  return text->len > 0 ? g_strdup (text->str) : NULL;
}

char *
sl_journal_mark_tell (SlJournalMark *mark,
                      SlGame        *game)
{
  SlJournalMark was;
  g_autofree char *what = NULL;

  g_return_val_if_fail (mark != NULL, NULL);
  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  was = *mark;
  sl_journal_mark_set (mark, game);
  if (mark->position < was.position)
    {
      what = summaries (game, mark->position, was.position);
      /* Translators: what a screen reader hears after Undo: the entries
       * undone, as the history words them. */
      return g_strdup_printf (_("Undone: %s"), what != NULL ? what : _("(nothing to tell)"));
    }
  if (mark->position == was.position)
    return NULL;
  what = summaries (game, was.position, mark->position);
  /* The entry that was there to redo is there again: a redo. */
  if (was.next_id != 0 && sl_game_get_entry_id (game, was.position) == was.next_id)
    /* Translators: what a screen reader hears after Redo: the entries
     * done again, as the history words them. */
    return g_strdup_printf (_("Redone: %s"), what != NULL ? what : _("(nothing to tell)"));
  return g_steal_pointer (&what);
}
