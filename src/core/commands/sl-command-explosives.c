/* sl-command-explosives.c: grenades, the grenade launcher, blasts, charges,
 * mines and fire missions in a game (digest §15.6 … §15.9; P-34 … P-38,
 * T-20, T-27 … T-35; … … A-116)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-actions.h"
#include "sl-command.h"
#include "sl-explosives.h"
#include "sl-options.h"

/* Scatter dice a command may give for one round. */
#define MAX_SCATTER_ROLLS 32

/* Markers carry: type = the grenade (SlGrenade) for grenades and smoke;
 * the number of plastic charges at the spot for charges (0 = a shaped
 * charge); the fire mission's index in the rules for missions (-1 until it
 * lands). amount = 1 for a fire mission that lands in the Fire Mission
 * Phase (A-13 option). */

static int
index_turn (SlCommand *c,
            int        index)
{
  return index / c->rules->subphases_per_turn + 1;
}

static int
index_subphase (SlCommand *c,
                int        index)
{
  return index % c->rules->subphases_per_turn + 1;
}

static void
record_fire (SlUnitState  *u,
             int           index,
             SlFireModeId  mode)
{
  if (u->n_fires == SL_MAX_FIRES)
    {
      memmove (&u->fires[0], &u->fires[1], (SL_MAX_FIRES - 1) * sizeof u->fires[0]);
      u->n_fires--;
    }
  u->fires[u->n_fires].index = index;
  u->fires[u->n_fires].mode = mode;
  u->fires[u->n_fires].target = -1;
  u->n_fires++;
}

static const char *
scatter_stream (SlCommand *c,
                SlReader  *r)
{
  if (sl_reader_array_length (r, "scatter_rolls") > MAX_SCATTER_ROLLS && sl_reader_ok (r))
    sl_reader_fail (r, "scatter_rolls", _("Give at most %d scatter dice."), MAX_SCATTER_ROLLS);
  return sl_command_dice_list (c, r, "scatter_rolls", 10);
}

static void
set_label (SlMarker   *m,
           const char *label)
{
  g_strlcpy (m->label, label, sizeof m->label);
}

static gboolean
read_label (SlReader   *r,
            const char *field,
            const char **label)
{
  *label = sl_reader_string (r, field, NULL);
  if (*label != NULL && strlen (*label) >= sizeof (((SlMarker *) NULL)->label))
    {
      sl_reader_fail (r, field, _("A label is at most %d characters."),
                      (int) sizeof (((SlMarker *) NULL)->label) - 1);
      return FALSE;
    }
  return TRUE;
}

/* §15.6, §10 F: each command of this family needs the rule of its weapon
 * (SL_MODULE_AREA_EFFECTS: any of them, for a blast). */
static gboolean
require_area_effects (SlCommand  *c,
                      SlModule    module,
                      GError    **error)
{
  return sl_command_require_module (c, module, "type", error);
}

/* The unit's Fire/Throw action ending now, in the ranged-fire step (P-34
 * step 2, P-35, A-87). */
static gboolean
check_throw_action (SlCommand  *c,
                    int         unit,
                    SlThrow     throwing,
                    const char *what,
                    GError    **error)
{
  const SlUnitState *u = &c->state->units[unit];

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_RANGED_FIRE, what, error))
    return FALSE;
  if (u->current.action == NULL || !g_str_equal (u->current.action->id, "fire") ||
      u->current.end != sl_command_now (c) || u->current.resolved || u->current.throwing != (int) throwing)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no Fire/Throw action ending now declared with “throw”: “%s” (P-34 step 2, P-35, A-87)."),
                         sl_command_name (c, unit), sl_throw_names[throwing]);
      return FALSE;
    }
  /* A hand grenade or a radio does not care about the rifle; the launcher
   * shares its jam. */
  if (throwing == SL_THROW_LAUNCHER && u->jammed)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s's weapon is jammed: it cannot fire until cleared (P-16, A-113)."),
                         sl_command_name (c, unit));
      return FALSE;
    }
  return TRUE;
}

/* One round's landing in words: "on target" or "scatters 4 m short". */
static char *
landing_words (const SlGrenadeResult *res)
{
  if (!res->scattered)
    return g_strdup (_("on target"));
  if (res->has_landing)
    return g_strdup_printf (_("missed: scatters %g m %s, landing %g m along and %g m across the line (T-28, T-29, A-107)"),
                            res->scatter.distance_m, sl_scatter_names[res->scatter.direction],
                            res->landing.along_m, res->landing.across_m);
  return g_strdup_printf (_("missed: scatters %g m %s (T-28, T-29)"),
                          res->scatter.distance_m, sl_scatter_names[res->scatter.direction]);
}

static JsonObject *
shot_json (const SlGrenadeResult *res)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "roll", res->check.natural);
  json_object_set_int_member (o, "net", res->check.net);
  /* The odds before the roll, for the sheet (P-34 step 3, P-35). */
  json_object_set_int_member (o, "target", res->check.target);
  json_object_set_int_member (o, "needed", res->check.needed);
  json_object_set_double_member (o, "probability", res->check.probability);
  json_object_set_boolean_member (o, "on_target", res->on_target);
  if (res->scattered)
    {
      JsonObject *s = json_object_new ();
      JsonArray *rolls = json_array_new ();

      for (guint i = 0; i < res->scatter.n_rolls; i++)
        json_array_add_int_element (rolls, res->scatter.rolls[i]);
      json_object_set_string_member (s, "direction", sl_scatter_names[res->scatter.direction]);
      json_object_set_double_member (s, "distance_m", res->scatter.distance_m);
      json_object_set_int_member (s, "multiplier", res->scatter.multiplier);
      json_object_set_array_member (s, "rolls_used", rolls);
      json_object_set_object_member (o, "scatter", s);
    }
  if (res->has_landing)
    {
      JsonObject *l = json_object_new ();

      json_object_set_double_member (l, "along_m", res->landing.along_m);
      json_object_set_double_member (l, "across_m", res->landing.across_m);
      json_object_set_double_member (l, "from_origin_m", res->landing.from_origin_m);
      json_object_set_boolean_member (l, "moved", res->landing.moved);
      json_object_set_object_member (o, "landing", l);
    }
  return o;
}

/* P-34 step 6, A-108: the grenade marker, due in the explosion step. */
static SlMarker *
add_grenade_marker (SlCommand     *c,
                    int            unit,
                    SlGrenadeType  type,
                    const char    *label)
{
  SlMarker *m;
  int turn, subphase;

  sl_grenade_detonation (c->rules, c->options, c->state->turn, c->state->subphase, &turn, &subphase);
  m = sl_state_add_marker (c->state, SL_MARKER_GRENADE);
  m->owner = unit;
  m->created = sl_command_now (c);
  m->due = sl_subphase_index (c->rules, turn, subphase);
  m->type = type == SL_GRENADE_SMOKE ? SL_GRENADE_SG : SL_GRENADE_FG;
  if (label != NULL)
    set_label (m, label);
  else if (type == SL_GRENADE_SMOKE)
    g_snprintf (m->label, sizeof m->label, _("%s's smoke grenade"), sl_command_name (c, unit));
  else
    g_snprintf (m->label, sizeof m->label, _("%s's frag grenade"), sl_command_name (c, unit));
  return m;
}

/* A hand grenade's throw (P-34), as the command gives it. */
typedef struct
{
  int             unit;
  SlGrenadeInput  in;
  const char     *label;
} Throw;

static gboolean
read_throw (SlCommand  *c,
            Throw      *t,
            GError    **error)
{
  SlReader *r = c->command;
  int unit;

  unit = t->unit = sl_command_unit (c, r, "unit", FALSE);
  t->in.weapon = SL_GRENADE_HAND;
  /* Unnamed, the grenade is of the kind left on the log: frag first. */
  t->in.type = sl_reader_enum (r, "grenade", sl_grenade_type_names, N_("grenade type"),
                               unit >= 0 && c->state->units[unit].grenades[SL_GRENADE_FG] == 0 &&
                               c->state->units[unit].grenades[SL_GRENADE_SG] > 0
                               ? SL_GRENADE_SMOKE : SL_GRENADE_FRAG);
  sl_reader_require (r, "range_m");
  t->in.range_m = sl_reader_number (r, "range_m", 0, 10000, 0);
  t->in.spotted_only = sl_reader_bool (r, "spotted_only", FALSE);
  t->in.spotter = sl_reader_enum (r, "spotter", sl_spotter_names, N_("spotter"), SL_SPOTTED_BY_UNIT);
  t->in.through_window = sl_reader_bool (r, "through_window", FALSE);
  t->in.at_obstacle = sl_reader_bool (r, "at_obstacle", FALSE);
  t->in.roll_stream = sl_command_die (c, r, "roll", 10);
  t->in.scatter_stream = scatter_stream (c, r);
  read_label (r, "label", &t->label);
  return sl_command_inputs_done (c) && require_area_effects (c, SL_MODULE_GRENADES, error);
}

/* P-34 step 1: a grenade of that kind on the log, picked up. */
static gboolean
check_throw (SlCommand    *c,
             const Throw  *t,
             GError      **error)
{
  const SlUnitState *u;
  int g;

  if (!check_throw_action (c, t->unit, SL_THROW_GRENADE, N_("Throwing a grenade"), error))
    return FALSE;
  u = &c->state->units[t->unit];
  g = t->in.type == SL_GRENADE_SMOKE ? SL_GRENADE_SG : SL_GRENADE_FG;
  if (u->grenades[g] <= 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grenade",
                         _("%s has no %s grenade left on its log (P-34 step 1, T-20)."),
                         sl_command_name (c, t->unit), sl_grenade_type_names[t->in.type]);
      return FALSE;
    }
  if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION) && !u->grenade_ready)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s must pick up a grenade first with a Pick-up object action (P-34 step 1, A-92)."),
                         sl_command_name (c, t->unit));
      return FALSE;
    }
  return TRUE;
}

/* The throw, where the grenade lands and when it goes off. */
static void
tell_throw (SlCommand             *c,
            const Throw           *t,
            const SlGrenadeResult *res,
            const SlMarker        *m)
{
  int unit = t->unit;
  g_autofree char *when = sl_command_when (c, m->due);
  g_autofree char *words = landing_words (res);

  sl_command_result (c, json_object_set_string_member, "unit", sl_setup_unit_at (c->setup, unit)->id);
  sl_command_result (c, json_object_set_string_member, "grenade",
                     sl_grenade_type_names[t->in.type]);
  sl_command_result (c, json_object_set_object_member, "shot", shot_json (res));
  sl_command_result (c, json_object_set_int_member, "marker", m->id);
  sl_command_result (c, json_object_set_int_member, "detonates_turn", index_turn (c, m->due));
  sl_command_result (c, json_object_set_int_member, "detonates_subphase", index_subphase (c, m->due));
  {
    g_autofree char *odds = sl_check_outcome_words (&res->check);

    sl_command_say (c, _("%s throws a %s grenade %g m: %s, %s."), sl_command_name (c, unit),
                    sl_grenade_type_names[t->in.type], t->in.range_m, odds, words);
  }
  sl_command_say (c, _("%s goes off in the explosion step of %s (P-34 step 6, A-108)."), m->label, when);
}

gboolean
sl_command_throw (SlCommand  *c,
                  GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlToHitInput thrower = { 0 };
  Throw t = { 0 };
  SlGrenadeResult res;
  SlUnitState *u;
  SlMarker *m;

  if (!read_throw (c, &t, error) || !check_throw (c, &t, error))
    return FALSE;

  u = &c->state->units[t.unit];
  sl_command_fill_firer (c, t.unit, &thrower);
  t.in.thrower = &thrower;
  t.in.field_prefix = "";
  if (!sl_grenade_resolve (c->rules, c->options, &t.in, c->dice, breakdown, &res, error))
    return FALSE;

  /* P-34 step 1: ticked off; the action is done. */
  u->grenades[t.in.type == SL_GRENADE_SMOKE ? SL_GRENADE_SG : SL_GRENADE_FG]--;
  u->grenade_ready = FALSE;
  u->current.resolved = TRUE;
  /* Smoke hurts nobody: no attack. */
  if (t.in.type == SL_GRENADE_FRAG)
    sl_command_attack (c, t.unit);
  m = add_grenade_marker (c, t.unit, t.in.type, t.label);
  tell_throw (c, &t, &res, m);
  return TRUE;
}

/* A launcher salvo (P-35), as the command gives it, and what it did. */
typedef struct
{
  int              unit;
  const char      *jam_stream;
  guint            n;
  SlGrenadeInput   ins[4];
  SlGrenadeType    types[4];
  const char      *labels[4];
  SlGrenadeResult  results[4];
  SlToHitInput     thrower;
  SlLauncherLoad   after;
  int              now;
  gboolean         jam_checked;
  gboolean         jammed;
  int              jam_roll;
} Launch;

/* P-35 step 1: one grenade of the salvo, "grenades"[@i]. */
static void
read_launched_grenade (SlCommand *c,
                       SlReader  *r,
                       guint      i,
                       Launch    *l)
{
  g_autoptr(SlReader) gr = sl_reader_array_object (r, "grenades", i);
  SlGrenadeInput *g = &l->ins[i];

  memset (g, 0, sizeof *g);
  g->weapon = SL_GRENADE_LAUNCHER;
  g->type = sl_reader_enum (gr, "grenade", sl_grenade_type_names, N_("grenade type"), SL_GRENADE_FRAG);
  sl_reader_require (gr, "range_m");
  g->range_m = sl_reader_number (gr, "range_m", 0, 10000, 0);
  g->spotted_only = sl_reader_bool (gr, "spotted_only", FALSE);
  g->spotter = sl_reader_enum (gr, "spotter", sl_spotter_names, N_("spotter"), SL_SPOTTED_BY_UNIT);
  g->through_window = sl_reader_bool (gr, "through_window", FALSE);
  g->at_obstacle = sl_reader_bool (gr, "at_obstacle", FALSE);
  g->indirect = sl_reader_bool (gr, "indirect", FALSE);
  g->dead_zone = sl_reader_bool (gr, "dead_zone", FALSE);
  g->roll_stream = sl_command_die (c, gr, "roll", 10);
  g->scatter_stream = scatter_stream (c, gr);
  read_label (gr, "label", &l->labels[i]);
  l->types[i] = g->type;
  sl_reader_end (gr);
}

static gboolean
read_launch (SlCommand  *c,
             Launch     *l,
             GError    **error)
{
  SlReader *r = c->command;

  l->unit = sl_command_unit (c, r, "unit", FALSE);
  l->jam_stream = sl_command_die (c, r, "jam_roll", 10);
  sl_reader_require (r, "grenades");
  l->n = sl_reader_array_length (r, "grenades");
  if ((l->n == 0 || l->n > 4) && sl_reader_ok (r))
    sl_reader_fail (r, "grenades", _("One fire action launches 1 to 4 grenades (P-35 step 1, T-31)."));
  for (guint i = 0; i < l->n && i < 4 && sl_reader_ok (r); i++)
    read_launched_grenade (c, r, i, l);
  return sl_command_inputs_done (c) && require_area_effects (c, SL_MODULE_GRENADES, error);
}

/* P-35, A-113: the launcher, its load and the rate of fire. */
static gboolean
check_launch (SlCommand  *c,
              Launch     *l,
              GError    **error)
{
  const SlUnitState *u;
  SlLauncherLoad load;
  int consecutive = 1;

  if (!check_throw_action (c, l->unit, SL_THROW_LAUNCHER, N_("Firing the grenade launcher"), error))
    return FALSE;
  u = &c->state->units[l->unit];
  l->now = sl_command_now (c);
  if (!u->launcher)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no grenade launcher (P-35)."), sl_command_name (c, l->unit));
      return FALSE;
    }
  load.frag = u->launcher_load[SL_GRENADE_FG];
  load.smoke = u->launcher_load[SL_GRENADE_SG];
  if (!sl_launcher_salvo_check (c->rules, c->options, l->types, l->n, &load, &l->after, error))
    return FALSE;
  return sl_command_check_rate_of_fire (c, l->unit, SL_FIRE_MODE_LAUNCHER, -1, l->now, &consecutive,
                                        error);
}

/* P-35 steps 3 … 6: each grenade's roll and scatter: the
 * jam check; then the load ticked off and a fire on the rate of fire. */
static gboolean
fire_launcher (SlCommand  *c,
               Launch     *l,
               GError    **error)
{
  SlUnitState *u = &c->state->units[l->unit];

  sl_command_fill_firer (c, l->unit, &l->thrower);
  for (guint i = 0; i < l->n; i++)
    {
      g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
      g_autofree char *prefix = g_strdup_printf ("grenades[%u].", i);

      l->ins[i].thrower = &l->thrower;
      l->ins[i].field_prefix = prefix;
      if (!sl_grenade_resolve (c->rules, c->options, &l->ins[i], c->dice, breakdown, &l->results[i],
                               error))
        return FALSE;
    }
  l->jam_checked = sl_launcher_jam (c->rules, l->results, l->n, c->dice, l->jam_stream,
                                    &l->jam_roll, &l->jammed);

  /* P-35, A-113: the load ticked off, a fire on the rate of fire. */
  u->launcher_load[SL_GRENADE_FG] = l->after.frag;
  u->launcher_load[SL_GRENADE_SG] = l->after.smoke;
  u->current.resolved = TRUE;
  for (guint i = 0; i < l->n; i++)
    if (l->ins[i].type == SL_GRENADE_FRAG)
      {
        sl_command_attack (c, l->unit);
        break;
      }
  record_fire (u, l->now, SL_FIRE_MODE_LAUNCHER);
  if (l->jammed)
    u->jammed = TRUE;
  return TRUE;
}

/* P-34 step 6, A-108: a marker for each grenade, due in the explosion
 * step, and what each did. */
static void
place_launched_grenades (SlCommand    *c,
                         const Launch *l)
{
  JsonArray *list = sl_command_telling (c) ? json_array_new () : NULL;

  for (guint i = 0; i < l->n; i++)
    {
      SlMarker *m = add_grenade_marker (c, l->unit, l->ins[i].type, l->labels[i]);
      g_autofree char *words = NULL;
      g_autofree char *when = NULL;
      g_autofree char *odds = NULL;

      if (list != NULL)
        {
          JsonObject *o = shot_json (&l->results[i]);

          json_object_set_string_member (o, "grenade", sl_grenade_type_names[l->ins[i].type]);
          json_object_set_int_member (o, "marker", m->id);
          json_array_add_object_element (list, o);
          words = landing_words (&l->results[i]);
          when = sl_command_when (c, m->due);
          odds = sl_check_outcome_words (&l->results[i].check);
        }
      sl_command_say (c, _("%s launches a %s grenade %g m: %s, %s; it goes off in the explosion step of %s (P-35, A-108)."),
                      sl_command_name (c, l->unit), sl_grenade_type_names[l->ins[i].type],
                      l->ins[i].range_m, odds, words, when);
    }
  sl_command_result (c, json_object_set_string_member, "unit",
                     sl_setup_unit_at (c->setup, l->unit)->id);
  sl_command_result (c, json_object_set_array_member, "grenades", list);
}

gboolean
sl_command_launch (SlCommand  *c,
                   GError    **error)
{
  Launch l = { 0 };

  if (!read_launch (c, &l, error) || !check_launch (c, &l, error) || !fire_launcher (c, &l, error))
    return FALSE;
  place_launched_grenades (c, &l);
  if (l.jam_checked)
    {
      sl_command_result (c, json_object_set_int_member, "jam_roll", l.jam_roll);
      sl_command_result (c, json_object_set_boolean_member, "jammed", l.jammed);
      if (l.jammed)
        sl_command_say (c, _("Jam check: rolled %d, the launcher and rifle are jammed (P-16, A-56, A-113)."), l.jam_roll);
      else
        sl_command_say (c, _("Jam check: rolled %d, no jam (P-16, A-56)."), l.jam_roll);
    }
  return TRUE;
}

/* One unit caught by a blast, as the players say. */
typedef struct
{
  int          unit;
  SlBlastInput in;
  double       strip_distance_m;
  gboolean     in_strip;
} Caught;

static void
read_caught (SlCommand  *c,
             SlReader   *r,
             GArray     *caught)
{
  guint n = sl_reader_array_length (r, "units");

  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) ur = sl_reader_array_object (r, "units", i);
      Caught k = { 0 };

      k.unit = sl_command_unit (c, ur, "unit", FALSE);
      sl_reader_require (ur, "distance_m");
      k.in.distance_m = sl_reader_number (ur, "distance_m", 0, 10000, 0);
      k.in.half_cover = sl_reader_bool (ur, "half_cover", FALSE);
      k.in.full_cover = sl_reader_bool (ur, "full_cover", FALSE);
      k.in.behind_wall = sl_reader_bool (ur, "behind_wall", FALSE);
      k.in.inside_building = sl_reader_bool (ur, "inside_building", FALSE);
      k.in.sacrifice_dive = sl_reader_bool (ur, "sacrifice_dive", FALSE);
      k.in.smothered = sl_reader_bool (ur, "smothered", FALSE);
      /* a shaped charge hurts only the strip behind its obstacle;
       * who stands in it is the players' to say — the installer, in front,
       * is not. */
      k.in_strip = sl_reader_bool (ur, "in_strip", FALSE);
      sl_reader_end (ur);
      for (guint j = 0; j < caught->len && k.unit >= 0; j++)
        if (g_array_index (caught, Caught, j).unit == k.unit && sl_reader_ok (r))
          sl_reader_fail (ur, "unit", _("A unit is caught once by a blast."));
      g_array_append_val (caught, k);
    }
}

/* @mine_side: the side of a mine's owner (its units are never harmed,
 * P-37 step 3, A-82), or -1. */
static gboolean
check_caught (SlCommand  *c,
              GArray     *caught,
              int         mine_side,
              GError    **error)
{
  for (guint i = 0; i < caught->len; i++)
    {
      const Caught *k = &g_array_index (caught, Caught, i);

      if (mine_side >= 0 && sl_command_side (c, k->unit) == mine_side)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "units",
                             _("%s is of the mine's side: friendly units are never harmed by their own mines (P-37 step 3, A-82)."),
                             sl_command_name (c, k->unit));
          return FALSE;
        }

      if (sl_state_unit_out_at_step (c->rules, c->state, k->unit))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "units",
                             _("%s is already out of the fight."), sl_command_name (c, k->unit));
          return FALSE;
        }
    }
  return TRUE;
}

static int
diver_of (GArray *caught)
{
  for (guint i = 0; i < caught->len; i++)
    if (g_array_index (caught, Caught, i).in.sacrifice_dive)
      return g_array_index (caught, Caught, i).unit;
  return -1;
}

/* Applies the blast of @source on every unit caught: actions lost in the
 * area (§6.1), damage and daze (T-30, T-33, T-34a). @owner deals it. */
static gboolean
apply_blast (SlCommand     *c,
             SlBlastSource  source,
             int            owner,
             GArray        *caught,
             const char    *what,
             GError       **error)
{
  JsonArray *list = sl_command_telling (c) ? json_array_new () : NULL;
  g_autoptr(GArray) results = g_array_new (FALSE, TRUE, sizeof (SlBlastResult));

  /* Everything is checked before anything changes. */
  g_array_set_size (results, caught->len);
  for (guint i = 0; i < caught->len; i++)
    {
      Caught *k = &g_array_index (caught, Caught, i);
      const SlUnitSetup *us = sl_setup_unit_at (c->setup, k->unit);
      const SlUnitState *u = &c->state->units[k->unit];

      k->in.source = source;
      k->in.position = u->position;
      k->in.has_target = TRUE;
      k->in.armor = us->armor;
      k->in.race = us->race;
      k->in.wound = u->wound;
      if (!sl_blast_resolve (c->rules, c->options, &k->in,
                             &g_array_index (results, SlBlastResult, i), error))
        {
          if (list != NULL)
            json_array_unref (list);
          return FALSE;
        }
    }

  c->actor = owner;
  for (guint i = 0; i < caught->len; i++)
    {
      const Caught *k = &g_array_index (caught, Caught, i);
      const SlBlastResult *res = &g_array_index (results, SlBlastResult, i);
      JsonObject *o = list != NULL ? json_object_new () : NULL;
      g_autofree char *words = NULL;

      if (res->has_damage)
        words = sl_command_apply_damage (c, k->unit, &res->damage, o);
      if (res->loses_action)
        sl_state_lose_action_in_step (c->state, k->unit);
      if (o != NULL)
        {
          json_object_set_string_member (o, "unit", sl_setup_unit_at (c->setup, k->unit)->id);
          json_object_set_int_member (o, "table_distance_m", res->table_m);
          json_object_set_boolean_member (o, "affected", res->affected);
          json_object_set_boolean_member (o, "loses_action", res->loses_action);
          json_object_set_string_member (o, "cover", sl_blast_cover_names[res->cover]);
          json_object_set_int_member (o, "penetration", res->penetration);
          json_array_add_object_element (list, o);
        }
      if (res->affected)
        sl_command_say (c, _("The blast of %s catches %s at %g m: penetration %d, %s."), what,
                        sl_command_name (c, k->unit), k->in.distance_m, res->penetration,
                        words != NULL ? words : _("no wound"));
      else if (res->loses_action)
        sl_command_say (c, _("The blast of %s catches %s at %g m: not hurt (%s), but its action is lost (§6.1)."),
                        what, sl_command_name (c, k->unit), k->in.distance_m,
                        res->reason != NULL ? res->reason : "");
      else if (k->in.smothered)
        sl_command_say (c, _("The blast of %s spares %s: %s smothered it with a sacrifice dive (P-34 step 7, A-111)."),
                        what, sl_command_name (c, k->unit), sl_command_name (c, diver_of (caught)));
      else
        sl_command_say (c, _("The blast of %s does not reach %s at %g m."), what, sl_command_name (c, k->unit),
                        k->in.distance_m);
    }
  c->actor = -1;
  sl_command_result (c, json_object_set_array_member, "units", list);
  return TRUE;
}

/* P-34 step 7, A-111: a unit that made a sacrifice dive onto a frag
 * grenade takes its blast alone — the others listed are not affected. Its
 * Dive action (2 AP) must have ended on the grenade by now, after the
 * throw. */
static gboolean
check_sacrifice_dive (SlCommand      *c,
                      const SlMarker *m,
                      GArray         *caught,
                      guint           n_mines,
                      GError        **error)
{
  int diver = -1;

  for (guint i = 0; i < caught->len; i++)
    {
      const Caught *k = &g_array_index (caught, Caught, i);

      if (!k->in.sacrifice_dive)
        continue;
      if (diver >= 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "units",
                             _("One unit dives onto the grenade: %s already has (P-34 step 7)."),
                             sl_command_name (c, diver));
          return FALSE;
        }
      diver = k->unit;
    }
  if (diver < 0)
    {
      for (guint i = 0; i < caught->len; i++)
        if (g_array_index (caught, Caught, i).in.smothered)
          {
            sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "units",
                               _("Nobody listed made a sacrifice dive onto the grenade (P-34 step 7)."));
            return FALSE;
          }
      return TRUE;
    }
  if (m->kind != SL_MARKER_GRENADE || m->type != SL_GRENADE_FG)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "units",
                         _("Only a frag grenade can be smothered by a sacrifice dive (P-34 step 7, A-111)."));
      return FALSE;
    }
  {
    if (!sl_state_unit_dived_onto (c->rules, c->state, diver, m))
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "units",
                           _("%s made no Dive action ending on the grenade since it was thrown: a sacrifice dive is a dive (P-34 step 7)."),
                           sl_command_name (c, diver));
        return FALSE;
      }
  }
  /* Nobody else is affected: no mine nearby either (P-37 step 5). */
  if (n_mines > 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mines",
                         _("%s smothers the grenade with a sacrifice dive: nothing else is caught in it (P-34 step 7)."),
                         sl_command_name (c, diver));
      return FALSE;
    }
  for (guint i = 0; i < caught->len; i++)
    {
      Caught *k = &g_array_index (caught, Caught, i);

      k->in.smothered = k->unit != diver;
    }
  return TRUE;
}

/* A-86 is the engine's; the plastic profile by the number of charges
 * (T-33, T-34a). */
static SlBlastSource
charge_source (int charges)
{
  switch (charges)
    {
    case 1: return SL_BLAST_PLASTIC;
    case 2: return SL_BLAST_PLASTIC_2;
    case 3: return SL_BLAST_PLASTIC_3;
    default: return SL_BLAST_PLASTIC_4;
    }
}

static SlMarker *
due_marker (SlCommand  *c,
            SlReader   *r,
            int         id,
            GError    **error)
{
  SlMarker *m = sl_state_find_marker (c->state, id);

  (void) r;
  /* Issue 30 #2: a secret marker (a mine, a concealed charge) or a decoy
   * not going off now is not there, as far as a refusal tells. */
  if (m != NULL && !sl_marker_is_public (c->state, m) && (m->resolved || m->due != sl_command_now (c)))
    m = NULL;
  if (m == NULL)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "marker", _("There is no marker %d."), id);
      return NULL;
    }
  if (m->resolved || m->due != sl_command_now (c))
    {
      g_autofree char *when = m->due >= 0 ? sl_command_when (c, m->due) : NULL;

      if (when != NULL && !m->resolved)
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "marker",
                           _("%s is not due now but in the explosion step of %s (P-34 step 6, A-108, A-87)."),
                           m->label, when);
      else
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "marker",
                           _("%s is not due to go off now (P-08 step 4)."), m->label);
      return NULL;
    }
  return m;
}

/* P-37 step 5, A-88: mines inside another explosion's area go off on
 * d10 ≤ 5. The players list them: "mines": [{"marker", "roll"}]. */
typedef struct
{
  int          id;
  const char  *roll_stream;
  SlMineResult res;
} Chained;

static void
read_mines (SlCommand *c,
            SlReader  *r,
            GArray    *mines)
{
  guint n = sl_reader_array_length (r, "mines");

  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) mr = sl_reader_array_object (r, "mines", i);
      Chained k = { 0 };

      sl_reader_require (mr, "marker");
      k.id = sl_reader_int (mr, "marker", 1, G_MAXINT, 1);
      k.roll_stream = sl_command_die (c, mr, "roll", 10);
      sl_reader_end (mr);
      g_array_append_val (mines, k);
    }
}

/* Checks and rolls the chained mines; changes nothing. */
static gboolean
roll_mines (SlCommand  *c,
            GArray     *mines,
            int         exploding,
            GError    **error)
{
  for (guint i = 0; i < mines->len; i++)
    {
      Chained *k = &g_array_index (mines, Chained, i);
      const SlMarker *m = sl_state_find_marker (c->state, k->id);
      SlMineInput in = { 0 };

      if (!sl_marker_is_waiting_mine (m) || k->id == exploding)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mines",
                             _("Marker %d is no mine waiting to go off (P-37 step 5)."), k->id);
          return FALSE;
        }
      in.in_other_explosion = TRUE;
      in.roll_stream = k->roll_stream;
      if (!sl_mine_resolve (c->rules, c->options, &in, c->dice, &k->res, error))
        return FALSE;
    }
  return TRUE;
}

/* The chained mines that go off are due in this explosion step. */
static void
chain_mines (SlCommand *c,
             GArray    *mines)
{
  JsonArray *list = sl_command_telling (c) && mines->len > 0 ? json_array_new () : NULL;

  for (guint i = 0; i < mines->len; i++)
    {
      const Chained *k = &g_array_index (mines, Chained, i);
      SlMarker *m = sl_state_find_marker (c->state, k->id);

      if (k->res.detonates)
        {
          m->due = sl_command_now (c);
          m->secret = FALSE;
          sl_command_say (c, _("%s is caught in the explosion: rolled %d, it goes off too (P-37 step 5)."),
                          m->label, k->res.chain.natural);
          /* Where it lies is shown to the table now; a note changed since
           * it was sealed makes it a dud (P-37 step 6). */
          if (m->note > 0 && c->state->note_status[m->note - 1] == SL_NOTE_SEALED)
            sl_command_reveal_note (c, m->note, FALSE);
        }
      else
        sl_command_say (c, _("%s is caught in the explosion: rolled %d, it does not go off (P-37 step 5)."),
                        m->label, k->res.chain.natural);
      if (list != NULL)
        {
          JsonObject *o = json_object_new ();

          json_object_set_int_member (o, "marker", k->id);
          json_object_set_int_member (o, "roll", k->res.chain.natural);
          json_object_set_boolean_member (o, "detonates", k->res.detonates);
          json_array_add_object_element (list, o);
        }
    }
  sl_command_result (c, json_object_set_array_member, "mines", list);
}

/* What an explosion catches, as a command gives it: the units (Caught),
 * the mines it sets off (Chained, P-37) and the charges. A blast,
 * a mine and a fire mission each read theirs alike. */
typedef struct
{
  GArray *caught;    /* Caught */
  GArray *mines;     /* Chained */
  GArray *charges;   /* caught charges */
} Swept;

static void
swept_init (Swept *s)
{
  s->caught = g_array_new (FALSE, TRUE, sizeof (Caught));
  s->mines = g_array_new (FALSE, TRUE, sizeof (Chained));
  s->charges = sl_command_caught_charges_new ();
}

static void
swept_clear (Swept *s)
{
  g_clear_pointer (&s->caught, g_array_unref);
  g_clear_pointer (&s->mines, g_array_unref);
  g_clear_pointer (&s->charges, g_array_unref);
}

/* The units, the chained mines when @chains (a mine chains none) and the
 * charges of the command. */
static void
swept_read (SlCommand *c,
            SlReader  *r,
            Swept     *s,
            gboolean   chains)
{
  read_caught (c, r, s->caught);
  if (chains)
    read_mines (c, r, s->mines);
  sl_command_read_caught_charges (c, r, s->charges);
}

/* A blast command (P-08 step 4): the marker that goes off and what it
 * catches, as the command gives them. */
typedef struct
{
  int           id;
  gboolean      breached;
  Swept         swept;
  SlObstacleAt  obstacle;
  gboolean      at_obstacle;
} Blast;

static void
blast_clear (Blast *b)
{
  swept_clear (&b->swept);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Blast, blast_clear)

static gboolean
read_blast (SlCommand  *c,
            Blast      *b,
            GError    **error)
{
  SlReader *r = c->command;

  swept_init (&b->swept);
  sl_reader_require (r, "marker");
  b->id = sl_reader_int (r, "marker", 1, G_MAXINT, 1);
  b->breached = sl_reader_bool (r, "breached", FALSE);
  swept_read (c, r, &b->swept, TRUE);
  /* A-79 … A-81: the obstacle the charge was placed against, or the door
   * the grenade was aimed at. */
  b->at_obstacle = sl_command_read_obstacle (c, r, "obstacle", &b->obstacle);
  if (b->at_obstacle && sl_reader_has (r, "breached") && sl_reader_ok (r))
    sl_reader_fail (r, "breached", _("With the obstacle named, whether it is breached is worked out (A-81)."));
  return sl_command_inputs_done (c) && require_area_effects (c, SL_MODULE_AREA_EFFECTS, error);
}

/* P-08 step 4: the marker due to go off now, and the units it catches.
 * Returns the marker, or NULL. */
static SlMarker *
check_blast (SlCommand    *c,
             const Blast  *b,
             GError      **error)
{
  SlMarker *m;

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_EXPLOSION, N_("A blast"), error))
    return NULL;
  if ((m = due_marker (c, c->command, b->id, error)) == NULL)
    return NULL;
  if (m->kind != SL_MARKER_GRENADE && m->kind != SL_MARKER_CHARGE && m->kind != SL_MARKER_MINE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "marker",
                         _("%s lands with a fire-mission command (P-38)."), m->label);
      return NULL;
    }
  if (!check_caught (c, b->swept.caught, m->kind == SL_MARKER_MINE ? sl_command_side (c, m->owner) : -1,
                     error))
    return NULL;
  return m;
}

/* §15.6, A-112: a smoke grenade makes a cloud and hurts nobody. */
static gboolean
blast_smoke (SlCommand    *c,
             const Blast  *b,
             SlMarker     *m,
             GError      **error)
{
  SlBlastInput in = { 0 };
  SlBlastResult res;
  int turn, subphase;
  g_autofree char *when = NULL;

  if (b->swept.caught->len > 0 || b->swept.mines->len > 0 || b->swept.charges->len > 0 || b->at_obstacle)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID,
                         b->swept.caught->len > 0 ? "units" : b->swept.mines->len > 0 ? "mines"
                         : b->swept.charges->len > 0 ? "charges" : "obstacle",
                         _("Smoke hurts nobody: it makes a cloud (§15.6, A-112)."));
      return FALSE;
    }
  in.source = SL_BLAST_SMOKE;
  in.distance_m = -1;
  if (!sl_blast_resolve (c->rules, c->options, &in, &res, error))
    return FALSE;
  /* a cloud that stays 12 turns; start_subphase removes it. */
  sl_smoke_clears (c->rules, c->options, c->state->turn, c->state->subphase, &turn, &subphase);
  m->kind = SL_MARKER_SMOKE;
  m->due = -1;
  m->resolved = TRUE;
  m->expires = sl_subphase_index (c->rules, turn, subphase);
  when = sl_command_when (c, m->expires);
  sl_command_result (c, json_object_set_double_member, "smoke_radius_m", res.smoke_radius_m);
  sl_command_result (c, json_object_set_int_member, "clears_turn", turn);
  sl_command_result (c, json_object_set_int_member, "clears_subphase", subphase);
  sl_command_say (c, _("%s goes off: a smoke cloud of %g m radius until %s (§15.6, A-112)."),
                  m->label, res.smoke_radius_m, when);
  return TRUE;
}

/* What goes off, copied before its marker is removed. */
typedef struct
{
  char     label[sizeof ((SlMarker *) NULL)->label];
  int      owner;
  int      kind;
  int      type;
  gboolean shaped;   /* a shaped charge */
} Explosive;

/* A-79 … A-81: the obstacle named takes the blast. Sets whether it is
 * breached. */
static gboolean
blast_obstacle (SlCommand        *c,
                Blast            *b,
                const Explosive  *x,
                GError          **error)
{
  SlObstacleInput oi = { 0 };
  SlObstacleResult ores;
  g_autoptr(GString) words = g_string_new (NULL);

  if (x->kind == SL_MARKER_MINE || diver_of (b->swept.caught) >= 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "obstacle",
                         x->kind == SL_MARKER_MINE ? _("A mine is no charge placed against an obstacle (P-37, A-79).")
                                                   : _("A smothered grenade harms no obstacle (P-34 step 7)."));
      return FALSE;
    }
  if (sl_command_obstacle_breached (c, b->obstacle.label))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "obstacle",
                         _("%s is already destroyed: a Breach marker lies there (P-25)."), b->obstacle.label);
      return FALSE;
    }
  /* a frag grenade at its distance, plastic charges in contact
   * (T-34a for several), a shaped charge its own PF. */
  oi.source = x->kind == SL_MARKER_GRENADE ? SL_OBSTACLE_FRAG
            : x->shaped ? SL_OBSTACLE_SHAPED
            : SL_OBSTACLE_PLASTIC;
  oi.distance_m = b->obstacle.distance_m;
  oi.charges = x->kind == SL_MARKER_CHARGE && !x->shaped ? x->type : 1;
  g_string_append_printf (words, _("The blast of %s: "), x->label);
  if (!sl_command_hit_obstacle (c, &b->obstacle, &oi, &ores, words, error))
    return FALSE;
  g_string_append_c (words, '.');
  sl_command_say (c, "%s", words->str);
  if (sl_command_telling (c))
    {
      JsonObject *o = json_object_new ();

      sl_command_obstacle_json (&b->obstacle, &ores, o);
      json_object_set_object_member (c->result, "obstacle", o);
    }
  b->breached = ores.destroyed;
  return TRUE;
}

/* the zones behind the obstacle; distances behind it. A
 * breach is marked. */
static void
blast_shaped (SlCommand       *c,
              const Blast     *b,
              const Explosive *x)
{
  JsonArray *list = sl_command_telling (c) ? json_array_new () : NULL;

  c->actor = x->owner;
  for (guint i = 0; i < b->swept.caught->len; i++)
    {
      const Caught *k = &g_array_index (b->swept.caught, Caught, i);
      const SlUnitSetup *us = sl_setup_unit_at (c->setup, k->unit);
      SlShapedInput in = { 0 };
      SlShapedResult res;
      JsonObject *o = list != NULL ? json_object_new () : NULL;
      g_autofree char *words = NULL;

      in.breached = b->breached;
      in.distance_m = k->in.distance_m;
      in.in_strip = k->in_strip;
      in.has_target = TRUE;
      in.armor = us->armor;
      in.race = us->race;
      in.wound = c->state->units[k->unit].wound;
      sl_shaped_charge_resolve (c->rules, c->options, &in, &res);
      if (res.has_damage)
        words = sl_command_apply_damage (c, k->unit, &res.damage, o);
      if (res.affected)
        sl_state_lose_action_in_step (c->state, k->unit);
      if (o != NULL)
        {
          json_object_set_string_member (o, "unit", us->id);
          json_object_set_string_member (o, "zone", sl_shaped_zone_names[res.zone]);
          json_object_set_boolean_member (o, "affected", res.affected);
          json_object_set_int_member (o, "penetration", res.penetration);
          json_array_add_object_element (list, o);
        }
      if (res.affected)
        sl_command_say (c, _("The blast of %s catches %s in zone %s: penetration %d, %s."), x->label, us->told,
                        sl_shaped_zone_names[res.zone], res.penetration,
                        words != NULL ? words : _("no wound"));
      else
        sl_command_say (c, _("The blast of %s does not reach %s (%s)."), x->label, us->told,
                        res.reason != NULL ? res.reason : "");
    }
  c->actor = -1;
  sl_command_result (c, json_object_set_array_member, "units", list);
  if (b->breached && !b->at_obstacle)
    {
      /* a door destroyed outright, or a 1 m hole in the wall. */
      SlMarker *breach = sl_state_add_marker (c->state, SL_MARKER_BREACH);

      breach->owner = x->owner;
      breach->created = sl_command_now (c);
      set_label (breach, x->label);
      sl_command_result (c, json_object_set_int_member, "breach_marker", breach->id);
      sl_command_say (c, _("%s has breached its obstacle: a Breach marker is placed (A-81)."), x->label);
    }
}

/* A grenade, charge or mine goes off (T-30, T-33, T-34a): the mines and
 * charges it may set off (P-37 step 5, A-84) and a sacrifice dive (P-34
 * step 7) checked first, then the obstacle and the units caught; its
 * marker is removed. */
static gboolean
blast_explosive (SlCommand       *c,
                 Blast           *b,
                 const SlMarker  *m,
                 GError         **error)
{
  Explosive x = { { 0 } };

  g_strlcpy (x.label, m->label, sizeof x.label);
  x.owner = m->owner;
  x.kind = m->kind;
  x.type = m->type;
  x.shaped = x.kind == SL_MARKER_CHARGE && x.type == 0;
  if (!roll_mines (c, b->swept.mines, b->id, error) ||
      !sl_command_roll_caught_charges (c, b->swept.charges, b->id, error) ||
      !check_sacrifice_dive (c, m, b->swept.caught, b->swept.mines->len + b->swept.charges->len, error))
    return FALSE;
  if (b->breached && !x.shaped)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "breached",
                         _("Only a shaped charge breaches an obstacle (A-80, A-81)."));
      return FALSE;
    }
  if (b->at_obstacle && !blast_obstacle (c, b, &x, error))
    return FALSE;
  if (x.shaped)
    blast_shaped (c, b, &x);
  else if (!apply_blast (c, x.kind == SL_MARKER_CHARGE ? charge_source (x.type) : SL_BLAST_FRAG,
                         x.owner, b->swept.caught, x.label, error))
    return FALSE;
  sl_command_say (c, _("The marker of %s is removed: it has gone off (P-08 step 4)."), x.label);
  sl_state_remove_marker (c->state, b->id);
  chain_mines (c, b->swept.mines);
  sl_command_chain_charges (c, b->swept.charges);
  return TRUE;
}

gboolean
sl_command_blast (SlCommand  *c,
                  GError    **error)
{
  g_auto(Blast) b = { 0 };
  SlMarker *m;

  if (!read_blast (c, &b, error))
    return FALSE;
  if ((m = check_blast (c, &b, error)) == NULL)
    return FALSE;

  sl_command_result (c, json_object_set_int_member, "marker", m->id);
  if (m->kind == SL_MARKER_GRENADE && m->type == SL_GRENADE_SG)
    return blast_smoke (c, &b, m, error);

  /* Where it was concealed is shown to the table as it goes off; a note
   * changed since it was sealed makes it a dud (P-28, P-37 step 6). */
  if (m->note > 0 && c->state->note_status[m->note - 1] == SL_NOTE_SEALED)
    {
      sl_command_reveal_note (c, m->note, FALSE);
      if (c->state->note_status[m->note - 1] == SL_NOTE_DUD)
        {
          sl_command_result (c, json_object_set_boolean_member, "dud", TRUE);
          sl_command_say (c, _("%s does not go off: it is a dud (P-37 step 6)."), m->label);
          sl_state_remove_marker (c->state, b.id);
          return TRUE;
        }
    }
  return blast_explosive (c, &b, m, error);
}

gboolean
sl_command_detonate (SlCommand  *c,
                     GError    **error)
{
  SlReader *r = c->command;
  SlMarker *m;
  SlUnitState *u;
  int unit, id, now, consecutive = 1;

  unit = sl_command_unit (c, r, "unit", FALSE);
  id = sl_reader_int (r, "marker", 1, G_MAXINT, 0);
  if (!sl_command_inputs_done (c) || !require_area_effects (c, SL_MODULE_EXPLOSIVES, error))
    return FALSE;

  if (!check_throw_action (c, unit, SL_THROW_CHARGE, N_("Detonating a charge"), error))
    return FALSE;
  u = &c->state->units[unit];
  now = sl_command_now (c);
  /* No marker named: the squad's charge still waiting, if any. */
  for (guint i = 0; id == 0 && i < c->state->markers->len; i++)
    {
      const SlMarker *w = &g_array_index (c->state->markers, SlMarker, i);

      if (w->kind == SL_MARKER_CHARGE && w->due < 0 && !w->resolved && w->owner >= 0 &&
          c->state->squad_of[w->owner] == c->state->squad_of[unit])
        id = w->id;
    }
  if (id == 0)
    {
      /* Its charge gone meanwhile (set off, caught in a blast): the radio
       * is pressed, nothing happens; the fire counts. */
      if (!sl_command_check_rate_of_fire (c, unit, SL_FIRE_MODE_SINGLE, -1, now, &consecutive, error))
        return FALSE;
      record_fire (u, now, SL_FIRE_MODE_SINGLE);
      u->current.resolved = TRUE;
      sl_command_result (c, json_object_set_boolean_member, "nothing", TRUE);
      sl_command_say (c, _("%s presses the detonator, but its squad has no charge left to set off (P-36 step 3)."),
                      sl_command_name (c, unit));
      return TRUE;
    }
  /* Issue 30 #2: another side's concealed charge is not there. */
  m = sl_command_side_marker (c, id, sl_command_side (c, unit));
  if (m == NULL || m->kind != SL_MARKER_CHARGE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "marker",
                         _("Marker %d is no charge (P-36 step 3)."), id);
      return FALSE;
    }
  if (m->due >= 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "marker",
                         _("%s is already set off (P-36 step 3)."), m->label);
      return FALSE;
    }
  /* P-36 step 4: deactivated, it goes off no more until installed again. */
  if (m->resolved)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "marker",
                         _("%s was deactivated: setting it again needs a new Install action (P-36 step 4)."),
                         m->label);
      return FALSE;
    }
  if (c->state->squad_of[unit] != c->state->squad_of[m->owner] || u->routed)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("Only a non-routed unit of the squad that set %s can detonate it (P-36 step 3, A-87)."),
                         m->label);
      return FALSE;
    }
  if (!sl_command_check_rate_of_fire (c, unit, SL_FIRE_MODE_SINGLE, -1, now, &consecutive, error))
    return FALSE;

  /* by radio, resolved in this subphase's explosion step. */
  record_fire (u, now, SL_FIRE_MODE_SINGLE);
  u->current.resolved = TRUE;
  sl_command_attack (c, unit);
  m->due = now;
  m->secret = FALSE;
  sl_command_result (c, json_object_set_int_member, "marker", m->id);
  sl_command_say (c, _("%s sets off %s by radio: it goes off in the explosion step (P-36 step 3, A-87)."),
                  sl_command_name (c, unit), m->label);
  return TRUE;
}

static const char * const mine_actions[] = { "lay", "trigger", NULL };

/* A mine command (P-37): laying one (a sealed note before the game) or
 * setting one off, as the command gives it. */
typedef struct
{
  int          action;    /* 0 lay, 1 trigger */
  int          unit;
  int          id;        /* the mine's marker */
  SlMineInput  in;
  SlSealInput  seal;
  Swept        swept;     /* no mines: a mine sets none off (P-37) */
} Mine;

static void
mine_clear (Mine *m)
{
  swept_clear (&m->swept);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Mine, mine_clear)

static gboolean
read_mine (SlCommand  *c,
           Mine       *mc,
           GError    **error)
{
  SlReader *r = c->command;

  swept_init (&mc->swept);
  mc->action = sl_reader_enum (r, "action", mine_actions, N_("mine action"), 1);
  mc->unit = sl_command_unit (c, r, "unit", FALSE);
  if (mc->action == 0)
    {
      /* Where it lies is a sealed note (sl-notes.h). */
      sl_reader_require (r, "label");
      sl_command_read_seal (c, "label", &mc->seal);
    }
  else
    {
      sl_reader_require (r, "marker");
      mc->id = sl_reader_int (r, "marker", 1, G_MAXINT, 1);
      mc->in.dud = sl_reader_bool (r, "dud", FALSE);
      sl_reader_require (r, "distance_m");
      mc->in.has_distance = TRUE;
      mc->in.distance_m = sl_reader_number (r, "distance_m", 0, 10000, 0);
      swept_read (c, r, &mc->swept, FALSE);
    }
  return sl_command_inputs_done (c) && require_area_effects (c, SL_MODULE_MINES, error);
}

/* P-37 steps 1 and 2: mines are bought by number, only for outdoors, and
 * written down before the game, never on the map. */
static gboolean
check_lay_mine (SlCommand   *c,
                const Mine  *mc,
                GError     **error)
{
  int side;
  const SlSideSetup *ss;

  /* P-37 step 2: written down before the game, never on the map. */
  if (!sl_state_before_play (c->state))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Mines are written down before the game, before the first Action Phase (P-37 step 2)."));
      return FALSE;
    }
  /* P-37 step 1: bought by number, and only for outdoors. */
  if (c->setup->purchases_unrecorded)
    return TRUE;
  side = sl_command_side (c, mc->unit);
  ss = sl_setup_side_at (c->setup, side);
  if (c->setup->environment.indoors)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Mines are laid only outdoors, never inside buildings or ships (P-37 step 1)."));
      return FALSE;
    }
  if (c->state->mines_laid[side] >= ss->mines)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         ss->mines == 0 ? _("%s bought no mines for this game (P-37 step 1, T-38).")
                                        : _("%s has written down every mine it bought (P-37 step 1, T-38)."),
                         ss->name);
      return FALSE;
    }
  return TRUE;
}

/* P-37 step 2: the mine is a sealed note of its side and a secret
 * marker. */
static gboolean
lay_mine (SlCommand   *c,
          Mine        *mc,
          GError     **error)
{
  int unit = mc->unit, mines = 0;
  const SlNote *note;
  SlMarker *m;

  if (!check_lay_mine (c, mc, error))
    return FALSE;
  note = sl_command_add_note (c, sl_command_side (c, unit), SL_NOTE_MINE, &mc->seal, error);
  if (note == NULL)
    return FALSE;
  /* Mines are numbered among themselves: "mine 2" is the second
   * written down. */
  for (guint i = 0; i < c->state->markers->len; i++)
    if (g_array_index (c->state->markers, SlMarker, i).kind == SL_MARKER_MINE)
      mines++;
  c->state->mines_laid[sl_command_side (c, unit)]++;
  m = sl_state_add_marker (c->state, SL_MARKER_MINE);
  m->owner = unit;
  m->created = sl_command_now (c);
  m->secret = TRUE;
  m->note = note->id;
  g_snprintf (m->label, sizeof m->label, _("mine %d"), mines + 1);
  sl_command_result (c, json_object_set_int_member, "marker", m->id);
  sl_command_result (c, json_object_set_int_member, "sealed", note->id);
  if (sl_command_telling (c))
    {
      g_autofree char *code = sl_note_seal_code (note->digest);

      sl_command_result (c, json_object_set_string_member, "seal", code);
      /* Where it is stays written down, never told (P-37 step 2). */
      /* The side, not the unit: a hidden unit must not be named. */
      sl_command_say (c, _("%s writes down %s (P-37 step 2): sealed note %d, seal %s."),
                      sl_setup_side_at (c->setup, sl_command_side (c, unit))->name, m->label, note->id, code);
    }
  return TRUE;
}

/* P-37 step 3, A-82: an enemy unit comes near a mine waiting to go off.
 * Returns the mine, or NULL. */
static SlMarker *
check_trigger_mine (SlCommand  *c,
                    Mine       *mc,
                    GError    **error)
{
  int unit = mc->unit;
  SlMarker *m;

  if (c->state->phase != SL_PHASE_ACTION)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("A mine goes off when an enemy comes near in the Action Phase (P-37 step 3, A-82)."));
      return NULL;
    }
  /* Issue 30 #2: what the unit is, before any word of the marker. */
  if (sl_state_unit_out_at_step (c->rules, c->state, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is already out of the fight."), sl_command_name (c, unit));
      return NULL;
    }
  m = sl_state_find_marker (c->state, mc->id);
  /* P-37 step 3: friendly units never set off their own side's mines; a
   * mine of the unit's own side is not one it can set off, and the refusal
   * reads as for a marker that is no mine (issue 30 #2: trying the numbers
   * with a unit of the hiding side tells nothing). */
  if (!sl_marker_is_waiting_mine (m) || sl_command_side (c, unit) == sl_command_side (c, m->owner))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "marker",
                         _("Marker %d is no mine that %s can set off: friendly units never set off their own side’s mines (P-37 step 3)."),
                         mc->id, sl_command_name (c, unit));
      return NULL;
    }
  if (!check_caught (c, mc->swept.caught, sl_command_side (c, m->owner), error))
    return NULL;
  mc->in.enemy = TRUE;
  return m;
}

/* P-37 step 3, A-82: the mine goes off at once: the trigger unit stops
 * there and takes the blast at ≤ 1 m, then the others caught. */
static gboolean
mine_goes_off (SlCommand           *c,
               const Mine          *mc,
               const SlMarker      *m,
               const SlMineResult  *res,
               GError             **error)
{
  int unit = mc->unit;
  char mlabel[sizeof m->label];
  g_autofree char *words = NULL;
  JsonObject *o = sl_command_telling (c) ? json_object_new () : NULL;
  int owner = m->owner;

  g_strlcpy (mlabel, m->label, sizeof mlabel);
  /* the trigger unit stops there and takes the blast at ≤ 1 m. */
  c->actor = owner;
  if (res->has_damage)
    words = sl_command_apply_damage (c, unit, &res->damage, o);
  c->actor = -1;
  sl_state_lose_action_in_step (c->state, unit);
  if (o != NULL)
    {
      json_object_set_string_member (o, "unit", sl_setup_unit_at (c->setup, unit)->id);
      json_object_set_int_member (o, "penetration", res->trigger_penetration);
      json_object_set_boolean_member (o, "stops", res->stops_unit);
    }
  sl_command_result (c, json_object_set_object_member, "trigger_unit", o);
  sl_command_say (c, _("%s sets off %s and stops there: penetration %d, %s (P-37, A-82)."),
                  sl_command_name (c, unit), mlabel, res->trigger_penetration,
                  words != NULL ? words : _("no wound"));
  if (!apply_blast (c, SL_BLAST_FRAG, owner, mc->swept.caught, mlabel, error))
    return FALSE;
  sl_state_remove_marker (c->state, mc->id);
  sl_command_chain_charges (c, mc->swept.charges);
  return TRUE;
}

/* P-37 steps 3 … 6: a unit sets a mine off, unless it is a dud. */
static gboolean
trigger_mine (SlCommand  *c,
              Mine       *mc,
              GError    **error)
{
  int unit = mc->unit;
  SlMineResult res;
  const SlNote *note;
  SlMarker *m;

  if ((m = check_trigger_mine (c, mc, error)) == NULL)
    return FALSE;
  /* Its note is shown to the table as it goes off; a note changed since it
   * was sealed is an irregularity: a dud (P-37 step 6). */
  note = m->note > 0 ? sl_state_find_note (c->state, m->note) : NULL;
  if (note != NULL && !note->intact)
    mc->in.dud = TRUE;
  if (note != NULL && c->state->note_status[note->id - 1] == SL_NOTE_SEALED)
    sl_command_reveal_note (c, note->id, mc->in.dud);
  mc->in.has_target = TRUE;
  mc->in.armor = sl_setup_unit_at (c->setup, unit)->armor;
  mc->in.race = sl_setup_unit_at (c->setup, unit)->race;
  mc->in.wound = c->state->units[unit].wound;
  if (!sl_mine_resolve (c->rules, c->options, &mc->in, c->dice, &res, error))
    return FALSE;
  if (mc->in.dud)
    {
      /* P-37 step 6: any irregularity makes it a dud for the rest of the
       * game; it stays resolved on the table. */
      m->resolved = TRUE;
      m->secret = FALSE;
      sl_command_result (c, json_object_set_int_member, "marker", m->id);
      sl_command_result (c, json_object_set_boolean_member, "dud", TRUE);
      sl_command_say (c, _("%s comes within %g m of %s, but it is a dud for the rest of the game (P-37 step 6)."),
                      sl_command_name (c, unit), mc->in.distance_m, m->label);
      return TRUE;
    }
  if (!res.triggered)
    {
      if (res.reason != NULL)
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "distance_m", "%s", res.reason);
      else
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "distance_m",
                           _("The mine is not set off: the unit is not within 1 m (P-37 step 3, A-82)."));
      return FALSE;
    }
  if (!sl_command_roll_caught_charges (c, mc->swept.charges, mc->id, error))
    return FALSE;
  if (!res.at_once && (mc->swept.caught->len > 0 || mc->swept.charges->len > 0))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, mc->swept.caught->len > 0 ? "units" : "charges",
                         _("With minesInExplosionStep the blast is resolved in the explosion step with a blast command (A-82)."));
      return FALSE;
    }

  sl_command_result (c, json_object_set_int_member, "marker", m->id);
  m->secret = FALSE;
  if (!res.at_once)
    {
      /* A-82 option: the blast waits for the explosion step, where the
       * triggering unit is one of the units caught. */
      m->due = sl_command_now (c);
      sl_command_say (c, _("%s sets off %s: it goes off in the explosion step (A-82)."),
                      sl_command_name (c, unit), m->label);
      return TRUE;
    }
  return mine_goes_off (c, mc, m, &res, error);
}

gboolean
sl_command_mine (SlCommand  *c,
                 GError    **error)
{
  g_auto(Mine) mc = { 0 };

  if (!read_mine (c, &mc, error))
    return FALSE;
  if (mc.action == 0)
    return lay_mine (c, &mc, error);
  return trigger_mine (c, &mc, error);
}

/* A fire mission landing (P-38), as the command gives it. */
typedef struct
{
  int                 id;
  const char         *mission;
  SlFireMissionInput  in;
  int                 sealed;
  gboolean            dud;
  Swept               swept;
} FireMission;

static void
fire_mission_clear (FireMission *f)
{
  swept_clear (&f->swept);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FireMission, fire_mission_clear)

static gboolean
read_fire_mission (SlCommand    *c,
                   FireMission  *f,
                   GError      **error)
{
  SlReader *r = c->command;

  swept_init (&f->swept);
  sl_reader_require (r, "marker");
  f->id = sl_reader_int (r, "marker", 1, G_MAXINT, 1);
  f->mission = sl_reader_string (r, "mission", NULL);
  f->in.spotter = sl_reader_enum (r, "spotter", sl_spotter_names, N_("spotter"), SL_SPOTTED_BY_LEADER);
  f->in.on_building = sl_reader_bool (r, "on_building", FALSE);
  f->in.target_hidden = sl_reader_bool (r, "target_hidden", FALSE);
  f->in.holotarp = sl_reader_bool (r, "holotarp", FALSE);
  f->in.range_m = sl_reader_number (r, "range_m", 0, 10000, -1);
  f->in.roll_stream = sl_command_die (c, r, "roll", 10);
  f->in.scatter_stream = scatter_stream (c, r);
  /* P-38 step 3: the impact point written down when the call was made. */
  f->sealed = sl_reader_int (r, "sealed", 1, G_MAXINT, 0);
  /* P-38 step 6: the players find the call irregular (a point on a
   * building, a hidden target …): a dud. */
  f->dud = sl_reader_bool (r, "dud", FALSE);
  swept_read (c, r, &f->swept, TRUE);
  if (sl_reader_ok (r) && f->mission != NULL &&
      (f->in.mission = sl_rules_fire_mission (c->rules, f->mission)) == NULL)
    sl_reader_fail (r, "mission", _("Unknown fire mission “%s” (T-35)."), f->mission);
  return sl_command_inputs_done (c) && require_area_effects (c, SL_MODULE_FIRE_MISSIONS, error);
}

/* P-38 step 4, A-13: the fire mission due to land now, and its kind, named
 * when it was called. Returns its marker, or NULL. */
static SlMarker *
check_fire_mission (SlCommand    *c,
                    FireMission  *f,
                    GError      **error)
{
  SlMarker *m = sl_state_find_marker (c->state, f->id);

  if (m != NULL && m->kind == SL_MARKER_FIRE_MISSION && m->amount == 1)
    {
      if (!sl_command_require_clock (c, SL_PHASE_FIRE_MISSION, SL_STEP_NONE,
                                     N_("A fire mission called with fireMissionsInPhase"), error))
        return NULL;
    }
  else if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_EXPLOSION,
                                      N_("A fire mission"), error))
    return NULL;
  if ((m = due_marker (c, c->command, f->id, error)) == NULL)
    return NULL;
  if (m->kind != SL_MARKER_FIRE_MISSION)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "marker",
                         _("%s is no fire mission: use a blast command (P-08 step 4)."), m->label);
      return NULL;
    }
  /* P-38: the kind was named when it was called. */
  if (m->type >= 0)
    {
      const SlFireMissionDef *called = g_ptr_array_index (c->rules->fire_missions.items, m->type);

      if (f->in.mission != NULL && f->in.mission != called)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mission",
                             _("%s: the mission called is the %s (P-38)."), m->label, called->name);
          return NULL;
        }
      f->in.mission = called;
    }
  else if (f->in.mission == NULL)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mission",
                         _("Say which fire mission lands: mortar or missile (T-35)."));
      return NULL;
    }
  return m;
}

/* P-38 steps 3 and 6: the impact point's sealed note is shown; one
 * changed since it was sealed makes the round a dud. */
static gboolean
reveal_mission_note (SlCommand    *c,
                     FireMission  *f,
                     SlMarker     *m,
                     GError      **error)
{
  const SlNote *note;

  /* Issue 30 #1: the note sealed with the call, and no other (a note sealed
   * later would aim it where the enemy went); a game of format 4 lands it
   * on any note of the side's still sealed (setup late_seals). */
  if (m->note > 0 && f->sealed > 0 && f->sealed != m->note)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "sealed",
                         _("%s lands on note %d, sealed as it was called (P-38 step 3)."), m->label, m->note);
      return FALSE;
    }
  if (m->note == 0 && f->sealed > 0 && !c->setup->late_seals)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "sealed",
                         _("No note was sealed as %s was called: its impact point is not written down, and no later note stands for it (P-38 step 3)."),
                         m->label);
      return FALSE;
    }
  if (m->note > 0)
    f->sealed = m->note;
  if (f->sealed <= 0)
    return TRUE;
  note = sl_state_find_note (c->state, f->sealed);
  if (note == NULL || note->kind != SL_NOTE_FIRE_MISSION || m->owner < 0 ||
      note->side != sl_command_side (c, m->owner))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "sealed",
                         _("Note %d is no fire-mission target of the calling side (P-38 step 3)."), f->sealed);
      return FALSE;
    }
  if (c->state->note_status[f->sealed - 1] == SL_NOTE_SEALED)
    {
      m->note = f->sealed;
      sl_command_reveal_note (c, f->sealed, FALSE);
    }
  if (c->state->note_status[f->sealed - 1] == SL_NOTE_DUD)
    f->dud = TRUE;
  return TRUE;
}

/* P-38 step 4, T-35: the round's roll and scatter; the mines (P-37 step 5)
 * and charges it may set off. Changes nothing. */
static gboolean
roll_fire_mission (SlCommand            *c,
                   FireMission          *f,
                   SlFireMissionResult  *res,
                   GError              **error)
{
  if (!check_caught (c, f->swept.caught, -1, error))
    return FALSE;
  if (!sl_fire_mission_resolve (c->rules, c->options, &f->in, c->dice, res, error))
    {
      /* The call itself broke the rules: say how it goes on. */
      if ((*error)->code == SL_RULE_ERROR_FORBIDDEN)
        {
          g_autofree char *message = g_strdup ((*error)->message);
          g_autofree char *field = g_strdup (sl_rule_error_get_field (*error));

          g_clear_error (error);
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                             _("%s Such a call is irregular: the round is a dud (“dud”, P-38 step 6)."),
                             message);
        }
      return FALSE;
    }
  if ((f->swept.mines->len > 0 || f->swept.charges->len > 0) && c->state->phase != SL_PHASE_ACTION)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, f->swept.mines->len > 0 ? "mines" : "charges",
                         _("Mines caught in a fire mission are checked when it lands in the Action Phase; in the Fire Mission Phase the players resolve them by hand (P-37 step 5, A-13)."));
      return FALSE;
    }
  return roll_mines (c, f->swept.mines, f->id, error) &&
         sl_command_roll_caught_charges (c, f->swept.charges, f->id, error);
}

gboolean
sl_command_fire_mission (SlCommand  *c,
                         GError    **error)
{
  g_auto(FireMission) f = { 0 };
  g_autofree char *words = NULL;
  SlFireMissionResult res;
  SlMarker *m;
  char label[sizeof m->label];
  int owner;

  if (!read_fire_mission (c, &f, error))
    return FALSE;
  if ((m = check_fire_mission (c, &f, error)) == NULL || !reveal_mission_note (c, &f, m, error))
    return FALSE;
  if (f.dud)
    {
      /* P-38 step 6: any irregularity makes the round a dud. */
      sl_command_result (c, json_object_set_int_member, "marker", f.id);
      sl_command_result (c, json_object_set_boolean_member, "dud", TRUE);
      sl_command_say (c, _("%s is a dud: nothing lands (P-38 step 6)."), m->label);
      sl_state_remove_marker (c->state, f.id);
      return TRUE;
    }
  if (!roll_fire_mission (c, &f, &res, error))
    return FALSE;

  owner = m->owner;
  g_strlcpy (label, m->label, sizeof label);
  words = landing_words (&res.shot);
  sl_command_result (c, json_object_set_int_member, "marker", f.id);
  sl_command_result (c, json_object_set_string_member, "mission", f.in.mission->id);
  sl_command_result (c, json_object_set_object_member, "shot", shot_json (&res.shot));
  sl_command_result (c, json_object_set_int_member, "reach_m", res.reach_m);
  sl_command_say (c, _("%s lands at %s: rolled %d, %s (P-38 step 4, T-35)."),
                  f.in.mission->name, label, res.shot.check.natural, words);
  if (!apply_blast (c, res.profile, owner, f.swept.caught, label, error))
    return FALSE;
  if (owner >= 0)
    sl_command_attack (c, owner);
  sl_state_remove_marker (c->state, f.id);
  chain_mines (c, f.swept.mines);
  sl_command_chain_charges (c, f.swept.charges);
  return TRUE;
}

/* The fire missions @side has called, or is calling now, of any kind (a
 * game that kept no record of them: T-37's limit only). */
static int
missions_used (SlCommand *c,
               int        side)
{
  int used = 0;

  for (int k = 0; k < SL_MAX_FIRE_MISSION_TYPES; k++)
    used += c->state->missions_called[side][k];
  for (int u = 0; u < c->state->n_units; u++)
    {
      const SlCurrentAction *a = &c->state->units[u].current;

      if (sl_command_side (c, u) == side && a->action != NULL && g_str_equal (a->action->id, "call-fire-mission") &&
          !a->resolved)
        used++;
    }
  return used;
}

gboolean
sl_command_check_mission_call (SlCommand  *c,
                               int         unit,
                               const char *mission_id,
                               int        *mission,
                               GError    **error)
{
  const SlTable *t = &c->rules->fire_missions;
  const SlSideSetup *side = sl_setup_side_at (c->setup, sl_command_side (c, unit));
  int s = sl_command_side (c, unit);

  *mission = -1;
  if (mission_id != NULL)
    {
      for (guint k = 0; k < t->items->len; k++)
        if (g_str_equal (((const SlFireMissionDef *) g_ptr_array_index (t->items, k))->id, mission_id))
          *mission = k;
      if (*mission < 0)
        {
          g_autofree char *choices = sl_json_join_choices (sl_table_ids (t));

          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mission",
                             _("Unknown fire mission “%s”; expected one of %s (T-35)."), mission_id, choices);
          return FALSE;
        }
    }
  /* A game saved before purchases were kept: T-37's limit only. */
  if (c->setup->purchases_unrecorded)
    {
      if (missions_used (c, s) >= c->rules->fire_missions_per_side)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("%s has called its %d fire missions of the game (P-38 step 1, T-37)."),
                             side->name, c->rules->fire_missions_per_side);
          return FALSE;
        }
      return TRUE;
    }
  if (*mission < 0)
    {
      /* Unnamed: the only kind the side has left. */
      int left = 0;

      for (guint k = 0; k < t->items->len; k++)
        if (sl_state_missions_left (c->setup, c->state, s, k) > 0)
          {
            left++;
            *mission = k;
          }
      if (left > 1)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mission",
                             _("%s has more than one kind of fire mission left: say which is called (P-38, T-35)."),
                             side->name);
          return FALSE;
        }
      if (left == 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("%s has no fire mission left to call: each one is bought before the game (P-38 step 1, T-37)."),
                             side->name);
          return FALSE;
        }
      return TRUE;
    }
  if (sl_state_missions_left (c->setup, c->state, s, *mission) <= 0)
    {
      const SlFireMissionDef *def = g_ptr_array_index (t->items, *mission);

      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "mission",
                         side->fire_missions[*mission] == 0
                         ? _("%s bought no %s for this game (P-38 step 1, T-37).")
                         : _("%s has no %s left to call: each one is bought before the game (P-38 step 1, T-37)."),
                         side->name, def->name);
      return FALSE;
    }
  return TRUE;
}

/* P-36 step 2: an Install action ends: the charge is armed, or (T-34a)
 * added to the plastic charges of the squad at the same spot. */
static void
finish_install (SlCommand *c,
                int        unit)
{
  SlUnitState *u = &c->state->units[unit];
  const char *name = sl_command_name (c, unit);
  gboolean shaped = g_str_equal (u->current.action->id, "install-shaped");
  int *left = shaped ? &u->shaped_charges : &u->plastic_charges;
  SlMarker *m;

  if (*left <= 0)
    {
      sl_command_say (c, _("%s has no charge left to install (P-36)."), name);
      return;
    }
  (*left)--;
  /* T-34a: plastic charges placed at the same spot (the same label) by
   * the same squad go off together; a shaped charge is alone. */
  if (!shaped && u->current.label[0] != '\0')
    for (guint i = 0; i < c->state->markers->len; i++)
      {
        SlMarker *o = &g_array_index (c->state->markers, SlMarker, i);

        if (o->kind == SL_MARKER_CHARGE && o->type > 0 && o->type < 4 && o->due < 0 &&
            c->state->squad_of[o->owner] == c->state->squad_of[unit] &&
            g_str_equal (o->label, u->current.label))
          {
            o->type++;
            /* P-36 step 6: the note sealed as this one was installed
             * conceals the spot, if it was open. */
            if (o->note == 0)
              o->note = u->current.note;
            sl_command_say (c, _("%s adds a plastic charge to %s: %d charges there (P-36, T-34a)."),
                            name, o->label, o->type);
            return;
          }
      }
  m = sl_state_add_marker (c->state, SL_MARKER_CHARGE);
  m->owner = unit;
  m->created = sl_command_now (c);
  m->type = shaped ? 0 : 1;
  /* P-36 step 6, issue 30 #1: concealed by the note sealed in this
   * action, never by a later one. */
  m->note = u->current.note;
  if (u->current.label[0] != '\0')
    set_label (m, u->current.label);
  else
    {
      if (shaped)
        g_snprintf (m->label, sizeof m->label, _("%s's shaped charge"), name);
      else
        g_snprintf (m->label, sizeof m->label, _("%s's plastic charge"), name);
    }
  sl_command_say (c, _("%s has installed and armed %s (P-36 step 2)."), name, m->label);
}

/* A Call fire mission action ends: its marker is placed, due in the
 * explosion step or, by option, the Fire Mission Phase. */
static void
finish_call (SlCommand *c,
             int        unit)
{
  SlUnitState *u = &c->state->units[unit];
  const char *name = sl_command_name (c, unit);
  /* P-38 step 1: one of the missions the side bought is used; its
   * kind was named as it was called (−1: a game that kept no record). */
  const SlFireMissionDef *def = u->current.mission > 0
                                ? g_ptr_array_index (c->rules->fire_missions.items, u->current.mission - 1)
                                : NULL;
  const char *what = def != NULL ? def->name : _("a fire mission");
  SlMarker *m;

  m = sl_state_add_marker (c->state, SL_MARKER_FIRE_MISSION);
  m->owner = unit;
  m->created = sl_command_now (c);
  m->type = u->current.mission - 1;
  /* P-38 step 3, issue 30 #1: the impact point written down as the call
   * was announced. */
  m->note = u->current.note;
  if (u->current.mission > 0)
    c->state->missions_called[sl_command_side (c, unit)][u->current.mission - 1]++;
  if (u->current.label[0] != '\0')
    set_label (m, u->current.label);
  else
    g_snprintf (m->label, sizeof m->label, _("%s's fire mission"), name);
  if (c->options->fire_missions_in_phase)
    {
      /* A-13 option: in this turn's Fire Mission Phase. */
      m->amount = 1;
      m->due = sl_subphase_index (c->rules, c->state->turn, c->rules->subphases_per_turn);
      sl_command_say (c, _("%s has called %s (%s): it lands in the Fire Mission Phase (P-38, A-13)."),
                      name, what, m->label);
    }
  else
    {
      /* in the explosion step of the subphase the call ends. */
      m->due = sl_command_now (c);
      sl_command_say (c, _("%s has called %s (%s): it lands in the explosion step (P-38 step 4, A-13)."),
                      name, what, m->label);
    }
}

gboolean
sl_command_finish_explosives (SlCommand *c,
                              int        unit)
{
  const SlAction *action = c->state->units[unit].current.action;

  if (action == NULL)
    return FALSE;
  if (g_str_equal (action->id, "install-plastic") || g_str_equal (action->id, "install-shaped"))
    {
      finish_install (c, unit);
      return TRUE;
    }
  if (g_str_equal (action->id, "call-fire-mission"))
    {
      finish_call (c, unit);
      return TRUE;
    }
  return FALSE;
}

