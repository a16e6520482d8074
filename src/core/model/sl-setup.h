/* sl-setup.h: how a game is set up — scenario, sides, squads, groupings
 * and every unit with the fields of the paper unit log (T-04)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-ammunition.h"
#include "sl-conversion.h"
#include "sl-json.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* The advanced rule modules a scenario uses (digest §1.1). */
typedef enum
{
  SL_MODULE_DETECTION,       /* hiding and detection (§15.1) */
  SL_MODULE_AMBUSH,          /* §5.2, §15.14 */
  SL_MODULE_AMMUNITION,      /* §15.2 */
  SL_MODULE_AUTOMATIC_FIRE,  /* §15.3, needs ammunition */
  SL_MODULE_LEADERSHIP,      /* §15.4 */
  SL_MODULE_TROOP_QUALITY,   /* §15.5 T-25; the scenarios list it on its own */
  SL_MODULE_MORALE,          /* §15.5 rout, rally, regroup; needs leadership */
  SL_MODULE_AREA_EFFECTS,    /* §15.6 … §15.9 all four below: "area-effects" in a file */
  SL_MODULE_ENVIRONMENT,     /* §15.10 */
  SL_MODULE_EQUIPMENT,       /* §15.11 */
  SL_MODULE_TIMED_PLAY,      /* §15.12 */
  /* The area-effect weapons, each a rule of its own (book §9.6; T-42 F,
   * T-43 F list them apart); each needs ammunition. */
  SL_MODULE_GRENADES,        /* hand grenades and the launcher (P-34, P-35) */
  SL_MODULE_EXPLOSIVES,      /* plastic and shaped charges (P-36) */
  SL_MODULE_MINES,           /* P-37 */
  SL_MODULE_FIRE_MISSIONS,   /* P-38 */
  SL_N_MODULES
} SlModule;

extern const char * const sl_module_names[];
/* "Ammunition (§9.2)": for people, translated. */
const char *sl_module_label (SlModule module);
/* Whether @module is one of the area-effect weapons' (§9.6), which the
 * module SL_MODULE_AREA_EFFECTS ("area-effects") stands for together. */
gboolean    sl_module_is_area_effect (SlModule module);

typedef struct
{
  gboolean night;
  gboolean rain;
  gboolean snow;
  gboolean zero_g;
  gboolean vacuum;
  gboolean hostile;
  gboolean indoors;    /* the fighting is inside a building or ship */
  gboolean blackout;   /* night counts indoors (T-36) */
} SlEnvironmentSetup;

/* A side's primary objective (§10 E, P-40; the premade scenarios'
 * T-41 … T-43, which the rules data summarises). */
typedef enum
{
  SL_OBJECTIVE_NONE,     /* body count only (T-39) */
  SL_OBJECTIVE_KILL,     /* kill or knock out a share of the enemy (T-41) */
  SL_OBJECTIVE_ROUT,     /* the enemy is routed at the end (T-41, A-132) */
  SL_OBJECTIVE_CHARGES,  /* charges set off in the objective room (T-42) */
  SL_OBJECTIVE_HOLD,     /* hold the objective for the last turns (T-43, A-134) */
  SL_OBJECTIVE_PLAYERS,  /* a custom objective the players judge (§10 E, T-39) */
  SL_N_OBJECTIVES
} SlObjectiveKind;

extern const char * const sl_objective_names[];

/* One soldier, as he starts the game. */
typedef struct
{
  char           *id;
  int             index;       /* in SlSetup.units */
  int             counter;     /* the printed counter number */
  char           *name;
  char           *told;        /* as summaries name it: the name, with the counter
                                * where another unit has the same name */
  char           *label;       /* as lists show it: "3 · Legionnaire Ostra" */
  int             side;        /* indexes into the setup's arrays */
  int             squad;
  int             grouping;
  const SlTroop  *troop;
  const SlRace   *race;
  const SlArmor  *armor;
  const SlWeapon *weapons[2];  /* long arm and/or sidearm */
  int             n_weapons;
  int             in_hand;     /* index into weapons */
  char           *omni_mode;   /* "spike" or "slug" for an OMNI rifle */
  gboolean        naval;       /* naval tech troops */
  gboolean        launcher;    /* grenade launcher fitted (P-35) */
  SlGrenade       launcher_type;
  int             plastic_charges;
  int             shaped_charges;
  int             keys;
  gboolean        ecm_jammer;
  gboolean        ground_sensor;
  SlPosition      position;
  gboolean        bounce_pack;    /* using the pack when it has one (§8.2) */
  gboolean        stealth_power;  /* starts in stealth power mode */
  gboolean        hidden;
  gboolean        inside;         /* starts sheltered from vacuum or a hostile atmosphere:
                                   * in a pressurised ship or an intact building (T-36, A-120) */
  int             points;         /* unit point value (P-02, E-02) */
  SlLegionnaire  *legionnaire;    /* a Legionnaire player character (§18), or NULL */
} SlUnitSetup;

typedef struct
{
  char  *id;
  char  *name;
  int    squad;
  GArray *units;  /* int, unit indices */
} SlGroupingSetup;

typedef struct
{
  char      *id;
  char      *name;
  int        side;
  SlQuality  quality;
  int        leader;         /* unit index, or -1 */
  int        leader_rating;  /* T-24 */
  GArray    *units;          /* int, unit indices */
  GArray    *groupings;      /* int, grouping indices */
} SlSquadSetup;

typedef struct
{
  char   *id;
  char   *name;
  GArray *squads;  /* int */
  gboolean camo_tinter;  /* the side's troops are treated (T-37) */
  gboolean ecm;          /* the side has a working jammer (T-37) */
  /* Bought before the game (T-37, T-38): */
  int      fire_missions[SL_MAX_FIRE_MISSION_TYPES];  /* by T-35 entry (P-38 step 1) */
  int      mines;                                     /* P-37 step 1 */
  /* Victory (the setup's "victory"): */
  SlObjectiveKind objective;
  char    *objective_description;  /* the side's objective, for people */
  int      budget;                 /* scenario points, or -1 (T-39: unspent score) */
  int      spent;                  /* what its forces cost, as the builder priced them, or -1 */
  char    *starting_position;      /* the set-up, for people, or NULL */
} SlSideSetup;

/* A scenario's special conditions as rules the engine applies (book §10
 * G; T-41 … T-43, A-132 … A-135). */
typedef enum
{
  SL_CONDITION_TERRAIN,         /* the whole area counts as one terrain (T-10) */
  SL_CONDITION_FORBID_ACTIONS,  /* actions nobody (of a side) may take */
  SL_CONDITION_HOLD_FIRE,       /* a side may not fire (or engage) until fired upon */
  SL_CONDITION_DOORS,           /* doors and airlocks locked, keys or none (§6.4, P-12) */
  SL_CONDITION_RULES,           /* rule modules the scenario adds */
  SL_CONDITION_HIDING,          /* a side's units hide before play, paid by the scenario (P-28) */
  SL_CONDITION_INITIATIVE,      /* an initiative modifier (P-06 step 1) */
  SL_CONDITION_OPTION_VALUE,    /* a setup value a rule option gives */
  SL_CONDITION_RESTRICTION,     /* a restriction only the table can check (no map) */
  SL_N_CONDITIONS
} SlConditionKind;

extern const char * const sl_condition_kind_names[];

typedef struct
{
  SlConditionKind  kind;
  int              side;          /* a side index, or -1 for both */
  char            *text;          /* what the players read, translated */
  char            *ref;           /* "T-41 G, A-132" */
  int              from_turn;     /* in force from this turn … */
  int              until_turn;    /* … to this one (0: to the end) */
  /* terrain */
  const SlTerrain *terrain;
  /* forbid-actions */
  GPtrArray       *actions;       /* const SlAction * */
  /* hold-fire */
  gboolean         hold_fire;     /* no fire, throw, launch or charge … */
  gboolean         hold_melee;    /* … no engagement, until fired upon */
  /* doors */
  gboolean         doors_locked;
  gboolean         airlocks_blown; /* an airlock is only opened by blowing it */
  gboolean         no_keys;
  /* initiative */
  int              modifier;
  int              grouping;      /* a grouping index, or -1 for the side's */
} SlCondition;

typedef struct _SlSetup SlSetup;

/* A construction rule the forces break (P-02, P-35 … P-38, T-36, A-71,
 * A-143 … A-146). */
typedef struct
{
  char *rule;     /* digest id: "P-36" */
  char *message;  /* "TOG, 1st Squad: Unit tog-3 carries more than 2 explosive charges (P-36)." */
} SlSetupProblem;

struct _SlSetup
{
  char               *id;
  char               *name;
  char               *description;
  int                 length_turns;
  gboolean            modules[SL_N_MODULES];
  SlEnvironmentSetup  environment;
  SlOptions          *options;   /* the rule options in force (sl-options.h) */
  GPtrArray          *sides;      /* SlSideSetup */
  GPtrArray          *squads;     /* SlSquadSetup */
  GPtrArray          *groupings;  /* SlGroupingSetup */
  GPtrArray          *units;      /* SlUnitSetup */
  GHashTable         *unit_ids;   /* id -> SlUnitSetup */
  char               *book;       /* "§11.0, T-41", or NULL */
  GPtrArray          *notes;      /* char *, for the players */
  GPtrArray          *special;    /* char *, special conditions in words (§10 G) */
  GArray             *conditions; /* SlCondition, the special conditions in force */
  GPtrArray          *overrides;  /* char *, construction rules the players chose to break */
  GPtrArray          *problems;   /* SlSetupProblem, overridden or not */
  /* A game saved before the sides' purchases were recorded (game format
   * 2): fire missions and mines are limited only by T-37. */
  gboolean            purchases_unrecorded;
  /* A game saved before a seal was bound to its call or install (game
   * format 4 or older): a fire mission lands on any fire-mission note of
   * its side, a charge is concealed by a note sealed for it later (issue
   * 30 #1 keeps that for such games only). */
  gboolean            late_seals;
  /* Issue 30 #5: the game file's "free_nonces", not the setup's JSON: in
   * a game saved before format 6, the entries it held then; a seal among
   * them keeps the free nonce it was made with, every other seal's nonce
   * is bound to its place in the journal (sl-notes.h). */
  guint               free_nonces;
  /* The premade scenario the victory follows (T-41 … T-43), or NULL. */
  const SlScenarioSummary *scenario;
  char               *objective_place;  /* "the bridge", or NULL */
  JsonNode           *json;       /* the setup as read, written back unchanged */
};

/* Reads and checks a setup. Errors name the field ("sides[0].squads[1].
 * units[3].armor") and the problem. */
SlSetup            *sl_setup_new_from_json  (const SlRules  *rules,
                                             JsonNode       *node,
                                             GError        **error);
/* The same for a scenario file; the message names the file. */
SlSetup            *sl_setup_new_from_file  (const SlRules  *rules,
                                             const char     *path,
                                             GError        **error);
/* … with rule options the players chose (@options: {"id": value}, or
 * NULL) over the scenario's; a bad value is refused, naming the option. */
SlSetup            *sl_setup_new_from_file_with_options (const SlRules  *rules,
                                                         const char     *path,
                                                         JsonObject     *options,
                                                         GError        **error);
void                sl_setup_free           (SlSetup        *setup);
/* Before a new game starts: refuses, with the rules, a setup whose forces
 * break construction rules (setup->problems) its `overrides` do not list
 * — an override lists a broken rule by its digest id ("… (P-36)"), as the
 * custom scenario editor's "Play Anyway" writes them. Saved games are
 * read without it: they go on as they were started. */
gboolean            sl_setup_check_construction (const SlSetup *setup,
                                                 GError       **error);
/* The problems (SlSetupProblem, owned by @setup) no override names: those
 * sl_setup_check_construction refuses. */
GPtrArray          *sl_setup_unoverridden_problems (const SlSetup *setup);

const SlUnitSetup  *sl_setup_unit           (const SlSetup  *setup,
                                             const char     *id);
const SlUnitSetup  *sl_setup_unit_at        (const SlSetup  *setup,
                                             int             index);
const SlSquadSetup *sl_setup_squad_at       (const SlSetup  *setup,
                                             int             index);
const SlGroupingSetup *sl_setup_grouping_at (const SlSetup  *setup,
                                             int             index);
const SlSideSetup  *sl_setup_side_at        (const SlSetup  *setup,
                                             int             index);
int                 sl_setup_n_units        (const SlSetup  *setup);
/* The index of the squad, grouping or side with @id, or -1. */
int                 sl_setup_find_squad     (const SlSetup  *setup,
                                             const char     *id);
int                 sl_setup_find_grouping  (const SlSetup  *setup,
                                             const char     *id);
int                 sl_setup_find_side      (const SlSetup  *setup,
                                             const char     *id);
/* Whether the game uses @module (§1.1, §10 F); SL_MODULE_AREA_EFFECTS:
 * any of the area-effect weapons' modules. */
gboolean            sl_setup_has_module     (const SlSetup  *setup,
                                             SlModule        module);
/* The first condition of @kind in force for @side (-1: any) in @turn (0:
 * any), or NULL. */
const SlCondition  *sl_setup_condition      (const SlSetup  *setup,
                                             SlConditionKind kind,
                                             int             side,
                                             int             turn);
/* P-21: whether the units' actions start with a zero-G check: the
 * scenario is fought in zero gravity (T-36). */
gboolean            sl_setup_zero_g_checks  (const SlSetup  *setup);
/* P-38 step 1, T-37: whether side @side may call fire missions of T-35
 * entry @kind in this game: the scenario uses the fire mission rules and
 * the side bought some of that kind (any kind, in a game saved before
 * purchases were kept). How many are left is the core's `declare` to
 * check. */
gboolean            sl_setup_fire_missions_bought (const SlSetup *setup,
                                                   int            side,
                                                   guint          kind);

/* The SlSetup error domain: any problem with a setup or scenario. */
#define SL_SETUP_ERROR (sl_setup_error_quark ())
GQuark              sl_setup_error_quark    (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlSetup, sl_setup_free)

G_END_DECLS
