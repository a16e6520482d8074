/* sl-secrets.c: each side's secrets, for its private view
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-secrets.h"

void
sl_secret_free (SlSecret *secret)
{
  if (secret == NULL)
    return;
  g_free (secret->title);
  g_free (secret->detail);
  g_free (secret);
}

void
sl_hiding_free (SlHiding *hiding)
{
  if (hiding == NULL)
    return;
  g_array_unref (hiding->to_place);
  g_array_unref (hiding->may_hide);
  g_free (hiding);
}

gboolean
sl_secrets_hiding_open (const SlSetup *setup,
                        const SlState *state)
{
  g_return_val_if_fail (setup != NULL && state != NULL, FALSE);
  return sl_setup_has_module (setup, SL_MODULE_DETECTION) && sl_state_before_play (state) && !state->over;
}

gboolean
sl_secrets_may_hide (const SlRules *rules,
                     const SlSetup *setup,
                     const SlState *state,
                     int            unit)
{
  g_return_val_if_fail (rules != NULL && setup != NULL && state != NULL, FALSE);
  g_return_val_if_fail (unit >= 0 && unit < state->n_units, FALSE);
  return sl_secrets_hiding_open (setup, state) && !state->units[unit].detected &&
         !sl_state_unit_out (rules, state, unit);
}

gboolean
sl_secrets_mines_open (const SlSetup *setup,
                       const SlState *state)
{
  g_return_val_if_fail (setup != NULL && state != NULL, FALSE);
  /* P-37 step 2: written down before the game. */
  return sl_setup_has_module (setup, SL_MODULE_MINES) && sl_state_before_play (state) && !state->over;
}

GPtrArray *
sl_secrets_hiding (const SlRules *rules,
                   const SlSetup *setup,
                   const SlState *state)
{
  GPtrArray *sides = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_hiding_free);

  g_return_val_if_fail (rules != NULL && setup != NULL && state != NULL, sides);
  if (!sl_secrets_hiding_open (setup, state))
    return sides;
  for (guint side = 0; side < setup->sides->len; side++)
    {
      SlHiding *h = g_new0 (SlHiding, 1);

      h->side = side;
      h->to_place = g_array_new (FALSE, FALSE, sizeof (int));
      h->may_hide = g_array_new (FALSE, FALSE, sizeof (int));
      for (int u = 0; u < state->n_units; u++)
        {
          const SlUnitState *us = &state->units[u];

          if (sl_setup_unit_at (setup, u)->side != (int) side || !sl_secrets_may_hide (rules, setup, state, u))
            continue;
          /* P-28: the setup hid it; it lies under a pile once the side
           * has placed one. */
          if (us->hidden && us->pile[0] == '\0')
            g_array_append_val (h->to_place, u);
          /* §9.1: any other unit may hide by agreement. */
          else if (!us->hidden)
            g_array_append_val (h->may_hide, u);
        }
      g_ptr_array_add (sides, h);
    }
  return sides;
}

void
sl_secrets_unit_input (const SlSetup    *setup,
                       const SlState    *state,
                       int               unit,
                       SlDetectionInput *in)
{
  const SlUnitSetup *us = sl_setup_unit_at (setup, unit);
  const SlSideSetup *side = sl_setup_side_at (setup, us->side);
  gboolean equipment = sl_setup_has_module (setup, SL_MODULE_EQUIPMENT);

  in->target_armor = us->armor;
  in->decoy = FALSE;
  /* T-19 "*", A-123: the camo tinter (the option decides for which suits,
   * sl_detection_secret_breakdown), a Ranger suit, a power suit not
   * in stealth power mode (§15.13). */
  in->secret_modifiers[SL_DETECTION_CAMO_TINTER] = equipment && side->camo_tinter;
  in->secret_modifiers[SL_DETECTION_RANGER_SUIT] = us->armor->detection_against != 0;
  in->secret_modifiers[SL_DETECTION_NOT_STEALTH] = us->armor->power_suit && !state->units[unit].stealth_power;
}

static SlSecret *
secret_new (SlSecretKind kind,
            int          side,
            int          unit)
{
  SlSecret *s = g_new0 (SlSecret, 1);

  s->kind = kind;
  s->side = side;
  s->unit = unit;
  return s;
}

GPtrArray *
sl_secrets_list (const SlRules *rules,
                 const SlSetup *setup,
                 const SlState *state,
                 int            side)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_secret_free);

  for (int u = 0; u < state->n_units; u++)
    {
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);
      g_autoptr(SlBreakdown) secret = sl_breakdown_new ();
      SlDetectionInput in = { 0 };
      g_autoptr(GString) detail = g_string_new (NULL);
      SlSecret *s;

      if (!state->units[u].hidden || (side >= 0 && us->side != side))
        continue;
      s = secret_new (SL_SECRET_HIDDEN_UNIT, us->side, u);
      s->title = g_strdup (us->name);
      s->kept = TRUE;
      if (state->units[u].pile[0] != '\0')
        /* "under Pile C" */
        g_string_append_printf (detail, _("under %s"), state->units[u].pile);
      else
        g_string_append (detail, _("no pile placed yet"));
      sl_secrets_unit_input (setup, state, u, &in);
      sl_detection_secret_breakdown (rules, setup->options, &in, secret);
      for (guint i = 0; i < sl_breakdown_size (secret); i++)
        {
          const SlModifier *m = sl_breakdown_get (secret, i);

          g_autofree char *value = m->value < 0 ? g_strdup_printf ("\xe2\x88\x92%d", -m->value)
                                                 : g_strdup_printf ("+%d", m->value);

          g_string_append (detail, " · ");
          /* "Camo tinter +1", "Power suit not in stealth power mode −2" */
          g_string_append_printf (detail, _("%s %s"), m->label, value);
        }
      if (sl_breakdown_size (secret) == 0)
        g_string_append_printf (detail, " · %s", _("no secret modifier"));
      if (us->armor->power_suit && state->units[u].stealth_power)
        g_string_append_printf (detail, " · %s", _("in stealth power mode"));
      s->detail = g_strdup (detail->str);
      g_ptr_array_add (list, s);
    }

  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      int owner_side;
      SlSecret *s;

      if (m->kind != SL_MARKER_DECOY || m->owner < 0)
        continue;
      owner_side = sl_setup_unit_at (setup, m->owner)->side;
      if (side >= 0 && owner_side != side)
        continue;
      s = secret_new (SL_SECRET_DECOY, owner_side, m->owner);
      s->title = g_strdup (m->label);
      /* "a decoy, placed with Trooper Cole" */
      s->detail = g_strdup_printf (_("a decoy, placed with %s"), sl_setup_unit_at (setup, m->owner)->name);
      s->kept = TRUE;
      g_ptr_array_add (list, s);
    }

  for (guint i = 0; i < state->notes->len; i++)
    {
      const SlNote *n = g_ptr_array_index (state->notes, i);
      g_autofree char *code = sl_note_seal_code (n->digest);
      g_autofree char *time = n->sealed_at > 0 ? sl_note_time_label (n) : g_strdup ("—");
      SlSecret *s;

      if (side >= 0 && n->side != side)
        continue;
      s = secret_new (SL_SECRET_NOTE, n->side, -1);
      s->note = n->id;
      /* "Note 2 · a mine", "Note 1 · where Trooper Cole lies" */
      if (n->kind == SL_NOTE_HIDDEN_UNIT && n->unit >= 0)
        {
          g_autofree char *what = g_strdup_printf (_("where %s lies"), sl_setup_unit_at (setup, n->unit)->name);

          s->title = g_strdup_printf (_("Note %d · %s"), n->id, what);
          s->unit = n->unit;
        }
      else
        s->title = g_strdup_printf (_("Note %d · %s"), n->id, sl_note_kind_label (n->kind));
      /* "“B4 by the well” · sealed on turn 1 at 14:02 · seal 3f9a 2c1b" */
      s->detail = g_strdup_printf (_("“%s” · sealed on turn %d at %s · seal %s"), n->text, n->sealed_turn, time, code);
      s->kept = state->note_status[i] == SL_NOTE_SEALED;
      s->dud = state->note_status[i] == SL_NOTE_DUD;
      g_ptr_array_add (list, s);
    }
  return list;
}
