/* sl-ui-util.c: small pieces the windows share
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sl-check.h"
#include "sl-combat.h"
#include "sl-command-new.h"
#include "sl-dice-sheet.h"
#include "sl-explosives.h"
#include "sl-table-model.h"
#include "sl-ui-util-private.h"
#include "sl-ui-util.h"

static void
add_row (GtkWidget *container,
         GtkWidget *row)
{
  if (ADW_IS_EXPANDER_ROW (container))
    adw_expander_row_add_row (ADW_EXPANDER_ROW (container), row);
  else if (GTK_IS_LIST_BOX (container))
    gtk_list_box_append (GTK_LIST_BOX (container), row);
  else
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (container), row);
}

static GtkWidget *
plain_row (GtkWidget *row)
{
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

GtkWidget *
sl_action_row_new (void)
{
  return plain_row (adw_action_row_new ());
}

void
sl_window_class_bind_close_keys (GtkWidgetClass *widget_class)
{
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

void
sl_widget_class_bind_activate_keys (GtkWidgetClass *widget_class,
                                    const char     *action)
{
  static const guint keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space, GDK_KEY_KP_Space };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i], 0, action, NULL);
}

GtkWidget *
sl_check_row_new (const char      *title,
                  GtkCheckButton  *group,
                  GtkCheckButton **check)
{
  GtkWidget *row = sl_action_row_new ();

  *check = GTK_CHECK_BUTTON (gtk_check_button_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_valign (GTK_WIDGET (*check), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (*check), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  if (group != NULL)
    gtk_check_button_set_group (*check, group);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), GTK_WIDGET (*check));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (*check));
  return row;
}

GtkWidget *
sl_expander_row_new (void)
{
  return plain_row (adw_expander_row_new ());
}

GtkWidget *
sl_combo_row_new (void)
{
  return plain_row (adw_combo_row_new ());
}

GtkWidget *
sl_entry_row_new (void)
{
  return plain_row (adw_entry_row_new ());
}

AdwToast *
sl_toast_new (const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  return adw_toast_new (escaped);
}

void
sl_group_set_title (AdwPreferencesGroup *group,
                    const char          *title)
{
  g_autofree char *escaped = title ? g_markup_escape_text (title, -1) : NULL;

  adw_preferences_group_set_title (group, escaped);
}

void
sl_group_set_description (AdwPreferencesGroup *group,
                          const char          *description)
{
  g_autofree char *escaped = description ? g_markup_escape_text (description, -1) : NULL;

  adw_preferences_group_set_description (group, escaped);
}

void
sl_status_page_set_description (AdwStatusPage *page,
                                const char    *description)
{
  g_autofree char *escaped = description ? g_markup_escape_text (description, -1) : NULL;

  adw_status_page_set_description (page, escaped);
}

static GtkWidget *
suffix_row (GtkWidget  *container,
            const char *title,
            const char *subtitle,
            GtkWidget  *suffix)
{
  GtkWidget *row = sl_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (suffix, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), suffix);
  add_row (container, row);
  return row;
}

GtkSwitch *
sl_switch_row_add (GtkWidget  *container,
                   const char *title,
                   const char *subtitle)
{
  GtkWidget *toggle = gtk_switch_new ();

  suffix_row (container, title, subtitle, toggle);
  return GTK_SWITCH (toggle);
}

GtkSpinButton *
sl_spin_row_add (GtkWidget  *container,
                 const char *title,
                 double      min,
                 double      max,
                 double      step)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, step);

  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  suffix_row (container, title, NULL, spin);
  return GTK_SPIN_BUTTON (spin);
}

typedef struct
{
  SlChooseFunc done;
  gpointer     user_data;
  int          tag;
} Choice;

static void
choose_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    Choice          *choice)
{
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      path = file ? g_file_get_path (file) : NULL;
    }
  if (path != NULL)
    choice->done (path, choice->user_data, choice->tag);
  g_free (choice);
  g_object_unref (dialog);
}

void
sl_choose_json (GtkWindow    *parent,
                const char   *title,
                const char   *accept,
                const char   *filter_name,
                const char   *dir,
                SlChooseFunc  done,
                gpointer      user_data,
                int           tag)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  Choice *choice = g_new0 (Choice, 1);

  g_mkdir_with_parents (dir, 0700);
  choice->done = done;
  choice->user_data = user_data;
  choice->tag = tag;
  dialog = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, accept, _("_Cancel"));
  gtk_file_filter_set_name (filter, filter_name);
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (choose_response_cb), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

GdkRGBA
sl_widget_get_color (GtkWidget *widget)
{
  GdkRGBA rgba;

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &rgba);
G_GNUC_END_IGNORE_DEPRECATIONS
  return rgba;
}

gboolean
sl_focus_children (GtkWidget        *widget,
                   GtkDirectionType  direction,
                   GtkWidget        *entry,
                   gboolean          across)
{
  GtkWidget *focus = gtk_widget_get_focus_child (widget);
  GtkWidget *next = NULL;
  gboolean forward = direction == GTK_DIR_DOWN || (across && direction == GTK_DIR_RIGHT);
  gboolean backward = direction == GTK_DIR_UP || (across && direction == GTK_DIR_LEFT);

  if (forward)
    next = focus != NULL ? gtk_widget_get_next_sibling (focus) : gtk_widget_get_first_child (widget);
  else if (backward)
    next = focus != NULL ? gtk_widget_get_prev_sibling (focus) : gtk_widget_get_last_child (widget);
  else if (focus != NULL)
    /* Tab, or across, out of it. */
    return FALSE;
  else
    next = entry != NULL ? entry
           : direction == GTK_DIR_TAB_BACKWARD ? gtk_widget_get_last_child (widget)
           : gtk_widget_get_first_child (widget);
  return next != NULL && gtk_widget_grab_focus (next);
}

char *
sl_check_odds_words (const SlCheckOdds *odds)
{
  double percent;

  g_return_val_if_fail (odds != NULL, NULL);
  percent = odds->probability * 100.0;
  switch (odds->meaning)
    {
    case SL_ODDS_ROUT:
      /* P-31: the rout check succeeds when the squad routs. */
      if (odds->needed <= 0)
        return g_strdup_printf (_("Cannot rout · %.0f %%"), percent);
      /* "Routs on 20 or less · 20 %" */
      return g_strdup_printf (_("Routs on %d or less · %.0f %%"), odds->needed, percent);
    case SL_ODDS_JAM:
      /* P-16: the jam check succeeds when the weapon jams. "Jams on 2 or less · 20 %" */
      return g_strdup_printf (_("Jams on %d or less · %.0f %%"), odds->needed, percent);
    case SL_ODDS_SUCCESS:
    default:
      break;
    }
  if (odds->needed <= 0)
    return g_strdup_printf (_("Cannot succeed · %.0f %%"), percent);
  if (odds->needed == 1)
    return g_strdup_printf (_("Needs a 1 · %.0f %%"), percent);
  /* "Needs 7 or less · 70 %" */
  return g_strdup_printf (_("Needs %d or less · %.0f %%"), odds->needed, percent);
}

char *
sl_check_odds_words_of (JsonObject *check)
{
  SlCheckOdds odds;

  return sl_check_odds_from_json (check, &odds) ? sl_check_odds_words (&odds) : NULL;
}

char *
sl_unit_turn_refusal (SlGame *game,
                      int     unit)
{
  const SlRefusal *refusal;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  refusal = sl_table_model_turn_refusal (sl_table_model_get_for_game (game), unit);
  return refusal != NULL ? g_strdup (refusal->message) : NULL;
}

gboolean
sl_refusal_fixable (const GError        *error,
                    const char * const *inputs)
{
  const char *field;

  if (error == NULL || error->domain != SL_RULE_ERROR)
    return TRUE;
  field = sl_rule_error_get_field (error);
  if (field == NULL || g_str_equal (field, "unit") || g_str_equal (field, "type"))
    return FALSE;
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    {
      gsize n = strlen (inputs[i]);

      if (strncmp (field, inputs[i], n) == 0 && (field[n] == '\0' || field[n] == '.' || field[n] == '['))
        return TRUE;
    }
  return FALSE;
}

GArray *
sl_fire_targets (SlGame        *game,
                 int            unit,
                 GtkStringList *names)
{
  GArray *targets;

  g_return_val_if_fail (SL_IS_GAME (game), g_array_new (FALSE, FALSE, sizeof (int)));
  /* P-14 step 1, §15.1, T-16: the table model's (the core's) targets. */
  targets = g_array_copy (sl_table_model_get_unit (sl_table_model_get_for_game (game), unit)->targets);
  for (guint i = 0; names != NULL && i < targets->len; i++)
    gtk_string_list_append (names, sl_setup_unit_at (sl_game_get_setup (game), g_array_index (targets, int, i))->label);
  return targets;
}

gboolean
sl_unit_fires_bursts (SlGame *game,
                      int     unit)
{
  g_return_val_if_fail (SL_IS_GAME (game), FALSE);
  return sl_table_model_get_unit (sl_table_model_get_for_game (game), unit)->fires_bursts;
}

gboolean
sl_unit_give_up (SlGame  *game,
                 int      unit,
                 GError **error)
{
  g_autoptr(JsonNode) command = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), FALSE);
  command = sl_command_new_cancel (sl_game_get_setup (game), unit);
  return sl_game_apply (game, command, error) != NULL;
}

gboolean
sl_unit_drifting (SlGame *game,
                  int     unit)
{
  g_return_val_if_fail (SL_IS_GAME (game), FALSE);
  /* the core says when a dive carries on. */
  return sl_state_unit_drifting (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), unit);
}

int
sl_counter_typed (const SlSetup *setup,
                  GArray        *units,
                  const char    *typed,
                  gboolean      *longer)
{
  guint n = units != NULL ? units->len : setup->units->len;
  int found = -1;

  g_return_val_if_fail (setup != NULL && typed != NULL && longer != NULL, -1);
  *longer = FALSE;
  for (guint i = 0; i < n; i++)
    {
      int unit = units != NULL ? g_array_index (units, int, i) : (int) i;
      g_autofree char *number = g_strdup_printf ("%d", sl_setup_unit_at (setup, unit)->counter);

      if (g_str_equal (number, typed))
        found = i;
      else if (g_str_has_prefix (number, typed))
        *longer = TRUE;
    }
  return found;
}

GtkWidget *
sl_dive_stop_sheet_new (GtkWindow *parent,
                        SlGame    *game,
                        int        unit)
{
  SlTableModel *table;
  const SlSetup *setup;
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(JsonNode) command = NULL;
  g_autofree char *title = NULL;
  SlDiceSheet *sheet;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  table = sl_table_model_get_for_game (game);
  setup = sl_game_get_setup (game);
  /* it hits full cover (a wall, a door, a column), or a unit on
   * the table — of either side, in the fight (T-16) and one the table
   * sees (§15.1). */
  g_ptr_array_add (values, (gpointer) "cover");
  g_ptr_array_add (labels, (gpointer) _("Full cover"));
  for (int u = 0; u < (int) sl_table_model_get_n_units (table); u++)
    {
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);

      if (u == unit || sl_table_model_get_unit (table, u)->out ||
          !sl_table_model_unit_known (table, u, SL_VIEWER_TABLE))
        continue;
      g_ptr_array_add (values, us->id);
      g_ptr_array_add (labels, (gpointer) us->label);
    }
  g_ptr_array_add (labels, NULL);
  command = sl_command_new_dive_stop (setup, unit, FALSE, -1);
  /* "13 · Trooper Hale's Dive Stops" */
  title = g_strdup_printf (_("%s’s Dive Stops"), sl_setup_unit_at (setup, unit)->label);
  sheet = sl_dice_sheet_new (parent, game, title, _("Zero-G dive (A-72)"), command, NULL, 0, FALSE);
  sl_dice_sheet_add_choice (sheet, _("Against"), "into",
                            g_variant_new_strv ((const char * const *) values->pdata, values->len),
                            (const char * const *) labels->pdata);
  return GTK_WIDGET (sheet);
}

int
sl_key_die (guint           keyval,
            GdkModifierType state)
{
  int value = -1;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return -1;
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    value = keyval - GDK_KEY_0;
  else if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    value = keyval - GDK_KEY_KP_0;
  if (value < 0)
    return -1;
  return value == 0 ? 10 : value;
}

char *
sl_signed_text (gint64 value)
{
  if (value > 0)
    return g_strdup_printf ("+%" G_GINT64_FORMAT, value);
  if (value < 0)
    return g_strdup_printf ("\xe2\x88\x92%" G_GINT64_FORMAT, -value);
  return g_strdup ("0");
}

char *
sl_subphase_words (SlGame *game,
                   int     index)
{
  int turn, subphase;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  sl_subphase_split (sl_game_get_rules (game), index, &turn, &subphase);
  if (turn == sl_game_get_state (game)->turn)
    return g_strdup_printf (_("Subphase %d"), subphase);
  return g_strdup_printf (_("Subphase %d of turn %d"), subphase, turn);
}

char *
sl_half_levels_text (int halves)
{
  if (halves == 1)
    return g_strdup ("\xc2\xbd");
  if (halves % 2 != 0)
    return g_strdup_printf ("%d\xc2\xbd", halves / 2);
  return g_strdup_printf ("%d", halves / 2);
}

/* What a marker is, without how it stands. */
static char *
marker_kind_words (SlGame         *game,
                   const SlMarker *m)
{
  const SlRules *rules = sl_game_get_rules (game);

  switch (m->kind)
    {
    case SL_MARKER_GRENADE:
      return g_strdup (m->type == SL_GRENADE_SMOKE ? _("Smoke grenade") : _("Fragmentation grenade"));
    case SL_MARKER_SMOKE:
      return g_strdup (_("Smoke cloud"));
    case SL_MARKER_CHARGE:
      if (m->type == 0)
        return g_strdup (_("Shaped charge"));
      /* "2 plastic charges": at one spot, they go off together (T-34a) */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d plastic charge", "%d plastic charges", m->type),
                              m->type);
    case SL_MARKER_MINE:
      return g_strdup (_("Mine"));
    case SL_MARKER_FIRE_MISSION:
      if (m->type >= 0 && m->type < (int) rules->fire_missions.items->len)
        return g_strdup (((const SlFireMissionDef *) g_ptr_array_index (rules->fire_missions.items, m->type))->name);
      return g_strdup (_("Fire mission"));
    case SL_MARKER_BREACH:
      return g_strdup (_("Breach"));
    case SL_MARKER_OPEN_DOOR:
      return g_strdup (_("Open door"));
    case SL_MARKER_ELEVATOR:
      return g_strdup_printf (_("Elevator, floor %d"), m->amount);
    case SL_MARKER_OBSTACLE:
      if (m->type >= 0 && m->type < (int) rules->obstacles.items->len)
        return g_strdup (((const SlObstacle *) g_ptr_array_index (rules->obstacles.items, m->type))->name);
      return g_strdup (_("Obstacle"));
    case SL_MARKER_DECOY:
    case SL_N_MARKERS:
    default:
      return g_strdup (_("Marker"));
    }
}

char *
sl_marker_words (SlGame         *game,
                 const SlMarker *marker)
{
  const SlRules *rules;
  g_autofree char *what = NULL;
  g_autofree char *when = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  g_return_val_if_fail (marker != NULL, NULL);
  rules = sl_game_get_rules (game);
  what = marker_kind_words (game, marker);
  if (marker->kind == SL_MARKER_OBSTACLE)
    {
      g_autofree char *levels = sl_half_levels_text (marker->amount);

      /* "Internal Door · 2½ of 5 wound levels (P-25)" */
      return g_strdup_printf (_("%s · %s of %d wound levels (P-25)"), what, levels, rules->obstacle_destroyed_at);
    }
  if (marker->kind == SL_MARKER_BREACH)
    /* "Breach · the obstacle is destroyed (P-25)" */
    return g_strdup_printf (_("%s · the obstacle is destroyed (P-25)"), what);
  if (marker->kind == SL_MARKER_SMOKE && marker->expires >= 0)
    {
      when = sl_subphase_words (game, marker->expires);
      /* "Smoke cloud · clears: Subphase 4 of turn 13 (A-112)" */
      return g_strdup_printf (_("%s · clears: %s (A-112)"), what, when);
    }
  if (marker->due >= 0 && !marker->resolved)
    {
      when = sl_subphase_words (game, marker->due);
      /* "Fragmentation grenade · goes off: Subphase 5" */
      return g_strdup_printf (_("%s · goes off: %s"), what, when);
    }
  if (marker->kind == SL_MARKER_CHARGE)
    return g_strdup_printf (marker->resolved ? _("%s · deactivated: it may be picked up (P-36 step 4)")
                                             : _("%s · armed (P-36)"), what);
  return g_steal_pointer (&what);
}

char *
sl_obstacle_marker_name (SlGame         *game,
                         const SlMarker *marker)
{
  g_autofree char *levels = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  g_return_val_if_fail (marker != NULL, NULL);
  levels = sl_half_levels_text (marker->amount);
  /* "the door (2½ of 5)": its wound levels so far (P-25) */
  return g_strdup_printf (_("%s (%s of %d)"), marker->label, levels, sl_game_get_rules (game)->obstacle_destroyed_at);
}

GtkStringList *
sl_obstacle_kinds (SlGame *game)
{
  const SlRules *rules;
  GtkStringList *kinds = gtk_string_list_new (NULL);

  g_return_val_if_fail (SL_IS_GAME (game), kinds);
  rules = sl_game_get_rules (game);
  for (guint k = 0; k < rules->obstacles.items->len; k++)
    {
      const SlObstacle *o = g_ptr_array_index (rules->obstacles.items, k);
      /* "Internal Door (AF 1)" (T-18); a sliding door's AF is an option's */
      g_autofree char *name = o->af >= 0 ? g_strdup_printf (_("%s (AF %d)"), o->name, o->af) : g_strdup (o->name);

      gtk_string_list_append (kinds, name);
    }
  return kinds;
}

char *
sl_obstacle_outcome_words (SlGame                 *game,
                           const SlObstacleDamage *obstacle)
{
  g_autofree char *levels = NULL;
  g_autofree char *total = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  g_return_val_if_fail (obstacle != NULL, NULL);
  levels = sl_half_levels_text ((int) (obstacle->levels * 2 + 0.5));
  total = sl_half_levels_text ((int) (obstacle->total * 2 + 0.5));
  if (obstacle->immune)
    /* "No harm: AF 7 against PF 5 (P-25, A-83)" */
    return g_strdup_printf (_("No harm: AF %d against PF %d (P-25, A-83)"),
                            obstacle->armor_factor, obstacle->penetration);
  if (obstacle->destroyed)
    /* "+4: destroyed (P-25)": the wound levels it deals */
    return g_strdup_printf (_("+%s: destroyed (P-25)"), levels);
  /* "+4: 4 of 5 wound levels (P-25)" */
  return g_strdup_printf (_("+%s: %s of %d wound levels (P-25)"), levels, total,
                          sl_game_get_rules (game)->obstacle_destroyed_at);
}

typedef struct
{
  GtkWindow     *owner;
  char          *path;
  SlReplaceFunc  replace;
  int            tag;
} ReplaceAsk;

static void
replace_ask_free (gpointer data)
{
  ReplaceAsk *ask = data;

  g_object_unref (ask->owner);
  g_free (ask->path);
  g_free (ask);
}

static void
replace_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  ReplaceAsk *ask = g_object_get_data (G_OBJECT (dialog), "ask");

  if (g_strcmp0 (response, "replace") == 0)
    ask->replace (ask->owner, ask->path, ask->tag);
}

void
sl_ask_replace (GtkWindow     *owner,
                const char    *path,
                SlReplaceFunc  replace,
                int            tag)
{
  g_autofree char *name = g_filename_display_basename (path);
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;
  ReplaceAsk *ask = g_new0 (ReplaceAsk, 1);

  ask->owner = g_object_ref (owner);
  ask->path = g_strdup (path);
  ask->replace = replace;
  ask->tag = tag;
  /* Translators: asked when saving a squad, a force or a scenario under
   * the name of one already in the library. */
  heading = g_strdup_printf (_("Replace “%s”?"), name);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (owner, heading,
                                                       _("A file of that name is already in your library. Replacing it loses what it holds.")));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "replace", _("_Replace"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "ask", ask, replace_ask_free);
  g_signal_connect (dialog, "response", G_CALLBACK (replace_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
unsaved_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     GtkWindow        *window)
{
  SlSaveFunc save = (SlSaveFunc) g_object_get_data (G_OBJECT (dialog), "save");

  /* Kept until the dialog is done: closing the window destroys the
   * dialog, which is still telling its response, and it must not outlive
   * its parent. */
  g_idle_add_once ((GSourceOnceFunc) g_object_unref, g_object_ref (window));
  if (g_strcmp0 (response, "discard") == 0)
    {
      g_object_set_data (G_OBJECT (window), "sl-unsaved-discarded", GINT_TO_POINTER (TRUE));
      gtk_window_close (window);
    }
  else if (g_strcmp0 (response, "save") == 0 && save (window))
    {
      g_object_set_data (G_OBJECT (window), "sl-unsaved-discarded", GINT_TO_POINTER (TRUE));
      gtk_window_close (window);
    }
}

gboolean
sl_ask_unsaved (GtkWindow  *window,
                const char *body,
                SlSaveFunc  save)
{
  AdwMessageDialog *dialog;

  if (g_object_get_data (G_OBJECT (window), "sl-unsaved-discarded") != NULL)
    return FALSE;
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (window, _("Save Changes?"), body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "discard", _("_Discard"),
                                    "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "save", (gpointer) save);
  g_signal_connect_object (dialog, "response", G_CALLBACK (unsaved_response_cb), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* Still pointer */

typedef struct
{
  gboolean seen;
  double   x, y;
} LastMotion;

static gboolean
still_pointer_cb (GtkEventControllerLegacy *controller,
                  GdkEvent                 *event,
                  LastMotion               *last)
{
  GdkEventType type = gdk_event_get_event_type (event);
  double x, y;

  if (type == GDK_LEAVE_NOTIFY || type == GDK_ENTER_NOTIFY)
    last->seen = FALSE;
  if (type != GDK_MOTION_NOTIFY || !gdk_event_get_position (event, &x, &y))
    return GDK_EVENT_PROPAGATE;
  /* With a button held, every motion goes on (a drag that pauses). */
  if (last->seen && x == last->x && y == last->y &&
      (gdk_event_get_modifier_state (event) & (GDK_BUTTON1_MASK | GDK_BUTTON2_MASK | GDK_BUTTON3_MASK)) == 0)
    return GDK_EVENT_STOP;
  last->seen = TRUE;
  last->x = x;
  last->y = y;
  return GDK_EVENT_PROPAGATE;
}

void
sl_quiet_still_pointer (GtkWidget *widget)
{
  GtkEventController *controller = gtk_event_controller_legacy_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (controller, "sl-still-pointer");
  g_signal_connect_data (controller, "event", G_CALLBACK (still_pointer_cb), g_new0 (LastMotion, 1),
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  gtk_widget_add_controller (widget, controller);
}

#define TOOLTIP_KEY "sl-tooltip"

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), TOOLTIP_KEY);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
sl_widget_set_tooltip (GtkWidget  *widget,
                       const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (g_object_get_data (G_OBJECT (widget), TOOLTIP_KEY "-asked") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), TOOLTIP_KEY "-asked", GINT_TO_POINTER (TRUE));
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
      gtk_widget_set_has_tooltip (widget, TRUE);
    }
  g_object_set_data_full (G_OBJECT (widget), TOOLTIP_KEY, text != NULL && *text != '\0' ? g_strdup (text) : NULL,
                          g_free);
}

const char *
sl_widget_get_tooltip (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  if (g_object_get_data (G_OBJECT (widget), TOOLTIP_KEY "-asked") != NULL)
    return g_object_get_data (G_OBJECT (widget), TOOLTIP_KEY);
  return gtk_widget_get_tooltip_text (widget);
}
