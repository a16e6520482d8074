/* sl-fire-sheet.c: the resolution sheet of a ranged fire (P-14) — the
 * target and what the table shows (cover, the target's movement, smoke …),
 * every modifier from the logs and the table, the number needed and the
 * odds, then the die: one key press (1–9, 0 for 10), or the app rolls.
 * A natural 1 asks for the jam check's die (P-16), a concentrated burst
 * for the hits die. The numbers come from the core (sl_game_preview); the
 * sheet only gathers what the table shows. The layout is
 * ui/sl-fire-sheet.ui; what every sheet does, SlSheet's.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-a11y.h"
#include "sl-area-burst-sheet.h"
#include "sl-combat.h"
#include "sl-command-new.h"
#include "sl-fire-sheet-private.h"
#include "sl-fire-sheet.h"
#include "sl-preview.h"
#include "sl-ui-util.h"

typedef enum
{
  DIE_ROLL,
  DIE_JAM,
  DIE_HITS,
} DieKind;

struct _SlFireSheet
{
  SlSheet         parent_instance;

  SlGame         *game;        /* the sheet's (sl_sheet_get_game) */
  int             unit;
  GArray         *targets;     /* int: unit indices offered */

  AdwWindowTitle *title;
  AdwComboRow    *target_row;
  AdwComboRow    *cover_row;
  AdwComboRow    *movement_row;
  GtkSwitch      *at_firer;
  GtkSwitch      *smoke;
  GtkSwitch      *no_los;
  GtkWidget      *burst_row;
  GtkSwitch      *burst;       /* NULL when the weapon fires no bursts */
  GtkWidget      *area_row;    /* an area burst instead, when the core allows one; else NULL */
  GtkListBox     *breakdown;

  char           *odds_text;
  char           *jam_odds;    /* the jam check's odds (P-16), once a natural 1 calls it */
  gboolean        can_fire;
  int             dice[3];     /* by DieKind: the dice given so far, 0 until then */
  DieKind         asking;
};

G_DEFINE_FINAL_TYPE (SlFireSheet, sl_fire_sheet, SL_TYPE_SHEET)

/* The movements the table may see, as T-14 counts them (A-50: default
 * what the log says). */
static const int movements[] = { -1, SL_MOVE_NONE, SL_MOVE_CRAWL, SL_MOVE_WALK, SL_MOVE_RUN, SL_MOVE_SPRINT };

static JsonNode *
build_command (SlFireSheet *self,
               gboolean     with_dice)
{
  SlFireCommand fire = SL_FIRE_COMMAND_INIT;
  guint target = adw_combo_row_get_selected (self->target_row);
  guint cover = adw_combo_row_get_selected (self->cover_row);
  guint movement = adw_combo_row_get_selected (self->movement_row);

  fire.unit = self->unit;
  if (target < self->targets->len)
    fire.target = g_array_index (self->targets, int, target);
  if (cover != GTK_INVALID_LIST_POSITION && cover > 0)
    fire.cover = cover;
  if (movement != GTK_INVALID_LIST_POSITION)
    fire.target_movement = movements[movement];
  fire.firing_at_firer = gtk_switch_get_active (self->at_firer);
  fire.smoke = gtk_switch_get_active (self->smoke);
  fire.concentrated = self->burst != NULL && gtk_switch_get_active (self->burst);
  fire.no_los = gtk_switch_get_active (self->no_los);
  if (with_dice)
    {
      fire.roll = self->dice[DIE_ROLL];
      fire.jam_roll = self->dice[DIE_JAM];
      fire.hits_roll = self->dice[DIE_HITS];
    }
  return sl_command_new_fire (sl_game_get_setup (self->game), &fire);
}

JsonNode *
sl_fire_sheet_get_command (SlFireSheet *self)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), NULL);
  return build_command (self, FALSE);
}

const char *
sl_fire_sheet_get_odds (SlFireSheet *self)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), NULL);
  return self->odds_text;
}

/* What the sheet asks for, and the dice typed so far (for a screen
 * reader). */
static void
update_prompt (SlFireSheet *self)
{
  int typed[G_N_ELEMENTS (self->dice)];
  guint n = 0;
  const char *text;
  g_autofree char *owned = NULL;

  if (!self->can_fire)
    self->asking = DIE_ROLL;
  switch (self->asking)
    {
    case DIE_JAM:
      /* "A natural 1: the jam check (P-16) — Jams on 2 or less · 20 %. Type its die: …" */
      text = owned = g_strdup_printf (_("A natural 1: the jam check (P-16) — %s. Type its die: 1–9, 0 for 10."),
                                      self->jam_odds != NULL ? self->jam_odds : "");
      break;
    case DIE_HITS:
      text = _("A concentrated burst hits: type the die for the rounds that hit (1–9, 0 for 10).");
      break;
    case DIE_ROLL:
    default:
      /* Refused (full cover blocking the shot, T-15 …): no die is asked
       * until the sheet is put right (issue 31 #6). */
      text = !self->can_fire ? _("No die: the fire cannot be resolved as the sheet stands (see above).")
             : sl_sheet_get_app_rolls (SL_SHEET (self)) ? _("The app rolls the die.")
                                                        : _("Type the die: 1–9, 0 for 10.");
      break;
    }
  sl_sheet_set_prompt (SL_SHEET (self), text);
  for (guint i = 0; i < G_N_ELEMENTS (self->dice); i++)
    if (self->dice[i] > 0)
      typed[n++] = self->dice[i];
  sl_sheet_set_typed (SL_SHEET (self), typed, n);
}

/* The command's fields the sheet sets. */
static const char * const inputs[] = {
  "target", "cover", "target_movement", "firing_at_firer", "smoke", "burst", "no_los",
  "roll", "jam_roll", "hits_roll", NULL
};

/* The fire is refused: why, plainly; when nothing on the sheet can put it
 * right, the way on is to give up the unit's action (§6.1). */
static void
show_refusal (SlSheet      *sheet,
              const GError *error)
{
  sl_sheet_show_refusal (sheet, error->message, !sl_refusal_fixable (error, inputs));
}

gboolean
sl_fire_sheet_can_give_up (SlFireSheet *self)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  return sl_sheet_can_give_up (SL_SHEET (self));
}

gboolean
sl_fire_sheet_give_up (SlFireSheet *self)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  return sl_sheet_give_up (SL_SHEET (self));
}

/* A modifier as the core counted it: its label, and its value at the
 * row's end; the row is named with both, for a screen reader. */
static GtkWidget *
modifier_row_new (const SlModifier *modifier)
{
  GtkWidget *row = sl_action_row_new ();
  const char *label = modifier->label;
  g_autofree char *value = sl_signed_text (modifier->value);
  g_autofree char *name = g_strdup_printf ("%s %s", label, value);
  GtkWidget *shown = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  gtk_widget_add_css_class (shown, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), shown);
  /* Alone: Orca reads the "labelled by" title, without the value. */
  sl_a11y_set_name (row, name);
  return row;
}

/* Asks the core what the fire would be, and shows it. */
static void
refresh (SlSheet *sheet)
{
  SlFireSheet *self = SL_FIRE_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);
  SlFirePreview preview;
  GtkWidget *child;
  const char *not_counted = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->breakdown))) != NULL)
    gtk_list_box_remove (self->breakdown, child);
  g_clear_pointer (&self->odds_text, g_free);
  self->can_fire = result != NULL;
  sl_sheet_clear_refusal (sheet);
  sl_sheet_set_can_apply (sheet, result != NULL);
  if (result == NULL)
    {
      sl_sheet_refused (SL_SHEET (self), error);
      self->odds_text = g_strdup (error->message);
      sl_sheet_set_odds (sheet, NULL);
      update_prompt (self);
      return;
    }
  update_prompt (self);
  sl_fire_preview_read (result, &preview);
  for (guint i = 0; preview.breakdown != NULL && i < sl_breakdown_size (preview.breakdown); i++)
    {
      const SlModifier *modifier = sl_breakdown_get (preview.breakdown, i);

      gtk_list_box_append (self->breakdown, modifier_row_new (modifier));
      /* A cover that counts for nothing: the core's reason, also as the
       * choice's tooltip (A-47, issue 31 #6). */
      if (modifier->value == 0 && g_strcmp0 (modifier->source, "cover") == 0)
        not_counted = modifier->label;
    }
  sl_widget_set_tooltip (GTK_WIDGET (self->cover_row), not_counted);
  if (preview.has_roll)
    /* "Needs 7 or less · 70 %", as the history will tell it */
    self->odds_text = sl_check_odds_words (&preview.odds);
  else
    /* A wasted shot has no roll. */
    self->odds_text = g_strdup (_("No roll: the shot is wasted, but it counts (A-17)."));
  sl_sheet_set_odds (sheet, self->odds_text);
  sl_fire_preview_clear (&preview);
}

/* Applies the fire with the dice given ("Roll for Me": the app rolls the
 * missing dice, and they are recorded); closes the sheet. */
static gboolean
apply (SlSheet *sheet)
{
  SlFireSheet *self = SL_FIRE_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self, TRUE);

  return sl_sheet_apply_command (sheet, command);
}

/* Which die the fire needs next, given those in: a natural 1 calls the jam
 * check; a concentrated burst that hits, the hits die. The core says. */
static gboolean
needs_more (SlFireSheet *self,
            DieKind     *next)
{
  g_autoptr(JsonNode) command = build_command (self, TRUE);
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, NULL);
  SlFirePreview preview;
  gboolean more = FALSE;

  if (result == NULL)
    return FALSE;
  sl_fire_preview_read (result, &preview);
  if (preview.jam_due && self->dice[DIE_JAM] == 0)
    {
      g_free (self->jam_odds);
      self->jam_odds = preview.has_jam_odds ? sl_check_odds_words (&preview.jam_odds) : NULL;
      *next = DIE_JAM;
      more = TRUE;
    }
  else if (preview.hits_due && self->dice[DIE_HITS] == 0)
    {
      *next = DIE_HITS;
      more = TRUE;
    }
  sl_fire_preview_clear (&preview);
  return more;
}

static gboolean
enter_die (SlSheet *sheet,
           int      value)
{
  SlFireSheet *self = SL_FIRE_SHEET (sheet);
  DieKind next;

  if (!self->can_fire || value < 1 || value > 10)
    return FALSE;
  self->dice[self->asking] = value;
  if (needs_more (self, &next))
    {
      self->asking = next;
      update_prompt (self);
      /* The table is settled once the first die is thrown. */
      gtk_widget_set_sensitive (GTK_WIDGET (self->target_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->cover_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->movement_row), FALSE);
      if (self->area_row != NULL)
        gtk_widget_set_sensitive (self->area_row, FALSE);
      return TRUE;
    }
  return apply (sheet);
}

gboolean
sl_fire_sheet_enter_die (SlFireSheet *self,
                         int          value)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  return sl_sheet_enter_die (SL_SHEET (self), value);
}

gboolean
sl_fire_sheet_set_burst (SlFireSheet *self,
                         gboolean     concentrated)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  if (self->burst == NULL)
    return FALSE;
  gtk_switch_set_active (self->burst, concentrated);
  return TRUE;
}

/* Whether the core would take this fire as an area burst instead: a Fire
 * action declared without a burst, of a weapon that fires them, that the
 * rate of fire allows (P-30 step 4, T-23). The units named do not matter
 * for that: the first one offered stands in for the wedge. */
static gboolean
area_burst_allowed (SlFireSheet *self)
{
  SlAreaBurstTarget first = { .unit = -1, .distance_m = 1 };
  SlAreaBurstCommand burst = { .unit = self->unit, .targets = &first, .n_targets = 1 };
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(JsonNode) result = NULL;

  if (self->targets->len == 0 || !sl_unit_fires_bursts (self->game, self->unit) ||
      sl_game_get_state (self->game)->units[self->unit].current.burst != SL_BURST_NONE)
    return FALSE;
  first.unit = g_array_index (self->targets, int, 0);
  command = sl_command_new_area_burst (sl_game_get_setup (self->game), &burst);
  result = sl_game_preview (self->game, command, NULL, NULL);
  return result != NULL;
}

SlAreaBurstSheet *
sl_fire_sheet_area_burst_instead (SlFireSheet *self)
{
  GtkWindow *parent;
  SlAreaBurstSheet *sheet;

  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), NULL);
  if (self->area_row == NULL || !gtk_widget_get_sensitive (self->area_row))
    return NULL;
  parent = sl_sheet_get_window (SL_SHEET (self));
  sheet = sl_area_burst_sheet_new (parent, self->game, self->unit,
                                   sl_sheet_get_app_rolls (SL_SHEET (self)));
  sl_sheet_close (SL_SHEET (self));
  sl_sheet_present (SL_SHEET (sheet));
  return sheet;
}

static void
area_burst_instead_cb (SlFireSheet *self)
{
  sl_fire_sheet_area_burst_instead (self);
}

void
sl_fire_sheet_set_cover (SlFireSheet *self,
                         int          cover)
{
  g_return_if_fail (SL_IS_FIRE_SHEET (self));
  adw_combo_row_set_selected (self->cover_row, (guint) cover);
}

/* The lists of the table: enemies in the fight and not hidden (§15.1),
 * the declared target first selected; cover (T-14); the movements the
 * table may see. */
static void
fill_lists (SlFireSheet *self)
{
  const SlUnitState *u = &sl_game_get_state (self->game)->units[self->unit];
  g_autoptr(GtkStringList) target_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) cover_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) movement_names = gtk_string_list_new (NULL);
  guint selected = 0;

  g_array_unref (self->targets);
  self->targets = sl_fire_targets (self->game, self->unit, target_names);
  for (guint i = 0; i < self->targets->len; i++)
    if (g_array_index (self->targets, int, i) == u->current.target)
      selected = i;
  for (int c = 0; c < SL_N_COVERS; c++)
    gtk_string_list_append (cover_names, sl_cover_label (c));
  for (guint m = 0; m < G_N_ELEMENTS (movements); m++)
    gtk_string_list_append (movement_names, movements[m] < 0 ? _("As its log says") : sl_move_label (movements[m]));
  adw_combo_row_set_model (self->target_row, G_LIST_MODEL (target_names));
  adw_combo_row_set_selected (self->target_row, selected);
  adw_combo_row_set_model (self->cover_row, G_LIST_MODEL (cover_names));
  adw_combo_row_set_model (self->movement_row, G_LIST_MODEL (movement_names));
}

/* §15.3: a weapon that fires bursts may fire a concentrated one; a burst
 * declared with the fire is the one fired (P-30 step 2). P-30 step 4: a
 * Fire action declared without a burst may be fired as an area burst,
 * when the rate of fire allows; its wedge is named on its own sheet. */
static void
offer_bursts (SlFireSheet *self)
{
  const SlUnitState *u = &sl_game_get_state (self->game)->units[self->unit];
  gboolean declared = u->current.burst == SL_BURST_CONCENTRATED;

  if (!sl_unit_fires_bursts (self->game, self->unit))
    {
      self->burst = NULL;
      self->area_row = NULL;
      return;
    }
  gtk_switch_set_active (self->burst, declared);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->burst_row),
                               declared ? _("Declared with the fire (P-30 step 2)")
                                        : _("Automatic fire at one target (P-29, §9.3)"));
  gtk_widget_set_sensitive (self->burst_row, !declared);
  gtk_widget_set_visible (self->burst_row, TRUE);
  if (area_burst_allowed (self))
    gtk_widget_set_visible (self->area_row, TRUE);
  else
    self->area_row = NULL;
}

static void
sl_fire_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_FIRE_SHEET);
  G_OBJECT_CLASS (sl_fire_sheet_parent_class)->dispose (object);
}

static void
sl_fire_sheet_finalize (GObject *object)
{
  SlFireSheet *self = SL_FIRE_SHEET (object);

  g_array_unref (self->targets);
  g_free (self->odds_text);
  g_free (self->jam_odds);
  G_OBJECT_CLASS (sl_fire_sheet_parent_class)->finalize (object);
}

static void
sl_fire_sheet_class_init (SlFireSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_fire_sheet_dispose;
  object_class->finalize = sl_fire_sheet_finalize;
  sheet_class->enter_die = enter_die;
  sheet_class->refresh = refresh;
  sheet_class->apply = apply;
  sheet_class->show_refusal = show_refusal;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-fire-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, SL_SHEET_ALL_PARTS);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, target_row);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, cover_row);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, movement_row);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, at_firer);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, smoke);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, no_los);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, burst_row);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, burst);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, area_row);
  gtk_widget_class_bind_template_child (widget_class, SlFireSheet, breakdown);
  gtk_widget_class_bind_template_callback (widget_class, area_burst_instead_cb);
}

static void
sl_fire_sheet_init (SlFireSheet *self)
{
  self->targets = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlFireSheet *
sl_fire_sheet_new (GtkWindow *parent,
                   SlGame    *game,
                   int        unit,
                   gboolean   app_rolls)
{
  SlFireSheet *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_FIRE_SHEET, "window", parent, "game", game, "unit", unit,
                       "app-rolls", app_rolls, NULL);
  self->game = game;
  self->unit = unit;
  title = g_strdup_printf (_("%s Fires"), sl_setup_unit_at (sl_game_get_setup (game), unit)->label);
  sl_sheet_set_title (SL_SHEET (self), title);
  adw_window_title_set_title (self->title, title);
  fill_lists (self);
  offer_bursts (self);
  update_prompt (self);
  sl_sheet_ready (SL_SHEET (self));
  return self;
}
