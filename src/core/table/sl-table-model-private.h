/* sl-table-model-private.h: the parts of the table model shared by its
 * files — the model (sl-table-model.c), the core's answers to the
 * commands it asks about (sl-table-model-answers.c) and the JSON
 * (sl-table-model-json.c)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-table-model.h"

G_BEGIN_DECLS

/* A squad and who leads it now. */
typedef struct
{
  int        squad;
  int        side;
  int        leader;          /* the leader it answers to now, or -1 (P-32 step 8) */
  gboolean   acting;          /* @leader is its acting leader, its leader being out */
  SlQuality  quality;         /* after regroups (E-30) */
} SlTableSquad;

struct _SlTableModel
{
  GObject        parent_instance;

  SlGame        *game;         /* the game that owns this table (no reference) */
  gulong         changed_id;
  gboolean       valid;        /* what follows is the game's at @moment */
  guint64        moment;
  guint64        announced;    /* the moment `changed` was last emitted for */
  guint          n_computed;   /* how many times the table was worked out */

  GArray        *units;        /* SlTableUnit */
  GArray        *squads;       /* SlTableSquad */
  GArray        *due;          /* SlTableDue */
  SlTrack       *track;
  SlPromptKind   prompt_kind;
  char          *prompt;
  SlTableAnswer  next;
  SlTableAnswer  pass;
  GArray        *ambushers;    /* SlTableAmbusher */
  GArray        *detectors;    /* int */
  GArray        *next_passes;  /* int: groupings */
  SlTableOutcome outcome;      /* .sentence NULL: none */
  SlRefusal     *detect_refusal;

  /* Worked out when first asked after a change, per unit (NULL until). */
  GPtrArray     *actions;      /* GArray of SlTableAction */
  GPtrArray     *charges;      /* GArray of int */
};

/* Works the table out again when the game has changed since. */
void           sl_table_model_ensure          (SlTableModel  *self);
/* How many times the table was worked out (for the tests: once a change). */
guint          sl_table_model_get_n_computed  (SlTableModel  *self);
/* The game's moment: it changes with every change of its state. */
guint64        sl_table_model_game_moment     (SlGame        *game);

/* sl-table-model-answers.c: the core's previews of the commands the
 * table asks about. */

/* What @command would do now; fills @answer (its refusal or summary). */
void           sl_table_model_answer          (SlTableModel  *self,
                                               JsonNode      *command,
                                               SlTableAnswer *answer);
void           sl_table_model_answer_clear    (SlTableAnswer *answer);
/* Next, Pass, Ambush and Detect, into the model. */
void           sl_table_model_compute_answers (SlTableModel  *self);
/* @unit's actions (an array of SlTableAction) and charges it may set off. */
GArray        *sl_table_model_compute_actions (SlTableModel  *self,
                                               int            unit);
GArray        *sl_table_model_compute_charges (SlTableModel  *self,
                                               int            unit);

G_END_DECLS
