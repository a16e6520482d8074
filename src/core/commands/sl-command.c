/* sl-command.c: applying commands to a game state
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-command.h"
#include "sl-due.h"
#include "sl-environment.h"

typedef struct
{
  const char    *type;
  SlCommandFunc  func;
} SlCommandType;

static const SlCommandType types[] = {
  { "initiative", sl_command_initiative },
  { "next", sl_command_next },
  { "pass", sl_command_pass },
  { "declare", sl_command_declare },
  { "cancel", sl_command_cancel },
  { "fire", sl_command_fire },
  { "area-burst", sl_command_area_burst },
  { "exposure", sl_command_exposure },
  { "dive-stop", sl_command_dive_stop },
  { "correct-marker", sl_command_correct_marker },
  { "engage", sl_command_engage },
  { "avoid", sl_command_avoid },
  { "melee", sl_command_melee },
  { "throw", sl_command_throw },
  { "launch", sl_command_launch },
  { "blast", sl_command_blast },
  { "detonate", sl_command_detonate },
  { "mine", sl_command_mine },
  { "fire-mission", sl_command_fire_mission },
  { "rout-check", sl_command_rout_check },
  { "rally", sl_command_rally },
  { "regroup", sl_command_regroup },
  { "appoint-leader", sl_command_appoint_leader },
  { "detect", sl_command_detect },
  { "ambush", sl_command_ambush },
  { "hide", sl_command_hide },
  { "seal", sl_command_seal },
  { "reveal", sl_command_reveal },
  { "correct", sl_command_correct },
  { "end-game", sl_command_end_game },
  { "objective", sl_command_objective },
};

const char * const *
sl_command_types (void)
{
  static const char *names[G_N_ELEMENTS (types) + 1];

  if (names[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (types); i++)
      names[i] = types[i].type;
  return names;
}

gboolean
sl_command_apply (const SlRules  *rules,
                  const SlSetup  *setup,
                  SlState        *state,
                  JsonNode       *command,
                  SlDice         *dice,
                  JsonObject     *result,
                  GString        *summary,
                  GError        **error)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) reader = NULL;
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local_error = NULL;
  const SlCommandType *type = NULL;
  SlCommand c = { 0 };
  gboolean was_hidden[SL_MAX_UNITS];
  const char *name;
  gboolean ok;

  g_return_val_if_fail ((result == NULL) == (summary == NULL), FALSE);

  reader = sl_reader_new (ctx, command, "");
  sl_reader_require (reader, "type");
  name = sl_reader_string (reader, "type", NULL);
  for (guint i = 0; name && type == NULL && i < G_N_ELEMENTS (types); i++)
    if (g_str_equal (types[i].type, name))
      type = &types[i];
  if (name != NULL && type == NULL)
    {
      g_autofree char *choices = sl_json_join_choices (sl_command_types ());
      sl_reader_fail (reader, "type", _("Unknown command “%s”: expected %s."), name, choices);
    }
  if (type != NULL && state->over && !g_str_equal (type->type, "correct"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("The game is over (§14): only corrections are possible."));
      return FALSE;
    }

  if (!sl_read_context_failed (ctx))
    {
      c.rules = rules;
      c.setup = setup;
      c.options = setup->options;
      c.state = state;
      c.dice = dice;
      c.command = reader;
      c.result = result;
      c.summary = summary;
      c.strings = strings;
      c.actor = -1;
      /* Every command may carry a note; "at" is written by the journal. */
      sl_reader_string (reader, "note", NULL);
      for (int u = 0; u < state->n_units; u++)
        was_hidden[u] = state->units[u].hidden;
      ok = type->func (&c, &local_error);
      /* Issue 30 #6: however a hidden unit is revealed — detected, acting,
       * hit, by a correction — its hiding's seal is told again and
       * checked, after what revealed it. */
      for (int u = 0; ok && !sl_read_context_failed (ctx) && u < state->n_units; u++)
        if (was_hidden[u] && !state->units[u].hidden)
          sl_command_tell_hiding (&c, u, state->units[u].pile);
    }
  else
    ok = FALSE;

  if (sl_read_context_failed (ctx))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, sl_read_context_field (ctx), "%s",
                         sl_read_context_message (ctx));
      return FALSE;
    }
  if (!ok)
    {
      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "", _("The command could not be applied."));
      return FALSE;
    }
  return TRUE;
}

gboolean
sl_command_inputs_done (SlCommand *c)
{
  return sl_reader_end (c->command);
}

int
sl_command_unit (SlCommand  *c,
                 SlReader   *reader,
                 const char *field,
                 gboolean    optional)
{
  const SlUnitSetup *u;
  const char *id;

  if (!sl_reader_has (reader, field))
    {
      if (!optional)
        sl_reader_require (reader, field);
      return -1;
    }
  id = sl_reader_string (reader, field, NULL);
  if (id == NULL)
    return -1;
  u = sl_setup_unit (c->setup, id);
  if (u == NULL)
    {
      sl_reader_fail (reader, field, _("There is no unit “%s” in this game."), id);
      return -1;
    }
  return u->index;
}

const char *
sl_command_die (SlCommand  *c,
                SlReader   *reader,
                const char *field,
                int         sides)
{
  char *stream = sl_reader_field_path (reader, field);

  g_ptr_array_add (c->strings, stream);
  if (sl_reader_has (reader, field))
    {
      int value = sl_reader_int (reader, field, 1, sides, 0);

      if (value > 0)
        sl_dice_give (c->dice, stream, value);
    }
  return stream;
}

const char *
sl_command_dice_list (SlCommand  *c,
                      SlReader   *reader,
                      const char *field,
                      int         sides)
{
  char *stream = sl_reader_field_path (reader, field);
  guint n;

  g_ptr_array_add (c->strings, stream);
  sl_dice_declare_list (c->dice, stream);
  n = sl_reader_array_length (reader, field);
  for (guint i = 0; i < n; i++)
    {
      int value = sl_reader_array_int (reader, field, i, 1, sides, 0);

      if (value > 0)
        sl_dice_give (c->dice, stream, value);
    }
  return stream;
}

const char *
sl_command_name (SlCommand *c,
                 int        unit)
{
  return sl_setup_unit_at (c->setup, unit)->told;
}

void
sl_command_tell (SlCommand  *c,
                 const char *format,
                 ...)
{
  va_list args;

  if (c->summary == NULL)
    return;
  if (c->summary->len > 0)
    g_string_append_c (c->summary, '\n');
  va_start (args, format);
  g_string_append_vprintf (c->summary, format, args);
  va_end (args);
}

int
sl_command_now (SlCommand *c)
{
  return sl_state_now (c->rules, c->state);
}

char *
sl_command_when (SlCommand *c,
                 int        index)
{
  int turn, subphase;

  sl_subphase_split (c->rules, index, &turn, &subphase);
  if (turn == c->state->turn)
    return g_strdup_printf (_("subphase %d"), subphase);
  return g_strdup_printf (_("subphase %d of turn %d"), subphase, turn);
}

int
sl_command_side (SlCommand *c,
                 int        unit)
{
  return sl_setup_unit_at (c->setup, unit)->side;
}

int
sl_command_squad_leader (SlCommand *c,
                         int        squad)
{
  return sl_due_squad_leader (c->rules, c->state, squad);
}

gboolean
sl_command_check_hold (SlCommand   *c,
                       int          unit,
                       gboolean     melee,
                       const char  *field,
                       GError     **error)
{
  int side = sl_command_side (c, unit);
  const SlCondition *hold = sl_setup_condition (c->setup, SL_CONDITION_HOLD_FIRE, side, c->state->turn);

  if (hold == NULL || side >= (int) G_N_ELEMENTS (c->state->free_from) ||
      (melee ? !hold->hold_melee : !hold->hold_fire))
    return TRUE;
  if (c->state->free_from[side] >= 0 && sl_command_now (c) >= c->state->free_from[side])
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                     melee ? _("%s may not engage until fired upon: a special condition of the scenario (%s).")
                           : _("%s may not fire until fired upon: a special condition of the scenario (%s)."),
                     sl_setup_side_at (c->setup, side)->name, hold->ref != NULL ? hold->ref : "§10 G");
  return FALSE;
}

gboolean
sl_command_check_moves_away (SlCommand   *c,
                             int          unit,
                             const char  *field,
                             GError     **error)
{
  if (!c->state->units[unit].must_move_away)
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                     _("%s avoided a melee: its next action must be a movement action taking it beyond 1 m (P-23)."),
                     sl_command_name (c, unit));
  return FALSE;
}

void
sl_command_attack (SlCommand *c,
                   int        unit)
{
  int side = sl_command_side (c, unit);

  for (guint s = 0; s < c->setup->sides->len && s < G_N_ELEMENTS (c->state->free_from); s++)
    if ((int) s != side && c->state->free_from[s] < 0)
      {
        /* from the subphase after. */
        c->state->free_from[s] = sl_command_now (c) + 1;
        sl_command_say (c, _("%s has been fired upon and may fire and engage from the next subphase (A-132)."),
                        sl_setup_side_at (c->setup, s)->name);
      }
}

const SlTerrain *
sl_command_terrain (SlCommand *c,
                    int        unit)
{
  const SlCondition *t = sl_setup_condition (c->setup, SL_CONDITION_TERRAIN,
                                             unit >= 0 ? sl_command_side (c, unit) : -1, c->state->turn);

  return t != NULL ? t->terrain : NULL;
}

gboolean
sl_command_require_module (SlCommand   *c,
                           SlModule     module,
                           const char  *field,
                           GError     **error)
{
  const char *why;

  if (sl_setup_has_module (c->setup, module))
    return TRUE;
  switch (module)
    {
    case SL_MODULE_DETECTION:
      why = _("Hiding and detection are advanced rules this game does not use (§9.1).");
      break;
    case SL_MODULE_AMBUSH:
      why = _("Ambushes are an advanced rule this game does not use (§5.2).");
      break;
    case SL_MODULE_AUTOMATIC_FIRE:
      why = _("Bursts need the automatic fire rules (§15.3).");
      break;
    case SL_MODULE_LEADERSHIP:
      why = _("Leaders count only with the leadership rules (§9.4).");
      break;
    /* §10 F, T-43 F: only the rules in use. */
    case SL_MODULE_MORALE:
      why = _("Rout, rally and regroup are advanced rules this game does not use (§9.5, §10 F).");
      break;
    case SL_MODULE_GRENADES:
      why = _("Hand grenades and the grenade launcher are an advanced rule this game does not use (§9.6, §10 F).");
      break;
    case SL_MODULE_EXPLOSIVES:
      why = _("Explosive charges are an advanced rule this game does not use (§9.6, P-36, §10 F).");
      break;
    case SL_MODULE_MINES:
      why = _("Mines are an advanced rule this game does not use (§9.6, P-37, §10 F).");
      break;
    case SL_MODULE_FIRE_MISSIONS:
      why = _("Fire missions are an advanced rule this game does not use (§9.6, P-38, §10 F).");
      break;
    case SL_MODULE_AREA_EFFECTS:
      why = _("Grenades, charges, mines and fire missions are advanced rules this game does not use (§9.6, §10 F).");
      break;
    default:
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                         _("This needs the %s rules, which this game does not use."),
                         sl_module_label (module));
      return FALSE;
    }
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field, "%s", why);
  return FALSE;
}

gboolean
sl_command_require_clock (SlCommand   *c,
                          SlPhase      phase,
                          SlStep       step,
                          const char  *what,
                          GError     **error)
{
  const SlState *s = c->state;

  if (s->phase != phase)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("%s belongs to the %s; the game is in the %s (P-04)."),
                         _(what), sl_phase_label (phase), sl_phase_label (s->phase));
      return FALSE;
    }
  if (phase == SL_PHASE_ACTION && step != SL_STEP_NONE && s->step != step)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("%s resolves in the %s step of the subphase; the game is at the %s step (P-08)."),
                         _(what), sl_step_label (step), sl_step_label (s->step));
      return FALSE;
    }
  return TRUE;
}

/* P-15, T-23, A-55: may this unit fire now? */
gboolean
sl_command_check_rate_of_fire (SlCommand    *c,
                               int           unit,
                               SlFireModeId  mode,
                               int           target,
                               int           at,
                               int          *consecutive,
                               GError      **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const SlWeapon *weapon = sl_state_unit_weapon (c->setup, c->state, unit);
  const char *omni = sl_state_unit_omni_mode (c->setup, c->state, unit);
  SlFireRecord history[SL_MAX_FIRES];
  SlRateOfFireInput in = { 0 };
  SlRateOfFireResult res = { 0 };
  gboolean ok;

  for (int i = 0; i < u->n_fires; i++)
    {
      sl_subphase_split (c->rules, u->fires[i].index, &history[i].turn, &history[i].subphase);
      history[i].mode = sl_rules_fire_mode (c->rules, sl_fire_mode_ids[u->fires[i].mode]);
      history[i].target = u->fires[i].target >= 0 ? sl_setup_unit_at (c->setup, u->fires[i].target)->id
                                                   : NULL;
    }
  sl_subphase_split (c->rules, at, &in.fire.turn, &in.fire.subphase);
  in.fire.mode = sl_rules_fire_mode (c->rules, sl_fire_mode_ids[mode]);
  in.fire.target = target >= 0 ? sl_setup_unit_at (c->setup, target)->id : NULL;
  in.auto_fire = sl_setup_has_module (c->setup, SL_MODULE_AUTOMATIC_FIRE) &&
                 sl_weapon_get_profile (weapon, omni)->auto_fire;
  in.history = history;
  in.n_history = u->n_fires;

  if (!sl_rate_of_fire (c->rules, c->options, &in, &res, error))
    {
      g_autoptr(GError) e = g_steal_pointer (error);
      sl_rule_error_set (error, e->code, "unit", "%s", e->message);
      return FALSE;
    }
  ok = res.allowed;
  if (!ok)
    sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit", "%s", res.reason);
  if (consecutive != NULL)
    *consecutive = MAX (res.consecutive_burst, 1);
  sl_rate_of_fire_result_clear (&res);
  return ok;
}

static const char *
wound_phrase (const SlRules *rules,
              SlWound        wound)
{
  return rules->wounds[wound].name;
}

void
sl_command_fill_firer (SlCommand    *c,
                       int           unit,
                       SlToHitInput *in)
{
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlUnitState *u = &c->state->units[unit];
  SlStepUnit at_step = sl_state_step_unit (c->state, unit);

  in->firer.troop = us->troop;
  in->firer.race = us->race;
  in->firer.armor = us->armor;
  /* a wound taken in this step does not count against its own shot. */
  in->firer.wound = at_step.wound;
  in->firer.movement = at_step.moving;
  in->firer.position = u->position;
  in->firer.stealth_power = u->stealth_power;
  /* §18: a Legionnaire character fires with its weapon skills (T-44). */
  in->firer.legionnaire = us->legionnaire;
  /* the action that revealed a hidden unit is fired from ambush (for
   * the troops that have a modifier for it). */
  if (u->revealed_at > 0 && u->current.action != NULL && u->current.start == u->revealed_at - 1)
    in->firer.ambushing = TRUE;
  in->conditions.night = c->setup->environment.night;
  in->conditions.indoors = c->setup->environment.indoors;
  in->conditions.blackout = c->setup->environment.blackout;
  in->conditions.rain = c->setup->environment.rain;
  in->conditions.snow = c->setup->environment.snow;
  in->conditions.zero_g = c->setup->environment.zero_g;
}

/* Wound levels add up, so that hits of one step give the same wound
 * whatever order they are entered in. */
static void
add_wound (SlCommand            *c,
           int                   unit,
           const SlDamageResult *damage)
{
  SlUnitState *u = &c->state->units[unit];

  u->wound = MIN ((int) u->wound + damage->levels, SL_WOUND_DEAD);
  if (damage->levels > 0 && u->casualty_turn == 0)
    u->casualty_turn = c->state->turn;
  if (c->rules->wounds[u->wound].out && u->out_turn == 0)
    u->out_turn = c->state->turn;
  if (damage->levels > 0 && c->actor >= 0)
    {
      int side = sl_command_side (c, c->actor);
      int own = sl_command_side (c, unit);

      /* the side whose fire, blast or melee did it. Hurt by both
       * sides in one step (friendly fire), the enemy's is the credit. */
      if (u->casualty_by < 0 ||
          (sl_state_step_unit (c->state, unit).casualty_by < 0 && u->casualty_by == own && side != own))
        u->casualty_by = side;
    }
}

/* §6.1: dazed, knocked out or killed, the unit loses its action — in a
 * resolution step as the step ends: a unit dazed or killed in the
 * ranged-fire step still takes the shot it declared. */
static void
lose_action (SlCommand            *c,
             int                   unit,
             const SlDamageResult *damage,
             int                   now)
{
  SlUnitState *u = &c->state->units[unit];

  if (damage->dazed)
    {
      /* P-19: dazed for the next 3 subphases; dazes in one subphase do not
       * add up; a later daze restarts the count (E-18). */
      if (!(u->dazed_until >= now && u->dazed_from <= now + 1))
        u->dazed_from = now + 1;
      u->dazed_until = now + c->rules->daze_subphases;
      sl_state_lose_action_in_step (c->state, unit);
    }
  if (c->rules->wounds[u->wound].out)
    {
      /* §6.1: knocked out or killed, it also leaves any melee (as the step
       * ends, in one: sl_state_release_step). */
      sl_state_lose_action_in_step (c->state, unit);
      if (c->state->held_step == SL_STEP_NONE)
        sl_state_leave_melee (c->state, unit);
      u->dazed_until = -1;
      u->dazed_from = -1;
      u->opportunity_armed = FALSE;
    }
}

/* P-39: a suited unit wounded in vacuum or a hostile atmosphere — out
 * there, not inside (T-36, A-120), by anything but its breach's own
 * wound; knocked out, it still bleeds until it dies. What the
 * history says of it goes into @words. */
static void
breach_suit (SlCommand            *c,
             int                   unit,
             const SlDamageResult *damage,
             int                   now,
             GString              *words)
{
  SlUnitState *u = &c->state->units[unit];
  SlSuitBreachInput in = { 0 };
  SlSuitBreachResult res;
  g_autoptr(GError) error = NULL;

  in.environment = c->setup->environment.vacuum ? SL_ENVIRONMENT_VACUUM : SL_ENVIRONMENT_HOSTILE;
  in.armor = sl_setup_unit_at (c->setup, unit)->armor;
  in.levels = damage->levels;
  in.breach = u->breach;
  in.now = now;
  if (!sl_suit_breach_resolve (c->rules, c->options, &in, &res, &error))
    return;
  u->breach = res.breach;
  if (res.breached_now)
    {
      g_autofree char *when = sl_command_when (c, res.breach.due);
      g_string_append_printf (words, _("; the suit is breached, next wound in %s"), when);
    }
}

/* The command's result: the levels, the wound and its boxes, the daze. */
static void
damage_json (const SlRules        *rules,
             const SlUnitState    *u,
             const SlDamageResult *damage,
             JsonObject           *into)
{
  JsonArray *boxes = json_array_new ();

  for (int w = SL_WOUND_LIGHT; w <= (int) u->wound; w++)
    json_array_add_string_element (boxes, rules->wounds[w].box);
  json_object_set_int_member (into, "levels", damage->levels);
  json_object_set_string_member (into, "wound", sl_wound_names[u->wound]);
  json_object_set_array_member (into, "boxes", boxes);
  json_object_set_boolean_member (into, "dazed", damage->dazed);
  json_object_set_boolean_member (into, "out", rules->wounds[u->wound].out);
  if (damage->dazed && u->dazed_until >= 0)
    {
      int turn, subphase;
      JsonObject *m = json_object_new ();

      sl_subphase_split (rules, u->dazed_until, &turn, &subphase);
      json_object_set_int_member (m, "turn", turn);
      json_object_set_int_member (m, "subphase", subphase);
      json_object_set_object_member (into, "dazed_until", m);
    }
}

/* The history's words: "2 wound levels, now Serious, dazed until subphase 9",
 * then @words. */
static char *
damage_words (SlCommand            *c,
              const SlUnitState    *u,
              const SlDamageResult *damage,
              SlWound               before,
              const char           *words)
{
  GString *line = g_string_new (NULL);

  if (damage->levels == 0)
    g_string_append (line, _("no wound"));
  else
    g_string_append_printf (line,
                            g_dngettext (GETTEXT_PACKAGE, "%d wound level", "%d wound levels",
                                         damage->levels),
                            damage->levels);
  if (u->wound != before)
    g_string_append_printf (line, _(", now %s"), wound_phrase (c->rules, u->wound));
  if (damage->dazed && !c->rules->wounds[u->wound].out)
    {
      g_autofree char *when = sl_command_when (c, u->dazed_until);
      g_string_append_printf (line, _(", dazed until %s"), when);
    }
  g_string_append (line, words);
  return g_string_free (line, FALSE);
}

static char *
apply_damage (SlCommand            *c,
              int                   unit,
              const SlDamageResult *damage,
              JsonObject           *into,
              gboolean              breach_wound)
{
  SlUnitState *u = &c->state->units[unit];
  int now = sl_command_now (c);
  SlWound before = u->wound;
  g_autoptr(GString) words = g_string_new (NULL);

  add_wound (c, unit, damage);

  /* A-27, §15.1: a hidden unit that is hit has obviously been hit: it is
   * detected. */
  if (u->hidden && (damage->levels > 0 || damage->dazed))
    {
      sl_state_reveal_unit (c->state, unit);
      g_string_append (words, _("; hit, it is no longer hidden (A-27)"));
    }

  lose_action (c, unit, damage, now);
  if (damage->levels > 0 && u->wound != SL_WOUND_DEAD && !u->inside && !breach_wound &&
      (c->setup->environment.vacuum || c->setup->environment.hostile))
    breach_suit (c, unit, damage, now, words);

  if (into != NULL)
    damage_json (c->rules, u, damage, into);
  return damage_words (c, u, damage, before, words->str);
}

char *
sl_command_apply_damage (SlCommand            *c,
                         int                   unit,
                         const SlDamageResult *damage,
                         JsonObject           *into)
{
  return apply_damage (c, unit, damage, into, FALSE);
}

char *
sl_command_apply_breach_wound (SlCommand            *c,
                               int                   unit,
                               const SlDamageResult *damage)
{
  return apply_damage (c, unit, damage, NULL, TRUE);
}
