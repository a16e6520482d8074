/* sl-command-new.h: the commands the app sends, built from typed fields
 * (docs/commands.md), and the dice a command asks the table for
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-combat.h"
#include "sl-environment.h"
#include "sl-explosives.h"
#include "sl-notes.h"
#include "sl-rules.h"
#include "sl-setup.h"
#include "sl-state.h"

G_BEGIN_DECLS

/* Every constructor returns a new command (an object node, to give to
 * sl_game_preview or sl_game_apply) holding exactly the fields of
 * docs/commands.md the app uses, in the order the app has always written
 * them. Units, squads, groupings and sides are indices into @setup, and
 * a command names them by id; −1 leaves an optional one out. A die of 0
 * is not given: the app rolls it. Strings are copied. */

/* The dice */

/* A die a command needs, as a sheet asks the table for it: sheets
 * describe their dice with an array of these. */
typedef struct
{
  const char *field;   /* the command's die: "roll", or a path to it ("grenades[1].roll") */
  int         sides;   /* 10 or 100 */
  const char *label;   /* what the sheet asks for: "Rout check (d100)" */
  gboolean    listed;  /* @field is a list of dice ("scatter_rolls"): this die is its one element */
} SlDieNeed;

/* Sets the die @need of @command to @value (1 … @need->sides). */
void         sl_command_set_die          (JsonNode           *command,
                                          const SlDieNeed    *need,
                                          int                 value);

/* Filling in a command a sheet has built: what the table says, by field
 * (a path as sl_json_set_path takes it). */

/* Sets @field to @value: a boolean ("b"), an integer ("i", "x"), a
 * number ("d"), a string ("s") or a list of strings ("as"). A floating
 * @value is consumed. */
void         sl_command_set_value        (JsonNode           *command,
                                          const char         *field,
                                          GVariant           *value);
/* Sets @field, a list of the table's own modifiers (a fire's or a
 * melee's "modifiers"), to the one modifier @value from @source:
 * [{"source", "value"}]. */
void         sl_command_set_modifier     (JsonNode           *command,
                                          const char         *field,
                                          const char         *source,
                                          int                 value);
/* A copy of @command that shares nothing with it, to fill in. */
JsonNode    *sl_command_copy             (JsonNode           *command);
/* The unit @command names as its "unit" (the one whose action it
 * resolves), an index into @setup; −1 for none. */
int          sl_command_get_unit         (const SlSetup      *setup,
                                          JsonNode           *command);

/* The sequence of play */

JsonNode    *sl_command_new_next         (void);
JsonNode    *sl_command_new_pass         (void);
JsonNode    *sl_command_new_cancel       (const SlSetup      *setup,
                                          int                 unit);

/* One grouping's initiative (P-06). */
typedef struct
{
  int      grouping;
  int      roll;          /* d10; 0: the app rolls it */
  gboolean countermove;   /* its decision, when it has one (the highest roll has none) */
} SlInitiativeRoll;

typedef struct
{
  const SlInitiativeRoll *groupings;   /* "rolls" and "decisions", in this order */
  guint                   n_groupings;
} SlInitiativeCommand;

JsonNode    *sl_command_new_initiative   (const SlSetup             *setup,
                                          const SlInitiativeCommand *command);

typedef struct
{
  int                     unit;
  const SlAction         *action;
  int                     combined_with;  /* SlMove, SL_COMBINE_KNEELING or SL_COMBINE_STAIRS;
                                           * SL_MOVE_NONE: none */
  SlThrow                 thrown;         /* "throw"; SL_THROW_NONE: a shot of the weapon in hand */
  SlBurstMode             burst;          /* SL_BURST_NONE: a single shot */
  const SlFireMissionDef *mission;        /* call-fire-mission: the kind called, or NULL */
  int                     target;         /* a unit, or −1 */
  int                     charge;         /* a charge's marker id (P-36 steps 4, 5), or 0 */
  /* A fire at an obstacle (P-25): its label, or NULL for none; its kind,
   * or NULL once it has a marker. */
  const char             *obstacle_label;
  const SlObstacle       *obstacle_kind;
  int                     to_position;    /* SlPosition, or −1 */
  gboolean                replace;
  int                     zero_g_roll;
  /* A move away from melee contact (P-23 a, A-75): the avoidance roll
   * ("roll"), the opponent's free attack ("attack_roll"), and whether the
   * opponent breaks off too ("target_decision", P-22 step 6). */
  int                     avoid_roll;
  int                     attack_roll;
  gboolean                target_avoids;
} SlDeclareCommand;

#define SL_DECLARE_COMMAND_INIT { .unit = -1, .target = -1, .to_position = -1 }

JsonNode    *sl_command_new_declare      (const SlSetup          *setup,
                                          const SlDeclareCommand *command);

/* Fire */

/* A unit just behind an obstacle the shot breaks through (P-26). */
typedef struct
{
  int unit;
  int roll;
} SlFireBehind;

typedef struct
{
  int                 unit;
  int                 target;            /* −1: the target declared */
  SlCover             cover;             /* SL_COVER_NONE: none said */
  int                 target_movement;   /* SlMove, or −1: what the target's log says */
  gboolean            firing_at_firer;
  gboolean            smoke;
  gboolean            concentrated;      /* "burst": "concentrated" */
  gboolean            no_los;
  int                 roll;
  int                 jam_roll;
  int                 hits_roll;
  /* At an obstacle the shot breaks through: the units behind it, when
   * @follow_through (the list may be empty). */
  gboolean            follow_through;
  const SlFireBehind *behind;
  guint               n_behind;
} SlFireCommand;

#define SL_FIRE_COMMAND_INIT { .unit = -1, .target = -1, .target_movement = -1 }

JsonNode    *sl_command_new_fire         (const SlSetup       *setup,
                                          const SlFireCommand *command);

/* A unit in an area burst's wedge (P-30 step 4). */
typedef struct
{
  int      unit;             /* −1: not named yet */
  double   distance_m;
  SlCover  cover;
  gboolean firing_at_firer;
  int      roll;
} SlAreaBurstTarget;

typedef struct
{
  int                      unit;
  const SlAreaBurstTarget *targets;
  guint                    n_targets;
  gboolean                 smoke;
  int                      jam_roll;
} SlAreaBurstCommand;

JsonNode    *sl_command_new_area_burst   (const SlSetup            *setup,
                                          const SlAreaBurstCommand *command);

/* Logs and markers by hand */

/* `correct`: @field of @unit's log (docs/commands.md) set to a value of
 * its kind. */
JsonNode    *sl_command_new_correct_string  (const SlSetup *setup,
                                             int            unit,
                                             const char    *field,
                                             const char    *value);
JsonNode    *sl_command_new_correct_int     (const SlSetup *setup,
                                             int            unit,
                                             const char    *field,
                                             int            value);
JsonNode    *sl_command_new_correct_boolean (const SlSetup *setup,
                                             int            unit,
                                             const char    *field,
                                             gboolean       value);
/* null: the action taken off the log, no breach, not dazed. */
JsonNode    *sl_command_new_correct_null    (const SlSetup *setup,
                                             int            unit,
                                             const char    *field);
/* {"turn", "subphase"}: "dazed_until". */
JsonNode    *sl_command_new_correct_moment  (const SlSetup *setup,
                                             int            unit,
                                             const char    *field,
                                             int            turn,
                                             int            subphase);
/* "breach" (P-39): {"state", "turn", "subphase"}, the moment its next
 * wound falls due, or without a moment (@turn 0) for 20 subphases from
 * now. A whole or sealed suit is null (see _null). */
JsonNode    *sl_command_new_correct_breach  (const SlSetup *setup,
                                             int            unit,
                                             SlBreachState  state,
                                             int            turn,
                                             int            subphase);

/* One fire of a unit's history for the rate of fire (P-15, T-23). */
typedef struct
{
  int turn;
  int subphase;
  int mode;      /* SlFireModeId */
  int target;    /* a unit, or −1 */
} SlCorrectFire;

/* "fires": the whole history, oldest first (none: cleared). */
JsonNode    *sl_command_new_correct_fires   (const SlSetup       *setup,
                                             int                  unit,
                                             const SlCorrectFire *fires,
                                             guint                n_fires);

/* `correct-marker`: @field of marker @marker set to a value of its kind. */
JsonNode    *sl_command_new_correct_marker_string  (int         marker,
                                                    const char *field,
                                                    const char *value);
JsonNode    *sl_command_new_correct_marker_int     (int         marker,
                                                    const char *field,
                                                    int         value);
/* "damage": wound levels, in halves (P-25). */
JsonNode    *sl_command_new_correct_marker_number  (int         marker,
                                                    const char *field,
                                                    double      value);
JsonNode    *sl_command_new_correct_marker_boolean (int         marker,
                                                    const char *field,
                                                    gboolean    value);
/* {"turn", "subphase"}: "due", "expires". */
JsonNode    *sl_command_new_correct_marker_moment  (int         marker,
                                                    const char *field,
                                                    int         turn,
                                                    int         subphase);

/* `exposure` (T-36, A-120): @unit, or when it is −1 the list @units. */
typedef struct
{
  int        unit;
  const int *units;
  guint      n_units;
  gboolean   inside;
} SlExposureCommand;

JsonNode    *sl_command_new_exposure     (const SlSetup           *setup,
                                          const SlExposureCommand *command);

/* `dive-stop`: into full cover, or into the unit @into (−1: not
 * said yet). */
JsonNode    *sl_command_new_dive_stop    (const SlSetup *setup,
                                          int            unit,
                                          gboolean       into_cover,
                                          int            into);

/* `objective` (T-42, T-43, §10 E): each field by side index. −1 leaves
 * the side out of the field, and a field with no side is left out. */
typedef struct
{
  int charges[2];
  int on_objective[2];
  int primary[2];       /* −1, FALSE or TRUE */
  int secondary[2];
} SlObjectiveCommand;

#define SL_OBJECTIVE_COMMAND_INIT { { -1, -1 }, { -1, -1 }, { -1, -1 }, { -1, -1 } }

JsonNode    *sl_command_new_objective    (const SlSetup            *setup,
                                          const SlObjectiveCommand *command);

/* Sheets of dice: the command as the sheet opens, which the sheet fills
 * in with the table's answers (sl_command_set_*) and its dice. */

JsonNode    *sl_command_new_throw        (const SlSetup *setup,
                                          int            unit);
/* A salvo of @count grenades of @type from the launcher (P-35, A-113). */
JsonNode    *sl_command_new_launch       (const SlSetup *setup,
                                          int            unit,
                                          SlGrenadeType  type,
                                          int            count);
/* What the table gives for each grenade of a salvo (P-35 steps 1 … 3):
 * its dice and its aim. */
typedef enum
{
  SL_LAUNCH_ROLL,             /* its landing die */
  SL_LAUNCH_SCATTER_ROLLS,    /* its scatter dice, a list */
  SL_LAUNCH_RANGE_M,          /* the range to its aim point */
  SL_LAUNCH_INDIRECT,         /* indirect fire, spotted by a friend */
  SL_LAUNCH_THROUGH_WINDOW,   /* aimed through a window */
} SlLaunchField;

/* The path of @field of grenade @grenade (from 0) of a launch command, as
 * sl_command_set_die and sl_command_set_value take it
 * ("grenades[1].roll"); a new string. */
char        *sl_command_launch_field     (int            grenade,
                                          SlLaunchField  field);
JsonNode    *sl_command_new_detonate     (const SlSetup *setup,
                                          int            unit);
JsonNode    *sl_command_new_avoid        (const SlSetup *setup,
                                          int            unit);
JsonNode    *sl_command_new_melee        (const SlSetup *setup,
                                          int            unit);
JsonNode    *sl_command_new_rally        (const SlSetup *setup,
                                          int            unit);
JsonNode    *sl_command_new_rout_check   (const SlSetup *setup,
                                          int            squad);
/* Whom and which pile are chosen on the sheet. */
JsonNode    *sl_command_new_detect       (void);
JsonNode    *sl_command_new_ambush       (void);

/* Melee */

typedef struct
{
  int      unit;
  int      target;
  gboolean avoid;                /* the defender's decision (default: fight) */
  gboolean replace;
  int      zero_g_roll;
  int      target_zero_g_roll;
} SlEngageCommand;

JsonNode    *sl_command_new_engage       (const SlSetup         *setup,
                                          const SlEngageCommand *command);

/* Explosions (§15.6 … §15.9) */

/* A unit caught by a blast. */
typedef struct
{
  int      unit;
  double   distance_m;
  gboolean half_cover;
  gboolean full_cover;
  gboolean sacrifice_dive;
  gboolean in_strip;
} SlBlastUnit;

/* Another charge caught in the explosion. */
typedef struct
{
  int marker;
  int roll;
} SlCaughtCharge;

typedef struct
{
  int                   marker;
  /* The obstacle a charge was placed against or a frag grenade aimed at
   * its label, or NULL for none; its kind, or NULL once it has a
   * marker; the grenade's distance from it, when @obstacle_distance. */
  const char           *obstacle_label;
  const SlObstacle     *obstacle_kind;
  gboolean              obstacle_distance;
  double                obstacle_distance_m;
  gboolean              breached;     /* only without an obstacle: then it is worked out */
  const SlBlastUnit    *units;        /* always given, maybe none */
  guint                 n_units;
  const SlCaughtCharge *charges;      /* given when there are some */
  guint                 n_charges;
} SlBlastCommand;

JsonNode    *sl_command_new_blast        (const SlSetup        *setup,
                                          const SlBlastCommand *command);

typedef struct
{
  int                     marker;
  const SlFireMissionDef *mission;      /* NULL: the kind called */
  int                     roll;
  int                     scatter_roll;
  int                     sealed;       /* the note with the impact point, or 0 */
  const SlBlastUnit      *units;
  guint                   n_units;
  const SlCaughtCharge   *charges;
  guint                   n_charges;
} SlFireMissionCommand;

JsonNode    *sl_command_new_fire_mission (const SlSetup              *setup,
                                          const SlFireMissionCommand *command);

/* A mine set off by @unit within @distance_m (P-37). */
typedef struct
{
  int                   marker;
  int                   unit;
  double                distance_m;
  gboolean              dud;
  const SlBlastUnit    *units;
  guint                 n_units;
  const SlCaughtCharge *charges;
  guint                 n_charges;
} SlMineTriggerCommand;

JsonNode    *sl_command_new_mine_trigger (const SlSetup              *setup,
                                          const SlMineTriggerCommand *command);
/* A mine written down by @unit's side, at @label (P-37 step 2). */
JsonNode    *sl_command_new_mine_lay     (const SlSetup *setup,
                                          int            unit,
                                          const char    *label);

/* Secrets (§15.1, P-28) */

typedef struct
{
  int                 unit;
  const char         *pile;
  const char * const *decoys;          /* given when there are some */
  guint               n_decoys;
  const char         *where;           /* sealed as a note, or NULL */
  int                 stealth_power;   /* −1: not said; FALSE or TRUE (T-19, A-126) */
} SlHideCommand;

JsonNode    *sl_command_new_hide         (const SlSetup       *setup,
                                          const SlHideCommand *command);
/* A note of @side's (−1: none named), on @marker when it is not 0. */
JsonNode    *sl_command_new_seal         (const SlSetup *setup,
                                          int            side,
                                          SlNoteKind     kind,
                                          const char    *text,
                                          int            marker);
/* A note of @side's sealed in @unit's action: a charge it installs, the
 * impact point of a fire mission it calls (P-36 step 6, P-38 step 3). */
JsonNode    *sl_command_new_seal_action  (const SlSetup *setup,
                                          int            side,
                                          SlNoteKind     kind,
                                          const char    *text,
                                          int            unit);
JsonNode    *sl_command_new_reveal       (int            note,
                                          gboolean       dud);

G_END_DECLS
