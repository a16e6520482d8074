/* sl-command-objective.c: the scenario's objectives as the players see them
 * on the table (digest T-42, T-43)
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

/* The scenario's objectives, as the players see them on the table
 * (T-42, T-43): "charges": {"tog": 2} — the charges set off in the
 * objective room so far; "on_objective": {"tog": 3, "cw": 1} — the units
 * of each side on the objective now. */
static gboolean
read_side_counts (SlCommand   *c,
                  const char  *field,
                  int          counts[2],
                  gboolean     given[2],
                  GError     **error)
{
  g_autoptr(SlReader) r = NULL;
  g_autoptr(GList) members = NULL;

  if (!sl_reader_has (c->command, field))
    return TRUE;
  r = sl_reader_object (c->command, field);
  if (r == NULL)
    return sl_command_inputs_done (c);
  members = sl_reader_members (r);
  for (GList *l = members; l; l = l->next)
    {
      int side = -1;

      for (guint s = 0; s < c->setup->sides->len; s++)
        if (g_str_equal (sl_setup_side_at (c->setup, s)->id, l->data))
          side = s;
      if (side < 0)
        {
          sl_reader_fail (r, l->data, _("There is no side “%s”."), (const char *) l->data);
          return sl_command_inputs_done (c);
        }
      if (g_str_equal (field, "primary"))
        counts[side] = sl_reader_bool (r, l->data, FALSE);
      else
        counts[side] = sl_reader_int (r, l->data, 0, 64, 0);
      given[side] = TRUE;
    }
  sl_reader_end (r);
  (void) error;
  return TRUE;
}

/* What the objective command says, side by side (0 and 1): what each
 * field gives, and for which side. */
typedef struct
{
  int      charges[2];
  int      units[2];
  int      primary[2];
  int      secondary[2];
  gboolean charges_given[2];
  gboolean units_given[2];
  gboolean primary_given[2];
  gboolean secondary_given[2];
} ObjectiveReport;

static gboolean
check_objective (SlCommand              *c,
                 const ObjectiveReport  *o,
                 GError                **error)
{
  gboolean hold = FALSE;

  for (int side = 0; side < 2; side++)
    hold |= sl_setup_side_at (c->setup, side)->objective == SL_OBJECTIVE_HOLD;
  if (!o->charges_given[0] && !o->charges_given[1] && !o->units_given[0] && !o->units_given[1] &&
      !o->primary_given[0] && !o->primary_given[1] &&
      !o->secondary_given[0] && !o->secondary_given[1])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "charges",
                         _("Say the charges set off in the objective room, the units on the objective, or the objectives achieved."));
      return FALSE;
    }
  for (int side = 0; side < 2; side++)
    if (o->charges_given[side] &&
        sl_setup_side_at (c->setup, side)->objective != SL_OBJECTIVE_CHARGES)
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charges",
                           _("%s has no charges objective in this scenario (T-42)."),
                           sl_setup_side_at (c->setup, side)->name);
        return FALSE;
      }
  for (int side = 0; side < 2; side++)
    if ((o->primary_given[side] || o->secondary_given[side]) &&
        sl_setup_side_at (c->setup, side)->objective != SL_OBJECTIVE_PLAYERS)
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN,
                           o->primary_given[side] ? "primary" : "secondary",
                           _("%s's objective is not judged by the players in this scenario (§10 E)."),
                           sl_setup_side_at (c->setup, side)->name);
        return FALSE;
      }
  if ((o->units_given[0] || o->units_given[1]) && !hold)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "on_objective",
                         _("No side has to hold an objective in this scenario (T-43)."));
      return FALSE;
    }
  if (c->state->over)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type", _("The game is over."));
      return FALSE;
    }
  return TRUE;
}

/* The charges set off (T-42) and the objectives the players judge (T-39). */
static void
apply_objectives_achieved (SlCommand             *c,
                           const ObjectiveReport *o,
                           const char            *place)
{
  SlState *s = c->state;

  for (int side = 0; side < 2; side++)
    if (o->charges_given[side])
      {
        s->objective_charges[side] = o->charges[side];
        sl_command_say (c, g_dngettext (GETTEXT_PACKAGE,
                                        "%s has set off %d charge in %s (T-42).",
                                        "%s has set off %d charges in %s (T-42).", o->charges[side]),
                        sl_setup_side_at (c->setup, side)->name, o->charges[side], place);
      }
  for (int side = 0; side < 2; side++)
    {
      const char *name = sl_setup_side_at (c->setup, side)->name;

      if (o->primary_given[side])
        {
          s->objective_primary[side] = o->primary[side];
          if (o->primary[side])
            sl_command_say (c, _("%s has achieved its primary objective (T-39)."), name);
          else
            sl_command_say (c, _("%s has not achieved its primary objective (T-39)."), name);
        }
      if (o->secondary_given[side])
        {
          s->objective_secondary[side] = o->secondary[side];
          sl_command_say (c, g_dngettext (GETTEXT_PACKAGE,
                                          "%s has achieved %d secondary objective (T-39).",
                                          "%s has achieved %d secondary objectives (T-39).", o->secondary[side]),
                          name, o->secondary[side]);
        }
    }
}

/* The units on the objective to hold (T-43). */
static void
apply_objective_held (SlCommand             *c,
                      const ObjectiveReport *o,
                      const char            *place)
{
  SlState *s = c->state;

  for (int side = 0; side < 2; side++)
    if (o->units_given[side])
      s->objective_units[side] = o->units[side];
  /* a side holds it with more units there than the enemy; the
   * turns count from the turn it took it, this one included. */
  for (int side = 0; side < 2; side++)
    {
      gboolean holds = s->objective_units[side] > s->objective_units[1 - side];

      if (!holds)
        s->objective_held_since[side] = 0;
      else if (s->objective_held_since[side] == 0)
        s->objective_held_since[side] = s->turn;
    }
  sl_command_say (c, _("On %s: %s %d, %s %d (T-43)."), place,
                  sl_setup_side_at (c->setup, 0)->name, s->objective_units[0],
                  sl_setup_side_at (c->setup, 1)->name, s->objective_units[1]);
}

gboolean
sl_command_objective (SlCommand  *c,
                      GError    **error)
{
  ObjectiveReport o = { 0 };
  const char *place = c->setup->objective_place ? c->setup->objective_place : _("the objective");

  if (!read_side_counts (c, "charges", o.charges, o.charges_given, error) ||
      !read_side_counts (c, "on_objective", o.units, o.units_given, error) ||
      !read_side_counts (c, "primary", o.primary, o.primary_given, error) ||
      !read_side_counts (c, "secondary", o.secondary, o.secondary_given, error) ||
      !sl_command_inputs_done (c) ||
      !check_objective (c, &o, error))
    return FALSE;

  apply_objectives_achieved (c, &o, place);
  if (o.units_given[0] || o.units_given[1])
    apply_objective_held (c, &o, place);
  return TRUE;
}
