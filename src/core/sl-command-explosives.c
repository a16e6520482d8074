/* sl-command-explosives.c: grenades, the grenade launcher, charges, mines
 * and fire missions in a game (digest §15.6 … §15.9: P-34 … P-38)
 *
 * A grenade thrown or launched becomes a marker on the table that goes off
 * two subphases later in the explosion step (P-08 step 4), where
 * `blast` says who it catches; a smoke grenade leaves a cloud for 12 turns
 * . Charges are installed by an action and set off by radio;
 * fire missions land at the end of the call or in the Fire Mission
 * Phase with the option; mines go off at once.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-command.h"
#include "sl-explosives.h"

#define MAX_SCATTER_ROLLS 16

/* Who sees the point when the firer does not. A grenade's
 * thrower is no calling leader: its spotter is a unit or a sensor. */
static const char * const spotters[] = { "leader", "unit", "sensor", NULL };
static const char * const grenade_spotters[] = { "unit", "sensor", NULL };

/* The marker named by @field, or NULL after failing the reader. */
static SlMarker *
marker_field (SlCommand  *c,
              SlReader   *r,
              const char *field)
{
  SlMarker *m;
  int id;

  sl_reader_require (r, field);
  id = sl_reader_int (r, field, 0, G_MAXINT, -1);
  if (!sl_reader_ok (r))
    return NULL;
  m = sl_state_find_marker (c->state, id);
  if (m == NULL)
    sl_reader_fail (r, field, _("There is no marker %d on the table."), id);
  return m;
}

static void
set_label (SlMarker   *m,
           const char *text)
{
  const char *end;

  /* As much as fits, whole UTF-8 characters only. */
  g_strlcpy (m->label, text, sizeof m->label);
  if (!g_utf8_validate (m->label, -1, &end))
    m->label[end - m->label] = '\0';
}

/* The unit's Fire/Throw action that ends now, unresolved, throwing @what. */
static gboolean
check_thrower (SlCommand  *c,
               int         unit,
               SlThrow     what,
               const char *what_words,
               GError    **error)
{
  const SlUnitState *u = &c->state->units[unit];

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_RANGED_FIRE, what_words, error))
    return FALSE;
  if (u->current.action == NULL || !u->current.action->fire || u->current.end != sl_command_now (c) ||
      u->current.resolved || u->current.throwing != (int) what)
    {
      static const char * const throws[] = { "", "grenade", "launcher", "charge" };

      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no Fire/Throw action ending now declared with “throw”: “%s” (P-34, P-35, P-36)."),
                         sl_command_name (c, unit), throws[what]);
      return FALSE;
    }
  return TRUE;
}

/* The thrower's side of T-14 the grenade rules use: its wound always
 * everything else with the option grenadeAllRangedMods. */
static void
fill_thrower (SlCommand    *c,
              int           unit,
              SlToHitInput *in)
{
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlUnitState *u = &c->state->units[unit];

  memset (in, 0, sizeof *in);
  in->firer.troop = us->troop;
  in->firer.race = us->race;
  in->firer.armor = us->armor;
  in->firer.weapon = NULL;
  in->firer.wound = u->wound;
  in->firer.movement = u->moving;
  in->firer.position = u->position;
  in->firer.stealth_power = u->stealth_power;
  in->target.movement = SL_MOVE_NONE;
  in->target.armor = NULL;
  in->conditions.night = c->setup->environment.night;
  in->conditions.indoors = c->setup->environment.indoors;
  in->conditions.rain = c->setup->environment.rain;
  in->conditions.snow = c->setup->environment.snow;
  in->conditions.zero_g = c->setup->environment.zero_g;
}

/* One grenade's fields: from the command or an element of "grenades". */
static void
read_grenade (SlCommand      *c,
              SlReader       *r,
              SlGrenadeInput *g)
{
  sl_reader_require (r, "range_m");
  g->range_m = sl_reader_number (r, "range_m", 0, 1000, 0);
  g->spotted_only = sl_reader_bool (r, "spotted_only", FALSE);
  g->spotter = 1 + sl_reader_enum (r, "spotter", grenade_spotters, N_("spotter"), 0);
  g->through_window = sl_reader_bool (r, "through_window", FALSE);
  g->at_obstacle = sl_reader_bool (r, "at_obstacle", FALSE);
  g->roll_stream = sl_command_die (c, r, "roll", 10);
  if (sl_reader_array_length (r, "scatter_rolls") > MAX_SCATTER_ROLLS && sl_reader_ok (r))
    sl_reader_fail (r, "scatter_rolls", _("Give at most %d scatter dice."), MAX_SCATTER_ROLLS);
  g->scatter_stream = sl_command_dice_list (c, r, "scatter_rolls", 10);
}

static void
scatter_words (const SlGrenadeResult *res,
               GString               *out)
{
  static const char * const directions[] = { N_("long"), N_("short"), N_("left"), N_("right") };

  if (!res->scattered)
    {
      g_string_append (out, _("on target"));
      return;
    }
  /* "it scatters 4 m long" */
  g_string_append_printf (out, _("it scatters %.0f m %s"), res->scatter.distance_m,
                          _(directions[MIN ((int) res->scatter.direction, 3)]));
  if (res->has_landing)
    g_string_append_printf (out, _(", landing %.0f m from where it was thrown"), res->landing.from_origin_m);
}

static void
grenade_json (const SlGrenadeResult *res,
              const SlBreakdown     *breakdown,
              const SlMarker        *m,
              JsonObject            *o)
{
  sl_check_outcome_to_json (&res->check, "on_target", o);
  json_object_set_member (o, "breakdown", sl_breakdown_to_json (breakdown));
  if (res->scattered)
    {
      JsonObject *s = json_object_new ();

      json_object_set_string_member (s, "direction", sl_scatter_names[res->scatter.direction]);
      json_object_set_double_member (s, "distance_m", res->scatter.distance_m);
      json_object_set_object_member (o, "scatter", s);
    }
  if (res->has_landing)
    json_object_set_double_member (o, "from_thrower_m", res->landing.from_origin_m);
  json_object_set_int_member (o, "marker", m->id);
}

/* A grenade on the table, due in the explosion step of the subphase A-108
 * gives. */
static SlMarker *
place_grenade (SlCommand    *c,
               int           unit,
               SlGrenadeType type,
               const char   *aim)
{
  SlMarker *m = sl_state_add_marker (c->state, SL_MARKER_GRENADE);
  int turn, subphase;
  g_autofree char *label = NULL;

  sl_grenade_detonation (c->rules, c->options, c->state->turn, c->state->subphase, &turn, &subphase);
  m->owner = unit;
  m->created = sl_command_now (c);
  m->due = sl_subphase_index (c->rules, turn, subphase);
  m->type = type;
  /* "Grenade 3 (Hale): the doorway" */
  label = aim != NULL ? g_strdup_printf (_("Grenade %d (%s): %s"), m->id, sl_command_name (c, unit), aim)
                      : g_strdup_printf (_("Grenade %d (%s)"), m->id, sl_command_name (c, unit));
  set_label (m, label);
  return m;
}

gboolean
sl_command_throw (SlCommand  *c,
                  GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlGrenadeResult res = { 0 };
  SlGrenadeInput in = { 0 };
  SlToHitInput thrower;
  SlUnitState *u;
  SlMarker *m;
  const char *aim;
  g_autoptr(GString) words = g_string_new (NULL);
  g_autofree char *when = NULL;
  int unit;
  SlGrenade box;

  unit = sl_command_unit (c, r, "unit", FALSE);
  in.weapon = SL_GRENADE_HAND;
  in.type = sl_reader_enum (r, "grenade", sl_grenade_type_names, N_("grenade type"), SL_GRENADE_FRAG);
  read_grenade (c, r, &in);
  aim = sl_reader_string (r, "label", NULL);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!check_thrower (c, unit, SL_THROW_GRENADE, N_("Throwing a grenade"), error))
    return FALSE;

  u = &c->state->units[unit];
  box = in.type == SL_GRENADE_FRAG ? SL_GRENADE_FG : SL_GRENADE_SG;
  if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION))
    {
      if (u->grenades[box] == 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grenade",
                             _("%s has no %s grenade left (T-20)."), sl_command_name (c, unit),
                             in.type == SL_GRENADE_FRAG ? _("frag") : _("smoke"));
          return FALSE;
        }
      if (!u->grenade_ready)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                             _("With the ammunition rules a grenade is picked up (1 AP) before it is thrown (P-34, A-92)."));
          return FALSE;
        }
    }
  fill_thrower (c, unit, &thrower);
  in.thrower = &thrower;
  if (!sl_grenade_resolve (c->rules, c->options, &in, c->dice, breakdown, &res, error))
    return FALSE;

  if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION))
    {
      u->grenades[box]--;
      u->grenade_ready = FALSE;
    }
  u->current.resolved = TRUE;
  m = place_grenade (c, unit, in.type, aim);

  if (sl_command_telling (c))
    {
      grenade_json (&res, breakdown, m, c->result);
      scatter_words (&res, words);
      when = sl_command_when (c, m->due);
    }
  /* "Trooper Hale throws a frag grenade (12 m): needs 5 or less, rolled 4,
   * net 5: on target; it goes off in subphase 9 (marker 1)." */
  sl_command_say (c, _("%s throws a %s grenade (%.0f m): needs %d or less, rolled %d, net %d: %s; it goes off in %s (marker %d)."),
                  sl_command_name (c, unit), in.type == SL_GRENADE_FRAG ? _("frag") : _("smoke"), in.range_m,
                  res.check.target, res.check.natural, res.check.net, words->str, when, m->id);
  return TRUE;
}

gboolean
sl_command_launch (SlCommand  *c,
                   GError    **error)
{
  SlReader *r = c->command;
  g_autofree SlGrenadeInput *in = NULL;
  g_autofree SlGrenadeResult *res = NULL;
  g_autofree SlGrenadeType *types = NULL;
  g_autoptr(GPtrArray) breakdowns = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_breakdown_free);
  g_autoptr(GPtrArray) aims = g_ptr_array_new ();
  SlLauncherLoad load, after;
  SlToHitInput thrower;
  SlUnitState *u;
  const char *jam_stream;
  gboolean jam_checked = FALSE, jammed = FALSE;
  int unit, jam_roll = 0;
  guint n;

  unit = sl_command_unit (c, r, "unit", FALSE);
  n = sl_reader_array_length (r, "grenades");
  if (sl_reader_ok (r) && (n == 0 || n > 4))
    sl_reader_fail (r, "grenades", _("A launcher fires 1 to 4 grenades in one action (P-35)."));
  n = MIN (n, 4);
  in = g_new0 (SlGrenadeInput, MAX (n, 1));
  res = g_new0 (SlGrenadeResult, MAX (n, 1));
  types = g_new0 (SlGrenadeType, MAX (n, 1));
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) g = sl_reader_array_object (r, "grenades", i);

      in[i].weapon = SL_GRENADE_LAUNCHER;
      in[i].type = sl_reader_enum (g, "grenade", sl_grenade_type_names, N_("grenade type"), SL_GRENADE_FRAG);
      types[i] = in[i].type;
      read_grenade (c, g, &in[i]);
      in[i].indirect = sl_reader_bool (g, "indirect", FALSE);
      g_ptr_array_add (aims, (gpointer) sl_reader_string (g, "label", NULL));
      sl_reader_end (g);
    }
  jam_stream = sl_command_die (c, r, "jam_roll", 10);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!check_thrower (c, unit, SL_THROW_LAUNCHER, N_("Firing the grenade launcher"), error))
    return FALSE;
  u = &c->state->units[unit];
  if (!u->launcher)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no grenade launcher (P-35)."), sl_command_name (c, unit));
      return FALSE;
    }
  load.frag = u->launcher_load[SL_GRENADE_FG];
  load.smoke = u->launcher_load[SL_GRENADE_SG];
  if (!sl_launcher_salvo_check (c->rules, c->options, types, n, &load, &after, error))
    return FALSE;

  fill_thrower (c, unit, &thrower);
  for (guint i = 0; i < n; i++)
    {
      SlBreakdown *b = sl_breakdown_new ();

      g_ptr_array_add (breakdowns, b);
      in[i].thrower = &thrower;
      if (!sl_grenade_resolve (c->rules, c->options, &in[i], c->dice, b, &res[i], error))
        return FALSE;
    }
  /* one jam check per launcher action, after the first natural 1;
   * the launcher shares the rifle's jam. */
  jam_checked = sl_launcher_jam (c->rules, res, n, c->dice, jam_stream, &jam_roll, &jammed);
  u->launcher_load[SL_GRENADE_FG] = after.frag;
  u->launcher_load[SL_GRENADE_SG] = after.smoke;
  if (jammed)
    u->jammed = TRUE;
  u->current.resolved = TRUE;

  {
    JsonArray *list = sl_command_telling (c) ? json_array_new () : NULL;

    for (guint i = 0; i < n; i++)
      {
        SlMarker *m = place_grenade (c, unit, in[i].type, g_ptr_array_index (aims, i));
        g_autoptr(GString) words = g_string_new (NULL);
        g_autofree char *when = NULL;

        if (list != NULL)
          {
            JsonObject *o = json_object_new ();

            grenade_json (&res[i], g_ptr_array_index (breakdowns, i), m, o);
            json_array_add_object_element (list, o);
            scatter_words (&res[i], words);
            when = sl_command_when (c, m->due);
          }
        sl_command_say (c, _("%s launches a %s grenade (%.0f m): needs %d or less, rolled %d, net %d: %s; it goes off in %s (marker %d)."),
                        sl_command_name (c, unit), in[i].type == SL_GRENADE_FRAG ? _("frag") : _("smoke"),
                        in[i].range_m, res[i].check.target, res[i].check.natural, res[i].check.net,
                        words->str, when, m->id);
      }
    if (list != NULL)
      json_object_set_array_member (c->result, "grenades", list);
  }
  if (jam_checked)
    {
      sl_command_result (c, json_object_set_int_member, "jam_roll", jam_roll);
      sl_command_result (c, json_object_set_boolean_member, "jammed", jammed);
      sl_command_say (c, jammed ? _("The jam check fails (rolled %d): the launcher and the rifle are jammed (P-16, A-113).")
                                : _("The jam check passes (rolled %d)."), jam_roll);
    }
  return TRUE;
}

/* The units a blast catches, as the table says ("units": [{"unit",
 * "distance_m", "half_cover", "full_cover", "behind_wall",
 * "inside_building", "sacrifice_dive", "smothered"}]): each loses its
 * action when in the area (§6.1) and takes the blast's damage (T-30, T-33,
 * T-34a) with a daze (P-19). */
typedef struct
{
  int          unit;
  SlBlastInput in;
} Caught;

static GArray *
read_caught (SlCommand *c,
             SlReader  *r)
{
  GArray *caught = g_array_new (FALSE, TRUE, sizeof (Caught));
  guint n = sl_reader_array_length (r, "units");

  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) e = sl_reader_array_object (r, "units", i);
      Caught k = { 0 };

      k.unit = sl_command_unit (c, e, "unit", FALSE);
      k.in.sacrifice_dive = sl_reader_bool (e, "sacrifice_dive", FALSE);
      k.in.smothered = sl_reader_bool (e, "smothered", FALSE);
      if (!k.in.sacrifice_dive && !k.in.smothered)
        sl_reader_require (e, "distance_m");
      k.in.distance_m = sl_reader_number (e, "distance_m", 0, 10000, -1);
      k.in.half_cover = sl_reader_bool (e, "half_cover", FALSE);
      k.in.full_cover = sl_reader_bool (e, "full_cover", FALSE);
      k.in.behind_wall = sl_reader_bool (e, "behind_wall", FALSE);
      k.in.inside_building = sl_reader_bool (e, "inside_building", FALSE);
      for (guint j = 0; j < caught->len && k.unit >= 0 && sl_reader_ok (e); j++)
        if (g_array_index (caught, Caught, j).unit == k.unit)
          sl_reader_fail (e, "unit", _("%s is listed twice."), sl_command_name (c, k.unit));
      sl_reader_end (e);
      g_array_append_val (caught, k);
    }
  return caught;
}

static gboolean
blast_units (SlCommand     *c,
             SlBlastSource  source,
             int            owner,
             GArray        *caught,
             GError       **error)
{
  JsonArray *list = sl_command_telling (c) ? json_array_new () : NULL;

  c->actor = owner;
  for (guint i = 0; i < caught->len; i++)
    {
      Caught *k = &g_array_index (caught, Caught, i);
      SlUnitState *u = &c->state->units[k->unit];
      const SlUnitSetup *us = sl_setup_unit_at (c->setup, k->unit);
      SlBlastResult res;
      JsonObject *o = list ? json_object_new () : NULL;
      g_autofree char *damage = NULL;

      k->in.source = source;
      k->in.position = u->position;
      k->in.has_target = TRUE;
      k->in.armor = us->armor;
      k->in.race = us->race;
      k->in.wound = u->wound;
      if (!sl_blast_resolve (c->rules, c->options, &k->in, &res, error))
        {
          if (list != NULL)
            {
              json_array_unref (list);
              json_object_unref (o);
            }
          return FALSE;
        }
      if (o != NULL)
        {
          json_object_set_string_member (o, "unit", us->id);
          json_object_set_boolean_member (o, "in_blast_area", res.in_area);
          json_object_set_boolean_member (o, "affected", res.affected);
          json_object_set_int_member (o, "penetration", res.penetration);
        }
      /* §6.1: a blast costs the units in its area their actions. */
      if (res.loses_action && u->current.action != NULL && !u->current.resolved)
        sl_state_lose_action (c->state, k->unit);
      if (res.affected && res.has_damage)
        damage = sl_command_apply_damage (c, k->unit, &res.damage, o);
      if (damage != NULL)
        sl_command_say (c, _("%s is caught by the blast: %s."), us->name, damage);
      else if (res.in_area)
        sl_command_say (c, _("%s is in the blast but unhurt (%s)."), us->name,
                        res.reason ? res.reason : _("no damage"));
      else
        sl_command_say (c, _("%s is out of the blast."), us->name);
      if (list != NULL)
        json_array_add_object_element (list, o);
    }
  if (list != NULL)
    json_object_set_array_member (c->result, "units", list);
  c->actor = -1;
  return TRUE;
}

static gboolean
in_explosion_step (SlCommand  *c,
                   GError    **error)
{
  if (c->state->phase == SL_PHASE_FIRE_MISSION)
    return TRUE;
  return sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_EXPLOSION, N_("An explosion"), error);
}

static gboolean
check_due (SlCommand  *c,
           SlMarker   *m,
           GError    **error)
{
  if (m->resolved || m->due < 0 || m->due > sl_command_now (c) ||
      (m->kind != SL_MARKER_GRENADE && m->kind != SL_MARKER_CHARGE))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "marker",
                         _("%s does not go off now (P-08 step 4, A-108)."), m->label);
      return FALSE;
    }
  return TRUE;
}

/* Charges at one spot (T-34): the blast source for their number. */
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

gboolean
sl_command_blast (SlCommand  *c,
                  GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(GArray) caught = NULL;
  SlMarker *m;
  int id, owner;
  char label[sizeof ((SlMarker *) NULL)->label];

  m = marker_field (c, r, "marker");
  caught = read_caught (c, r);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!in_explosion_step (c, error) || !check_due (c, m, error))
    return FALSE;

  id = m->id;
  owner = m->owner;
  g_strlcpy (label, m->label, sizeof label);
  sl_command_result (c, json_object_set_int_member, "marker", id);
  if (m->kind == SL_MARKER_GRENADE && m->type == SL_GRENADE_SMOKE)
    {
      /* a cloud, +5 to fire and detection through it, for 12 turns
       * (or 12 subphases with the option). */
      SlMarker *cloud;
      int turn, subphase;
      g_autofree char *cloud_label = NULL;
      g_autofree char *when = NULL;

      if (caught->len > 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "units",
                             _("Smoke hurts nobody: it blocks sight (A-112)."));
          return FALSE;
        }
      sl_state_remove_marker (c->state, id);
      cloud = sl_state_add_marker (c->state, SL_MARKER_SMOKE);
      sl_smoke_clears (c->rules, c->options, c->state->turn, c->state->subphase, &turn, &subphase);
      cloud->owner = owner;
      cloud->created = sl_command_now (c);
      cloud->expires = sl_subphase_index (c->rules, turn, subphase);
      cloud->type = SL_GRENADE_SMOKE;
      cloud_label = g_strdup_printf (_("Smoke cloud %d"), cloud->id);
      set_label (cloud, cloud_label);
      sl_command_result (c, json_object_set_int_member, "cloud", cloud->id);
      if (sl_command_telling (c))
        when = sl_command_when (c, cloud->expires);
      sl_command_say (c, _("%s goes off: a smoke cloud (%s) until %s (A-112)."), label, cloud->label, when);
      return TRUE;
    }

  sl_command_say (c, _("%s goes off."), label);
  if (!blast_units (c, m->kind == SL_MARKER_CHARGE ? charge_source (m->amount) : SL_BLAST_FRAG, owner,
                    caught, error))
    return FALSE;
  sl_state_remove_marker (c->state, id);
  return TRUE;
}

/* Charges (P-36): installed by an action, set off by radio. */

gboolean
sl_command_finish_explosives (SlCommand *c,
                              int        unit)
{
  SlUnitState *u = &c->state->units[unit];
  const SlAction *action = u->current.action;
  const char *name = sl_command_name (c, unit);

  if (g_str_equal (action->id, "install-plastic") || g_str_equal (action->id, "install-shaped"))
    {
      gboolean plastic = g_str_equal (action->id, "install-plastic");
      const char *spot = u->current.label[0] ? u->current.label : NULL;
      SlMarker *m = NULL;

      if (plastic)
        u->plastic_charges = MAX (u->plastic_charges - 1, 0);
      else
        u->shaped_charges = MAX (u->shaped_charges - 1, 0);
      /* T-34: plastic charges at one spot go off together. */
      for (guint i = 0; i < c->state->markers->len && plastic && spot != NULL; i++)
        {
          SlMarker *o = &g_array_index (c->state->markers, SlMarker, i);

          if (o->kind == SL_MARKER_CHARGE && o->type == 0 && o->amount < 4 &&
              sl_command_side (c, o->owner) == sl_command_side (c, unit) &&
              g_str_has_suffix (o->label, spot))
            m = o;
        }
      if (m != NULL)
        m->amount++;
      else
        {
          g_autofree char *label = NULL;

          m = sl_state_add_marker (c->state, SL_MARKER_CHARGE);
          m->owner = unit;
          m->created = sl_command_now (c);
          m->type = plastic ? 0 : 1;
          m->amount = 1;
          m->secret = TRUE;
          label = spot ? g_strdup_printf (_("Charge %d: %s"), m->id, spot)
                       : g_strdup_printf (_("Charge %d"), m->id);
          set_label (m, label);
        }
      sl_command_say (c, _("%s has installed a %s charge: %s (P-36)."), name,
                      plastic ? _("plastic") : _("shaped"), m->label);
      return TRUE;
    }
  if (g_str_equal (action->id, "call-fire-mission"))
    {
      /* the mission lands at the end of the call's last subphase —
       * now, in the explosion step — or in the Fire Mission Phase. */
      SlMarker *m = sl_state_add_marker (c->state, SL_MARKER_FIRE_MISSION);
      g_autofree char *label = NULL;

      m->owner = unit;
      m->created = sl_command_now (c);
      m->due = sl_command_now (c);
      m->secret = TRUE;
      label = u->current.label[0] ? g_strdup_printf (_("Fire mission %d: %s"), m->id, u->current.label)
                                  : g_strdup_printf (_("Fire mission %d"), m->id);
      set_label (m, label);
      sl_command_say (c, _("%s's fire mission is on its way: %s (P-38)."), name, m->label);
      return TRUE;
    }
  return FALSE;
}

gboolean
sl_command_detonate (SlCommand  *c,
                     GError    **error)
{
  SlReader *r = c->command;
  SlMarker *m;
  int unit;
  g_autofree char *when = NULL;

  unit = sl_command_unit (c, r, "unit", FALSE);
  m = marker_field (c, r, "marker");
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!check_thrower (c, unit, SL_THROW_CHARGE, N_("Setting off a charge"), error))
    return FALSE;
  if (m->kind != SL_MARKER_CHARGE || m->due >= 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "marker",
                         _("%s is no charge waiting to be set off (P-36)."), m->label);
      return FALSE;
    }
  /* P-36 step 3: any unit of the same squad sets it off. */
  if (c->state->squad_of[m->owner] != c->state->squad_of[unit])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("Only a unit of %s's squad sets off its charge (P-36)."),
                         sl_command_name (c, m->owner));
      return FALSE;
    }
  c->state->units[unit].current.resolved = TRUE;
  m->due = sl_command_now (c);
  m->secret = FALSE;
  sl_command_result (c, json_object_set_int_member, "marker", m->id);
  if (sl_command_telling (c))
    when = sl_command_when (c, m->due);
  sl_command_say (c, _("%s sets off %s by radio: it goes off in the explosion step of %s (P-36, P-08)."),
                  sl_command_name (c, unit), m->label, when);
  return TRUE;
}

/* Mines (P-37): written down before the game, they go off at once
 * when an enemy comes within 1 m; a frag blast centred on the mine. */
gboolean
sl_command_mine (SlCommand  *c,
                 GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(GArray) caught = NULL;
  SlMineInput in = { 0 };
  SlMineResult res = { 0 };
  const SlUnitSetup *us;
  const char *label;
  gboolean dud;
  int unit;

  unit = sl_command_unit (c, r, "unit", FALSE);
  sl_reader_require (r, "label");
  label = sl_reader_string (r, "label", "");
  sl_reader_require (r, "distance_m");
  in.distance_m = sl_reader_number (r, "distance_m", 0, 100, 0);
  in.has_distance = TRUE;
  dud = sl_reader_bool (r, "dud", FALSE);
  in.roll_stream = sl_command_die (c, r, "roll", 10);
  caught = read_caught (c, r);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (c->state->phase != SL_PHASE_ACTION || c->state->over)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Mines go off in the Action Phase, as a unit moves (P-37)."));
      return FALSE;
    }
  if (!sl_setup_has_module (c->setup, SL_MODULE_AREA_EFFECTS))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Mines need the area-effect rules (§9.6)."));
      return FALSE;
    }
  us = sl_setup_unit_at (c->setup, unit);
  in.dud = dud;
  in.enemy = TRUE;
  in.has_target = TRUE;
  in.armor = us->armor;
  in.race = us->race;
  in.wound = c->state->units[unit].wound;
  if (!sl_mine_resolve (c->rules, c->options, &in, c->dice, &res, error))
    return FALSE;

  sl_command_result (c, json_object_set_boolean_member, "detonates", res.detonates);
  if (!res.detonates)
    {
      sl_command_say (c, _("The mine at %s does not go off (%s)."), label,
                      res.reason ? res.reason : _("a dud"));
      return TRUE;
    }
  sl_command_say (c, _("The mine at %s goes off under %s (P-37)."), label, us->name);
  if (res.stops_unit && c->state->units[unit].current.action != NULL && !c->state->units[unit].current.resolved)
    sl_state_lose_action (c->state, unit);
  if (res.has_damage)
    {
      g_autofree char *damage = NULL;
      JsonObject *o = sl_command_telling (c) ? json_object_new () : NULL;

      c->actor = -1;
      damage = sl_command_apply_damage (c, unit, &res.damage, o);
      if (o != NULL)
        json_object_set_object_member (c->result, "damage", o);
      sl_command_say (c, _("%s: %s."), us->name, damage);
    }
  /* The others nearby take the frag blast. */
  return blast_units (c, SL_BLAST_FRAG, -1, caught, error);
}

/* Fire missions (P-38): called by a leader (10 AP), landing at the end of
 * the call — or in the Fire Mission Phase — on a T-35 roll. */
gboolean
sl_command_fire_mission (SlCommand  *c,
                         GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(GArray) caught = NULL;
  SlFireMissionInput in = { 0 };
  SlFireMissionResult res = { 0 };
  const SlTable *t = &c->rules->fire_missions;
  SlMarker *m;
  g_autoptr(GString) words = g_string_new (NULL);
  int id, owner, kind;
  char label[sizeof ((SlMarker *) NULL)->label];

  m = marker_field (c, r, "marker");
  sl_reader_require (r, "mission");
  kind = sl_reader_enum (r, "mission", sl_table_ids (t), t->what, 0);
  in.mission = g_ptr_array_index (t->items, kind);
  in.spotter = sl_reader_enum (r, "spotter", spotters, N_("spotter"), 0);
  in.range_m = sl_reader_number (r, "range_m", 0, 100000, -1);
  in.roll_stream = sl_command_die (c, r, "roll", 10);
  in.scatter_stream = sl_command_dice_list (c, r, "scatter_rolls", 10);
  caught = read_caught (c, r);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (m->kind != SL_MARKER_FIRE_MISSION || m->resolved)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "marker", _("%s is no fire mission on its way (P-38)."),
                         m->label);
      return FALSE;
    }
  if (c->options->fire_missions_in_phase)
    {
      if (!sl_command_require_clock (c, SL_PHASE_FIRE_MISSION, SL_STEP_NONE, N_("A fire mission"), error))
        return FALSE;
    }
  else if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_EXPLOSION, N_("A fire mission"), error))
    return FALSE;
  if (!sl_fire_mission_resolve (c->rules, c->options, &in, c->dice, &res, error))
    return FALSE;

  id = m->id;
  owner = m->owner;
  g_strlcpy (label, m->label, sizeof label);
  if (sl_command_telling (c))
    {
      sl_check_outcome_to_json (&res.shot.check, "on_target", c->result);
      json_object_set_int_member (c->result, "marker", id);
      json_object_set_int_member (c->result, "reach_m", res.reach_m);
      scatter_words (&res.shot, words);
    }
  sl_command_say (c, _("%s lands (%s): needs %d or less, rolled %d: %s."), label, in.mission->name,
                  res.shot.check.target, res.shot.check.natural, words->str);
  if (!blast_units (c, res.profile, owner, caught, error))
    return FALSE;
  sl_state_remove_marker (c->state, id);
  return TRUE;
}

/* What must go off now: grenades and charges due in the explosion step;
 * fire missions there, or in the Fire Mission Phase with the option
 * (A-13). */
char *
sl_command_pending_explosives (SlCommand *c)
{
  g_autoptr(GString) names = g_string_new (NULL);
  gboolean mission_phase = c->state->phase == SL_PHASE_FIRE_MISSION;
  int now = sl_command_now (c);

  for (guint i = 0; i < c->state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);
      gboolean due;

      if (m->resolved || m->due < 0)
        continue;
      if (m->kind == SL_MARKER_FIRE_MISSION)
        due = c->options->fire_missions_in_phase ? mission_phase && m->due <= now
                                                 : !mission_phase && m->due == now;
      else
        due = !mission_phase && (m->kind == SL_MARKER_GRENADE || m->kind == SL_MARKER_CHARGE) &&
              m->due == now;
      if (due)
        {
          if (names->len > 0)
            g_string_append (names, _(", "));
          g_string_append (names, m->label);
        }
    }
  if (names->len == 0)
    return NULL;
  return g_strdup_printf (_("To go off first: %s (P-08 step 4)."), names->str);
}
