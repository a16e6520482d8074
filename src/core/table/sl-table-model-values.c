/* sl-table-model-values.c: the table model's values as properties — the
 * scenario's name and the clock, the prompt, the last result, whether the
 * game is over, what Pass, Ambush, Detect, a waiting mine and the
 * exposure sheet may do now, who has hidden units to place before play — notified only when one changes, so that a
 * front end binds them instead of reading the table again after every
 * command (issue 33 #2)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-table-model-private.h"

static GParamSpec *properties[SL_TABLE_N_PROPS];

GType
sl_prompt_kind_get_type (void)
{
  static gsize type;

  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { SL_PROMPT_OVER, "SL_PROMPT_OVER", "over" },
        { SL_PROMPT_DUE, "SL_PROMPT_DUE", "due" },
        { SL_PROMPT_TURN, "SL_PROMPT_TURN", "turn" },
        { SL_PROMPT_DECLARE, "SL_PROMPT_DECLARE", "declare" },
        { SL_PROMPT_NEXT, "SL_PROMPT_NEXT", "next" },
        { 0, NULL, NULL },
      };

      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("SlPromptKind"), values));
    }
  return type;
}

/* "Turn 2 of 6 · Action Phase · subphase 3 · Resolution", or "Game over
 * after turn 6". */
static char *
clock_words (const SlSetup *setup,
             const SlState *s)
{
  GString *clock = g_string_new (NULL);

  if (s->over)
    {
      g_string_append_printf (clock, _("Game over after turn %d"), s->turn);
      return g_string_free (clock, FALSE);
    }
  g_string_append_printf (clock, _("Turn %d of %d"), s->turn, setup->length_turns);
  g_string_append_printf (clock, " · %s", sl_phase_label (s->phase));
  if (s->phase == SL_PHASE_ACTION)
    {
      g_string_append_printf (clock, _(" · subphase %d"), s->subphase);
      if (s->step > SL_STEP_INITIATIVE_ORDER)
        g_string_append_printf (clock, " · %s", sl_step_label (s->step));
    }
  return g_string_free (clock, FALSE);
}

/* The first mine waiting to go off in the Action Phase (P-37), or -1. */
static int
waiting_mine (const SlState *s)
{
  if (s->over || s->phase != SL_PHASE_ACTION)
    return -1;
  for (guint i = 0; i < s->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (s->markers, SlMarker, i);

      if (sl_marker_is_waiting_mine (m))
        return m->id;
    }
  return -1;
}

void
sl_table_values_clear (SlTableValues *values)
{
  g_clear_pointer (&values->title, g_free);
  g_clear_pointer (&values->clock, g_free);
  g_clear_pointer (&values->prompt, g_free);
  g_clear_pointer (&values->outcome, g_free);
  g_clear_pointer (&values->outcome_when, g_free);
  g_clear_pointer (&values->hiding_to_place, g_free);
}

/* The values as the table stands now (the table worked out). */
static void
values_compute (SlTableModel  *self,
                SlTableValues *values)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *s = sl_game_get_state (self->game);

  sl_table_model_ensure (self);
  values->title = g_strdup (setup->name);
  values->clock = clock_words (setup, s);
  values->prompt_kind = self->prompt_kind;
  values->prompt = g_strdup (self->prompt);
  values->outcome = g_strdup (self->outcome.sentence);
  values->outcome_when = g_strdup (self->outcome.sentence != NULL ? self->outcome.when : NULL);
  values->over = s->over;
  values->may_pass = self->pass.refusal == NULL;
  values->may_ambush = sl_table_model_may_ambush (self);
  values->may_detect = self->detectors->len > 0;
  values->waiting_mine = waiting_mine (s);
  /* T-36: where the units are matters in vacuum or a hostile atmosphere. */
  values->exposure_matters = !s->over && (setup->environment.vacuum || setup->environment.hostile);
  values->hiding_to_place = sl_table_model_get_hiding (self, &values->hiding_by_agreement);
}

/* Whether a front end listens to one of the values. */
static gboolean
values_watched (SlTableModel *self)
{
  guint notify = g_signal_lookup ("notify", G_TYPE_OBJECT);

  if (g_signal_has_handler_pending (self, notify, 0, TRUE))
    return TRUE;
  for (guint p = 1; p < SL_TABLE_N_PROPS; p++)
    if (g_signal_has_handler_pending (self, notify, g_quark_from_static_string (properties[p]->name), TRUE))
      return TRUE;
  return FALSE;
}

/* After a change of the game: each value that changed is notified, once.
 * Nobody listening, nothing is worked out (the table stays lazy, as the
 * command line wants it), and the next listener is told every value. */
void
sl_table_model_publish (SlTableModel *self)
{
  SlTableValues now = { 0 };
  SlTableValues *was = &self->published;
  gboolean all = !self->published_valid;

  if (self->game == NULL || !values_watched (self))
    {
      self->published_valid = FALSE;
      return;
    }
  values_compute (self, &now);
  g_object_freeze_notify (G_OBJECT (self));
#define CHANGED(member, prop, same) \
  if (all || !(same)) g_object_notify_by_pspec (G_OBJECT (self), properties[prop])
  CHANGED (title, SL_TABLE_PROP_TITLE, g_strcmp0 (now.title, was->title) == 0);
  CHANGED (clock, SL_TABLE_PROP_CLOCK, g_strcmp0 (now.clock, was->clock) == 0);
  CHANGED (prompt_kind, SL_TABLE_PROP_PROMPT_KIND, now.prompt_kind == was->prompt_kind);
  CHANGED (prompt, SL_TABLE_PROP_PROMPT, g_strcmp0 (now.prompt, was->prompt) == 0);
  CHANGED (outcome, SL_TABLE_PROP_OUTCOME, g_strcmp0 (now.outcome, was->outcome) == 0);
  CHANGED (outcome_when, SL_TABLE_PROP_OUTCOME_WHEN, g_strcmp0 (now.outcome_when, was->outcome_when) == 0);
  CHANGED (over, SL_TABLE_PROP_OVER, now.over == was->over);
  CHANGED (may_pass, SL_TABLE_PROP_MAY_PASS, now.may_pass == was->may_pass);
  CHANGED (may_ambush, SL_TABLE_PROP_MAY_AMBUSH, now.may_ambush == was->may_ambush);
  CHANGED (may_detect, SL_TABLE_PROP_MAY_DETECT, now.may_detect == was->may_detect);
  CHANGED (waiting_mine, SL_TABLE_PROP_WAITING_MINE, now.waiting_mine == was->waiting_mine);
  CHANGED (exposure_matters, SL_TABLE_PROP_EXPOSURE_MATTERS, now.exposure_matters == was->exposure_matters);
  CHANGED (hiding_to_place, SL_TABLE_PROP_HIDING_TO_PLACE, g_strcmp0 (now.hiding_to_place, was->hiding_to_place) == 0);
  CHANGED (hiding_by_agreement, SL_TABLE_PROP_HIDING_BY_AGREEMENT,
           now.hiding_by_agreement == was->hiding_by_agreement);
#undef CHANGED
  sl_table_values_clear (was);
  *was = now;
  self->published_valid = TRUE;
  g_object_thaw_notify (G_OBJECT (self));
}

void
sl_table_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  SlTableModel *self = SL_TABLE_MODEL (object);
  g_auto(SlTableValues) v = { 0 };

  if (self->game == NULL)
    {
      g_param_value_set_default (pspec, value);
      return;
    }
  values_compute (self, &v);
  switch ((SlTableProp) prop_id)
    {
    case SL_TABLE_PROP_TITLE: g_value_set_string (value, v.title); break;
    case SL_TABLE_PROP_CLOCK: g_value_set_string (value, v.clock); break;
    case SL_TABLE_PROP_PROMPT_KIND: g_value_set_enum (value, v.prompt_kind); break;
    case SL_TABLE_PROP_PROMPT: g_value_set_string (value, v.prompt); break;
    case SL_TABLE_PROP_OUTCOME: g_value_set_string (value, v.outcome); break;
    case SL_TABLE_PROP_OUTCOME_WHEN: g_value_set_string (value, v.outcome_when); break;
    case SL_TABLE_PROP_OVER: g_value_set_boolean (value, v.over); break;
    case SL_TABLE_PROP_MAY_PASS: g_value_set_boolean (value, v.may_pass); break;
    case SL_TABLE_PROP_MAY_AMBUSH: g_value_set_boolean (value, v.may_ambush); break;
    case SL_TABLE_PROP_MAY_DETECT: g_value_set_boolean (value, v.may_detect); break;
    case SL_TABLE_PROP_WAITING_MINE: g_value_set_int (value, v.waiting_mine); break;
    case SL_TABLE_PROP_EXPOSURE_MATTERS: g_value_set_boolean (value, v.exposure_matters); break;
    case SL_TABLE_PROP_HIDING_TO_PLACE: g_value_set_string (value, v.hiding_to_place); break;
    case SL_TABLE_PROP_HIDING_BY_AGREEMENT: g_value_set_boolean (value, v.hiding_by_agreement); break;
    case SL_TABLE_N_PROPS:
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
sl_table_model_install_properties (GObjectClass *object_class)
{
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = sl_table_model_get_property;
  /* The scenario's name, and the clock: "Turn 2 of 6 · Action Phase ·
   * subphase 3 · Resolution". */
  properties[SL_TABLE_PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[SL_TABLE_PROP_CLOCK] = g_param_spec_string ("clock", NULL, NULL, NULL, flags);
  /* sl_table_model_get_prompt(). */
  properties[SL_TABLE_PROP_PROMPT_KIND] =
    g_param_spec_enum ("prompt-kind", NULL, NULL, SL_TYPE_PROMPT_KIND, SL_PROMPT_NEXT, flags);
  properties[SL_TABLE_PROP_PROMPT] = g_param_spec_string ("prompt", NULL, NULL, NULL, flags);
  /* sl_table_model_get_outcome(): its sentence and when, or NULL. */
  properties[SL_TABLE_PROP_OUTCOME] = g_param_spec_string ("outcome", NULL, NULL, NULL, flags);
  properties[SL_TABLE_PROP_OUTCOME_WHEN] = g_param_spec_string ("outcome-when", NULL, NULL, NULL, flags);
  properties[SL_TABLE_PROP_OVER] = g_param_spec_boolean ("over", NULL, NULL, FALSE, flags);
  /* Pass accepted now (P-08 step 2); an ambush may be sprung (§5.2); a
   * detection roll may be tried (P-27). */
  properties[SL_TABLE_PROP_MAY_PASS] = g_param_spec_boolean ("may-pass", NULL, NULL, FALSE, flags);
  properties[SL_TABLE_PROP_MAY_AMBUSH] = g_param_spec_boolean ("may-ambush", NULL, NULL, FALSE, flags);
  properties[SL_TABLE_PROP_MAY_DETECT] = g_param_spec_boolean ("may-detect", NULL, NULL, FALSE, flags);
  /* The marker id of the first mine waiting to go off (P-37), or -1. */
  properties[SL_TABLE_PROP_WAITING_MINE] =
    g_param_spec_int ("waiting-mine", NULL, NULL, -1, G_MAXINT, -1, flags);
  /* Where the units stand matters: vacuum or a hostile atmosphere (T-36). */
  properties[SL_TABLE_PROP_EXPOSURE_MATTERS] =
    g_param_spec_boolean ("exposure-matters", NULL, NULL, FALSE, flags);
  /* Before play: who has hidden units to place, and whether others may
   * hide by agreement (sl_table_model_get_hiding, P-28, §9.1). */
  properties[SL_TABLE_PROP_HIDING_TO_PLACE] = g_param_spec_string ("hiding-to-place", NULL, NULL, NULL, flags);
  properties[SL_TABLE_PROP_HIDING_BY_AGREEMENT] =
    g_param_spec_boolean ("hiding-by-agreement", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, SL_TABLE_N_PROPS, properties);
}
