/* sl-window-sheets.c: the sheets the main window opens — what is due
 * (present_due), detection, an ambush, a grenade launched or thrown, a
 * charge set off, a declaration — and the fire sheet and declaration
 * made ahead while the table is idle
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-area-burst-sheet.h"
#include "sl-blast-sheet.h"
#include "sl-command-new.h"
#include "sl-declare-sheet.h"
#include "sl-dice-sheet.h"
#include "sl-explosives.h"
#include "sl-fire-sheet.h"
#include "sl-morale.h"
#include "sl-object-fire-sheet.h"
#include "sl-table-labels.h"
#include "sl-table-model.h"
#include "sl-track.h"
#include "sl-window-private.h"

/* §5.2: the groupings that may spring an ambush now, as the core's
 * `ambush` answers (the table model): every unit of theirs still in the
 * fight undetected, in their turn (P-08 step 2). */
static GPtrArray *
ambushers (SlWindow *self)
{
  SlTableModel *table = sl_table_model_get_for_game (self->game);
  GPtrArray *found = g_ptr_array_new ();

  for (guint i = 0; i < sl_table_model_get_n_ambushers (table); i++)
    if (sl_table_model_get_ambusher (table, i)->refusal == NULL)
      g_ptr_array_add (found, GUINT_TO_POINTER (sl_table_model_get_ambusher (table, i)->grouping));
  return found;
}

/* A whole undetected grouping attacks (§5.2): which, and whom. */
void
sl_window_present_ambush (SlWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GPtrArray) by = ambushers (self);
  g_autoptr(GPtrArray) by_values = g_ptr_array_new ();
  g_autoptr(GPtrArray) by_labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) victim_values = g_ptr_array_new ();
  g_autoptr(GPtrArray) victim_labels = g_ptr_array_new ();
  g_autoptr(JsonNode) command = sl_command_new_ambush ();
  int side;
  SlDiceSheet *sheet;

  if (by->len == 0)
    return;
  side = sl_setup_squad_at (setup, sl_setup_grouping_at (setup, GPOINTER_TO_UINT (by->pdata[0]))->squad)->side;
  for (guint i = 0; i < by->len; i++)
    {
      const SlGroupingSetup *g = sl_setup_grouping_at (setup, GPOINTER_TO_UINT (by->pdata[i]));

      g_ptr_array_add (by_values, g->id);
      g_ptr_array_add (by_labels, g->name);
    }
  for (guint g = 0; g < setup->groupings->len; g++)
    {
      const SlGroupingSetup *grouping = sl_setup_grouping_at (setup, g);

      if (sl_setup_squad_at (setup, grouping->squad)->side == side)
        continue;
      g_ptr_array_add (victim_values, grouping->id);
      g_ptr_array_add (victim_labels, grouping->name);
    }
  g_ptr_array_add (by_labels, NULL);
  g_ptr_array_add (victim_labels, NULL);
  sheet = sl_dice_sheet_new (GTK_WINDOW (self), self->game, _("Spring an Ambush"), _("A whole undetected grouping attacks (§5.2)"),
                             command, NULL, 0, self->app_rolls);
  sl_dice_sheet_add_choice (sheet, _("Ambushers"), "grouping",
                            g_variant_new_strv ((const char * const *) by_values->pdata, by_values->len),
                            (const char * const *) by_labels->pdata);
  sl_dice_sheet_add_choice (sheet, _("Ambushed"), "target_grouping",
                            g_variant_new_strv ((const char * const *) victim_values->pdata, victim_values->len),
                            (const char * const *) victim_labels->pdata);
  sl_sheet_present (SL_SHEET (sheet));
}

/* P-27: a unit tries a pile. The sheet names the pile only by its label,
 * offers only what everyone can see (cover, woods, smoke, a sensor, a
 * holotarp, within 1 m) and shows the odds as the detecting side can know
 * them; the core adds the hider's secret modifiers and the history says
 * only "detected" or "not detected". */
void
sl_window_present_detect (SlWindow *self)
{
  const SlSetup *setup;
  const SlState *s;
  g_autoptr(GPtrArray) unit_values = g_ptr_array_new ();
  g_autoptr(GPtrArray) unit_labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) pile_values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) pile_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) command = sl_command_new_detect ();
  g_autofree char *roll_label = NULL;
  g_autofree char *smoke_label = NULL;
  g_autofree char *outside = NULL;
  g_autofree char *at_once = NULL;
  const SlRules *rules = sl_game_get_rules (self->game);
  g_auto(GStrv) cover_texts = g_new0 (char *, 5);
  SlDieNeed dice[] = { { "roll", 10, NULL, FALSE } };
  /* The public T-19 modifiers where the pile lies, as "cover" lists them. */
  static const char * const cover_values[][3] = {
    { NULL }, { "half-cover" }, { "full-cover" }, { "light-woods" }, { "heavy-woods" },
    { "light-woods", "half-cover" }, { "light-woods", "full-cover" },
    { "heavy-woods", "half-cover" }, { "heavy-woods", "full-cover" }
  };
  GVariantBuilder covers;
  const char *cover_labels[G_N_ELEMENTS (cover_values) + 1] = { NULL };
  GArray *detectors;
  SlDiceSheet *sheet;

  setup = sl_game_get_setup (self->game);
  s = sl_game_get_state (self->game);
  /* The modifiers' values and the die are the rules data's (T-19, T-01). */
  roll_label = sl_table_labels_check_die (sl_game_get_rules (self->game), "detection");
  dice[0].label = roll_label;
  dice[0].sides = sl_rules_check (sl_game_get_rules (self->game), "detection")->die;
  smoke_label = sl_table_labels_detection_modifier (sl_game_get_rules (self->game), "smoke");
  cover_labels[0] = _("Nothing");
  for (guint i = 0; i < 4; i++)
    cover_labels[i + 1] = cover_texts[i] = sl_table_labels_detection_modifier (sl_game_get_rules (self->game),
                                                                               cover_values[i + 1][0]);
  cover_labels[5] = _("Light woods and half cover");
  cover_labels[6] = _("Light woods and full cover");
  cover_labels[7] = _("Heavy woods and half cover");
  cover_labels[8] = _("Heavy woods and full cover");
  for (guint side = 0; side < setup->sides->len; side++)
    {
      g_auto(GStrv) piles = sl_state_piles (setup, s, side);

      for (guint i = 0; piles[i] != NULL; i++)
        {
          g_ptr_array_add (pile_values, g_strdup (piles[i]));
          /* "Pile C (Commonwealth)": whose counters they are is no secret. */
          g_ptr_array_add (pile_labels, g_strdup_printf (_("%s (%s)"), piles[i], sl_setup_side_at (setup, side)->name));
        }
    }
  /* Who the core lets look (P-27, §15.1). */
  detectors = sl_table_model_get_detectors (sl_table_model_get_for_game (self->game), NULL);
  for (guint i = 0; i < detectors->len; i++)
    {
      const SlUnitSetup *us = sl_setup_unit_at (setup, g_array_index (detectors, int, i));

      g_ptr_array_add (unit_values, us->id);
      g_ptr_array_add (unit_labels, (gpointer) us->label);
    }
  g_ptr_array_add (unit_labels, NULL);
  g_ptr_array_add (pile_labels, NULL);
  if (unit_values->len == 0)
    return;
  g_variant_builder_init (&covers, G_VARIANT_TYPE ("aas"));
  for (guint i = 0; i < G_N_ELEMENTS (cover_values); i++)
    g_variant_builder_add (&covers, "^as", cover_values[i]);

  outside = sl_table_labels_detection_outside (rules);
  at_once = sl_table_labels_detected_at_once (rules);
  sheet = sl_dice_sheet_new (GTK_WINDOW (self), self->game, _("Try to Detect a Pile"),
                             s->phase == SL_PHASE_DETECTION ? _("Detection Phase (P-27, T-19)") : outside,
                             command, dice, G_N_ELEMENTS (dice), self->app_rolls);
  sl_dice_sheet_add_choice (sheet, _("Who looks"), "unit",
                            g_variant_new_strv ((const char * const *) unit_values->pdata, unit_values->len),
                            (const char * const *) unit_labels->pdata);
  sl_dice_sheet_add_choice (sheet, _("Pile"), "pile",
                            g_variant_new_strv ((const char * const *) pile_values->pdata, pile_values->len),
                            (const char * const *) pile_labels->pdata);
  sl_dice_sheet_add_choice (sheet, _("Around the pile"), "cover", g_variant_builder_end (&covers), cover_labels);
  /* A distance inside §15.1's reach: the core finds the pile. */
  sl_dice_sheet_add_switch (sheet, at_once, "distance_m",
                            g_variant_new_double (rules->detection_automatic_within_m / 2));
  sl_dice_sheet_add_switch (sheet, smoke_label, "smoke", g_variant_new_boolean (TRUE));
  sl_dice_sheet_add_switch (sheet, _("A friendly ground sensor sees it"), "ground_sensor",
                            g_variant_new_boolean (TRUE));
  sl_dice_sheet_add_switch (sheet, _("The pile lies under a holotarp"), "holotarp", g_variant_new_boolean (TRUE));
  sl_dice_sheet_add_switch (sheet, _("An enemy unit is inside the holotarp’s square"), "holotarp_entered",
                            g_variant_new_boolean (TRUE));
  sl_sheet_present (SL_SHEET (sheet));
}

/* The resolution sheet of a salvo from the launcher. */
static void present_launch_sheet (SlWindow *self, int unit, int count);

static void
salvo_count_cb (SlDiceSheet *sheet,
                int          count,
                gpointer     user_data)
{
  SlWindow *self = SL_WINDOW (user_data);
  int unit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (sheet), "unit"));

  /* The sheet again, for that many grenades. */
  sl_sheet_close (SL_SHEET (sheet));
  present_launch_sheet (self, unit, count);
}

/* P-35: a salvo of @count grenades of the launcher's type, as many as the
 * core allows (sl_launcher_salvo_max: A-113); each grenade has its aim
 * point, its landing die and its scatter die, and one jam check covers the
 * fire action. */
static void
present_launch_sheet (SlWindow *self,
                      int       unit,
                      int       count)
{
  const SlUnitSetup *us = sl_setup_unit_at (sl_game_get_setup (self->game), unit);
  const SlUnitState *u = &sl_game_get_state (self->game)->units[unit];
  SlLauncherLoad load = { u->launcher_load[SL_GRENADE_FG], u->launcher_load[SL_GRENADE_SG] };
  SlGrenadeType kind;
  int most = MAX (1, sl_launcher_salvo_max (sl_game_get_rules (self->game), &load, &kind));
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (SlDieNeed));
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);  /* the dice's */
  g_autofree char *title = g_strdup_printf (_("%s Fires the Grenade Launcher"), us->label);
  SlDiceSheet *sheet;

  count = CLAMP (count, 1, most);
  command = sl_command_new_launch (sl_game_get_setup (self->game), unit, kind, count);
  for (int i = 0; i < count; i++)
    {
      SlDieNeed landing = { sl_command_launch_field (i, SL_LAUNCH_ROLL), 10, NULL, FALSE };
      SlDieNeed scatter = { sl_command_launch_field (i, SL_LAUNCH_SCATTER_ROLLS), 10, NULL, TRUE };

      if (count == 1)
        {
          landing.label = _("Landing roll");
          scatter.label = _("Scatter direction, on a miss");
        }
      else
        {
          landing.label = g_strdup_printf (_("Grenade %d: landing roll"), i + 1);
          scatter.label = g_strdup_printf (_("Grenade %d: scatter direction, on a miss"), i + 1);
          g_ptr_array_add (strings, (char *) landing.label);
          g_ptr_array_add (strings, (char *) scatter.label);
        }
      g_ptr_array_add (strings, (char *) landing.field);
      g_ptr_array_add (strings, (char *) scatter.field);
      g_array_append_val (dice, landing);
      g_array_append_val (dice, scatter);
    }
  {
    SlDieNeed jam = { "jam_roll", 10, _("Jam check, after a natural 1"), FALSE };

    g_array_append_val (dice, jam);
  }

  sheet = sl_dice_sheet_new (GTK_WINDOW (self), self->game, title, _("Grenade launcher (P-35)"),
                             command, (const SlDieNeed *) dice->data, dice->len, self->app_rolls);
  g_object_set_data (G_OBJECT (sheet), "unit", GINT_TO_POINTER (unit));
  if (most > 1)
    sl_dice_sheet_add_count (sheet, _("Grenades in the salvo"), 1, most, count, salvo_count_cb, self);
  for (int i = 0; i < count; i++)
    {
      g_autofree char *range = sl_command_launch_field (i, SL_LAUNCH_RANGE_M);
      g_autofree char *indirect = sl_command_launch_field (i, SL_LAUNCH_INDIRECT);
      g_autofree char *window = sl_command_launch_field (i, SL_LAUNCH_THROUGH_WINDOW);
      g_autofree char *range_label = count == 1 ? g_strdup (_("Range to the aim point (m)"))
                                     : g_strdup_printf (_("Grenade %d: range to the aim point (m)"), i + 1);
      g_autofree char *indirect_label = count == 1 ? g_strdup (_("Indirect fire, spotted by a friend"))
                                        : g_strdup_printf (_("Grenade %d: indirect fire, spotted by a friend"), i + 1);
      g_autofree char *window_label = sl_table_labels_through_window (sl_game_get_rules (self->game),
                                                                      count == 1 ? 0 : i + 1);

      sl_dice_sheet_add_number (sheet, range_label, range, 10, 300, 20);
      sl_dice_sheet_add_switch (sheet, indirect_label, indirect, g_variant_new_boolean (TRUE));
      sl_dice_sheet_add_switch (sheet, window_label, window, g_variant_new_boolean (TRUE));
    }
  sl_sheet_present (SL_SHEET (sheet));
}

static void
present_dice_sheet (SlWindow        *self,
                    const char      *title,
                    const char      *subtitle,
                    JsonNode        *command,
                    const SlDieNeed *dice,
                    guint            n_dice)
{
  SlDiceSheet *sheet = sl_dice_sheet_new (GTK_WINDOW (self), self->game, title, subtitle, command, dice, n_dice,
                                          self->app_rolls);

  sl_sheet_present (SL_SHEET (sheet));
}

/* P-34: a hand grenade at a point, the landing die and, on a miss, the
 * scatter die. */
static void
present_throw_sheet (SlWindow          *self,
                     const SlUnitSetup *us)
{
  g_autoptr(JsonNode) command = sl_command_new_throw (sl_game_get_setup (self->game), us->index);
  g_autofree char *title = g_strdup_printf (_("%s Throws a Grenade"), us->label);
  const SlDieNeed dice[] = {
    { "roll", 10, _("Landing roll"), FALSE },
    { "scatter_rolls", 10, _("Scatter direction, on a miss"), TRUE },
  };
  const char *type_labels[] = { _("Fragmentation"), _("Smoke"), NULL };
  const SlRules *rules = sl_game_get_rules (self->game);
  g_autofree char *not_seen = sl_table_labels_not_seen (rules);
  g_autofree char *window = sl_table_labels_through_window (rules, 0);
  int least, most;
  SlDiceSheet *sheet = sl_dice_sheet_new (GTK_WINDOW (self), self->game, title,
                                          _("Hand grenade (P-34)"), command, dice, G_N_ELEMENTS (dice),
                                          self->app_rolls);

  sl_dice_sheet_add_choice (sheet, _("Grenade"), "grenade",
                            g_variant_new_strv (sl_grenade_type_names, SL_N_GRENADE_TYPES), type_labels);
  /* P-34 step 3, T-31: as far and as near as the rules data lets it. */
  sl_table_labels_throw_range (rules, &least, &most);
  sl_dice_sheet_add_number (sheet, _("Range to the aim point (m)"), "range_m", least, most,
                            CLAMP (rules->grenade_ranges[0].max_m, least, most));
  sl_dice_sheet_add_switch (sheet, not_seen, "spotted_only", g_variant_new_boolean (TRUE));
  sl_dice_sheet_add_switch (sheet, window, "through_window", g_variant_new_boolean (TRUE));
  sl_dice_sheet_add_switch (sheet, _("At a wall or obstacle"), "at_obstacle", g_variant_new_boolean (TRUE));
  sl_sheet_present (SL_SHEET (sheet));
}

/* P-36 step 3: one of the squad's charges on the table, by radio; the core
 * says whether it can go off. */
static void
present_detonate_sheet (SlWindow *self,
                        int       unit)
{
  const SlState *state = sl_game_get_state (self->game);
  const SlUnitSetup *us = sl_setup_unit_at (sl_game_get_setup (self->game), unit);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(JsonNode) command = sl_command_new_detonate (sl_game_get_setup (self->game), unit);
  g_autofree char *title = g_strdup_printf (_("%s Sets Off a Charge"), us->label);
  GArray *charges = sl_table_model_get_charges (sl_table_model_get_for_game (self->game), unit);
  SlDiceSheet *sheet;

  /* The charges `detonate` takes (the table model's). */
  for (guint i = 0; i < charges->len; i++)
    {
      gint32 id = g_array_index (charges, int, i);

      g_array_append_val (values, id);
      g_ptr_array_add (labels, (gpointer) sl_state_find_marker (state, id)->label);
    }
  g_ptr_array_add (labels, NULL);
  sheet = sl_dice_sheet_new (GTK_WINDOW (self), self->game, title, _("By radio (P-36)"), command, NULL, 0,
                             self->app_rolls);
  if (values->len > 0)
    sl_dice_sheet_add_choice (sheet, _("Charge"), "marker",
                              g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, values->data, values->len,
                                                         sizeof (gint32)),
                              (const char * const *) labels->pdata);
  sl_sheet_present (SL_SHEET (sheet));
}

/* The prepared fire sheet ---------------------------------------------- */

/* Where the game stands: the entry last applied is unique to its game
 * (an entry replaced gives way to a new one), so it names everything
 * applied before it too. */
static guint64
game_moment (SlGame *game)
{
  guint position = sl_game_get_position (game);

  return position > 0 ? sl_game_get_entry_id (game, position - 1) : 0;
}

static void
drop_prepared (SlWindow *self)
{
  if (self->prepared != NULL)
    sl_sheet_close (self->prepared);
  g_clear_object (&self->prepared);
}

static void
drop_declare_ahead (SlWindow *self)
{
  if (self->declare_ahead != NULL)
    sl_sheet_close (SL_SHEET (self->declare_ahead));
  g_clear_object (&self->declare_ahead);
}

/* The sheet made ahead is the one for @unit now. */
static gboolean
prepared_fits (SlWindow *self,
               int       unit)
{
  return self->prepared != NULL && self->game != NULL && self->prepared_unit == unit &&
         self->prepared_rolls == self->app_rolls && self->prepared_moment == game_moment (self->game);
}

/* The fire sheet made for @unit now, if there is one (a reference the
 * caller owns). */
static SlSheet *
take_prepared (SlWindow *self,
               int       unit)
{
  if (!prepared_fits (self, unit))
    {
      drop_prepared (self);
      return NULL;
    }
  return g_steal_pointer (&self->prepared);
}

/* The declaration made ahead for this game, if there is one (a reference
 * the caller owns), or NULL. */
static SlDeclareSheet *
take_declare_ahead (SlWindow *self)
{
  if (self->declare_ahead != NULL && sl_sheet_get_game (SL_SHEET (self->declare_ahead)) != self->game)
    {
      sl_sheet_close (SL_SHEET (self->declare_ahead));
      g_clear_object (&self->declare_ahead);
    }
  return g_steal_pointer (&self->declare_ahead);
}

/* In the initiative-order step a declaration is made ahead and laid out,
 * hidden, for the next counter number typed. */
static gboolean
prepare_declaration (SlWindow *self)
{
  const SlState *state = sl_game_get_state (self->game);
  const SlTrack *track;

  if (state->phase != SL_PHASE_ACTION || state->step != SL_STEP_INITIATIVE_ORDER || state->over)
    return FALSE;
  drop_prepared (self);
  if (self->declare_ahead == NULL || sl_sheet_get_game (SL_SHEET (self->declare_ahead)) != self->game)
    {
      g_autoptr(SlDeclareSheet) old = take_declare_ahead (self);

      self->declare_ahead = g_object_ref_sink (sl_declare_sheet_new_ahead (GTK_WINDOW (self), self->game));
    }
  /* Its targets for the first unit of the grouping whose turn it is,
   * which the counter number typed likely is one of. */
  track = sl_table_model_get_track (sl_table_model_get_for_game (self->game));
  if (track->ready->len > 0)
    sl_declare_sheet_expect (self->declare_ahead, g_array_index (track->ready, int, 0));
  if (gtk_widget_get_parent (GTK_WIDGET (self->declare_ahead)) == NULL)
    sl_sheet_prepare (SL_SHEET (self->declare_ahead));
  return TRUE;
}

static gboolean
prepare_cb (gpointer data)
{
  SlWindow *self = data;
  g_autoptr(GArray) due = NULL;
  const SlDue *d;

  self->prepare_id = 0;
  if (self->game == NULL || sl_game_get_read_only (self->game) ||
      sl_window_private_showing (self) || sl_window_sheet_showing (self))
    return G_SOURCE_REMOVE;
  if (prepare_declaration (self))
    return G_SOURCE_REMOVE;
  due = sl_track_due_now (sl_game_get_rules (self->game), sl_game_get_setup (self->game),
                          sl_game_get_state (self->game));
  d = due->len > 0 ? &g_array_index (due, SlDue, 0) : NULL;
  if (d == NULL || d->kind != SL_DUE_FIRE || sl_object_fire_sheet_applies (self->game, d->unit))
    {
      drop_prepared (self);
      return G_SOURCE_REMOVE;
    }
  if (prepared_fits (self, d->unit))
    return G_SOURCE_REMOVE;
  drop_prepared (self);
  self->prepared = g_object_ref_sink (SL_SHEET (sl_fire_sheet_new (GTK_WINDOW (self), self->game, d->unit,
                                                                   self->app_rolls)));
  self->prepared_unit = d->unit;
  self->prepared_rolls = self->app_rolls;
  self->prepared_moment = game_moment (self->game);
  /* Laid out now, hidden: Next only draws it. */
  sl_sheet_prepare (self->prepared);
  return G_SOURCE_REMOVE;
}

/* Once the table has been still a moment: a flurry of dice or undos
 * makes one sheet, not one each. */
void
sl_window_prepare_later (SlWindow *self)
{
  g_clear_handle_id (&self->prepare_id, g_source_remove);
  self->prepare_id = g_timeout_add_full (G_PRIORITY_LOW, 150, prepare_cb, self, NULL);
}

/* The sheet that resolves @due (sl_due_list): each kind has its own. The
 * rules of what is due, and in which order, are the core's. */
static void
present_due (SlWindow    *self,
             const SlDue *due)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *s = sl_game_get_state (self->game);
  const SlUnitSetup *us = due->unit >= 0 ? sl_setup_unit_at (setup, due->unit) : NULL;
  g_autoptr(JsonNode) command = NULL;
  g_autofree char *title = NULL;

  switch (due->kind)
    {
    case SL_DUE_FIRE:
      /* At an obstacle or a charge, the hit is automatic. */
      if (sl_object_fire_sheet_applies (self->game, due->unit))
        sl_sheet_present (SL_SHEET (sl_object_fire_sheet_new (GTK_WINDOW (self), self->game, due->unit,
                                                                  self->app_rolls)));
      else
        {
          g_autoptr(SlSheet) sheet = take_prepared (self, due->unit);

          if (sheet == NULL)
            sheet = g_object_ref_sink (SL_SHEET (sl_fire_sheet_new (GTK_WINDOW (self), self->game, due->unit,
                                                                    self->app_rolls)));
          /* Given up or closed without a change: the next is made again. */
          g_signal_connect_object (sheet, "closed", G_CALLBACK (sl_window_prepare_later), self,
                                   G_CONNECT_SWAPPED);
          sl_sheet_present (sheet);
        }
      return;
    case SL_DUE_AREA_BURST:
      /* A fire declared as an area burst: the units in its wedge are named
       * as it is resolved (P-30 step 4), not on the fire sheet. */
      sl_sheet_present (SL_SHEET (sl_area_burst_sheet_new (GTK_WINDOW (self), self->game, due->unit,
                                                               self->app_rolls)));
      return;
    case SL_DUE_THROW:
      present_throw_sheet (self, us);
      return;
    case SL_DUE_LAUNCH:
      present_launch_sheet (self, due->unit, 1);
      return;
    case SL_DUE_DETONATE:
      present_detonate_sheet (self, due->unit);
      return;
    case SL_DUE_BLAST:
    case SL_DUE_FIRE_MISSION:
      /* Something goes off: the explosion step (P-08 step 4), or a fire
       * mission in its phase. */
      sl_sheet_present (SL_SHEET (sl_blast_sheet_new (GTK_WINDOW (self), self->game, due->marker)));
      return;
    case SL_DUE_AVOID:
      {
        const SlDieNeed dice[] = {
          { "roll", 10, _("Avoidance roll"), FALSE },
          { "attack_roll", 10, _("Free attack, if avoided"), FALSE },
          /* in zero-G, the defender's melee action after a failed
           * avoidance starts with its zero-G check. */
          { "zero_g_roll", 10, _("Zero-G check, if not avoided"), FALSE },
        };

        const SlTableDue *d = sl_table_model_get_unit_due (sl_table_model_get_for_game (self->game), due->unit);

        command = sl_command_new_avoid (setup, due->unit);
        title = g_strdup_printf (_("%s Tries to Avoid Melee"), us->label);
        /* The zero-G die only where actions take a zero-G check (P-21):
         * the table model's dice. */
        present_dice_sheet (self, title, _("Avoiding melee (P-23)"), command, dice,
                            d != NULL ? MIN (d->dice->len, G_N_ELEMENTS (dice)) : 2);
        return;
      }
    case SL_DUE_MELEE:
      {
        const SlUnitSetup *ts = sl_setup_unit_at (setup, s->units[due->unit].current.target);
        /* "Trooper Hale strikes" */
        g_autofree char *w1 = g_strdup_printf (_("%s strikes"), us->label);
        g_autofree char *w2 = g_strdup_printf (_("%s strikes"), ts->label);
        g_autofree char *p1 = g_strdup_printf (_("%s parries"), us->label);
        g_autofree char *p2 = g_strdup_printf (_("%s parries"), ts->label);
        const SlDieNeed dice[] = { { "roll", 10, w1, FALSE }, { "target_roll", 10, w2, FALSE } };

        /* The table's own modifiers of each roll, into the breakdown. */
        g_autofree char *m1 = g_strdup_printf (_("Table’s modifier to %s’s roll"), us->label);
        g_autofree char *m2 = g_strdup_printf (_("Table’s modifier to %s’s roll"), ts->label);
        SlDiceSheet *sheet;

        command = sl_command_new_melee (setup, due->unit);
        title = g_strdup_printf (_("%s and %s in Melee"), us->label, ts->label);
        sheet = sl_dice_sheet_new (GTK_WINDOW (self), self->game, title, _("Melee (P-24)"), command, dice,
                                   G_N_ELEMENTS (dice), self->app_rolls);
        sl_dice_sheet_add_switch (sheet, p1, "stance", g_variant_new_string (sl_stance_names[SL_STANCE_PARRY]));
        sl_dice_sheet_add_switch (sheet, p2, "target_stance", g_variant_new_string (sl_stance_names[SL_STANCE_PARRY]));
        /* Translators: the source of a modifier the players typed on the
         * melee sheet, as the breakdown and the journal name it. */
        sl_dice_sheet_add_modifier (sheet, m1, "modifiers", _("Table"));
        sl_dice_sheet_add_modifier (sheet, m2, "target_modifiers", _("Table"));
        sl_sheet_present (SL_SHEET (sheet));
        return;
      }
    case SL_DUE_RALLY:
      {
        g_autofree char *label = sl_table_labels_check_die (sl_game_get_rules (self->game), "rally");
        const SlDieNeed dice[] = { { "roll", sl_rules_check (sl_game_get_rules (self->game), "rally")->die, label, FALSE } };

        command = sl_command_new_rally (setup, due->unit);
        title = g_strdup_printf (_("%s Rallies"), us->label);
        present_dice_sheet (self, title, _("Rally (P-32)"), command, dice, G_N_ELEMENTS (dice));
        return;
      }
    case SL_DUE_ROUT_CHECK:
      {
        const SlSquadSetup *squad = sl_setup_squad_at (setup, due->squad);
        g_autofree char *label = sl_table_labels_check_die (sl_game_get_rules (self->game), "rout");
        const SlDieNeed dice[] = { { "roll", sl_rules_check (sl_game_get_rules (self->game), "rout")->die, label, FALSE } };

        command = sl_command_new_rout_check (setup, due->squad);
        title = g_strdup_printf (_("%s Checks for Rout"), squad->name);
        present_dice_sheet (self, title, _("Rout/Rally Phase (P-31)"), command, dice, G_N_ELEMENTS (dice));
        return;
      }
    case SL_N_DUE_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* Opens the sheet of the first thing due now (of @unit's, when not −1):
 * FALSE when nothing is. */
gboolean
sl_window_resolve_due (SlWindow *self,
                       int       unit)
{
  SlTableModel *table = sl_table_model_get_for_game (self->game);

  for (guint i = 0; i < sl_table_model_get_n_due (table); i++)
    {
      SlDue d = sl_table_model_get_due (table, i)->due;

      if (unit < 0 || d.unit == unit)
        {
          present_due (self, &d);
          return TRUE;
        }
    }
  return FALSE;
}

/* @unit declares its next action: on the declaration made ahead, if there
 * is one, bound to it now. */
void
sl_window_present_declare (SlWindow *self,
                           int       unit)
{
  g_autoptr(SlDeclareSheet) sheet = take_declare_ahead (self);

  if (sheet != NULL)
    sl_declare_sheet_bind (sheet, unit);
  else
    sheet = g_object_ref_sink (sl_declare_sheet_new (GTK_WINDOW (self), self->game, unit));
  sl_declare_sheet_set_app_rolls (sheet, self->app_rolls);
  /* The next one is made ahead once the table is still again. */
  g_signal_connect_object (sheet, "closed", G_CALLBACK (sl_window_prepare_later), self,
                           G_CONNECT_SWAPPED);
  sl_sheet_present (SL_SHEET (sheet));
}

/* The sheets made ahead go: another game, or the window closing. */
void
sl_window_drop_ahead (SlWindow *self)
{
  drop_prepared (self);
  drop_declare_ahead (self);
}
