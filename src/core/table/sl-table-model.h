/* sl-table-model.h: the table as every front end reads it — what each
 * unit may do now and why not, its targets and status, who leads each
 * squad, what is due and its dice, the prompt, what Next, Pass, Detect and
 * Ambush would do, and what is public and what is secret for whom —
 * worked out by the core's own rules (its previews and checks) once per
 * change of the game (docs/table-model.md)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-due.h"
#include "sl-game.h"
#include "sl-refusal.h"
#include "sl-track.h"
#include "sl-unit-log.h"
#include "sl-viewer.h"

G_BEGIN_DECLS

/* Whether a unit is the leader its squad answers to now (P-32 step 8). */
typedef enum
{
  SL_LEADS_NOT,     /* not its squad's leader now */
  SL_LEADS_SQUAD,   /* its squad's leader, in the fight (§15.4) */
  SL_LEADS_ACTING,  /* its acting leader, the leader being out (P-32 step 8) */
} SlLeads;

/* One unit as the table stands. Everything but @unit, @side, @squad,
 * @grouping, @hidden, @out, @wound and @leads is its side's secret while
 * it is hidden (§15.1): see sl_table_model_unit_known(). */
typedef struct
{
  int        unit;
  int        side;
  int        squad;           /* as regroups left it (P-33) */
  int        grouping;
  gboolean   hidden;          /* that it is hidden is known to all (§15.1) */
  gboolean   out;             /* unconscious or dead (T-16) */
  SlWound    wound;
  SlLeads    leads;
  SlUnitLog  log;             /* its line of the squad log (T-04) */
  gboolean   dazed;           /* dazed in the current subphase (P-19) */
  gboolean   loses_action;    /* hit in the resolution step under way: loses its action
                               * (or its opportunity fire) as the step ends (§6.1, A-18) */
  gboolean   busy;            /* an action of its own holds it now: a new one gives it up
                               * (P-07 step 6) */
  gboolean   ambushed;        /* ambushed: can do nothing yet (§5.2) */
  gboolean   never_routs;     /* its squad's leader now, or a Legionnaire character (P-31 step 5, §18) */
  gboolean   fires_bursts;    /* the weapon in hand fires bursts (§15.3, P-30 step 1) */
  int        last_target;     /* the unit its current action is aimed at, or -1 */
  char      *orders;          /* what the rules make it do, as a sentence (A-104, P-23), or NULL */
  const char *pile;           /* the pile it lies under while hidden (P-28), or NULL */
  GArray    *targets;         /* int: the units it may fire at now (P-14 step 1, §15.1, T-16) */
} SlTableUnit;

/* One action of the Action Table (T-05) for one unit, as the core answers
 * its declaration now (unit and action; a zero-G check taken as passed,
 * what `declare` would do. */
typedef struct
{
  const SlAction *action;
  SlRefusal      *refusal;    /* why the core refuses it, or NULL when it is allowed */
  int             cost;       /* allowed: its AP (T-05, T-06), else -1 */
  int             end_turn;   /* allowed: the turn and subphase it ends in, else 0 */
  int             end_subphase;
} SlTableAction;

/* A die a command due now takes from the table. */
typedef struct
{
  const char       *field;    /* the command's field: "roll", "attack_roll" … */
  int               sides;    /* 10 or 100, as the rules give its check */
  const SlCheckDef *check;    /* its check of T-01, or NULL (a scatter die, T-28) */
  gboolean          listed;   /* @field is a list of dice ("scatter_rolls") */
} SlTableDie;

/* Something due now (sl_track_due_now) and the dice its command takes:
 * every die for avoid, melee, rally and rout-check; the table's main
 * rolls for fire, area-burst, throw and launch (their sheets add the
 * rest); none for detonate, blast and fire-mission. */
typedef struct
{
  SlDue         due;
  const char   *command;      /* the command that resolves it: "fire", "rout-check" … */
  GArray       *dice;         /* SlTableDie */
} SlTableDue;

/* What the table does now, in a sentence (sl_table_model_get_prompt). */
typedef enum
{
  SL_PROMPT_OVER,     /* the game is over */
  SL_PROMPT_DUE,      /* something must be resolved before the clock moves on: Next refuses, naming it */
  SL_PROMPT_TURN,     /* a grouping's turn in the initiative order (P-06 step 5, P-08 step 2) */
  SL_PROMPT_DECLARE,  /* units may declare actions, in any order */
  SL_PROMPT_NEXT,     /* nothing is due: the clock may move on */
} SlPromptKind;

GType                sl_prompt_kind_get_type     (void) G_GNUC_CONST;
#define SL_TYPE_PROMPT_KIND (sl_prompt_kind_get_type ())

/* What a command would do now: the core's preview. */
typedef struct
{
  SlRefusal  *refusal;        /* why the core refuses it, or NULL */
  char       *summary;        /* accepted: what it would do, in words (dice rolled for the
                               * occasion are forgotten), else NULL */
} SlTableAnswer;

/* One grouping and whether it may spring an ambush now (§5.2): the core's
 * answer to `ambush` by it. */
typedef struct
{
  int         grouping;
  SlRefusal  *refusal;        /* NULL: it may */
} SlTableAmbusher;

/* The last result on the table (issue 31 #3): the newest journal entry,
 * up to the game's position, that resolved something by the rules — the
 * initiative (P-06), a fire, a throw or a blast, a melee, a rally or a
 * rout check, a detection … — kept on the table until the next one. Its
 * words are the journal's, which the whole table may read (§15.1). */
typedef struct
{
  guint       entry;          /* its index in the journal */
  const char *command;        /* its command: "fire", "initiative" … */
  char       *when;           /* "Turn 2 · subphase 3" */
  char       *sentence;       /* what happened, the dice, the number needed, hit or miss,
                               * wounds, daze, scatter, the initiative order and scores,
                               * and whether the app rolled the dice: one paragraph */
  gboolean    app_rolled;     /* the app rolled some of its dice */
} SlTableOutcome;

/* What a journal entry is to the table (issue 31 #3). */
typedef enum
{
  SL_ENTRY_OTHER,     /* a declaration, a correction, a secret kept … */
  SL_ENTRY_RESULT,    /* it resolved something by the rules (SlTableOutcome) */
  SL_ENTRY_CLOCK,     /* the clock moved on: Next, or a grouping's turn passed (P-08) */
} SlEntryKind;

SlEntryKind          sl_table_entry_kind         (const SlJournalEntry *entry);

#define SL_TYPE_TABLE_MODEL (sl_table_model_get_type ())

G_DECLARE_FINAL_TYPE (SlTableModel, sl_table_model, SL, TABLE_MODEL, GObject)

/* Its properties (read-only, notified only when they change, after
 * `changed`): "title" and "clock" (the scenario's name; "Turn 2 of 6 ·
 * Action Phase · subphase 3"), "prompt-kind" and "prompt"
 * (sl_table_model_get_prompt), "outcome" and "outcome-when" (the last
 * result's sentence and when, or NULL), "over", "may-pass",
 * "may-ambush", "may-detect", "waiting-mine" (a mine's marker id, or -1),
 * "exposure-matters" (T-36), "hiding-to-place" and "hiding-by-agreement"
 * (sl_table_model_get_hiding). A front end binds them
 * (docs/table-model.md). */

/* The table of @game: made the first time it is asked for, kept as long
 * as the game, the same for every front end (transfer none). It follows
 * the game's `changed` signal and emits its own `changed` after it. */
SlTableModel        *sl_table_model_get_for_game (SlGame        *game);

/* Units */

guint                sl_table_model_get_n_units  (SlTableModel  *self);
const SlTableUnit   *sl_table_model_get_unit     (SlTableModel  *self,
                                                  int            unit);
/* Whether @viewer knows what @unit does and how it stands (its position,
 * action, status, targets): always, unless it is hidden and @viewer is
 * not told its side's secrets (§15.1). */
gboolean             sl_table_model_unit_known   (SlTableModel  *self,
                                                  int            unit,
                                                  SlViewer       viewer);
/* Each action of the Action Table for @unit, in the table's order
 * (*@n_actions of them): worked out when first asked after a change. */
const SlTableAction *sl_table_model_get_actions  (SlTableModel  *self,
                                                  int            unit,
                                                  guint         *n_actions);
/* The one with id @action, or NULL. */
const SlTableAction *sl_table_model_get_action   (SlTableModel  *self,
                                                  int            unit,
                                                  const char    *action);
/* Why @unit may not act now in the initiative order (P-06 step 5, P-08
 * step 2), or NULL when it may: the core's answer to a declaration. */
const SlRefusal     *sl_table_model_turn_refusal (SlTableModel  *self,
                                                  int            unit);
/* The charges (int: marker ids) @unit may set off by radio now (P-36
 * step 3): those the core's `detonate` accepts. */
GArray              *sl_table_model_get_charges  (SlTableModel  *self,
                                                  int            unit);
/* The units @viewer sees in the fight that a blast may catch, a mine's
 * trigger or a dive may hit now: in the fight when the step began (T-16,
 * A-18), and not hidden from @viewer (§15.1). An int array, owned. */
GArray              *sl_table_model_get_units_in_view (SlTableModel *self,
                                                       SlViewer      viewer);

/* Which units sl_table_model_get_units_on_table() lists. */
typedef enum
{
  SL_ON_TABLE_NOT_DEAD,  /* not dead: an unconscious unit still lies there (P-39) */
  SL_ON_TABLE_IN_FIGHT,  /* in the fight now: neither unconscious nor dead (T-16) */
} SlOnTable;

/* The units whose miniatures the whole table sees — not hidden (§15.1) —
 * and of those, @which: who may move inside or out (T-36) or stand behind
 * a breach (P-26). An int array, owned. */
GArray              *sl_table_model_get_units_on_table (SlTableModel *self,
                                                        SlOnTable     which);

/* Squads */

/* The leader @squad answers to now, or -1; *@acting (may be NULL) tells
 * whether that is its acting leader (P-32 step 8). The one function every
 * front end asks. */
int                  sl_table_model_squad_leader (SlTableModel  *self,
                                                  int            squad,
                                                  gboolean      *acting);

/* Markers, piles and notes */

/* Whether @viewer sees @marker as a marker (what it is, where and its
 * timer): a public one (sl_marker_is_public); a secret one or a decoy
 * only when told its side's secrets. */
gboolean             sl_table_model_marker_shown (SlTableModel   *self,
                                                  const SlMarker *marker,
                                                  SlViewer        viewer);
/* The side @marker belongs to (its owner's), or -1. */
int                  sl_table_model_marker_side  (SlTableModel   *self,
                                                  const SlMarker *marker);
/* Whether @viewer may read note @id's text: revealed, or its side's. */
gboolean             sl_table_model_note_readable (SlTableModel  *self,
                                                   int            id,
                                                   SlViewer       viewer);

/* What is due, the prompt, the buttons */

guint                sl_table_model_get_n_due    (SlTableModel  *self);
const SlTableDue    *sl_table_model_get_due      (SlTableModel  *self,
                                                  guint          index);
/* The first thing due of @unit's, or NULL. */
const SlTableDue    *sl_table_model_get_unit_due (SlTableModel  *self,
                                                  int            unit);
/* The subphase track as the table sees it (owned by the model). */
const SlTrack       *sl_table_model_get_track    (SlTableModel  *self);
/* What the table does now: its kind, and the core's sentence for people
 * (no keys named: a front end adds its own), never NULL. */
SlPromptKind         sl_table_model_get_prompt   (SlTableModel  *self,
                                                  const char   **sentence);
/* What Pass would do now (Next's: sl-table-model-private.h). */
const SlTableAnswer *sl_table_model_get_pass     (SlTableModel  *self);
/* The groupings Next would end the turn of now while some of their units
 * have still to decide (P-08 step 2), in the initiative order (int,
 * owned by the model): during declarations, the grouping whose turn it
 * is and those after it that Next would pass with it. More than one: a
 * front end asks before it presses Next (issue 31 #4). */
GArray              *sl_table_model_get_next_passes (SlTableModel *self);
/* Before play with the hiding rules (P-28, §9.1): how many units that
 * may hide lie under no pile yet — the hidden ones the setup left to
 * place (*@to_place, may be NULL) and those in view that may hide by
 * agreement — and whether Next ends the time for it (*@next_ends, may be
 * NULL: the Detection Phase of turn 1, Next starting the Action Phase,
 * P-04). How many, never which: the table may know it. */
guint                sl_table_model_get_not_under_pile (SlTableModel *self,
                                                        guint        *to_place,
                                                        gboolean     *next_ends);
/* Before play with the hiding rules (P-28, §9.1), in words: the sides
 * that have hidden units to place under piles ("Commonwealth has 2 hidden
 * units to place under piles; TOG has 1 hidden unit to place under a
 * pile"), or NULL; *@by_agreement (may be NULL): other units may hide
 * too, by agreement. How many, never which. */
char                *sl_table_model_get_hiding   (SlTableModel *self,
                                                  gboolean     *by_agreement);
/* The last result on the table, or NULL when nothing was resolved yet. */
const SlTableOutcome *sl_table_model_get_outcome (SlTableModel *self);
/* Every grouping, and whether it may spring an ambush now (§5.2). */
guint                sl_table_model_get_n_ambushers (SlTableModel *self);
const SlTableAmbusher *sl_table_model_get_ambusher (SlTableModel  *self,
                                                    guint          index);
/* Whether any grouping may. */
gboolean             sl_table_model_may_ambush   (SlTableModel  *self);
/* The units the core lets try a detection roll now on some pile of
 * another side (P-27, §15.1; int), owned by the model: empty when none
 * may; then *@refusal (may be NULL) is the core's first refusal, or NULL
 * when there was no pile to try. */
GArray              *sl_table_model_get_detectors (SlTableModel     *self,
                                                   const SlRefusal **refusal);

/* The model as JSON for @viewer (docs/table-model.md): what @viewer may
 * see, and nothing of the secrets of a side it is not told. */
JsonNode            *sl_table_model_to_json      (SlTableModel  *self,
                                                  SlViewer       viewer);

G_END_DECLS
