/* sl-command-objects.c: what is fired at or blown up that is not a unit —
 * obstacles and the damage they build up (P-25, P-26; A-78 … A-83), charges
 * shot at, caught in explosions, deactivated and picked up (P-36 steps 4
 * and 5, T-32)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-command.h"
#include "sl-explosives.h"

/* Obstacles */

SlMarker *
sl_command_find_obstacle (SlCommand  *c,
                          const char *label)
{
  for (guint i = 0; i < c->state->markers->len; i++)
    {
      SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_OBSTACLE && g_str_equal (m->label, label))
        return m;
    }
  return NULL;
}

gboolean
sl_command_obstacle_breached (SlCommand  *c,
                              const char *label)
{
  for (guint i = 0; i < c->state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_BREACH && g_str_equal (m->label, label))
        return TRUE;
    }
  return FALSE;
}

gboolean
sl_command_read_obstacle (SlCommand   *c,
                          SlReader    *parent,
                          const char  *field,
                          SlObstacleAt *at)
{
  g_autoptr(SlReader) r = NULL;
  const char *label, *kind;
  const SlMarker *m;

  memset (at, 0, sizeof *at);
  if (!sl_reader_has (parent, field))
    return FALSE;
  r = sl_reader_object (parent, field);
  if (r == NULL)
    return FALSE;
  sl_reader_require (r, "label");
  label = sl_reader_string (r, "label", "");
  kind = sl_reader_string (r, "kind", NULL);
  at->distance_m = sl_reader_number (r, "distance_m", 0, 100, 0);
  if (sl_reader_ok (r) && (*label == '\0' || strlen (label) >= sizeof at->label))
    sl_reader_fail (r, "label", _("Name the obstacle in 1 to %d characters."), (int) sizeof at->label - 1);
  if (!sl_reader_ok (r))
    return FALSE;
  g_strlcpy (at->label, label, sizeof at->label);
  m = sl_command_find_obstacle (c, label);
  if (kind != NULL)
    {
      const SlTable *t = &c->rules->obstacles;
      int index = sl_reader_enum (r, "kind", sl_table_ids (t), t->what, 0);

      at->obstacle = g_ptr_array_index (t->items, index);
      at->index = index;
      if (sl_reader_ok (r) && m != NULL && m->type != index)
        sl_reader_fail (r, "kind", _("%s is already marked as “%s” (P-25)."), label,
                        ((const SlObstacle *) g_ptr_array_index (t->items, m->type))->name);
    }
  else if (m != NULL)
    {
      at->index = m->type;
      at->obstacle = g_ptr_array_index (c->rules->obstacles.items, m->type);
    }
  else if (sl_command_obstacle_breached (c, label))
    sl_reader_fail (r, "label", _("%s is already destroyed: a Breach marker lies there (P-25)."), label);
  else
    sl_reader_fail (r, "kind", _("Say what %s is: a wall, a door … (T-18)."), label);
  sl_reader_end (r);
  return sl_reader_ok (r);
}

gboolean
sl_command_hit_obstacle (SlCommand         *c,
                         const SlObstacleAt *at,
                         SlObstacleInput   *in,
                         SlObstacleResult  *res,
                         GString           *words,
                         GError           **error)
{
  SlMarker *m = sl_command_find_obstacle (c, at->label);
  gboolean held = c->state->held_step != SL_STEP_NONE;
  int start = m == NULL ? 0 : held ? m->step_amount : m->amount;
  SlObstacleResult total;

  /* Every hit of a step is at once (P-08 steps 3 and 4): each is read
   * against the damage the obstacle had when the step began — whether it
   * breaks it (a shaped charge's zones, A-81; the follow-through, P-26) —
   * and the damage of them all adds up; destroyed, it leaves its Breach
   * marker as the step ends. */
  in->obstacle = at->obstacle;
  in->damage = start / 2.0;
  if (!sl_obstacle_resolve (c->rules, c->options, in, res, error))
    return FALSE;
  if (res->immune)
    {
      g_string_append_printf (words, _("%s (%s, AF %d) takes no harm from it (P-25, A-83)"), at->label,
                              at->obstacle->name, res->armor_factor);
      return TRUE;
    }
  if (m != NULL && m->destroyed != SL_OBSTACLE_STANDING)
    {
      res->total = c->rules->obstacle_destroyed_at;
      g_string_append_printf (words, _("%s (%s): %+g, destroyed in this step (P-25)"), at->label,
                              at->obstacle->name, res->levels);
      return TRUE;
    }
  if (m == NULL)
    {
      m = sl_state_add_marker (c->state, SL_MARKER_OBSTACLE);
      m->owner = -1;
      m->created = sl_command_now (c);
      m->type = at->index;
      m->due = -1;
      m->expires = -1;
      g_strlcpy (m->label, at->label, sizeof m->label);
    }
  in->damage = m->amount / 2.0;
  if (!sl_obstacle_resolve (c->rules, c->options, in, &total, error))
    return FALSE;
  res->total = total.total;
  if (total.destroyed)
    {
      /* P-25 step 4: a door, a wall, a bulkhead, machinery or an airlock
       * leaves a Breach marker; furniture and the like are removed. */
      gboolean breach = g_strcmp0 (total.marker, "breach") == 0;

      m->amount = c->rules->obstacle_destroyed_at * 2;
      m->destroyed = breach ? SL_OBSTACLE_LEAVES_BREACH : SL_OBSTACLE_REMOVED;
      if (!held)
        {
          /* (Outside a step: at once.) */
          if (breach)
            {
              m->kind = SL_MARKER_BREACH;
              m->amount = 0;
              m->destroyed = SL_OBSTACLE_STANDING;
            }
          else
            sl_state_remove_marker (c->state, m->id);
        }
      g_string_append_printf (words, breach ? _("%s (%s): %+g, destroyed: a Breach marker is placed (P-25)")
                                            : _("%s (%s): %+g, destroyed: it is removed (P-25)"),
                              at->label, at->obstacle->name, res->levels);
      return TRUE;
    }
  m->amount = (int) (total.total * 2 + 0.5);
  /* "the north wall (Internal Wall): +1, now 2 of 5 wound levels (P-25)" */
  g_string_append_printf (words, _("%s (%s): %+g, now %g of %d wound levels (P-25)"), at->label,
                          at->obstacle->name, res->levels, total.total, c->rules->obstacle_destroyed_at);
  return TRUE;
}

void
sl_command_obstacle_json (const SlObstacleAt     *at,
                          const SlObstacleResult *res,
                          JsonObject             *into)
{
  json_object_set_string_member (into, "label", at->label);
  json_object_set_string_member (into, "kind", at->obstacle->id);
  json_object_set_int_member (into, "armor_factor", res->armor_factor);
  json_object_set_int_member (into, "penetration", res->penetration);
  json_object_set_double_member (into, "levels", res->levels);
  json_object_set_double_member (into, "total", res->total);
  json_object_set_boolean_member (into, "immune", res->immune);
  json_object_set_boolean_member (into, "destroyed", res->destroyed);
}

/* Charges */

SlMarker *
sl_command_side_marker (SlCommand *c,
                        int        id,
                        int        for_side)
{
  SlMarker *m = sl_state_find_marker (c->state, id);

  if (m == NULL || sl_marker_is_public (c->state, m))
    return m;
  if (for_side >= 0 && m->owner >= 0 && sl_command_side (c, m->owner) == for_side)
    return m;
  return NULL;
}

SlMarker *
sl_command_table_marker (SlCommand *c,
                         int        id)
{
  return sl_command_side_marker (c, id, -1);
}

SlMarker *
sl_command_charge_marker (SlCommand  *c,
                          int         id,
                          int         unit,
                          const char *field,
                          GError    **error)
{
  /* P-36 step 6, A-88: a hidden charge is not there for the other side
   * (issue 30 #2: nor does the refusal say it is hidden). */
  SlMarker *m = sl_command_side_marker (c, id, sl_command_side (c, unit));

  if (m == NULL || m->kind != SL_MARKER_CHARGE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field, _("Marker %d is no charge (P-36)."), id);
      return NULL;
    }
  if (m->due >= 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field, _("%s is already going off (P-36)."), m->label);
      return NULL;
    }
  return m;
}

/* charges inside another explosion's area: the "Explosion" row of
 * T-32 — destroyed on 1–9, set off on 10, then due in this explosion
 * step. The players list them: "charges": [{"marker", "roll"}]. */
typedef struct
{
  int                id;
  const char        *roll_stream;
  int                roll;
  SlChargeShotResult result;
} CaughtCharge;

void
sl_command_read_caught_charges (SlCommand *c,
                                SlReader  *r,
                                GArray    *charges)
{
  guint n = sl_reader_array_length (r, "charges");

  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) cr = sl_reader_array_object (r, "charges", i);
      CaughtCharge k = { 0 };

      sl_reader_require (cr, "marker");
      k.id = sl_reader_int (cr, "marker", 1, G_MAXINT, 1);
      k.roll_stream = sl_command_die (c, cr, "roll", 10);
      sl_reader_end (cr);
      for (guint j = 0; j < charges->len; j++)
        if (g_array_index (charges, CaughtCharge, j).id == k.id && sl_reader_ok (r))
          sl_reader_fail (cr, "marker", _("A charge is caught once by an explosion."));
      g_array_append_val (charges, k);
    }
}

GArray *
sl_command_caught_charges_new (void)
{
  return g_array_new (FALSE, TRUE, sizeof (CaughtCharge));
}

gboolean
sl_command_roll_caught_charges (SlCommand *c,
                                GArray    *charges,
                                int        exploding,
                                GError   **error)
{
  for (guint i = 0; i < charges->len; i++)
    {
      CaughtCharge *k = &g_array_index (charges, CaughtCharge, i);
      const SlMarker *m = sl_state_find_marker (c->state, k->id);

      if (m == NULL || m->kind != SL_MARKER_CHARGE || m->due >= 0 || k->id == exploding)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "charges",
                             _("Marker %d is no charge waiting to go off (A-84)."), k->id);
          return FALSE;
        }
      if (!sl_charge_shot_resolve (c->rules, SL_CHARGE_ROW_EXPLOSION, FALSE, c->dice, k->roll_stream,
                                   &k->roll, &k->result, error))
        return FALSE;
    }
  return TRUE;
}

void
sl_command_chain_charges (SlCommand *c,
                          GArray    *charges)
{
  JsonArray *list = sl_command_telling (c) && charges->len > 0 ? json_array_new () : NULL;

  for (guint i = 0; i < charges->len; i++)
    {
      const CaughtCharge *k = &g_array_index (charges, CaughtCharge, i);
      SlMarker *m = sl_state_find_marker (c->state, k->id);
      char label[sizeof m->label];

      g_strlcpy (label, m->label, sizeof label);
      if (list != NULL)
        {
          JsonObject *o = json_object_new ();

          json_object_set_int_member (o, "marker", k->id);
          json_object_set_int_member (o, "roll", k->roll);
          json_object_set_string_member (o, "result", sl_charge_shot_names[k->result]);
          json_array_add_object_element (list, o);
        }
      if (k->result == SL_CHARGE_SHOT_EXPLOSION)
        {
          m->due = sl_command_now (c);
          m->secret = FALSE;
          if (m->note > 0 && c->state->note_status[m->note - 1] == SL_NOTE_SEALED)
            sl_command_reveal_note (c, m->note, FALSE);
          sl_command_say (c, _("%s is caught in the explosion: rolled %d, it goes off too (T-32, A-84)."),
                          label, k->roll);
        }
      else
        {
          sl_state_remove_marker (c->state, k->id);
          sl_command_say (c, _("%s is caught in the explosion: rolled %d, it is destroyed (T-32, A-84)."),
                          label, k->roll);
        }
    }
  sl_command_result (c, json_object_set_array_member, "charges", list);
}

gboolean
sl_command_finish_charge_action (SlCommand *c,
                                 int        unit)
{
  SlUnitState *u = &c->state->units[unit];
  const SlAction *action = u->current.action;
  const char *name = sl_command_name (c, unit);
  SlMarker *m;

  if (action == NULL || u->current.target_marker <= 0)
    return FALSE;
  m = sl_state_find_marker (c->state, u->current.target_marker);
  if (m == NULL || m->kind != SL_MARKER_CHARGE || m->due >= 0)
    {
      /* Gone meanwhile (set off, destroyed, picked up by another). */
      sl_command_say (c, _("%s finds no charge left there (P-36)."), name);
      return TRUE;
    }
  if (g_str_equal (action->id, "use-device"))
    {
      /* P-36 step 4: an enemy's attempt sets it off. */
      if (m->owner >= 0 && sl_command_side (c, m->owner) != sl_command_side (c, unit))
        {
          m->due = sl_command_now (c);
          m->secret = FALSE;
          sl_command_say (c, _("%s tries to deactivate %s, an enemy charge: it goes off in the explosion step (P-36 step 4)."),
                          name, m->label);
          return TRUE;
        }
      if (m->resolved)
        {
          sl_command_say (c, _("%s is already deactivated (P-36 step 4)."), m->label);
          return TRUE;
        }
      m->resolved = TRUE;
      sl_command_say (c, _("%s has deactivated %s: it may be picked up; set again, it takes a new Install action (P-36 step 4)."),
                      name, m->label);
      return TRUE;
    }
  if (g_str_equal (action->id, "pick-up-object"))
    {
      gboolean shaped = m->type == 0;
      int *carried = shaped ? &u->shaped_charges : &u->plastic_charges;

      if (!m->resolved)
        {
          sl_command_say (c, _("%s is armed: it is deactivated first (P-36 step 4)."), m->label);
          return TRUE;
        }
      if (u->plastic_charges + u->shaped_charges >= c->rules->charges_per_carrier)
        {
          sl_command_say (c, _("%s already carries %d charges (P-36 step 1)."), name, c->rules->charges_per_carrier);
          return TRUE;
        }
      (*carried)++;
      /* Plastic charges at one spot are picked up one by one. */
      if (!shaped && m->type > 1)
        m->type--;
      else
        sl_state_remove_marker (c->state, m->id);
      sl_command_say (c, shaped ? _("%s picks up a shaped charge (P-36 step 4).")
                                : _("%s picks up a plastic charge (P-36 step 4)."),
                      name);
      return TRUE;
    }
  return FALSE;
}

/* correct-marker: the table made a mistake with a marker — a grenade's or
 * a fire mission's subphase, a smoke cloud's end, the charges at a spot, an
 * obstacle's damage — or a marker that should not be there. */
static const char * const marker_fields[] = { "due", "expires", "charges", "damage", "label", "removed", NULL };
static const char * const marker_labels[] = {
  N_("time it goes off"), N_("time it clears"), N_("charges"), N_("damage"), N_("label"), NULL, NULL
};

/* The marker the command corrects and which of its fields (@field); NULL
 * when the command does not name one the table may correct. */
static SlMarker *
read_marker_correction (SlCommand *c,
                        int       *id,
                        int       *field)
{
  SlReader *r = c->command;
  SlMarker *m;

  sl_reader_require (r, "marker");
  *id = sl_reader_int (r, "marker", 1, G_MAXINT, 1);
  sl_reader_require (r, "field");
  *field = sl_reader_enum (r, "field", marker_fields, N_("marker field"), 0);
  sl_reader_require (r, "value");
  if (!sl_reader_ok (r))
    return NULL;
  /* A secret marker is its side's: corrected in the history everyone
   * reads, it would be told (P-37 step 2, A-88); and the refusal reads as
   * for a marker that is not there, so that trying the numbers tells
   * nothing (issue 30 #2). */
  m = sl_command_table_marker (c, *id);
  if (m == NULL)
    {
      sl_reader_fail (r, "marker", _("There is no marker %d."), *id);
      return NULL;
    }
  return m;
}

/* "due" (@field 0) or "expires" (1): when a grenade or a fire mission
 * goes off, when smoke clears. Returns the moment as the history shows
 * it. */
static char *
correct_moment (SlCommand *c,
                SlMarker  *m,
                int        field)
{
  SlReader *r = c->command;
  g_autoptr(SlReader) v = sl_reader_object (r, "value");
  gboolean timed = field == 0 ? (m->kind == SL_MARKER_GRENADE || m->kind == SL_MARKER_FIRE_MISSION)
                              : m->kind == SL_MARKER_SMOKE;
  int now = sl_command_now (c);
  int turn, subphase, index;

  if (v == NULL)
    return NULL;
  turn = sl_reader_int (v, "turn", 1, 1000, c->state->turn);
  subphase = sl_reader_int (v, "subphase", 1, c->rules->subphases_per_turn, 1);
  sl_reader_require (v, "subphase");
  sl_reader_end (v);
  index = sl_subphase_index (c->rules, turn, subphase);
  if (!sl_reader_ok (r))
    return NULL;
  if (!timed)
    sl_reader_fail (r, "field", field == 0 ? _("Only a grenade or a fire mission goes off at a set time (P-34 step 6, P-38).")
                                           : _("Only a smoke cloud clears at a set time (A-112)."));
  /* Not in the past: what has gone by has happened. */
  else if (index < now || (index == now && field == 0 && c->state->step > SL_STEP_EXPLOSION))
    sl_reader_fail (r, "value", _("That moment has passed; the marker can only be moved to now or later."));
  else if (field == 0)
    m->due = index;
  else
    m->expires = index;
  return sl_command_when (c, index);
}

/* Sets @field of @m to the command's value; returns the value as the
 * history shows it. */
static char *
correct_field (SlCommand *c,
               SlMarker  *m,
               int        field)
{
  SlReader *r = c->command;

  switch (field)
    {
    case 0: /* due */
    case 1: /* expires */
      return correct_moment (c, m, field);
    case 2: /* charges */
      if (m->kind != SL_MARKER_CHARGE || m->type == 0)
        {
          sl_reader_fail (r, "field", _("Only plastic charges are counted at a spot; a shaped charge is alone (T-34a)."));
          return NULL;
        }
      m->type = sl_reader_int (r, "value", 1, 4, m->type);
      return g_strdup_printf ("%d", m->type);
    case 3: /* damage */
      {
        double levels;

        if (m->kind != SL_MARKER_OBSTACLE)
          {
            sl_reader_fail (r, "field", _("Only an obstacle takes damage that builds up (P-25)."));
            return NULL;
          }
        levels = sl_reader_number (r, "value", 0, c->rules->obstacle_destroyed_at - 0.5, 0);
        if (sl_reader_ok (r) && levels * 2 != (int) (levels * 2))
          sl_reader_fail (r, "value", _("An obstacle's damage counts in half wound levels (P-25)."));
        m->amount = (int) (levels * 2);
        return g_strdup_printf ("%g", levels);
      }
    case 4: /* label */
      {
        const char *label = sl_reader_string (r, "value", "");

        if (sl_reader_ok (r) && (*label == '\0' || strlen (label) >= sizeof m->label))
          sl_reader_fail (r, "value", _("A label is 1 to %d characters."), (int) sizeof m->label - 1);
        else
          g_strlcpy (m->label, label, sizeof m->label);
        return g_strdup (label);
      }
    case 5: /* removed */
      if (!sl_reader_bool (r, "value", FALSE) && sl_reader_ok (r))
        sl_reader_fail (r, "value", _("Say true to take the marker off the table."));
      return NULL;
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

gboolean
sl_command_correct_marker (SlCommand  *c,
                           GError    **error)
{
  SlMarker *m;
  SlMarker before;
  g_autofree char *shown = NULL;
  int id, field;

  m = read_marker_correction (c, &id, &field);
  if (m == NULL)
    return sl_command_inputs_done (c);
  before = *m;
  shown = correct_field (c, m, field);
  if (!sl_command_inputs_done (c))
    {
      *m = before;
      return FALSE;
    }
  sl_command_result (c, json_object_set_int_member, "marker", id);
  sl_command_result (c, json_object_set_string_member, "field", marker_fields[field]);
  if (field == 5)
    {
      sl_command_say (c, _("Correction: %s is taken off the table."), before.label);
      sl_state_remove_marker (c->state, id);
      return TRUE;
    }
  /* Translators: "Correction: the gate — charges: 3." */
  sl_command_say (c, _("Correction: %s — %s: %s."), before.label, _(marker_labels[field]), shown ? shown : "");
  return TRUE;
}
