/* sl-preview-declare.c: a declaration's preview read typed — the members
 * sl-command-declare.c (the cost, the end, the odds of a shot), the
 * zero-G check of sl-command-environment.c and the avoidance of
 * sl-command-melee.c write, named here once
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-preview-declare.h"
#include "sl-preview-private.h"

/* P-23 a, A-75: the avoidance of a move away from melee contact. */
static void
read_avoidance (JsonObject       *o,
                SlDeclarePreview *out)
{
  JsonObject *avoidance = sl_preview_object_member (o, "avoidance");

  if (avoidance == NULL)
    out->avoidance = SL_AVOIDANCE_NONE;
  else if (json_object_has_member (avoidance, "both_avoid"))
    /* P-22 step 6: the opponent breaks off too. */
    out->avoidance = SL_AVOIDANCE_BOTH;
  else if (sl_check_odds_from_json (avoidance, &out->avoidance_odds))
    out->avoidance = SL_AVOIDANCE_ROLL;
  else
    out->avoidance = SL_AVOIDANCE_NO_ODDS;
}

void
sl_declare_preview_read (JsonNode         *preview,
                         SlDeclarePreview *out)
{
  JsonObject *o = sl_preview_node_object (preview);
  JsonObject *end;

  g_return_if_fail (out != NULL);
  *out = (SlDeclarePreview) { 0 };
  if (o == NULL)
    return;
  /* P-07: what the action costs and when it ends, once it starts. */
  end = sl_preview_object_member (o, "end");
  out->made = end != NULL;
  if (out->made)
    {
      out->cost = (int) json_object_get_int_member_with_default (o, "cost", 0);
      out->end_turn = (int) json_object_get_int_member_with_default (end, "turn", 0);
      out->end_subphase = (int) json_object_get_int_member_with_default (end, "subphase", 0);
    }
  /* P-14, T-14, T-22: a shot's odds as the logs stand, and a burst's. */
  out->has_to_hit = sl_check_odds_from_json (sl_preview_object_member (o, "to_hit"), &out->to_hit);
  if (json_object_has_member (o, "to_hit_note"))
    out->to_hit_note = g_strdup (json_object_get_string_member_with_default (o, "to_hit_note", ""));
  out->has_to_hit_burst = sl_check_odds_from_json (sl_preview_object_member (o, "to_hit_burst"),
                                                    &out->to_hit_burst);
  /* P-21: the zero-G check's odds, not the roll the preview made. */
  out->has_zero_g = sl_check_odds_from_json (sl_preview_object_member (o, "zero_g_check"), &out->zero_g);
  read_avoidance (o, out);
}

void
sl_declare_preview_clear (SlDeclarePreview *preview)
{
  g_return_if_fail (preview != NULL);
  g_clear_pointer (&preview->to_hit_note, g_free);
}
