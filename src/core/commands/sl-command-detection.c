/* sl-command-detection.c: hidden units in a game — detection rolls (P-27,
 * T-19, E-24) and ambushes (§5.2)
 *
 * The hidden unit's own modifiers (camo tinter, Ranger suit, a power suit
 * not in stealth power mode) are applied by the app from the logs, as the
 * hider would in secret; the summary, which the whole table sees, never
 * names them: it says only "detected" or "not detected". The result keeps
 * them apart under "private".
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-command.h"
#include "sl-detection.h"
#include "sl-secrets.h"

/* A detection roll as the command gives it, and what checking it finds. */
typedef struct
{
  int                unit;
  int                target;        /* the hidden unit tried, or -1 */
  const char        *decoy;         /* or the decoy's label */
  const char        *pile;          /* or the pile, as the table names it */
  SlMarker          *decoy_marker;  /* the decoy under the pile */
  int                hider_unit;    /* the unit whose pile it is (its hiding's seal), or -1 */
  SlDetectionInput   in;
  const SlSideSetup *hider;
  gboolean           automatic_case;
  const char        *tried;         /* what the unit tries, for A-128 */
} Detection;

/* The table names the pile; the app knows what lies under it (the
 * hider's secret, P-28). */
static void
read_pile (SlCommand *c,
           Detection *d)
{
  SlReader *r = c->command;

  if (!sl_state_find_pile (c->state, d->pile, &d->target, &d->decoy_marker))
    sl_reader_fail (r, "pile", _("There is no pile “%s” on the table."), d->pile);
  else if (d->decoy_marker != NULL)
    d->decoy = d->decoy_marker->label;
  d->hider_unit = d->decoy_marker != NULL ? d->decoy_marker->owner : d->target;
  if (sl_reader_ok (r) && d->unit >= 0 &&
      sl_command_side (c, d->target >= 0 ? d->target : d->decoy_marker->owner) ==
      sl_command_side (c, d->unit))
    sl_reader_fail (r, "pile", _("“%s” is one of your own side’s piles."), d->pile);
}

static gboolean
read_detection (SlCommand *c,
                Detection *d)
{
  SlReader *r = c->command;
  SlDetectionInput *in = &d->in;

  d->unit = sl_command_unit (c, r, "unit", FALSE);
  d->target = sl_command_unit (c, r, "target", TRUE);
  d->decoy = sl_reader_string (r, "decoy", NULL);
  d->pile = sl_reader_string (r, "pile", NULL);
  sl_reader_flags (r, "cover", sl_detection_public_names, N_("detection modifier"),
                   in->public_modifiers, SL_N_DETECTION_PUBLIC);
  in->conditions.smoke = sl_reader_bool (r, "smoke", FALSE);
  in->conditions.ground_sensor = sl_reader_bool (r, "ground_sensor", FALSE);
  in->conditions.holotarp = sl_reader_bool (r, "holotarp", FALSE);
  in->conditions.holotarp_entered = sl_reader_bool (r, "holotarp_entered", FALSE);
  in->distance_m = sl_reader_number (r, "distance_m", 0, 100000, -1);
  in->in_field_of_view = sl_reader_bool (r, "in_field_of_view", TRUE);
  in->roll_stream = sl_command_die (c, r, "roll", 10);
  if (sl_reader_ok (r) && d->target < 0 && d->decoy == NULL && d->pile != NULL)
    read_pile (c, d);
  else if (sl_reader_ok (r) && (d->target < 0) == (d->decoy == NULL))
    sl_reader_fail (r, d->target < 0 ? "pile" : "decoy",
                    _("Name the pile (“pile”), or the hidden unit under it (“target”) or that it is a decoy (“decoy”)."));
  return sl_command_inputs_done (c);
}

/* The scenario's terrain everywhere (§10 G): the pile lies in it unless
 * the command names woods of its own; half or full cover add to it (a
 * table's cover says nothing of the woods: issue 31 #6, T-19). Woods hide
 * beyond their depth (T-10, T-19, A-46). */
static gboolean
detection_terrain (SlCommand  *c,
                   Detection  *d,
                   GError    **error)
{
  const SlTerrain *everywhere = sl_command_terrain (c, d->unit);

  if (everywhere != NULL && !d->in.public_modifiers[SL_DETECTION_HEAVY_WOODS] &&
      !d->in.public_modifiers[SL_DETECTION_LIGHT_WOODS])
    {
      if (g_str_equal (everywhere->id, "heavy-woods"))
        d->in.public_modifiers[SL_DETECTION_HEAVY_WOODS] = TRUE;
      else if (g_str_equal (everywhere->id, "light-woods"))
        d->in.public_modifiers[SL_DETECTION_LIGHT_WOODS] = TRUE;
    }
  if (everywhere != NULL && everywhere->los_limit_m > 0 &&
      d->in.distance_m > everywhere->los_limit_m)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "distance_m",
                         _("In %s nothing is seen beyond %g m: no detection at %g m (T-10, A-46)."),
                         everywhere->name, everywhere->los_limit_m, d->in.distance_m);
      return FALSE;
    }
  return TRUE;
}

/* P-27 and the standing rules: rolls in the Detection Phase; at other
 * times only the automatic cases (within 1 m, a holotarp entered). And
 * the detector must be in the fight and not hidden itself. */
static gboolean
check_detector (SlCommand  *c,
                Detection  *d,
                GError    **error)
{
  d->automatic_case = (d->in.distance_m >= 0 &&
                       d->in.distance_m <= c->rules->detection_automatic_within_m) ||
                      d->in.conditions.holotarp_entered;
  if (c->state->phase != SL_PHASE_DETECTION &&
      !(d->automatic_case && c->state->phase == SL_PHASE_ACTION &&
        c->state->step == SL_STEP_INITIATIVE_ORDER))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Detection rolls are made in the Detection Phase (P-27); in the Action Phase only a unit within 1 m or inside a holotarp's square is detected, at once (§15.1)."));
      return FALSE;
    }
  if (sl_state_unit_out (c->rules, c->state, d->unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit", _("%s is out of the fight (T-16)."),
                         sl_command_name (c, d->unit));
      return FALSE;
    }
  if (c->state->units[d->unit].hidden)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("A hidden unit does not try to detect: it would give itself away (P-27)."));
      return FALSE;
    }
  return TRUE;
}

/* The side hiding what is tried: the hidden unit's, the decoy's owner's,
 * or for a decoy named by the table the other side. */
static gboolean
find_hider (SlCommand  *c,
            Detection  *d,
            GError    **error)
{
  if (d->target >= 0)
    {
      if (sl_command_side (c, d->target) == sl_command_side (c, d->unit))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target", _("%s is on the same side."),
                             sl_command_name (c, d->target));
          return FALSE;
        }
      if (!c->state->units[d->target].hidden)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target", _("%s is not hidden."),
                             sl_command_name (c, d->target));
          return FALSE;
        }
      d->hider = sl_setup_side_at (c->setup, sl_command_side (c, d->target));
    }
  else if (d->decoy_marker != NULL)
    d->hider = sl_setup_side_at (c->setup, sl_command_side (c, d->decoy_marker->owner));
  else
    {
      /* A decoy belongs to the other side. */
      for (guint s = 0; s < c->setup->sides->len && d->hider == NULL; s++)
        if ((int) s != sl_command_side (c, d->unit))
          d->hider = sl_setup_side_at (c->setup, s);
    }
  return TRUE;
}

/* each unit rolls against each pile once per Detection Phase. */
static gboolean
check_tried (SlCommand  *c,
             Detection  *d,
             GError    **error)
{
  d->tried = d->pile ? d->pile : (d->decoy ? d->decoy : sl_setup_unit_at (c->setup, d->target)->id);
  if (d->automatic_case)
    return TRUE;
  for (int i = 0; i < c->state->n_detect_tries; i++)
    {
      const SlDetectTry *t = &c->state->detect_tries[i];

      if (t->turn == c->state->turn && t->unit == d->unit && g_str_equal (t->pile, d->tried))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "pile",
                             _("%s has tried %s already in this Detection Phase: once per unit and pile (A-128)."),
                             sl_command_name (c, d->unit), d->tried);
          return FALSE;
        }
    }
  return TRUE;
}

/* What the roll is made against besides the command: the detector's
 * armor, the setup's conditions, the hider's ECM and secrets. */
static void
fill_detection (SlCommand *c,
                Detection *d)
{
  SlDetectionInput *in = &d->in;
  const SlEnvironmentSetup *env = &c->setup->environment;

  in->detector_armor = sl_setup_unit_at (c->setup, d->unit)->armor;
  in->conditions.night = env->night;
  in->conditions.indoors = env->indoors;
  in->conditions.blackout = env->blackout;
  in->conditions.rain = env->rain;
  in->conditions.snow = env->snow;
  in->conditions.enemy_ecm = sl_setup_has_module (c->setup, SL_MODULE_EQUIPMENT) &&
                             d->hider != NULL && d->hider->ecm;
  in->decoy = d->decoy != NULL;
  if (d->target >= 0)
    {
      /* The hider's secret modifiers, from the logs (T-19 "*"). */
      sl_secrets_unit_input (c->setup, c->state, d->target, in);
    }
}

/* The try is recorded, and what is detected revealed. */
static void
apply_detection (SlCommand               *c,
                 Detection               *d,
                 const SlDetectionResult *res)
{
  if (!d->automatic_case)
    {
      SlDetectTry *t;
      int k = 0;

      /* Only this turn's tries count. */
      for (int i = 0; i < c->state->n_detect_tries; i++)
        if (c->state->detect_tries[i].turn == c->state->turn)
          c->state->detect_tries[k++] = c->state->detect_tries[i];
      c->state->n_detect_tries = MIN (k, SL_MAX_DETECT_TRIES - 1);
      t = &c->state->detect_tries[c->state->n_detect_tries++];
      t->turn = c->state->turn;
      t->unit = d->unit;
      g_strlcpy (t->pile, d->tried, sizeof t->pile);
    }
  if (res->detected && d->target >= 0)
    {
      sl_state_reveal_unit (c->state, d->target);
    }
  /* P-27 step 7: a detected decoy is taken off the map. */
  if (res->detected && d->decoy_marker != NULL)
    {
      g_autofree char *label = g_strdup (d->decoy_marker->label);

      sl_state_remove_marker (c->state, d->decoy_marker->id);
      d->decoy_marker = NULL;
      g_ptr_array_add (c->strings, g_steal_pointer (&label));
      d->decoy = g_ptr_array_index (c->strings, c->strings->len - 1);
    }
}

/* The result, the hider's secrets kept apart under "private". */
static void
detection_result (SlCommand               *c,
                  const Detection         *d,
                  const SlDetectionResult *res,
                  SlBreakdown             *public_breakdown,
                  SlBreakdown             *secret_breakdown,
                  const char              *shown)
{
  JsonObject *secret = json_object_new ();

  json_object_set_boolean_member (c->result, "detected", res->detected);
  json_object_set_string_member (c->result, "pile", shown);
  json_object_set_boolean_member (c->result, "automatic", res->automatic);
  if (!res->automatic)
    {
      json_object_set_int_member (c->result, "natural", res->check.natural);
      json_object_set_int_member (c->result, "public_modifier", res->public_modifier);
      json_object_set_double_member (c->result, "public_probability", res->public_probability);
      /* The odds as the detecting side can know them: its public
       * modifiers, the hider's secret counted as 0. */
      json_object_set_int_member (c->result, "needed", res->public_needed);
      json_object_set_double_member (c->result, "probability", res->public_probability);
    }
  json_object_set_member (c->result, "breakdown", sl_breakdown_to_json (public_breakdown));
  /* Known to the hider (and the private view) only. */
  json_object_set_int_member (secret, "secret_modifier", res->secret_modifier);
  json_object_set_member (secret, "secret_breakdown", sl_breakdown_to_json (secret_breakdown));
  if (!res->automatic)
    json_object_set_int_member (secret, "net", res->check.net);
  json_object_set_boolean_member (secret, "decoy", d->decoy != NULL);
  if (d->target >= 0)
    json_object_set_string_member (secret, "unit", sl_setup_unit_at (c->setup, d->target)->id);
  json_object_set_object_member (c->result, "private", secret);
}

/* What the table hears: the pile, the roll, detected or not — and who
 * was under it once it is revealed. */
static void
tell_detection (SlCommand               *c,
                const Detection         *d,
                const SlDetectionResult *res,
                const char              *shown)
{
  if (res->automatic)
    sl_command_say (c, _("%s detects %s at once (%s)."), sl_command_name (c, d->unit), shown,
                    res->automatic_reason ? res->automatic_reason : _("§15.1"));
  else
    sl_command_say (c, _("%s tries to detect %s: rolled %d with %+d for what everyone sees: %s."),
                    sl_command_name (c, d->unit), shown, res->check.natural, res->public_modifier,
                    res->detected ? _("detected") : _("not detected"));
  if (res->detected && d->target >= 0)
    sl_command_say (c, _("%s is revealed and can never hide again (§15.1)."), sl_command_name (c, d->target));
  else if (res->detected)
    sl_command_say (c, _("%s was a decoy: it is taken off the table (P-27)."), shown);
  /* Issue 30 #6: a decoy detected shows its hiding's seal again; a unit
   * revealed does as every revealed unit does (sl_command_apply). */
  if (res->detected && d->target < 0 && d->hider_unit >= 0)
    sl_command_tell_hiding (c, d->hider_unit, shown);
}

gboolean
sl_command_detect (SlCommand  *c,
                   GError    **error)
{
  g_autoptr(SlBreakdown) public_breakdown = sl_breakdown_new ();
  g_autoptr(SlBreakdown) secret_breakdown = sl_breakdown_new ();
  Detection d = { .hider_unit = -1 };
  SlDetectionResult res = { 0 };

  if (!read_detection (c, &d))
    return FALSE;
  if (!sl_command_require_module (c, SL_MODULE_DETECTION, "type", error) ||
      !detection_terrain (c, &d, error) ||
      !check_detector (c, &d, error) ||
      !find_hider (c, &d, error) ||
      !check_tried (c, &d, error))
    return FALSE;
  fill_detection (c, &d);
  if (!sl_detection_resolve (c->rules, c->options, &d.in, c->dice, public_breakdown,
                             secret_breakdown, &res, error))
    return FALSE;

  apply_detection (c, &d, &res);
  if (sl_command_telling (c))
    {
      const char *shown = d.pile ? d.pile : (d.decoy ? d.decoy : _("a pile"));

      detection_result (c, &d, &res, public_breakdown, secret_breakdown, shown);
      tell_detection (c, &d, &res, shown);
    }
  return TRUE;
}

/* §5.2: the whole grouping, every unit still in the fight, undetected;
 * in its turn (P-08 step 2); against the other side. */
static gboolean
check_ambush (SlCommand  *c,
              int         by,
              int         victims,
              GError    **error)
{
  int members = 0, any = -1;

  if (!sl_command_require_module (c, SL_MODULE_AMBUSH, "type", error))
    return FALSE;
  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER, N_("An ambush"), error))
    return FALSE;

  /* The whole grouping, every unit still in the fight, undetected. */
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->grouping_of[u] == by && !sl_state_unit_out (c->rules, c->state, u))
      {
        members++;
        if (!c->state->units[u].hidden)
          {
            sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grouping",
                               _("%s has been detected: an ambush is a whole undetected grouping attacking (§5.2)."),
                               sl_command_name (c, u));
            return FALSE;
          }
      }
  if (members == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grouping", _("Nobody of that grouping is left in the fight."));
      return FALSE;
    }
  /* The ambushers act in their grouping's turn (P-08 step 2). */
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->grouping_of[u] == by)
      {
        if (!sl_command_check_turn (c, u, "grouping", error))
          return FALSE;
        break;
      }
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->grouping_of[u] == victims)
      any = u;
  for (int u = 0; u < c->state->n_units && any >= 0; u++)
    if (c->state->grouping_of[u] == by && sl_command_side (c, u) == sl_command_side (c, any))
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target_grouping", _("Both groupings are on the same side."));
        return FALSE;
      }
  return TRUE;
}

/* The victims lose their actions and do nothing for the next 3
 * subphases (§5.2); their names go into @names when told. */
static void
ambush_victims (SlCommand *c,
                int        victims,
                int        now,
                GString   *names)
{
  for (int u = 0; u < c->state->n_units; u++)
    {
      SlUnitState *us = &c->state->units[u];

      if (c->state->grouping_of[u] != victims || sl_state_unit_out (c->rules, c->state, u))
        continue;
      if (us->current.action != NULL && !us->current.resolved)
        sl_state_lose_action (c->state, u);
      /* §5.2: it can do nothing, opportunity fire included. */
      us->opportunity_armed = FALSE;
      us->idle_until = now + 3;
      if (sl_command_telling (c))
        {
          if (names->len > 0)
            g_string_append (names, _(", "));
          g_string_append (names, sl_command_name (c, u));
        }
    }
}

/* The victims leave the initiative order: last, after everyone; whose
 * turn it is stays the same grouping's. */
static void
ambush_order (SlState *s,
              int      victims)
{
  int k = 0;

  if (sl_state_order_position (s, victims) >= 0 && sl_state_order_position (s, victims) < s->slot)
    s->slot--;
  for (int i = 0; i < s->n_order; i++)
    if (s->order[i] != victims)
      s->order[k++] = s->order[i];
  if (k < s->n_order)
    s->order[k] = victims;
}

/* §5.2: a whole undetected grouping attacks: the victims leave the order,
 * lose their actions and do nothing for the next 3 subphases. */
gboolean
sl_command_ambush (SlCommand  *c,
                   GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(GString) names = g_string_new (NULL);
  const char *by_id, *victim_id;
  int by, victims, now;
  g_autofree char *when = NULL;

  sl_reader_require (r, "grouping");
  sl_reader_require (r, "target_grouping");
  by_id = sl_reader_string (r, "grouping", "");
  victim_id = sl_reader_string (r, "target_grouping", "");
  /* Grouping ids are unique (sl-setup.c). */
  by = sl_setup_find_grouping (c->setup, by_id);
  victims = sl_setup_find_grouping (c->setup, victim_id);
  if (sl_reader_ok (r) && by < 0)
    sl_reader_fail (r, "grouping", _("There is no grouping “%s” in this game."), by_id);
  else if (sl_reader_ok (r) && victims < 0)
    sl_reader_fail (r, "target_grouping", _("There is no grouping “%s” in this game."), victim_id);
  if (!sl_command_inputs_done (c) ||
      !check_ambush (c, by, victims, error))
    return FALSE;

  now = sl_command_now (c);
  ambush_victims (c, victims, now, names);
  ambush_order (c->state, victims);

  if (sl_command_telling (c))
    when = sl_command_when (c, now + 3);
  sl_command_result (c, json_object_set_string_member, "target_grouping", victim_id);
  sl_command_say (c, _("%s ambushes %s: %s lose their actions, leave the initiative order and can do nothing until after %s (§5.2)."),
                  sl_setup_grouping_at (c->setup, by)->name, sl_setup_grouping_at (c->setup, victims)->name,
                  names->str, when);
  return TRUE;
}
