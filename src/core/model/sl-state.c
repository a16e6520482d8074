/* sl-state.c: the state of a game at one moment
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-state.h"
#include "sl-options.h"

const char * const sl_fire_mode_ids[] = {
  "single", "aimed", "opportunity", "launcher", "concentrated", "area", NULL
};

const char * const sl_throw_names[] = { "none", "grenade", "launcher", "charge", NULL };
const char * const sl_marker_kind_names[] = {
  "grenade", "smoke", "charge", "mine", "fire-mission", "breach", "open-door", "elevator",
  "obstacle", "decoy", NULL
};

const char *
sl_phase_label (SlPhase phase)
{
  switch (phase)
    {
    case SL_PHASE_INITIATIVE: return _("Initiative Phase");
    case SL_PHASE_DETECTION: return _("Detection Phase");
    case SL_PHASE_ACTION: return _("Action Phase");
    case SL_PHASE_FIRE_MISSION: return _("Fire Mission Phase");
    case SL_PHASE_ROUT_RALLY: return _("Rout/Rally Phase");
    case SL_PHASE_END: return _("End Phase");
    case SL_N_PHASES:
    default:
      return "";
    }
}

const char *
sl_step_label (SlStep step)
{
  switch (step)
    {
    case SL_STEP_START: return _("start");
    case SL_STEP_INITIATIVE_ORDER: return _("actions in initiative order");
    case SL_STEP_RANGED_FIRE: return _("ranged fire");
    case SL_STEP_EXPLOSION: return _("explosions");
    case SL_STEP_MELEE: return _("melee");
    case SL_STEP_RALLY: return _("rally");
    case SL_STEP_NONE:
    case SL_N_STEPS:
    default:
      return "";
    }
}

SlState *
sl_state_new_initial (const SlRules *rules,
                      const SlSetup *setup)
{
  SlState *state = g_new0 (SlState, 1);

  g_return_val_if_fail (setup->units->len <= SL_MAX_UNITS, NULL);
  g_return_val_if_fail (setup->groupings->len <= SL_MAX_GROUPINGS, NULL);
  g_return_val_if_fail (setup->squads->len <= SL_MAX_SQUADS, NULL);

  state->turn = 1;
  state->phase = SL_PHASE_INITIATIVE;
  state->markers = g_array_new (FALSE, TRUE, sizeof (SlMarker));
  state->next_marker = 1;
  state->notes = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_note_unref);
  state->n_units = setup->units->len;
  sl_journal_chain_start (state->journal_chain, setup->json);
  for (guint s = 0; s < SL_MAX_SQUADS; s++)
    state->acting_leader[s] = -1;
  for (guint s = 0; s < G_N_ELEMENTS (state->free_from); s++)
    state->free_from[s] = sl_setup_condition (setup, SL_CONDITION_HOLD_FIRE, s, 0) != NULL ? -1 : 0;
  for (guint s = 0; s < setup->squads->len; s++)
    {
      state->squad_quality[s] = sl_setup_squad_at (setup, s)->quality;
      state->squad_leader[s] = sl_setup_squad_at (setup, s)->leader;
    }

  for (int i = 0; i < state->n_units; i++)
    {
      const SlUnitSetup *u = sl_setup_unit_at (setup, i);
      SlUnitState *us = &state->units[i];
      SlAmmoState ammo;

      us->wound = SL_WOUND_NONE;
      us->position = u->position;
      us->in_hand = u->in_hand;
      us->omni_slug = u->omni_mode && g_str_equal (u->omni_mode, "slug");
      us->plastic_charges = u->plastic_charges;
      us->shaped_charges = u->shaped_charges;
      us->keys = u->keys;
      us->ecm_jammer = u->ecm_jammer;
      us->bounce_pack = u->bounce_pack;
      us->stealth_power = u->stealth_power;
      us->inside = u->inside;
      us->hidden = u->hidden;
      us->dazed_until = -1;
      us->dazed_from = -1;
      us->idle_until = -1;
      us->current.target = -1;
      us->current.to_position = -1;
      us->current.stairs_end = -1;
      us->breach.state = SL_BREACH_NONE;
      us->casualty_by = -1;
      us->melee_target = -1;
      state->grouping_of[i] = u->grouping;
      state->squad_of[i] = u->squad;

      /* T-20: every box unticked, a full magazine in each weapon, 2 FG and
       * 2 SG, or a launcher's 4 in their place (P-35). */
      for (int m = SL_MAGAZINE_R; m <= SL_MAGAZINE_P; m++)
        us->magazines[m] = sl_ammo_boxes (rules, setup->options, m);
      sl_ammo_initial_state (rules, setup->options, u->weapons[0], u->launcher,
                             u->launcher_type, &ammo);
      for (int g = 0; g < SL_N_GRENADES; g++)
        {
          us->grenades[g] = ammo.grenades[g];
          us->launcher_load[g] = ammo.launcher[g];
        }
      us->launcher = ammo.has_launcher;
    }
  return state;
}

void
sl_state_assign (SlState       *dest,
                 const SlState *src)
{
  GArray *markers = dest->markers;
  GPtrArray *notes = dest->notes;

  memcpy (dest, src, sizeof *dest);
  dest->markers = markers;
  g_array_set_size (dest->markers, src->markers->len);
  if (src->markers->len > 0)
    memcpy (dest->markers->data, src->markers->data, src->markers->len * sizeof (SlMarker));
  /* The notes never change: the copy shares them. */
  dest->notes = notes;
  if (notes != src->notes)
    {
      g_ptr_array_set_size (dest->notes, 0);
      for (guint i = 0; i < src->notes->len; i++)
        g_ptr_array_add (dest->notes, sl_note_ref (g_ptr_array_index (src->notes, i)));
    }
}

SlState *
sl_state_copy (const SlState *state)
{
  SlState *copy = g_new0 (SlState, 1);

  copy->markers = g_array_new (FALSE, TRUE, sizeof (SlMarker));
  copy->notes = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_note_unref);
  sl_state_assign (copy, state);
  return copy;
}

void
sl_state_free (SlState *state)
{
  if (state == NULL)
    return;
  g_array_unref (state->markers);
  g_ptr_array_unref (state->notes);
  g_free (state);
}

int
sl_state_now (const SlRules *rules,
              const SlState *state)
{
  switch (state->phase)
    {
    case SL_PHASE_ACTION:
      return sl_subphase_index (rules, state->turn, state->subphase);
    case SL_PHASE_INITIATIVE:
    case SL_PHASE_DETECTION:
      /* Before subphase 1: the index just before it. */
      return sl_subphase_index (rules, state->turn, 1) - 1;
    case SL_PHASE_FIRE_MISSION:
    case SL_PHASE_ROUT_RALLY:
    case SL_PHASE_END:
    case SL_N_PHASES:
    default:
      return sl_subphase_index (rules, state->turn, rules->subphases_per_turn);
    }
}

gboolean
sl_state_unit_out (const SlRules *rules,
                   const SlState *state,
                   int            unit)
{
  return rules->wounds[state->units[unit].wound].out;
}

gboolean
sl_state_unit_dazed (const SlRules *rules,
                     const SlState *state,
                     int            unit)
{
  return sl_state_unit_dazed_at (rules, state, unit, sl_state_now (rules, state));
}

gboolean
sl_state_unit_dazed_at (const SlRules *rules,
                        const SlState *state,
                        int            unit,
                        int            index)
{
  const SlUnitState *u = &state->units[unit];

  return u->dazed_until >= 0 && index >= u->dazed_from && index <= u->dazed_until;
}

gboolean
sl_state_unit_idle (const SlRules *rules,
                    const SlState *state,
                    int            unit)
{
  const SlUnitState *u = &state->units[unit];

  if (u->current.action == NULL)
    return TRUE;
  /* An action that has resolved leaves the unit free from the subphase
   * after its last one; a resolved action ending now still holds it. */
  return u->current.resolved && u->current.end < sl_state_now (rules, state);
}

int
sl_state_order_position (const SlState *state,
                         int            grouping)
{
  for (int k = 0; k < state->n_order; k++)
    if (state->order[k] == grouping)
      return k;
  return -1;
}

gboolean
sl_state_unit_ambushed (const SlRules *rules,
                        const SlState *state,
                        int            unit)
{
  /* §5.2: nothing until after the subphase idle_until. */
  return state->units[unit].idle_until >= sl_state_now (rules, state);
}

gboolean
sl_state_unit_to_decide (const SlRules *rules,
                         const SlState *state,
                         int            unit)
{
  const SlUnitState *u = &state->units[unit];

  return !sl_state_unit_out (rules, state, unit) && sl_state_unit_idle (rules, state, unit) &&
         !sl_state_unit_ambushed (rules, state, unit) && !u->opportunity_armed && !u->hidden && u->n_engaged == 0 &&
         u->avoid_from == 0 && !sl_state_unit_dazed (rules, state, unit) &&
         u->zero_g_failed != sl_state_now (rules, state) + 1;
}

int
sl_state_unit_last_target (const SlState *state,
                           int            unit)
{
  const SlUnitState *u;

  g_return_val_if_fail (state != NULL && unit >= 0 && unit < state->n_units, -1);
  u = &state->units[unit];
  if (u->current.action != NULL && !u->current.resolved && u->current.target >= 0)
    return u->current.target;
  /* P-22, A-75: in melee contact, its opponent — to engage again, or to
   * avoid (issue 31 #6). */
  if (u->n_engaged > 0)
    return u->engaged[0];
  if (u->current.action != NULL && u->current.target >= 0)
    return u->current.target;
  for (int i = u->n_fires - 1; i >= 0; i--)
    if (u->fires[i].target >= 0)
      return u->fires[i].target;
  return -1;
}

char *
sl_state_unit_orders (const SlOptions *options,
                      const SlState   *state,
                      int              unit,
                      const char      *name)
{
  const SlUnitState *u = &state->units[unit];

  if (u->routed && !options->routed_manual_control)
    return g_strdup_printf (_("%s is routed: with no enemy seeing or threatening it, it does nothing; "
                              "otherwise it moves toward cover or out of enemy sight by the shortest way, "
                              "as fast as it may move, and it avoids any melee (A-104)."), name);
  if (u->must_move_away)
    return g_strdup_printf (_("%s avoided a melee: its next action is a move taking it beyond 1 m (P-23)."),
                            name);
  if (u->n_engaged > 0 && u->avoid_from > 0)
    return g_strdup_printf (_("%s rolls to avoid the melee first; then, avoided, it moves away (P-23 a)."), name);
  if (u->n_engaged > 0 &&
      !(u->current.action != NULL && g_str_equal (u->current.action->id, "melee") && !u->current.resolved))
    return g_strdup_printf (_("%s is in melee contact: it engages again, or leaves by trying to avoid — a move away "
                              "after an avoidance roll of 5 or less; its opponent gets a free attack if it gets "
                              "away, and a full melee follows if not (P-23 a, A-75)."), name);
  return NULL;
}

int
sl_state_turn_position (const SlRules *rules,
                        const SlState *state)
{
  for (int k = MAX (state->slot, 0); k < state->n_order; k++)
    for (int u = 0; u < state->n_units; u++)
      if (state->grouping_of[u] == state->order[k] && sl_state_unit_to_decide (rules, state, u))
        return k;
  return state->n_order;
}

gboolean
sl_state_grouping_may_act (const SlRules   *rules,
                           const SlOptions *options,
                           const SlState   *state,
                           int              grouping)
{
  int p = sl_state_order_position (state, grouping);

  if (options->free_declaration_order || p < 0)
    return TRUE;
  return p >= state->slot && p <= sl_state_turn_position (rules, state);
}

const SlWeapon *
sl_state_unit_weapon (const SlSetup *setup,
                      const SlState *state,
                      int            unit)
{
  const SlUnitSetup *u = sl_setup_unit_at (setup, unit);

  return u->weapons[state->units[unit].in_hand];
}

const char *
sl_state_unit_omni_mode (const SlSetup *setup,
                         const SlState *state,
                         int            unit)
{
  const SlWeapon *w = sl_state_unit_weapon (setup, state, unit);

  if (w == NULL || !w->has_modes)
    return NULL;
  return state->units[unit].omni_slug ? "slug" : "spike";
}

gboolean
sl_state_unit_fires_bursts (const SlSetup *setup,
                            const SlState *state,
                            int            unit)
{
  const SlWeapon *weapon;

  if (!sl_setup_has_module (setup, SL_MODULE_AUTOMATIC_FIRE))
    return FALSE;
  weapon = sl_state_unit_weapon (setup, state, unit);
  /* An OMNI weapon fires as its mode: spike or slug. */
  return weapon != NULL && sl_weapon_get_profile (weapon, sl_state_unit_omni_mode (setup, state, unit))->auto_fire;
}

void
sl_state_unit_ammo (const SlSetup *setup,
                    const SlState *state,
                    int            unit,
                    SlAmmoState   *ammo)
{
  const SlUnitState *u = &state->units[unit];
  const SlWeapon *w = sl_state_unit_weapon (setup, state, unit);
  SlMagazine m = w ? sl_ammo_magazine (w) : SL_MAGAZINE_NONE;

  memset (ammo, 0, sizeof *ammo);
  ammo->magazines_left = m == SL_MAGAZINE_NONE ? 0 : u->magazines[m];
  ammo->rounds_fired = u->rounds_fired[u->in_hand];
  for (int g = 0; g < SL_N_GRENADES; g++)
    {
      ammo->grenades[g] = u->grenades[g];
      ammo->launcher[g] = u->launcher_load[g];
    }
  ammo->picked_up = u->grenade_ready;
  /* P-35: the launcher is fitted to the long arm (A-146): with the
   * sidearm in hand it is not in play. */
  ammo->has_launcher = u->launcher && u->in_hand == 0;
}

void
sl_state_unit_set_ammo (const SlSetup     *setup,
                        SlState           *state,
                        int                unit,
                        const SlAmmoState *ammo)
{
  SlUnitState *u = &state->units[unit];
  const SlWeapon *w = sl_state_unit_weapon (setup, state, unit);
  SlMagazine m = w ? sl_ammo_magazine (w) : SL_MAGAZINE_NONE;

  if (m != SL_MAGAZINE_NONE)
    u->magazines[m] = ammo->magazines_left;
  u->rounds_fired[u->in_hand] = ammo->rounds_fired;
  for (int g = 0; g < SL_N_GRENADES; g++)
    {
      u->grenades[g] = ammo->grenades[g];
      u->launcher_load[g] = ammo->launcher[g];
    }
  u->grenade_ready = ammo->picked_up;
}

/* A-50: whether the unit has made this subphase's move already: one it
 * declared now, one it goes on with once its grouping has had its turn in
 * the initiative order, and every move once the turns are over (P-08). */
static gboolean
move_made (const SlState *state,
           int            unit)
{
  int p;

  if (state->units[unit].move_made || state->phase != SL_PHASE_ACTION ||
      state->step != SL_STEP_INITIATIVE_ORDER)
    return TRUE;
  p = sl_state_order_position (state, state->grouping_of[unit]);
  return p >= 0 && p < state->slot;
}

void
sl_state_lose_action (SlState *state,
                      int      unit)
{
  SlUnitState *u = &state->units[unit];

  memset (&u->current, 0, sizeof u->current);
  u->current.target = -1;
  u->current.to_position = -1;
  u->current.stairs_end = -1;
  u->opportunity_armed = FALSE;
  /* A-50: a move made this subphase stays made — a walker stopped by a
   * mine, a hit or an engagement has walked, up to the moment of the next
   * shot; a move it had not yet made is not. */
  if (!move_made (state, unit))
    u->moving = SL_MOVE_NONE;
}

void
sl_state_leave_melee (SlState *state,
                      int      unit)
{
  SlUnitState *u = &state->units[unit];

  for (int k = 0; k < u->n_engaged; k++)
    {
      SlUnitState *o = &state->units[u->engaged[k]];
      int w = 0;

      for (int j = 0; j < o->n_engaged; j++)
        if (o->engaged[j] != unit)
          o->engaged[w++] = o->engaged[j];
      o->n_engaged = w;
      /* Its opponent's melee against it is over, unresolved (A-75). */
      if (o->current.action != NULL && g_str_equal (o->current.action->id, "melee") &&
          o->current.target == unit && !o->current.resolved)
        sl_state_lose_action (state, u->engaged[k]);
    }
  u->n_engaged = 0;
  /* No avoidance roll against it, or of its own, is left to make (P-23). */
  u->avoid_from = 0;
  u->avoid_due = 0;
  u->avoid_failed = 0;
  u->must_move_away = FALSE;
  for (int i = 0; i < state->n_units; i++)
    {
      if (state->units[i].avoid_from == unit + 1)
        {
          state->units[i].avoid_from = 0;
          state->units[i].avoid_due = 0;
        }
      if (state->units[i].avoid_failed == unit + 1)
        state->units[i].avoid_failed = 0;
    }
}

void
sl_state_reveal_unit (SlState *state,
                      int      unit)
{
  state->units[unit].hidden = FALSE;
  state->units[unit].detected = TRUE;
}

void
sl_state_hold_step (const SlRules *rules,
                    SlState       *state,
                    SlStep         step)
{
  state->held_step = step;
  for (int i = 0; i < state->n_units; i++)
    {
      const SlUnitState *u = &state->units[i];
      SlStepUnit *s = &state->step_units[i];

      s->wound = u->wound;
      s->moving = u->moving;
      s->hidden = u->hidden;
      s->in_melee = u->n_engaged > 0;
      s->casualty_by = u->casualty_by;
      s->loses_action = FALSE;
      s->parry_used = 0;
      s->dazed = sl_state_unit_dazed (rules, state, i);
    }
  /* P-25: what obstacles had taken, for the hits of this step. */
  for (guint i = 0; i < state->markers->len; i++)
    {
      SlMarker *m = &g_array_index (state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_OBSTACLE)
        m->step_amount = m->amount;
    }
}

void
sl_state_release_step (const SlRules *rules,
                       SlState       *state)
{
  if (state->held_step == SL_STEP_NONE)
    return;
  for (int i = 0; i < state->n_units; i++)
    {
      if (state->step_units[i].loses_action)
        sl_state_lose_action (state, i);
      if (rules->wounds[state->units[i].wound].out)
        sl_state_leave_melee (state, i);
    }
  /* P-25 step 4: an obstacle destroyed in the step leaves a Breach marker,
   * or is removed, as the step ends. */
  for (guint i = state->markers->len; i > 0; i--)
    {
      SlMarker *m = &g_array_index (state->markers, SlMarker, i - 1);

      if (m->kind != SL_MARKER_OBSTACLE || m->destroyed == SL_OBSTACLE_STANDING)
        continue;
      if (m->destroyed == SL_OBSTACLE_REMOVED)
        g_array_remove_index (state->markers, i - 1);
      else
        {
          m->kind = SL_MARKER_BREACH;
          m->amount = 0;
          m->destroyed = SL_OBSTACLE_STANDING;
        }
    }
  state->held_step = SL_STEP_NONE;
  memset (state->step_units, 0, sizeof state->step_units);
}

SlStepUnit
sl_state_step_unit (const SlState *state,
                    int            unit)
{
  const SlUnitState *u = &state->units[unit];
  SlStepUnit now = { 0 };

  if (state->held_step != SL_STEP_NONE)
    return state->step_units[unit];
  now.wound = u->wound;
  now.moving = u->moving;
  now.hidden = u->hidden;
  now.in_melee = u->n_engaged > 0;
  now.casualty_by = u->casualty_by;
  return now;
}

gboolean
sl_state_unit_out_at_step (const SlRules *rules,
                           const SlState *state,
                           int            unit)
{
  return rules->wounds[sl_state_step_unit (state, unit).wound].out;
}

gboolean
sl_state_unit_dazed_at_step (const SlRules *rules,
                             const SlState *state,
                             int            unit)
{
  if (state->held_step != SL_STEP_NONE)
    return state->step_units[unit].dazed;
  return sl_state_unit_dazed (rules, state, unit);
}

void
sl_state_lose_action_in_step (SlState *state,
                              int      unit)
{
  if (state->held_step != SL_STEP_NONE)
    state->step_units[unit].loses_action = TRUE;
  else
    sl_state_lose_action (state, unit);
}

SlMarker *
sl_state_add_marker (SlState      *state,
                     SlMarkerKind  kind)
{
  SlMarker marker = { 0 };

  marker.id = state->next_marker++;
  marker.kind = kind;
  marker.owner = -1;
  marker.due = -1;
  marker.expires = -1;
  g_array_append_val (state->markers, marker);
  return &g_array_index (state->markers, SlMarker, state->markers->len - 1);
}

SlMarker *
sl_state_find_marker (const SlState *state,
                      int            id)
{
  for (guint i = 0; i < state->markers->len; i++)
    if (g_array_index (state->markers, SlMarker, i).id == id)
      return &g_array_index (state->markers, SlMarker, i);
  return NULL;
}

const SlNote *
sl_state_find_note (const SlState *state,
                    int            id)
{
  if (id < 1 || (guint) id > state->notes->len)
    return NULL;
  return g_ptr_array_index (state->notes, id - 1);
}

int
sl_compare_labels (gconstpointer a,
                   gconstpointer b)
{
  return g_utf8_collate (*(const char * const *) a, *(const char * const *) b);
}

GStrv
sl_state_piles (const SlSetup *setup,
                const SlState *state,
                int            side)
{
  GPtrArray *piles = g_ptr_array_new ();

  for (int u = 0; u < state->n_units; u++)
    if (state->units[u].hidden && state->units[u].pile[0] != '\0' &&
        (side < 0 || sl_setup_unit_at (setup, u)->side == side))
      g_ptr_array_add (piles, g_strdup (state->units[u].pile));
  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_DECOY && m->owner >= 0 &&
          (side < 0 || sl_setup_unit_at (setup, m->owner)->side == side))
        g_ptr_array_add (piles, g_strdup (m->label));
    }
  g_ptr_array_sort (piles, sl_compare_labels);
  g_ptr_array_add (piles, NULL);
  return (GStrv) g_ptr_array_free (piles, FALSE);
}

gboolean
sl_state_find_pile (const SlState  *state,
                    const char     *label,
                    int            *unit,
                    SlMarker      **decoy)
{
  *unit = -1;
  *decoy = NULL;
  if (label == NULL || *label == '\0')
    return FALSE;
  for (int u = 0; u < state->n_units; u++)
    if (state->units[u].hidden && g_str_equal (state->units[u].pile, label))
      {
        *unit = u;
        return TRUE;
      }
  for (guint i = 0; i < state->markers->len; i++)
    {
      SlMarker *m = &g_array_index (state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_DECOY && g_str_equal (m->label, label))
        {
          *decoy = m;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
sl_state_before_play (const SlState *state)
{
  return state->turn == 1 && state->phase <= SL_PHASE_DETECTION && !state->over;
}

gboolean
sl_marker_is_waiting_mine (const SlMarker *marker)
{
  return marker != NULL && marker->kind == SL_MARKER_MINE && !marker->resolved && marker->due < 0;
}

gboolean
sl_marker_is_secret (const SlState  *state,
                     const SlMarker *marker)
{
  g_return_val_if_fail (state != NULL && marker != NULL, TRUE);
  /* P-36 step 6, A-88: written down, undetected until it goes off. */
  return marker->secret ||
         (marker->note > 0 && marker->note <= SL_MAX_NOTES &&
          state->note_status[marker->note - 1] == SL_NOTE_SEALED);
}

int
sl_state_action_note_kind (const SlRules *rules,
                           const SlState *state,
                           int            unit)
{
  const SlCurrentAction *a;
  int now;

  g_return_val_if_fail (rules != NULL && state != NULL && unit >= 0 && unit < state->n_units, -1);
  a = &state->units[unit].current;
  now = sl_state_now (rules, state);
  if (a->action == NULL || a->note > 0 || a->resolved || now < a->start || now > a->end)
    return -1;
  if (g_str_equal (a->action->id, "install-plastic") || g_str_equal (a->action->id, "install-shaped"))
    return SL_NOTE_CHARGE;
  if (g_str_equal (a->action->id, "call-fire-mission") && now == a->start && state->step == SL_STEP_INITIATIVE_ORDER)
    return SL_NOTE_FIRE_MISSION;
  return -1;
}

gboolean
sl_state_mission_note_allowed (const SlSetup  *setup,
                               const SlState  *state,
                               const SlMarker *marker,
                               const SlNote   *note)
{
  g_return_val_if_fail (setup != NULL && state != NULL && marker != NULL && note != NULL, FALSE);
  if (marker->kind != SL_MARKER_FIRE_MISSION || marker->owner < 0 || note->kind != SL_NOTE_FIRE_MISSION)
    return FALSE;
  if (marker->note > 0)
    return note->id == marker->note;
  return setup->late_seals && note->side == sl_setup_unit_at (setup, marker->owner)->side &&
         state->note_status[note->id - 1] == SL_NOTE_SEALED;
}

gboolean
sl_marker_is_public (const SlState  *state,
                     const SlMarker *marker)
{
  return !sl_marker_is_secret (state, marker) && marker->kind != SL_MARKER_DECOY;
}

SlTargetProblem
sl_state_target_problem (const SlRules *rules,
                         const SlSetup *setup,
                         const SlState *state,
                         int            unit,
                         int            target)
{
  if (target == unit)
    return SL_TARGET_SELF;
  if (sl_setup_unit_at (setup, target)->side == sl_setup_unit_at (setup, unit)->side)
    return SL_TARGET_FRIEND;
  if (sl_state_unit_out (rules, state, target))
    return SL_TARGET_OUT;
  if (state->units[target].hidden)
    return SL_TARGET_HIDDEN;
  return SL_TARGET_OK;
}

void
sl_state_remove_marker (SlState *state,
                        int      id)
{
  for (guint i = 0; i < state->markers->len; i++)
    if (g_array_index (state->markers, SlMarker, i).id == id)
      {
        g_array_remove_index (state->markers, i);
        return;
      }
}

static void
add_moment (JsonObject    *object,
            const char    *name,
            const SlRules *rules,
            int            index)
{
  JsonObject *m;
  int turn, subphase;

  if (index < 0)
    return;
  sl_subphase_split (rules, index, &turn, &subphase);
  m = json_object_new ();
  json_object_set_int_member (m, "turn", turn);
  json_object_set_int_member (m, "subphase", subphase);
  json_object_set_object_member (object, name, m);
}

/* Parts of sl_state_to_json(), in the order they appear. */

/* A-132: the sides holding their fire until fired upon — until then
 * (true), or free from that moment. */
static void
holds_fire_to_json (JsonObject    *root,
                    const SlRules *rules,
                    const SlSetup *setup,
                    const SlState *state)
{
  for (guint s = 0; s < setup->sides->len && s < G_N_ELEMENTS (state->free_from); s++)
    if (sl_setup_condition (setup, SL_CONDITION_HOLD_FIRE, s, 0) != NULL)
      {
        JsonObject *o;

        if (!json_object_has_member (root, "holds_fire"))
          json_object_set_object_member (root, "holds_fire", json_object_new ());
        o = json_object_get_object_member (root, "holds_fire");
        /* Until fired upon (true), or free from that moment. */
        if (state->free_from[s] < 0)
          json_object_set_boolean_member (o, sl_setup_side_at (setup, s)->id, TRUE);
        else
          add_moment (o, sl_setup_side_at (setup, s)->id, rules, state->free_from[s]);
      }
}

static JsonArray *
initiative_to_json (const SlSetup *setup,
                    const SlState *state)
{
  JsonArray *order = json_array_new ();

  for (int i = 0; i < state->n_order; i++)
    {
      const SlGroupingSetup *g = sl_setup_grouping_at (setup, state->order[i]);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "grouping", g->id);
      json_object_set_int_member (o, "net", state->initiative_net[state->order[i]]);
      json_object_set_string_member (o, "decision",
                                     state->decisions[state->order[i]] ? "countermove" : "move");
      json_array_add_object_element (order, o);
    }
  return order;
}

/* The ammunition boxes of the log (T-20). */
static JsonObject *
ammo_to_json (const SlUnitState *u)
{
  JsonObject *ammo = json_object_new ();

  json_object_set_int_member (ammo, "R", u->magazines[SL_MAGAZINE_R]);
  json_object_set_int_member (ammo, "P", u->magazines[SL_MAGAZINE_P]);
  json_object_set_int_member (ammo, "rounds_fired", u->rounds_fired[u->in_hand]);
  json_object_set_int_member (ammo, "FG", u->grenades[SL_GRENADE_FG]);
  json_object_set_int_member (ammo, "SG", u->grenades[SL_GRENADE_SG]);
  if (u->launcher)
    {
      json_object_set_int_member (ammo, "launcher_FG", u->launcher_load[SL_GRENADE_FG]);
      json_object_set_int_member (ammo, "launcher_SG", u->launcher_load[SL_GRENADE_SG]);
    }
  if (u->grenade_ready)
    json_object_set_boolean_member (ammo, "grenade_ready", TRUE);
  return ammo;
}

/* The action on the log (P-07). */
static JsonObject *
current_action_to_json (const SlRules         *rules,
                        const SlSetup         *setup,
                        const SlCurrentAction *current)
{
  JsonObject *a = json_object_new ();

  json_object_set_string_member (a, "action", current->action->id);
  if (current->combined_with != SL_MOVE_NONE)
    json_object_set_string_member (a, "combined_with", sl_combine_names[current->combined_with]);
  json_object_set_int_member (a, "cost", current->cost);
  add_moment (a, "start", rules, current->start);
  add_moment (a, "end", rules, current->end);
  if (current->target >= 0)
    json_object_set_string_member (a, "target", sl_setup_unit_at (setup, current->target)->id);
  if (current->to_position >= 0)
    json_object_set_string_member (a, "to_position", sl_position_names[current->to_position]);
  json_object_set_boolean_member (a, "resolved", current->resolved);
  if (current->throwing != SL_THROW_NONE)
    json_object_set_string_member (a, "throwing", sl_throw_names[current->throwing]);
  if (current->burst != 0)
    json_object_set_string_member (a, "burst", current->burst == 1 ? "concentrated" : "area");
  if (current->rallied > 0)
    json_object_set_string_member (a, "rallied", sl_setup_squad_at (setup, current->rallied - 1)->id);
  return a;
}

/* The unit's counters: moving, dazed, ambushed, flags (P-09, P-16, P-19,
 * P-31, §5.2, §15.1). */
static void
unit_counters_to_json (JsonObject        *o,
                       const SlRules     *rules,
                       const SlUnitState *u)
{
  if (u->moving != SL_MOVE_NONE)
    json_object_set_string_member (o, "moving", sl_move_names[u->moving]);
  if (u->opportunity_armed)
    json_object_set_boolean_member (o, "opportunity_armed", TRUE);
  if (u->dazed_until >= 0)
    add_moment (o, "dazed_from", rules, u->dazed_from);
  add_moment (o, "dazed_until", rules, u->dazed_until);
  add_moment (o, "idle_until", rules, u->idle_until);
  if (u->zero_g_failed > 0)
    add_moment (o, "zero_g_failed", rules, u->zero_g_failed - 1);
  if (u->jammed)
    json_object_set_boolean_member (o, "jammed", TRUE);
  if (u->routed)
    json_object_set_boolean_member (o, "routed", TRUE);
  if (u->hidden)
    json_object_set_boolean_member (o, "hidden", TRUE);
  if (u->melee_bonus)
    json_object_set_boolean_member (o, "melee_bonus", TRUE);
  /* Detection (sl-command-detection.c) */
  if (u->detected)
    json_object_set_boolean_member (o, "detected", TRUE);
  if (u->hidden && u->pile[0] != '\0')
    json_object_set_string_member (o, "pile", u->pile);
}

/* Melee (sl-command-melee.c): avoidance (P-23) and opponents. */
static void
unit_melee_to_json (JsonObject        *o,
                    const SlRules     *rules,
                    const SlSetup     *setup,
                    const SlUnitState *u)
{
  if (u->avoid_failed > 0)
    json_object_set_string_member (o, "avoid_failed", sl_setup_unit_at (setup, u->avoid_failed - 1)->id);
  if (u->must_move_away)
    json_object_set_boolean_member (o, "must_move_away", TRUE);
  if (u->avoid_from > 0)
    {
      json_object_set_string_member (o, "avoiding", sl_setup_unit_at (setup, u->avoid_from - 1)->id);
      add_moment (o, "avoid_due", rules, u->avoid_due);
    }
  if (u->n_engaged > 0)
    {
      JsonArray *e = json_array_new ();
      for (int k = 0; k < u->n_engaged; k++)
        json_array_add_string_element (e, sl_setup_unit_at (setup, u->engaged[k])->id);
      json_object_set_array_member (o, "engaged", e);
    }
}

/* The fires the rate of fire counts (P-15, T-23). */
static JsonArray *
fires_to_json (const SlRules     *rules,
               const SlUnitState *u)
{
  JsonArray *f = json_array_new ();

  for (int k = 0; k < u->n_fires; k++)
    {
      JsonObject *fo = json_object_new ();
      add_moment (fo, "at", rules, u->fires[k].index);
      json_object_set_string_member (fo, "mode", sl_fire_mode_ids[u->fires[k].mode]);
      json_array_add_object_element (f, fo);
    }
  return f;
}

/* Shelter and suit (T-36, P-39), equipment carried (§15.13, P-36, §6.4). */
static void
unit_kit_to_json (JsonObject        *o,
                  const SlRules     *rules,
                  const SlUnitState *u)
{
  if (u->inside)
    json_object_set_boolean_member (o, "inside", TRUE);
  if (u->breach.state != SL_BREACH_NONE)
    {
      JsonObject *b = json_object_new ();
      json_object_set_string_member (b, "state", sl_breach_state_names[u->breach.state]);
      add_moment (b, "due", rules, u->breach.due);
      json_object_set_object_member (o, "breach", b);
    }
  if (u->stealth_power)
    json_object_set_boolean_member (o, "stealth_power", TRUE);
  if (u->plastic_charges || u->shaped_charges)
    {
      json_object_set_int_member (o, "plastic_charges", u->plastic_charges);
      json_object_set_int_member (o, "shaped_charges", u->shaped_charges);
    }
  if (u->keys)
    json_object_set_int_member (o, "keys", u->keys);
}

/* For the score (T-17, A-101). */
static JsonObject *
casualty_to_json (const SlSetup     *setup,
                  const SlUnitState *u)
{
  JsonObject *k = json_object_new ();

  json_object_set_int_member (k, "turn", u->casualty_turn);
  if (u->casualty_by >= 0)
    json_object_set_string_member (k, "by", sl_setup_side_at (setup, u->casualty_by)->id);
  if (u->out_turn > 0)
    json_object_set_int_member (k, "out_turn", u->out_turn);
  return k;
}

static JsonObject *
unit_to_json (const SlRules *rules,
              const SlSetup *setup,
              const SlState *state,
              int            i)
{
  const SlUnitSetup *us = sl_setup_unit_at (setup, i);
  const SlUnitState *u = &state->units[i];
  const SlWeapon *w = us->weapons[u->in_hand];
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, "id", us->id);
  json_object_set_int_member (o, "counter", us->counter);
  json_object_set_string_member (o, "wound", sl_wound_names[u->wound]);
  json_object_set_string_member (o, "position", sl_position_names[u->position]);
  json_object_set_string_member (o, "weapon", w->id);
  if (w->has_modes)
    json_object_set_string_member (o, "omni_mode", u->omni_slug ? "slug" : "spike");
  json_object_set_object_member (o, "ammo", ammo_to_json (u));
  if (u->current.action != NULL)
    json_object_set_object_member (o, "action", current_action_to_json (rules, setup, &u->current));
  unit_counters_to_json (o, rules, u);
  unit_melee_to_json (o, rules, setup, u);
  if (u->n_fires > 0)
    json_object_set_array_member (o, "fires", fires_to_json (rules, u));
  unit_kit_to_json (o, rules, u);
  if (u->casualty_turn > 0)
    json_object_set_object_member (o, "casualty", casualty_to_json (setup, u));
  if (state->held_step != SL_STEP_NONE && state->step_units[i].loses_action)
    json_object_set_boolean_member (o, "loses_action", TRUE);
  return o;
}

static JsonArray *
markers_to_json (const SlRules *rules,
                 const SlSetup *setup,
                 const SlState *state)
{
  JsonArray *markers = json_array_new ();

  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      JsonObject *o = json_object_new ();

      json_object_set_int_member (o, "id", m->id);
      json_object_set_string_member (o, "kind", sl_marker_kind_names[m->kind]);
      json_object_set_string_member (o, "label", m->label);
      if (m->owner >= 0)
        json_object_set_string_member (o, "owner", sl_setup_unit_at (setup, m->owner)->id);
      add_moment (o, "due", rules, m->due);
      add_moment (o, "expires", rules, m->expires);
      if (m->resolved)
        json_object_set_boolean_member (o, "resolved", TRUE);
      /* The grenade, the charges at the spot, the fire mission, the
       * obstacle's kind (T-18) and damage in half levels (P-25). */
      json_object_set_int_member (o, "type", m->type);
      if (m->amount != 0)
        json_object_set_int_member (o, "amount", m->amount);
      if (m->destroyed != SL_OBSTACLE_STANDING)
        json_object_set_boolean_member (o, "destroyed", TRUE);
      if (m->note > 0)
        json_object_set_int_member (o, "sealed_note", m->note);
      json_array_add_object_element (markers, o);
    }
  return markers;
}

/* The sealed notes (P-37). */
static JsonArray *
notes_to_json (const SlSetup *setup,
               const SlState *state)
{
  static const char * const status_names[] = { "sealed", "revealed", "dud" };
  JsonArray *notes = json_array_new ();

  for (guint i = 0; i < state->notes->len; i++)
    {
      const SlNote *n = g_ptr_array_index (state->notes, i);
      JsonObject *o = json_object_new ();

      json_object_set_int_member (o, "id", n->id);
      json_object_set_string_member (o, "side", sl_setup_side_at (setup, n->side)->id);
      json_object_set_string_member (o, "kind", sl_note_kind_names[n->kind]);
      json_object_set_string_member (o, "text", n->text);
      json_object_set_int_member (o, "sealed_turn", n->sealed_turn);
      json_object_set_string_member (o, "digest", n->digest);
      json_object_set_boolean_member (o, "intact", n->intact);
      json_object_set_string_member (o, "status", status_names[state->note_status[i]]);
      json_array_add_object_element (notes, o);
    }
  return notes;
}

JsonNode *
sl_state_to_json (const SlRules *rules,
                  const SlSetup *setup,
                  const SlState *state)
{
  JsonObject *root = json_object_new ();
  JsonArray *units = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  /* The clock (P-04, P-08). */
  json_object_set_int_member (root, "turn", state->turn);
  json_object_set_string_member (root, "phase", sl_phase_names[state->phase]);
  if (state->phase == SL_PHASE_ACTION)
    {
      json_object_set_int_member (root, "subphase", state->subphase);
      json_object_set_string_member (root, "step", sl_step_names[state->step]);
    }
  json_object_set_boolean_member (root, "over", state->over);
  holds_fire_to_json (root, rules, setup, state);
  json_object_set_array_member (root, "initiative", initiative_to_json (setup, state));
  for (int i = 0; i < state->n_units; i++)
    json_array_add_object_element (units, unit_to_json (rules, setup, state, i));
  json_object_set_array_member (root, "units", units);
  json_object_set_array_member (root, "markers", markers_to_json (rules, setup, state));
  if (state->notes->len > 0)
    json_object_set_array_member (root, "notes", notes_to_json (setup, state));
  json_node_take_object (node, root);
  return node;
}

int
sl_state_missions_left (const SlSetup *setup,
                        const SlState *state,
                        int            side,
                        int            kind)
{
  int left;

  g_return_val_if_fail (kind >= 0 && kind < SL_MAX_FIRE_MISSION_TYPES, 0);
  left = sl_setup_side_at (setup, side)->fire_missions[kind] - state->missions_called[side][kind];
  for (int u = 0; u < state->n_units; u++)
    {
      const SlCurrentAction *a = &state->units[u].current;

      if (sl_setup_unit_at (setup, u)->side == side && a->action != NULL && !a->resolved &&
          a->mission == kind + 1 && g_str_equal (a->action->id, "call-fire-mission"))
        left--;
    }
  return MAX (left, 0);
}

gboolean
sl_state_unit_drifting (const SlRules *rules,
                        const SlSetup *setup,
                        const SlState *state,
                        int            unit)
{
  const SlCurrentAction *a = &state->units[unit].current;

  return setup->environment.zero_g && a->action != NULL && a->action->move == SL_MOVE_DIVE &&
         !a->resolved && a->start <= sl_state_now (rules, state);
}

gboolean
sl_state_unit_dived_onto (const SlRules  *rules,
                          const SlState  *state,
                          int             unit,
                          const SlMarker *marker)
{
  const SlCurrentAction *a = &state->units[unit].current;

  return marker != NULL && marker->kind == SL_MARKER_GRENADE && a->action != NULL &&
         a->action->move == SL_MOVE_DIVE && a->end <= sl_state_now (rules, state) && a->end >= marker->created;
}

/* The units in the acting order of the turn: by its initiative order
 * (P-06), then the groupings that did not roll, each in setup order.
 * Fills @units (SL_MAX_UNITS) and returns how many: every unit. */
int
sl_state_acting_order (const SlState *state,
                       int           *units)
{
  gboolean placed[SL_MAX_UNITS] = { FALSE };
  int n = 0;

  for (int k = 0; k < state->n_order; k++)
    for (int u = 0; u < state->n_units; u++)
      if (!placed[u] && state->grouping_of[u] == state->order[k])
        {
          placed[u] = TRUE;
          units[n++] = u;
        }
  for (int u = 0; u < state->n_units; u++)
    if (!placed[u])
      units[n++] = u;
  return n;
}
