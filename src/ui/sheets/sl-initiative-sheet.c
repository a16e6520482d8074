/* sl-initiative-sheet.c: the Initiative Phase (P-06) — each grouping's die
 * typed in turn (1–9, 0 for 10) or rolled by the app, its modifiers
 * (race, leader, troop quality), move or countermove where the rules give
 * the choice, and the acting order that results, all worked out by the
 * core before the players confirm. Tied groupings are settled by re-rolls
 * the app makes and records. The layout is
 * ui/sl-initiative-sheet.ui; the rows, one per grouping that rolls, are
 * built here.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-a11y.h"
#include "sl-command-new.h"
#include "sl-initiative-sheet-private.h"
#include "sl-initiative-sheet.h"
#include "sl-preview.h"
#include "sl-ui-util.h"

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
  SlSheet         parent_instance;

  SlGame         *game;         /* the sheet's (sl_sheet_get_game) */
  GArray         *entries;      /* Entry, in setup order */
  AdwWindowTitle *title;
  GtkListBox     *groupings;
  GtkLabel       *order;
  char           *order_text;
  gboolean        updating;
};

G_DEFINE_FINAL_TYPE (SlInitiativeSheet, sl_initiative_sheet, SL_TYPE_SHEET)

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
breakdown_words (const SlBreakdown *breakdown)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; breakdown != NULL && i < sl_breakdown_size (breakdown); i++)
    {
      const SlModifier *m = sl_breakdown_get (breakdown, i);

      if (out->len > 0)
        g_string_append (out, _(", "));
      if (m->value < 0)
        g_string_append_printf (out, "%s \xe2\x88\x92%d", m->label, -m->value);
      else
        g_string_append_printf (out, "%s +%d", m->label, m->value);
    }
  if (out->len == 0)
    g_string_append (out, _("No modifier"));
  return g_string_free (out, FALSE);
}

/* Each grouping's die as typed, in its row and its row's name; the next
 * to roll picked out and asked for. */
static void
show_dice (SlInitiativeSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autofree int *typed = g_new0 (int, self->entries->len + 1);
  guint n_typed = 0;
  Entry *next = NULL;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      const char *name = sl_setup_grouping_at (setup, e->grouping)->name;
      g_autofree char *die = e->die > 0 ? g_strdup_printf ("%d", e->die) : g_strdup ("–");
      /* Translators: a grouping's row on the initiative sheet, for a
       * screen reader, once its die is typed: "TOG Fire Team 1: rolled 3". */
      g_autofree char *label = e->die > 0 ? g_strdup_printf (_("%s: rolled %d"), name, e->die)
                                          : g_strdup (name);

      gtk_label_set_text (GTK_LABEL (e->die_label), die);
      /* The name alone: Orca reads a row's "labelled by" title instead,
       * without the roll (issue 32 #3). */
      sl_a11y_set_name (e->row, label);
      if (e->die > 0)
        typed[n_typed++] = e->die;
      if (e->die == 0 && next == NULL)
        next = e;
      gtk_widget_remove_css_class (e->row, "current");
    }
  sl_sheet_set_typed (SL_SHEET (self), typed, n_typed);
  if (next != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%s: type the die (1–9, 0 for 10)."),
                                               sl_setup_grouping_at (setup, next->grouping)->name);

      gtk_widget_add_css_class (next->row, "current");
      sl_sheet_set_prompt (SL_SHEET (self), text);
    }
  else
    sl_sheet_set_prompt (SL_SHEET (self), _("Choose move or countermove, then roll initiative."));
}

/* The acting order the core works out, once every die is in, and each
 * grouping's modifiers and choice (P-06). */
static void
show_order (SlInitiativeSheet *self,
            JsonNode          *result)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GArray) lines = sl_initiative_preview_read (result);
  gboolean complete = all_dice_in (self);
  g_autoptr(GString) order = g_string_new (NULL);

  for (guint k = 0; k < lines->len; k++)
    {
      const SlInitiativeLine *line = &g_array_index (lines, SlInitiativeLine, k);
      Entry *e = find_entry (self, line->grouping);
      g_autofree char *mods = breakdown_words (line->breakdown);

      if (e == NULL)
        continue;
      adw_action_row_set_subtitle (ADW_ACTION_ROW (e->row), mods);
      /* Until every die is in, who must move is not known yet. */
      e->forced = complete && line->forced;
      gtk_widget_set_sensitive (e->toggle, complete && !e->forced);
      if (complete)
        {
          /* "1. TOG Fire Team 1 (net 3, move)" */
          g_string_append_printf (order, k == 0 ? "%u. %s (%d, %s)" : "\n%u. %s (%d, %s)",
                                  k + 1, sl_setup_grouping_at (setup, e->grouping)->name, line->net,
                                  e->forced ? _("must move") : line->countermove ? _("countermove") : _("move"));
        }
    }
  g_free (self->order_text);
  self->order_text = g_string_free (g_steal_pointer (&order), FALSE);
}

static void
refresh (SlSheet *sheet)
{
  SlInitiativeSheet *self = SL_INITIATIVE_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);

  self->updating = TRUE;
  show_dice (self);
  sl_sheet_show_problem (sheet, result == NULL ? error->message : NULL);
  if (result != NULL)
    show_order (self, result);
  else
    g_clear_pointer (&self->order_text, g_free);
  if (self->order_text != NULL && *self->order_text != '\0')
    gtk_label_set_text (self->order, self->order_text);
  else
    gtk_label_set_text (self->order, _("The order shows once every die is in."));
  sl_sheet_set_can_apply (sheet, result != NULL);
  sl_a11y_set_button_label (GTK_BUTTON (sl_sheet_get_roll_button (sheet)),
                            all_dice_in (self) ? _("_Roll Initiative") : _("Roll the _Rest for Me"));
  self->updating = FALSE;
}

static gboolean
enter_die (SlSheet *sheet,
           int      value)
{
  SlInitiativeSheet *self = SL_INITIATIVE_SHEET (sheet);

  if (value < 1 || value > 10)
    return FALSE;
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);

      if (e->die == 0)
        {
          e->die = value;
          refresh (sheet);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
sl_initiative_sheet_enter_die (SlInitiativeSheet *self,
                               int                value)
{
  g_return_val_if_fail (SL_IS_INITIATIVE_SHEET (self), FALSE);
  return sl_sheet_enter_die (SL_SHEET (self), value);
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
  refresh (SL_SHEET (self));
  return TRUE;
}

const char *
sl_initiative_sheet_get_order (SlInitiativeSheet *self)
{
  g_return_val_if_fail (SL_IS_INITIATIVE_SHEET (self), NULL);
  return self->order_text;
}

static gboolean
apply (SlSheet *sheet)
{
  SlInitiativeSheet *self = SL_INITIATIVE_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self);

  return sl_sheet_apply_command (sheet, command);
}

gboolean
sl_initiative_sheet_apply (SlInitiativeSheet *self)
{
  g_return_val_if_fail (SL_IS_INITIATIVE_SHEET (self), FALSE);
  return sl_sheet_apply (SL_SHEET (self));
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
  refresh (SL_SHEET (self));
}

/* A grouping's row: its die before its name, move or countermove after. */
static void
add_entry (SlInitiativeSheet     *self,
           int                    grouping,
           const SlGroupingSetup *g)
{
  Entry e = { 0 };

  e.grouping = grouping;
  e.row = sl_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (e.row), g->name);
  e.die_label = gtk_label_new ("–");
  gtk_widget_add_css_class (e.die_label, "title-2");
  gtk_widget_add_css_class (e.die_label, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (e.die_label), 2);
  e.toggle = gtk_switch_new ();
  gtk_widget_set_valign (e.toggle, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (e.toggle, _("Countermove: act after the movers (P-06)"));
  {
    /* Translators: a grouping's countermove switch, for a screen reader,
     * which hears one per grouping (issue 32 #7): "Countermove: TOG Fire
     * Team 1". */
    g_autofree char *name = g_strdup_printf (_("Countermove: %s"), g->name);

    gtk_accessible_update_property (GTK_ACCESSIBLE (e.toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  }
  g_signal_connect (e.toggle, "notify::active", G_CALLBACK (toggled_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (e.row), gtk_label_new (_("Countermove")));
  adw_action_row_add_suffix (ADW_ACTION_ROW (e.row), e.toggle);
  adw_action_row_add_prefix (ADW_ACTION_ROW (e.row), e.die_label);
  gtk_list_box_append (self->groupings, e.row);
  g_array_append_val (self->entries, e);
}

/* Which groupings roll: those with somebody left in the fight; the core
 * says, when asked with every die left to it. */
static void
add_entries (SlInitiativeSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(JsonNode) probe = build_command (self);
  g_autoptr(JsonNode) result = sl_game_preview (self->game, probe, NULL, NULL);

  g_autoptr(GArray) lines = sl_initiative_preview_read (result);

  for (guint gi = 0; gi < setup->groupings->len; gi++)
    {
      const SlGroupingSetup *g = sl_setup_grouping_at (setup, gi);
      gboolean rolls = FALSE;

      for (guint k = 0; k < lines->len && !rolls; k++)
        rolls = g_str_equal (g_array_index (lines, SlInitiativeLine, k).grouping, g->id);
      if (rolls)
        add_entry (self, gi, g);
    }
}

static void
sl_initiative_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_INITIATIVE_SHEET);
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
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_initiative_sheet_dispose;
  object_class->finalize = sl_initiative_sheet_finalize;
  sheet_class->enter_die = enter_die;
  sheet_class->refresh = refresh;
  sheet_class->apply = apply;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/"
                                                             "sl-initiative-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, SL_SHEET_PROMPT | SL_SHEET_ROLL);
  gtk_widget_class_bind_template_child (widget_class, SlInitiativeSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlInitiativeSheet, groupings);
  gtk_widget_class_bind_template_child (widget_class, SlInitiativeSheet, order);
}

static void
sl_initiative_sheet_init (SlInitiativeSheet *self)
{
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlInitiativeSheet *
sl_initiative_sheet_new (GtkWindow *parent,
                         SlGame    *game)
{
  SlInitiativeSheet *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_INITIATIVE_SHEET, "window", parent, "game", game, NULL);
  self->game = game;
  title = g_strdup_printf (_("Initiative, Turn %d"), sl_game_get_state (game)->turn);
  sl_sheet_set_title (SL_SHEET (self), title);
  adw_window_title_set_title (self->title, title);
  add_entries (self);
  sl_sheet_ready (SL_SHEET (self));
  return self;
}
