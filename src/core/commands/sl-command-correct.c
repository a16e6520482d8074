/* sl-command-correct.c: corrections: any field of a unit's log, by hand
 * (digest §14; the journal keeps them)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-ammunition.h"
#include "sl-command.h"
#include "sl-command-flow-private.h"
#include "sl-due.h"
#include "sl-environment.h"
#include "sl-morale.h"
#include "sl-movement.h"

/* Corrections: any field of the log, by hand (the journal keeps them). */

/* A correction under way: the unit's log, changed in place by the
 * field's handler, and the new value in words for the summary. */
typedef struct
{
  SlCommand         *c;
  SlReader          *r;
  int                unit;
  SlUnitState       *u;
  const SlUnitSetup *us;
  char              *shown;
} Correction;

/* Reads "value" into the log; @which tells apart the fields that share a
 * handler (a magazine, a grenade kind, where a flag is). A bad value
 * fails the reader. */
typedef void (*CorrectFunc) (Correction *k,
                             int         which);

static char *
yes_no (gboolean value)
{
  return g_strdup (value ? _("yes") : _("no"));
}

static void
correct_wound (Correction *k,
               int         which)
{
  SlCommand *c = k->c;
  SlUnitState *u = k->u;

  u->wound = sl_reader_enum (k->r, "value", sl_wound_names, N_("wound level"), u->wound);
  k->shown = g_strdup (c->rules->wounds[u->wound].name);
  /* The battle report's turns: a hand correction counts from now. */
  if (u->wound == SL_WOUND_NONE)
    u->casualty_turn = 0;
  else if (u->casualty_turn == 0)
    u->casualty_turn = c->state->turn;
  if (!c->rules->wounds[u->wound].out)
    u->out_turn = 0;
  else if (u->out_turn == 0)
    u->out_turn = c->state->turn;
  /* §6.1: out, it loses its action and leaves its melees (as the step
   * ends, inside one). */
  if (c->rules->wounds[u->wound].out)
    {
      sl_state_lose_action_in_step (c->state, k->unit);
      if (c->state->held_step == SL_STEP_NONE)
        sl_state_leave_melee (c->state, k->unit);
    }
}

static void
correct_position (Correction *k,
                  int         which)
{
  k->u->position = sl_reader_enum (k->r, "value", sl_position_names, N_("position"), k->u->position);
  k->shown = g_strdup (sl_position_label (k->u->position));
}

static void
correct_in_hand (Correction *k,
                 int         which)
{
  const char *code = sl_reader_string (k->r, "value", "");
  int found = -1;

  for (int i = 0; i < k->us->n_weapons; i++)
    if (g_str_equal (k->us->weapons[i]->id, code))
      found = i;
  if (found < 0 && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("%s does not carry a “%s”."), k->us->told, code);
  else
    k->u->in_hand = found;
  k->shown = g_strdup (code);
}

static void
correct_omni_mode (Correction *k,
                   int         which)
{
  static const char * const modes[] = { "spike", "slug", NULL };
  gboolean omni = FALSE;

  k->u->omni_slug = sl_reader_enum (k->r, "value", modes, N_("OMNI mode"), 0) == 1;
  k->shown = g_strdup (modes[k->u->omni_slug]);

  /* T-12: only the OMNI rifle has two modes. */
  for (int i = 0; i < k->us->n_weapons; i++)
    omni |= k->us->weapons[i]->has_modes;
  if (sl_reader_ok (k->r) && !omni)
    sl_reader_fail (k->r, "field", _("%s carries no OMNI rifle: there is no OMNI mode to set (T-12)."),
                    k->us->told);
}

/* @which: the SlMagazine. */
static void
correct_magazines (Correction *k,
                   int         which)
{
  SlMagazine m = which;
  int boxes = sl_ammo_boxes (k->c->rules, k->c->options, m);

  k->u->magazines[m] = sl_reader_int (k->r, "value", 0, boxes, k->u->magazines[m]);
  k->shown = g_strdup_printf ("%d", k->u->magazines[m]);
}

static void
correct_rounds_fired (Correction *k,
                      int         which)
{
  SlUnitState *u = k->u;
  const SlWeapon *w = k->us->weapons[u->in_hand];

  u->rounds_fired[u->in_hand] = sl_reader_int (k->r, "value", 0, MAX (w->rounds, 0),
                                               u->rounds_fired[u->in_hand]);
  k->shown = g_strdup_printf ("%d", u->rounds_fired[u->in_hand]);
}

/* @which: the SlGrenade. */
static void
correct_grenades (Correction *k,
                  int         which)
{
  SlGrenade g = which;

  k->u->grenades[g] = sl_reader_int (k->r, "value", 0, k->c->rules->magazines[g == SL_GRENADE_FG
                                                                                ? SL_MAGAZINE_FG
                                                                                : SL_MAGAZINE_SG],
                                     k->u->grenades[g]);
  k->shown = g_strdup_printf ("%d", k->u->grenades[g]);
}

/* @which: the SlGrenade. */
static void
correct_launcher (Correction *k,
                  int         which)
{
  SlGrenade g = which;

  k->u->launcher_load[g] = sl_reader_int (k->r, "value", 0, k->c->rules->launcher.grenades,
                                          k->u->launcher_load[g]);
  k->shown = g_strdup_printf ("%d", k->u->launcher_load[g]);
  /* P-35: only a unit with a launcher has a load. */
  if (sl_reader_ok (k->r) && !k->u->launcher)
    sl_reader_fail (k->r, "field", _("%s has no grenade launcher (P-35)."), k->us->told);
}

/* A yes/no of the log with nothing more to it; @which: where it is in
 * SlUnitState. */
static void
correct_flag (Correction *k,
              int         which)
{
  gboolean *flag = G_STRUCT_MEMBER_P (k->u, which);

  *flag = sl_reader_bool (k->r, "value", *flag);
  k->shown = yes_no (*flag);
}

static void
correct_routed (Correction *k,
                int         which)
{
  SlUnitState *u = k->u;

  u->routed = sl_reader_bool (k->r, "value", u->routed);
  /* §18: a player character is immune to rout. */
  if (u->routed && k->us->legionnaire != NULL && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("%s is a Legionnaire character and never routs (§18)."), k->us->told);
  u->routed_turn = u->routed ? k->c->state->turn : 0;
  k->shown = yes_no (u->routed);
}

static void
correct_hidden (Correction *k,
                int         which)
{
  SlUnitState *u = k->u;

  u->hidden = sl_reader_bool (k->r, "value", u->hidden);
  /* §15.1: a detected unit can never hide again. */
  if (u->hidden && u->detected && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("%s has been detected and can never hide again (§15.1)."), k->us->told);
  k->shown = yes_no (u->hidden);
}

static void
correct_stealth_power (Correction *k,
                       int         which)
{
  SlUnitState *u = k->u;

  /* A-126: a hidden unit's mode is its side's secret: set it with the
   * pile (hide), not in the history everyone reads. */
  if (u->hidden && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "field", _("%s is hidden: its stealth power mode is set in secret, in the private view or with “hide” (T-19, A-126)."),
                    k->us->told);
  u->stealth_power = sl_reader_bool (k->r, "value", u->stealth_power);
  if (u->stealth_power && !k->us->armor->power_suit && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("Only a power suit has a stealth power mode (§15.13)."));
  k->shown = yes_no (u->stealth_power);
}

static void
correct_bounce_pack (Correction *k,
                     int         which)
{
  SlUnitState *u = k->u;

  u->bounce_pack = sl_reader_bool (k->r, "value", u->bounce_pack);
  if (u->bounce_pack && !k->us->armor->bounce && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("The %s has no bounce pack (T-13)."), k->us->armor->name);
  k->shown = yes_no (u->bounce_pack);
}

/* @which: where the count is in SlUnitState (plastic or shaped). */
static void
correct_charges (Correction *k,
                 int         which)
{
  int *charges = G_STRUCT_MEMBER_P (k->u, which);
  int most = k->c->rules->charges_per_carrier;

  *charges = sl_reader_int (k->r, "value", 0, most, *charges);
  k->shown = g_strdup_printf ("%d", *charges);
  /* P-36 step 1: at most 2 charges a carrier, plastic and shaped
   * together. */
  if (sl_reader_ok (k->r) && k->u->plastic_charges + k->u->shaped_charges > most)
    sl_reader_fail (k->r, "value", _("A unit carries at most %d charges, plastic and shaped together (P-36 step 1)."),
                    most);
}

static void
correct_keys (Correction *k,
              int         which)
{
  k->u->keys = sl_reader_int (k->r, "value", 0, 10, k->u->keys);
  k->shown = g_strdup_printf ("%d", k->u->keys);
}

static void
correct_dazed_until (Correction *k,
                     int         which)
{
  SlCommand *c = k->c;
  SlUnitState *u = k->u;
  g_autoptr(SlReader) v = NULL;

  if (sl_reader_is_null (k->r, "value"))
    {
      u->dazed_until = -1;
      u->dazed_from = -1;
      k->shown = g_strdup (_("not dazed"));
      return;
    }
  v = sl_reader_object (k->r, "value");
  if (v != NULL)
    {
      int turn = sl_reader_int (v, "turn", 1, 1000, c->state->turn);
      int subphase = sl_reader_int (v, "subphase", 1, c->rules->subphases_per_turn, 1);
      int now = sl_command_now (c);

      u->dazed_until = sl_subphase_index (c->rules, turn, subphase);
      if (u->dazed_from < 0 || u->dazed_from > now)
        u->dazed_from = MIN (now, u->dazed_until);
      sl_reader_end (v);
      k->shown = sl_command_when (c, u->dazed_until);
    }
}

static void
correct_action (Correction *k,
                int         which)
{
  if (!sl_reader_is_null (k->r, "value") && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("An action can only be taken off the log (null); declare a new one instead."));
  sl_state_lose_action (k->c->state, k->unit);
  k->shown = g_strdup (_("none"));
}

static void
correct_inside (Correction *k,
                int         which)
{
  const SlEnvironmentSetup *env = &k->c->setup->environment;

  if (!env->vacuum && !env->hostile && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "field", _("Inside or outside matters only in vacuum or a hostile atmosphere (T-36)."));
  k->u->inside = sl_reader_bool (k->r, "value", k->u->inside);
  k->shown = g_strdup (k->u->inside ? _("inside") : _("outside"));
}

/* The breach as the players set it: {"state", "turn", "subphase"}, the
 * moment of the next wound. */
static void
read_breach (Correction *k,
             SlReader   *v)
{
  SlCommand *c = k->c;
  SlUnitState *u = k->u;
  int delay = c->rules->environment.suit_breach_delay;
  int now = sl_command_now (c);
  SlBreachState state;
  int turn, subphase;

  sl_reader_require (v, "state");
  state = sl_reader_enum (v, "state", sl_breach_state_names, N_("breach state"), SL_BREACH_DELAYED);
  sl_subphase_split (c->rules, now + delay, &turn, &subphase);
  turn = sl_reader_int (v, "turn", 1, 1000, turn);
  subphase = sl_reader_int (v, "subphase", 1, c->rules->subphases_per_turn, subphase);
  u->breach = (SlBreach) { state, sl_subphase_index (c->rules, turn, subphase) };
  /* P-39: the next wound falls due in the next 20 subphases
   * (this one's has been dealt as it began). */
  if (sl_reader_ok (v) && state != SL_BREACH_NONE &&
      (u->breach.due <= now || u->breach.due > now + delay))
    sl_reader_fail (v, "turn", _("A breach wound falls due within the next %d subphases (P-39)."), delay);
  if (sl_reader_ok (v) && state == SL_BREACH_NONE)
    u->breach.due = 0;
  if (sl_reader_ok (v) && u->wound == SL_WOUND_DEAD && state != SL_BREACH_NONE)
    sl_reader_fail (v, "state", _("%s is dead: nothing bleeds any more."), k->us->told);
  sl_reader_end (v);
  if (state == SL_BREACH_NONE)
    k->shown = g_strdup (_("none: the suit is whole or sealed"));
  else
    {
      g_autofree char *when = sl_command_when (c, u->breach.due);

      k->shown = g_strdup_printf (state == SL_BREACH_DELAYED ? _("one more wound in %s, then it seals")
                                                             : _("bleeding, next wound in %s"),
                                  when);
    }
}

static void
correct_breach (Correction *k,
                int         which)
{
  const SlEnvironmentSetup *env = &k->c->setup->environment;
  g_autoptr(SlReader) v = NULL;

  if (!env->vacuum && !env->hostile && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "field", _("Suits are breached only in vacuum or a hostile atmosphere (P-39)."));
  if (sl_reader_is_null (k->r, "value"))
    {
      k->u->breach = (SlBreach) { SL_BREACH_NONE, 0 };
      k->shown = g_strdup (_("none: the suit is whole or sealed"));
      return;
    }
  v = sl_reader_object (k->r, "value");
  if (v != NULL)
    read_breach (k, v);
}

static void
correct_fires (Correction *k,
               int         which)
{
  SlCommand *c = k->c;
  SlReader *r = k->r;
  SlUnitState *u = k->u;
  /* P-15, T-23: the fires the rate of fire counts, as the table says
   * they were: [{"turn", "subphase", "mode", "target"}], oldest
   * first; none from the future. */
  guint n = sl_reader_array_length (r, "value");
  int now = sl_command_now (c), last = -1;

  if (n > SL_MAX_FIRES && sl_reader_ok (r))
    sl_reader_fail (r, "value", _("The log keeps the last %d fires."), SL_MAX_FIRES);
  u->n_fires = 0;
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) f = sl_reader_array_object (r, "value", i);
      SlFireMark mark;
      int turn, subphase;

      if (f == NULL)
        break;
      sl_reader_require (f, "turn");
      sl_reader_require (f, "subphase");
      sl_reader_require (f, "mode");
      turn = sl_reader_int (f, "turn", 1, 1000, 1);
      subphase = sl_reader_int (f, "subphase", 1, c->rules->subphases_per_turn, 1);
      mark.index = sl_subphase_index (c->rules, turn, subphase);
      mark.mode = sl_reader_enum (f, "mode", sl_fire_mode_ids, N_("fire mode"), 0);
      mark.target = sl_command_unit (c, f, "target", TRUE);
      if (sl_reader_ok (f) && mark.index > now)
        sl_reader_fail (f, "turn", _("A fire on the log was made by now, not later."));
      else if (sl_reader_ok (f) && mark.index < last)
        sl_reader_fail (f, "turn", _("The fires go oldest first."));
      sl_reader_end (f);
      last = mark.index;
      u->fires[u->n_fires++] = mark;
    }
  k->shown = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d fire", "%d fires", u->n_fires),
                              u->n_fires);
}

#define UNIT_MEMBER(member) G_STRUCT_OFFSET (SlUnitState, member)

/* The fields of the log a correction sets, in the order the command's
 * "field" lists them. */
static const struct
{
  const char  *field;
  const char  *label;       /* as the players name it in the history */
  CorrectFunc  correct;
  int          which;
  gboolean     ammunition;  /* part of the ammunition boxes (T-20, A-91) */
} correct_fields[] = {
  { "wound",           N_("wound"),                           correct_wound },
  { "position",        N_("position"),                        correct_position },
  { "in_hand",         N_("weapon in hand"),                  correct_in_hand },
  { "omni_mode",       N_("OMNI mode"),                       correct_omni_mode },
  { "magazines.R",     N_("R magazines"),                     correct_magazines,
    SL_MAGAZINE_R, TRUE },
  { "magazines.P",     N_("P magazines"),                     correct_magazines,
    SL_MAGAZINE_P, TRUE },
  { "rounds_fired",    N_("rounds fired"),                    correct_rounds_fired, 0, TRUE },
  { "grenades.FG",     N_("fragmentation grenades"),          correct_grenades,
    SL_GRENADE_FG, TRUE },
  { "grenades.SG",     N_("smoke grenades"),                  correct_grenades,
    SL_GRENADE_SG, TRUE },
  { "launcher.FG",     N_("launcher fragmentation grenades"), correct_launcher,
    SL_GRENADE_FG, TRUE },
  { "launcher.SG",     N_("launcher smoke grenades"),         correct_launcher,
    SL_GRENADE_SG, TRUE },
  { "grenade_ready",   N_("grenade in hand"),                 correct_flag,
    UNIT_MEMBER (grenade_ready), TRUE },
  { "jammed",          N_("jam"),                             correct_flag, UNIT_MEMBER (jammed) },
  { "routed",          N_("rout"),                            correct_routed },
  { "hidden",          N_("hiding"),                          correct_hidden },
  { "stealth_power",   N_("stealth power mode"),              correct_stealth_power },
  { "bounce_pack",     N_("bounce pack"),                     correct_bounce_pack },
  { "plastic_charges", N_("plastic charges"),                 correct_charges,
    UNIT_MEMBER (plastic_charges) },
  { "shaped_charges",  N_("shaped charges"),                  correct_charges,
    UNIT_MEMBER (shaped_charges) },
  { "keys",            N_("keys"),                            correct_keys },
  { "dazed_until",     N_("daze"),                            correct_dazed_until },
  { "action",          N_("action"),                          correct_action },
  { "inside",          N_("shelter"),                         correct_inside },
  { "breach",          N_("suit breach"),                     correct_breach },
  { "fires",           N_("fire history"),                    correct_fires },
};

/* The field names, NULL-terminated, for the reader. */
static const char * const *
correct_field_names (void)
{
  static const char *names[G_N_ELEMENTS (correct_fields) + 1];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (correct_fields); i++)
        names[i] = correct_fields[i].field;
      g_once_init_leave (&done, 1);
    }
  return names;
}

/* What the correction leaves must still be a log: the fields read well,
 * and the ammunition boxes still make one (T-20, A-91). */
static gboolean
check_correction (Correction  *k,
                  int          field,
                  GError     **error)
{
  SlAmmoState ammo;

  if (!sl_command_inputs_done (k->c))
    return FALSE;
  if (!correct_fields[field].ammunition)
    return TRUE;
  sl_state_unit_ammo (k->c->setup, k->c->state, k->unit, &ammo);
  if (!sl_ammo_check_state (k->c->rules, k->c->options, k->us->weapons[k->u->in_hand], &ammo,
                            error))
    {
      g_autofree char *message = g_strdup ((*error)->message);

      g_clear_error (error);
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "value", "%s", message);
      return FALSE;
    }
  return TRUE;
}

gboolean
sl_command_correct (SlCommand  *c,
                    GError    **error)
{
  SlReader *r = c->command;
  Correction k = { c, r, sl_command_unit (c, r, "unit", FALSE) };
  SlUnitState before;
  int field;

  sl_reader_require (r, "field");
  field = sl_reader_enum (r, "field", correct_field_names (), N_("log field"), 0);
  sl_reader_require (r, "value");
  if (!sl_reader_ok (r) || k.unit < 0)
    return sl_command_inputs_done (c);

  k.u = &c->state->units[k.unit];
  k.us = sl_setup_unit_at (c->setup, k.unit);
  before = *k.u;
  correct_fields[field].correct (&k, correct_fields[field].which);
  if (!check_correction (&k, field, error))
    {
      *k.u = before;
      g_free (k.shown);
      return FALSE;
    }

  sl_command_result (c, json_object_set_string_member, "field", correct_fields[field].field);
  /* Translators: "Correction: Trooper Hale's wound is now Serious Wound." */
  sl_command_say (c, _("Correction: %s's %s is now %s."), k.us->told, _(correct_fields[field].label),
                  k.shown ? k.shown : "");
  g_free (k.shown);
  return TRUE;
}
