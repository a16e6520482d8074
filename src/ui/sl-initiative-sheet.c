/* sl-initiative-sheet.c: the Initiative Phase (P-06) — each grouping's die
 * typed in turn (1–9, 0 for 10) or rolled by the app, its modifiers
 * (race, leader, troop quality), move or countermove where the rules give
 * the choice, and the acting order that results, all worked out by the
 * core before the players confirm. Tied groupings are settled by re-rolls
 * the app makes and records.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-ui-util.h"
#include "sl-command-new.h"
#include "sl-initiative-sheet.h"
#include "sl-rule-links.h"

typedef struct
{
  int        grouping;     /* index in the setup */
  int        die;          /* 0 until given */
  gboolean   countermove;
  gboolean   forced;       /* the highest roll: must move */
  GtkWidget *row;
  GtkWidget *die_label;
  GtkWidget *toggle;
} Entry;

struct _SlInitiativeSheet
{
  AdwWindow   parent_instance;

  SlGame     *game;
  GArray     *entries;      /* Entry, in setup order */
  GtkLabel   *order;
  GtkLabel   *prompt;
  GtkLabel   *problem;
  GtkButton  *apply_button;
  char       *order_text;
  gboolean    updating;
};

G_DEFINE_FINAL_TYPE (SlInitiativeSheet, sl_initiative_sheet, ADW_TYPE_WINDOW)

static gboolean
all_dice_in (SlInitiativeSheet *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    if (g_array_index (self->entries, Entry, i).die == 0)
      return FALSE;
  return TRUE;
}

static JsonNode *
build_command (SlInitiativeSheet *self)
{
  g_autoptr(GArray) rolls = g_array_new (FALSE, FALSE, sizeof (SlInitiativeRoll));
  SlInitiativeCommand initiative = { 0 };

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      SlInitiativeRoll r = { e->grouping, e->die, !e->forced && e->countermove };

      g_array_append_val (rolls, r);
    }
  initiative.groupings = (const SlInitiativeRoll *) rolls->data;
  initiative.n_groupings = rolls->len;
  return sl_command_new_initiative (sl_game_get_setup (self->game), &initiative);
}

static Entry *
find_entry (SlInitiativeSheet *self,
            const char        *id)
{
  const SlSetup *setup = sl_game_get_setup (self->game);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);

      if (g_str_equal (sl_setup_grouping_at (setup, e->grouping)->id, id))
        return e;
    }
  return NULL;
}

/* "Race 0, leader −1, quality +1" */
static char *
breakdown_words (JsonArray *items)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonObject *m = json_array_get_object_element (items, i);
      gint64 v = json_object_get_int_member (m, "value");

      if (out->len > 0)
        g_string_append (out, _(", "));
      if (v < 0)
        g_string_append_printf (out, "%s \xe2\x88\x92%" G_GINT64_FORMAT, json_object_get_string_member (m, "label"), -v);
      else
        g_string_append_printf (out, "%s +%" G_GINT64_FORMAT, json_object_get_string_member (m, "label"), v);
    }
  if (out->len == 0)
    g_string_append (out, _("No modifier"));
  return g_string_free (out, FALSE);
}

static void
refresh (SlInitiativeSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(JsonNode) command = build_command (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);
  g_autoptr(GString) order = g_string_new (NULL);
  gboolean complete = all_dice_in (self);
  Entry *next = NULL;

  self->updating = TRUE;
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      g_autofree char *die = e->die > 0 ? g_strdup_printf ("%d", e->die) : g_strdup ("–");

      gtk_label_set_text (GTK_LABEL (e->die_label), die);
      if (e->die == 0 && next == NULL)
        next = e;
      gtk_widget_remove_css_class (e->row, "current");
    }
  if (next != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%s: type the die (1–9, 0 for 10)."),
                                               sl_setup_grouping_at (setup, next->grouping)->name);

      gtk_widget_add_css_class (next->row, "current");
      gtk_label_set_text (self->prompt, text);
    }
  else
    gtk_label_set_text (self->prompt, _("Choose move or countermove, then roll initiative."));

  gtk_widget_set_visible (GTK_WIDGET (self->problem), result == NULL);
  if (result == NULL)
    sl_rule_links_set_label (self->problem, error->message);
  else
    {
      JsonArray *list = json_object_get_array_member (json_node_get_object (result), "order");

      for (guint k = 0; k < json_array_get_length (list); k++)
        {
          JsonObject *o = json_array_get_object_element (list, k);
          Entry *e = find_entry (self, json_object_get_string_member (o, "grouping"));
          g_autofree char *mods = breakdown_words (json_object_get_array_member (o, "breakdown"));
          gboolean countermove = g_str_equal (json_object_get_string_member (o, "decision"), "countermove");
          gboolean forced = json_object_has_member (o, "forced") && json_object_get_boolean_member (o, "forced");

          if (e == NULL)
            continue;
          adw_action_row_set_subtitle (ADW_ACTION_ROW (e->row), mods);
          /* Until every die is in, who must move is not known yet. */
          e->forced = complete && forced;
          gtk_widget_set_sensitive (e->toggle, complete && !e->forced);
          if (complete)
            {
              /* "1. TOG Fire Team 1 (net 3, move)" */
              g_string_append_printf (order, k == 0 ? "%u. %s (%" G_GINT64_FORMAT ", %s)" : "\n%u. %s (%" G_GINT64_FORMAT ", %s)",
                                      k + 1, sl_setup_grouping_at (setup, e->grouping)->name,
                                      json_object_get_int_member (o, "net"),
                                      e->forced ? _("must move") : countermove ? _("countermove") : _("move"));
            }
        }
    }
  g_free (self->order_text);
  self->order_text = g_string_free (g_steal_pointer (&order), FALSE);
  gtk_label_set_text (self->order, *self->order_text ? self->order_text : _("The order shows once every die is in."));
  gtk_widget_set_sensitive (GTK_WIDGET (self->apply_button), result != NULL);
  gtk_button_set_label (self->apply_button, complete ? _("_Roll Initiative") : _("Roll the _Rest for Me"));
  self->updating = FALSE;
}

gboolean
sl_initiative_sheet_enter_die (SlInitiativeSheet *self,
                               int                value)
{
  g_return_val_if_fail (SL_IS_INITIATIVE_SHEET (self), FALSE);
  if (value < 1 || value > 10)
    return FALSE;
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);

      if (e->die == 0)
        {
          e->die = value;
          refresh (self);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
sl_initiative_sheet_set_countermove (SlInitiativeSheet *self,
                                     const char        *grouping,
                                     gboolean           countermove)
{
  Entry *e = find_entry (self, grouping);

  if (e == NULL || e->forced)
    return FALSE;
  gtk_switch_set_active (GTK_SWITCH (e->toggle), countermove);
  e->countermove = countermove;
  refresh (self);
  return TRUE;
}

const char *
sl_initiative_sheet_get_order (SlInitiativeSheet *self)
{
  g_return_val_if_fail (SL_IS_INITIATIVE_SHEET (self), NULL);
  return self->order_text;
}

gboolean
sl_initiative_sheet_apply (SlInitiativeSheet *self)
{
  g_autoptr(JsonNode) command = build_command (self);
  g_autoptr(GError) error = NULL;

  if (sl_game_apply (self->game, command, &error) == NULL)
    {
      sl_rule_links_set_label (self->problem, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
      return FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
toggled_cb (GtkSwitch         *toggle,
            GParamSpec        *pspec,
            SlInitiativeSheet *self)
{
  if (self->updating)
    return;
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);

      if (e->toggle == GTK_WIDGET (toggle))
        e->countermove = gtk_switch_get_active (toggle);
    }
  refresh (self);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SlInitiativeSheet     *self)
{
  int value = -1;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    value = keyval - GDK_KEY_0;
  else if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    value = keyval - GDK_KEY_KP_0;
  if (value < 0)
    return FALSE;
  sl_initiative_sheet_enter_die (self, value == 0 ? 10 : value);
  return TRUE;
}

static void
build (SlInitiativeSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(JsonNode) probe = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *title = g_strdup_printf (_("Initiative, Turn %d"), sl_game_get_state (self->game)->turn);
  GtkWidget *content, *header, *cancel, *page, *dice, *list, *orders;
  GtkEventController *keys;

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 640);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (title, _("Initiative Phase (P-06)")));
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  self->apply_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Roll Initiative")));
  gtk_button_set_use_underline (self->apply_button, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->apply_button), "suggested-action");
  g_signal_connect_swapped (self->apply_button, "clicked", G_CALLBACK (sl_initiative_sheet_apply), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), GTK_WIDGET (self->apply_button));
  /* Enter rolls initiative once the dice are in. */
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->apply_button));
  gtk_box_append (GTK_BOX (content), header);
  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (content), page);

  dice = adw_preferences_group_new ();
  sl_group_set_title (ADW_PREFERENCES_GROUP (dice), _("Each Grouping Rolls a d10"));
  self->prompt = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->prompt, TRUE);
  gtk_label_set_xalign (self->prompt, 0);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->prompt), 6);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (dice), NULL);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (dice), GTK_WIDGET (self->prompt));
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (dice), list);
  self->problem = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->problem, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->problem), "error");
  gtk_widget_set_margin_top (GTK_WIDGET (self->problem), 6);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (dice), GTK_WIDGET (self->problem));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (dice));

  orders = adw_preferences_group_new ();
  sl_group_set_title (ADW_PREFERENCES_GROUP (orders), _("Acting Order"));
  self->order = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->order, 0);
  gtk_label_set_wrap (self->order, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->order), "title-4");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (orders), GTK_WIDGET (self->order));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (orders));
  adw_window_set_content (ADW_WINDOW (self), content);

  /* Which groupings roll: those with somebody left in the fight; the core
   * says, when asked with every die left to it. */
  probe = build_command (self);
  result = sl_game_preview (self->game, probe, NULL, NULL);
  for (guint gi = 0; gi < setup->groupings->len && result != NULL; gi++)
    {
      const SlGroupingSetup *g = sl_setup_grouping_at (setup, gi);
      JsonArray *order = json_object_get_array_member (json_node_get_object (result), "order");
      gboolean rolls = FALSE;
      Entry e = { 0 };

      for (guint k = 0; k < json_array_get_length (order) && !rolls; k++)
        rolls = g_str_equal (json_object_get_string_member (json_array_get_object_element (order, k), "grouping"),
                             g->id);
      if (!rolls)
        continue;
      e.grouping = gi;
      e.row = sl_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (e.row), g->name);
      e.die_label = gtk_label_new ("–");
      gtk_widget_add_css_class (e.die_label, "title-2");
      gtk_widget_add_css_class (e.die_label, "numeric");
      gtk_label_set_width_chars (GTK_LABEL (e.die_label), 2);
      e.toggle = gtk_switch_new ();
      gtk_widget_set_valign (e.toggle, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (e.toggle, _("Countermove: act after the movers (P-06)"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (e.toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Countermove"), -1);
      g_signal_connect (e.toggle, "notify::active", G_CALLBACK (toggled_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (e.row), gtk_label_new (_("Countermove")));
      adw_action_row_add_suffix (ADW_ACTION_ROW (e.row), e.toggle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (e.row), e.die_label);
      gtk_list_box_append (GTK_LIST_BOX (list), e.row);
      g_array_append_val (self->entries, e);
    }

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  refresh (self);
}

static void
sl_initiative_sheet_dispose (GObject *object)
{
  SlInitiativeSheet *self = SL_INITIATIVE_SHEET (object);

  g_clear_object (&self->game);
  G_OBJECT_CLASS (sl_initiative_sheet_parent_class)->dispose (object);
}

static void
sl_initiative_sheet_finalize (GObject *object)
{
  SlInitiativeSheet *self = SL_INITIATIVE_SHEET (object);

  g_array_unref (self->entries);
  g_free (self->order_text);
  G_OBJECT_CLASS (sl_initiative_sheet_parent_class)->finalize (object);
}

static void
sl_initiative_sheet_class_init (SlInitiativeSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_initiative_sheet_dispose;
  object_class->finalize = sl_initiative_sheet_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sl_initiative_sheet_init (SlInitiativeSheet *self)
{
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
}

SlInitiativeSheet *
sl_initiative_sheet_new (GtkWindow *parent,
                         SlGame    *game)
{
  SlInitiativeSheet *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_INITIATIVE_SHEET, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  build (self);
  return self;
}
