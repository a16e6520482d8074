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

/* The values the model publishes as properties (sl-table-model-values.c). */
typedef enum
{
  SL_TABLE_PROP_0,
  SL_TABLE_PROP_TITLE,
  SL_TABLE_PROP_CLOCK,
  SL_TABLE_PROP_PROMPT_KIND,
  SL_TABLE_PROP_PROMPT,
  SL_TABLE_PROP_OUTCOME,
  SL_TABLE_PROP_OUTCOME_WHEN,
  SL_TABLE_PROP_OVER,
  SL_TABLE_PROP_MAY_PASS,
  SL_TABLE_PROP_MAY_AMBUSH,
  SL_TABLE_PROP_MAY_DETECT,
  SL_TABLE_PROP_WAITING_MINE,
  SL_TABLE_PROP_EXPOSURE_MATTERS,
  SL_TABLE_PROP_HIDING_TO_PLACE,
  SL_TABLE_PROP_HIDING_BY_AGREEMENT,
  SL_TABLE_N_PROPS
} SlTableProp;

typedef struct
{
  char          *title;
  char          *clock;
  SlPromptKind   prompt_kind;
  char          *prompt;
  char          *outcome;
  char          *outcome_when;
  gboolean       over;
  gboolean       may_pass;
  gboolean       may_ambush;
  gboolean       may_detect;
  int            waiting_mine;
  gboolean       exposure_matters;
  char          *hiding_to_place;
  gboolean       hiding_by_agreement;
} SlTableValues;

void           sl_table_values_clear          (SlTableValues *values);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SlTableValues, sl_table_values_clear)

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

  SlTableValues  published;    /* as last notified, when @published_valid */
  gboolean       published_valid;
};

/* Works the table out again when the game has changed since. */
void           sl_table_model_ensure          (SlTableModel  *self);
/* How many times the table was worked out (for the tests: once a change). */
guint          sl_table_model_get_n_computed  (SlTableModel  *self);
/* The game's moment: it changes with every change of its state. */
guint64        sl_table_model_game_moment     (SlGame        *game);

/* sl-table-model-values.c: the values as properties. */
void           sl_table_model_install_properties (GObjectClass *object_class);
void           sl_table_model_get_property    (GObject       *object,
                                               guint          prop_id,
                                               GValue        *value,
                                               GParamSpec    *pspec);
/* Notifies the values that changed (after the game changed). */
void           sl_table_model_publish         (SlTableModel  *self);

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

/* For the tests: what Next would do now. */
const SlTableAnswer *sl_table_model_get_next     (SlTableModel  *self);

G_END_DECLS
