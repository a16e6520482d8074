/* sl-refusal.h: why the core refuses a command now — its message, the
 * field it concerns and the rules it cites — as the table model keeps it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct
{
  char  *message;  /* the core's words, as sl_game_apply refuses */
  char  *field;    /* the command's field it concerns ("target"), or NULL */
  GStrv  rules;    /* the rule ids it cites ("P-14", "A-18"), each once, in order; never NULL */
} SlRefusal;

/* The refusal @error (an SL_RULE_ERROR, or any error) says. */
SlRefusal   *sl_refusal_new      (const GError    *error);
SlRefusal   *sl_refusal_copy     (const SlRefusal *refusal);
void         sl_refusal_free     (SlRefusal       *refusal);
/* {"message", "field", "rules"} (docs/table-model.md). */
JsonNode    *sl_refusal_to_json  (const SlRefusal *refusal);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlRefusal, sl_refusal_free)

G_END_DECLS
