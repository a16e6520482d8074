/* sl-rules.h: the rules tables (digest T-01 … T-44), loaded from JSON
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "sl-json.h"

G_BEGIN_DECLS

/* The rule options' values and definitions (sl-options.h): only declared
 * here, so that adding an option rebuilds only what reads options. */
typedef struct _SlOptions   SlOptions;
typedef struct _SlOptionSet SlOptionSet;

/* The kinds of fire mission a rules file may list (T-35). */
#define SL_MAX_FIRE_MISSION_TYPES 4

#define SL_RULES_ERROR (sl_rules_error_quark ())

typedef enum
{
  SL_RULES_ERROR_NOT_FOUND,
  SL_RULES_ERROR_SYNTAX,
  SL_RULES_ERROR_INVALID,
} SlRulesError;

GQuark sl_rules_error_quark (void);

/* The movement types every table is indexed by. */
typedef enum
{
  SL_MOVE_NONE,
  SL_MOVE_WALK,
  SL_MOVE_RUN,
  SL_MOVE_SPRINT,
  SL_MOVE_CRAWL,
  SL_MOVE_JUMP,
  SL_MOVE_DIVE,
  SL_MOVE_BACKWARD,
  SL_MOVE_SIDEWAYS,
  SL_N_MOVES
} SlMove;

extern const char * const sl_move_names[];

/* "walking", "standing still": for sentences, translated. */
const char *sl_move_label     (SlMove     move);

typedef enum
{
  SL_POSITION_STANDING,
  SL_POSITION_KNEELING,
  SL_POSITION_PRONE,
  SL_N_POSITIONS
} SlPosition;

extern const char * const sl_position_names[];

/* "kneeling": for sentences, translated. */
const char *sl_position_label (SlPosition position);

/* Cover between firer and target, as the players describe it (T-14). */
typedef enum
{
  SL_COVER_NONE,
  SL_COVER_HALF_SOFT,
  SL_COVER_HALF_HARD,
  SL_COVER_FULL_SOFT,
  SL_COVER_FULL_HARD,
  SL_COVER_LIGHT_WOODS,
  SL_COVER_HEAVY_WOODS,
  SL_COVER_WINDOW,
  SL_N_COVERS
} SlCover;

extern const char * const sl_cover_names[];

typedef enum
{
  SL_WOUND_NONE,
  SL_WOUND_LIGHT,
  SL_WOUND_MODERATE,
  SL_WOUND_SERIOUS,
  SL_WOUND_UNCONSCIOUS,
  SL_WOUND_DEAD,
  SL_N_WOUNDS
} SlWound;

extern const char * const sl_wound_names[];

typedef enum
{
  SL_QUALITY_CIVILIAN,
  SL_QUALITY_GREEN,
  SL_QUALITY_REGULAR,
  SL_QUALITY_VETERAN,
  SL_QUALITY_ELITE,
  SL_N_QUALITIES
} SlQuality;

extern const char * const sl_quality_names[];
/* "Regular": for people, translated. */
const char *sl_quality_label (SlQuality quality);

typedef enum
{
  SL_WEAPON_LASER,
  SL_WEAPON_SLUG,
  SL_WEAPON_SPIKE,
  SL_WEAPON_CASELESS,
  SL_N_WEAPON_CLASSES
} SlWeaponClass;

extern const char * const sl_weapon_class_names[];

/* Rows of the charge-shot table T-32. */
typedef enum
{
  SL_CHARGE_ROW_SMG_PISTOL,
  SL_CHARGE_ROW_LASER,
  SL_CHARGE_ROW_SLUG,
  SL_CHARGE_ROW_SPIKE,
  SL_CHARGE_ROW_EXPLOSION,
  SL_N_CHARGE_ROWS
} SlChargeRow;

extern const char * const sl_charge_row_names[];

typedef enum
{
  SL_MAGAZINE_NONE,
  SL_MAGAZINE_R,
  SL_MAGAZINE_P,
  SL_MAGAZINE_FG,
  SL_MAGAZINE_SG,
  SL_N_MAGAZINES
} SlMagazine;

extern const char * const sl_magazine_names[];

typedef enum
{
  SL_ACTION_MOVEMENT,
  SL_ACTION_FIRE,
  SL_ACTION_AIMED_FIRE,
  SL_ACTION_OPPORTUNITY_FIRE,
  SL_ACTION_MELEE,
  SL_ACTION_OTHER,
  SL_N_ACTION_CATEGORIES
} SlActionCategory;

extern const char * const sl_action_category_names[];

/* A check of T-01: d10 (or d100) roll-under with natural results. */
typedef struct
{
  char    *id;
  char    *name;
  int      die;           /* 10 or 100 */
  int      target;        /* success when net <= target */
  gboolean automatic;     /* natural 1 succeeds, natural max fails */
  gboolean natural_only;  /* no modifiers at all (fire missions) */
} SlCheckDef;

typedef struct
{
  char  *id;
  char  *name;
  double move[3];         /* metres added to walk, run, sprint */
  int    initiative;
  int    armor;
  int    to_hit;
  int    leader;
  gboolean leader_only;
  int    melee;
} SlRace;

typedef struct
{
  char    *id;
  char    *name;
  int      cost;
  int      to_hit;
  int      melee;
  gboolean zero_g_allowed;  /* FALSE for "N/A" (penal) */
  int      zero_g;
  gboolean has_zero_g_naval;
  int      zero_g_naval;
  char    *suit;
  char    *naval_suit;
  int      ambush_to_hit;
  gboolean bounce_doctrine; /* FALSE: "no bouncepack" */
  char    *required_weapon;
  char    *remarks;
} SlTroop;

/* The firing characteristics of a weapon (in one OMNI mode). */
typedef struct
{
  int           to_hit;
  int           penetration;
  gboolean      auto_fire;
  SlWeaponClass weapon_class;
  SlChargeRow   charge_row;
} SlWeaponProfile;

typedef struct
{
  char           *id;
  char           *name;
  int             cost;
  int             rounds;    /* rounds per magazine, 0 for no limit */
  SlMagazine      magazine;
  gboolean        rifle;     /* takes a grenade launcher */
  gboolean        carbine;
  gboolean        zero_g_penalty;
  SlWeaponProfile profile;
  gboolean        has_modes;
  SlWeaponProfile spike_mode;
  SlWeaponProfile slug_mode;
} SlWeapon;

typedef struct
{
  char    *id;
  char    *name;
  int      af;
  int      melee_protection;
  double   move_cost;         /* metres of allowance per metre, 1 = none */
  gboolean bounce;
  int      cost;
  int      detection;         /* DETEC MOD on its own detection rolls */
  int      to_hit_against;    /* Ranger suit +3 */
  int      detection_against; /* Ranger suit (option rangerDetectionMod) */
  gboolean thruster;
  /* T-13a */
  gboolean power_suit;
  gboolean fire_control;
  gboolean sensor;
  gboolean sealed;
} SlArmor;

typedef struct
{
  char            *id;
  char            *name;
  int              cost;
  SlActionCategory category;
  gboolean         combinable;
  int              combination_extra;
  gboolean         leader_only;
  gboolean         fire;
  SlMove           move;      /* SL_MOVE_NONE unless a movement type */
  int              locked_extra;
  int              airlock_extra;
  int              key_from_body_extra;
  char            *requires;  /* "prone" or NULL */
  char            *ends;      /* position at the end, or NULL */
  char            *option;    /* option that must be on, or NULL */
} SlAction;

typedef struct
{
  char    *id;
  char    *name;
  gboolean prohibited;
  double   cost;
  int      modifier;          /* DET/FIR */
  double   los_limit_m;       /* 0 = none */
  double   max_per_subphase_m;/* 0 = none */
  gboolean forbids[SL_N_MOVES];
  char    *bounce;            /* "clear", "light-woods", "normal" or NULL */
  gboolean slope;
} SlTerrain;

typedef struct
{
  char    *id;
  char    *name;
  char    *box;
  int      to_hit;
  int      melee;
  int      ap_penalty;
  gboolean dazes;
  gboolean out;
} SlWoundLevel;

typedef struct
{
  char *id;
  char *name;
  int   af;                   /* -1: taken from an option (sliding door) */
  char *kind;
  char *option;
} SlObstacle;

typedef struct
{
  char    *id;
  char    *name;
  int      value;
  gboolean secret;
  gboolean advanced;
  double   beyond_m;
} SlDetectionModifier;

typedef struct
{
  char    *id;
  char    *name;
  int      max_per_turn;
  gboolean after_previous;
  gboolean same_target;
  int      to_hit;
  gboolean movement;
  int      max_hits;
} SlFireMode;

typedef struct
{
  char *id;
  char *name;
  int   initiative;
  int   rout;
  int   rally;
} SlQualityRow;

typedef struct
{
  double max_m;
  int    penetration;
} SlBand;

typedef struct
{
  char *id;
  char *name;
  int   max_m;
  int   modifier;
} SlGrenadeRange;

typedef struct
{
  char *id;
  char *name;
  int   cost;
  char *check;
  char *scatter;
  int   charges;
} SlFireMissionDef;

typedef struct
{
  char    *id;
  char    *name;
  gboolean has_limit_per_side;
  int      limit_per_side;
  int      limit_per_carrier;
  int      to_hit;
  int      detection;
} SlEquipment;

typedef struct
{
  char  *id;
  double min_ratio;
  char  *high;
  char  *low;
} SlVictoryLevel;

typedef struct
{
  char  *id;
  char  *table;
  char  *name;
  int    length_turns;
  char **rules;
  int    kill_fraction[2];
  int   *charge_points;
  int    n_charge_points;
  int    extra_charge_points;
  int    hold_turns;
  int    enemy_on_objective_points;
} SlScenarioSummary;

typedef struct
{
  int min;
  int max;
  int modifier;
  gboolean has_non_combat;
  int non_combat_modifier;
} SlSkillBand;

/* A table of named entries, in file order, looked up by id. */
typedef struct
{
  GPtrArray  *items;
  GPtrArray  *ids;      /* NULL-terminated list of the ids */
  GHashTable *by_id;
  char       *what;     /* "weapon", for messages */
  char       *table;    /* "T-12" */
} SlTable;

gconstpointer sl_table_lookup (const SlTable *table,
                               const char    *id);
/* NULL-terminated list of the ids, owned by the table. */
const char * const *sl_table_ids (const SlTable *table);

typedef struct _SlRules SlRules;

struct _SlRules
{
  char *path;
  guint64 content_hash;  /* of the JSON text (sl_hash_bytes): the opening cache's key */
  char *id;
  char *title;
  char *edition;

  SlTable checks;        /* SlCheckDef, T-01 */
  SlTable map_features;  /* T-02, informational */
  SlTable counters;      /* T-03 */
  int     counters_stated_total;
  SlTable unit_colours;  /* T-03a */
  SlTable log_fields;    /* T-04 */
  SlTable actions;       /* SlAction, T-05 */

  /* T-06 */
  gboolean combination_moves[SL_N_MOVES + 1];  /* last index: kneeling */
  int      running_multiplier;
  char   **sprint_allows;
  int      kneeling_minimum;

  double dive_distance[SL_N_MOVES];  /* T-07, by move before the dive */

  SlTable races;         /* SlRace, T-08 */

  /* T-09 */
  double rate_base[SL_N_MOVES];
  double rate_backward_walk;
  double rate_backward_crawl;
  double rate_sideways;
  double bounce_multiplier;
  double bounce_light_woods[SL_N_MOVES];
  double rate_moderate[SL_N_MOVES];
  double rate_serious[SL_N_MOVES];
  double rate_snow[SL_N_MOVES];
  gboolean night_no_power_suit_sprint;
  gboolean zero_g_sprint;

  SlTable terrain;       /* SlTerrain, T-10 */
  SlTable troops;        /* SlTroop, T-11 */
  SlTable weapons;       /* SlWeapon, T-12 */
  SlTable armor;         /* SlArmor, T-13 and T-13a */

  /* T-14 */
  struct
  {
    int firer_movement[SL_N_MOVES];
    gboolean firer_movement_allowed[SL_N_MOVES];
    int facing_small;
    int facing_large;
    int target_movement[SL_N_MOVES];
    int firing_prone;
    int target_prone;
    int vehicle;
    int stealth_power;
    int ecm;
    int night_power_suit;
    int night_no_power_suit;
    int smoke;
    int camo_tinter;
    int cover_half_soft;
    int cover_half_hard;
    int cover_full_soft;
    int cover_full_hard;
    int woods_light;
    int woods_heavy;
    int aimed;
    int opportunity;
    int area_burst;
    int concentrated_burst;
    int consecutive_burst;
    int other_unit_on_line;
    double rain_beyond_m;
    int rain;
    double snow_beyond_m[2];
    int snow[2];
    int follow_through;
  } to_hit;

  /* T-15 */
  char **los_blocked_by;
  char **los_penalised_by;
  double level_height_m;
  int    dead_zone_min_lines;
  double dead_zone_m_per_line;
  double dead_zone_negated_within_m;
  double dead_zone_infinite_within_m;

  SlWoundLevel wounds[SL_N_WOUNDS];   /* T-16 */
  int          daze_subphases;
  double       victory_fraction[SL_N_WOUNDS];  /* T-17 */

  SlTable obstacles;     /* SlObstacle, T-18 */
  int     obstacle_destroyed_at;
  int     follow_through_min_margin;
  int     follow_through_penetration_loss;
  double  follow_through_reach_m;

  SlTable detection_modifiers;  /* SlDetectionModifier, T-19 */
  double  detection_automatic_within_m;

  int magazines[SL_N_MAGAZINES];      /* T-20 */
  int burst_rounds;

  /* T-21, indexed by rounds 1..5 */
  struct
  {
    gboolean fixed;
    int value;       /* fixed hits */
    int divisor;
    int subtract;
    int minimum;
    gboolean has_option_minimum;
    int option_minimum;
  } burst_hits[6];

  SlTable fire_modes;    /* SlFireMode, T-22 */

  /* T-23 */
  int fire_budget_normal;
  int fire_budget_auto;
  char *third_fire_must_be;
  int subphases_per_turn;

  int leader_cost[5];    /* T-24, index rating + 2 */

  SlQualityRow quality[SL_N_QUALITIES];  /* T-25 */
  SlQuality    default_quality;

  /* T-26 */
  struct
  {
    int leader_multiplier;
    int wounded_friend;
    int dead_friend;
    int enemy_leader_dead;
    int leader_dead;
    int penal_leader_visible;
    int penal_leader_not_visible;
    int enemy_casualty;
    int interval_turns;
  } rout;

  /* T-27 */
  SlGrenadeRange grenade_ranges[3];
  int grenade_not_seen;
  int grenade_through_window;
  double grenade_minimum_landing_m;
  int grenade_detonation_delay;

  /* T-28: 0 long, 1 short, 2 left, 3 right, 4 double, 5 triple */
  int scatter_direction[11];
  gboolean scatter_obstacle_reroll[6];

  /* T-29 */
  double scatter_hand[3];
  double scatter_launcher;
  double scatter_mortar;
  double scatter_missile;
  int    scatter_multiplier_double;
  int    scatter_multiplier_triple;

  /* T-30 */
  SlBand frag_bands[8];
  int    n_frag_bands;
  int    frag_half_cover_reduction;
  int    sacrifice_dive_bonus;

  /* T-31 */
  struct
  {
    int cost;
    int grenades;
    int per_fire_action;
    double minimum_range_m;
    double indirect_minimum_range_m;
    double hand_minimum_range_m;
    double hand_maximum_range_m;
  } launcher;

  /* T-32: [row][result] = {first, last} or {0, 0} for none; results are
   * 0 none, 1 destroyed, 2 explosion */
  int charge_shot[SL_N_CHARGE_ROWS][3][2];

  SlBand plastic_bands[8];   /* T-33 */
  int    n_plastic_bands;

  char *multiple_charges_printed[7][4];  /* T-34 as printed: radius, 2, 3, 4 */

  /* T-34a */
  double multi_band_max_m[7];
  int    multi_split[3][7];        /* [charges - 2][band] */
  int    multi_progressive[3][7];
  int    mortar_column;
  int    missile_column;

  SlTable fire_missions;  /* SlFireMissionDef, T-35; at most SL_MAX_FIRE_MISSION_TYPES */
  int     fire_missions_per_side;

  /* T-36 */
  struct
  {
    int night_to_hit_power;
    int night_to_hit_no_power;
    int night_detection_power;
    int night_detection_no_power;
    double rain_beyond_m;
    int rain_to_hit;
    int rain_detection;
    double snow_beyond_m[2];
    int snow[2];
    int zero_g_melee;
    int zero_g_weapon_penalty;
    double zero_g_jump_multiplier;
    int suit_breach_delay;
  } environment;

  SlTable equipment;     /* SlEquipment, T-37 */
  int     charges_per_carrier;

  /* T-38, in the order of sl_cost_item_names */
  GHashTable *scenario_costs;   /* id -> GINT_TO_POINTER(cost + 1) */
  double      hidden_unit_surcharge;

  /* T-39 */
  int vp_primary;
  int vp_secondary;
  int vp_per_unspent_point;

  SlVictoryLevel victory_levels[4];  /* T-40, decreasing ratio */

  SlTable scenarios;     /* SlScenarioSummary, T-41 … T-43 */

  /* T-44 */
  SlSkillBand skill_bands[8];
  int         n_skill_bands;
  int         skill_levels_per_modifier;
  int         no_melee_weapon;
  char       *partial_armor;

  /* §18 Centurion: the troop types that count as normal infantry; every
   * other type counts as a bailed-out tank crew. */
  char      **centurion_infantry;

  SlOptionSet *options;  /* the option definitions and their defaults */
};

/* Loads and validates @path. On failure the message names the file, the
 * entry and the problem. */
SlRules       *sl_rules_load_file       (const char  *path,
                                         GError     **error);
SlRules       *sl_rules_load_data       (const char  *data,
                                         gssize       length,
                                         const char  *name,
                                         GError     **error);
/* Finds the rules file: $SQUADLOG_RULES, then the user's data directory
 * (house rules), then the data that comes with Squad Log (installed, or in
 * $SQUADLOG_PKGDATADIR). */
char          *sl_rules_find_default    (void);
SlRules       *sl_rules_load_default    (GError     **error);
/* A data file: in $SQUADLOG_DATA_DIR, else the user's data directory when
 * the file is there, else the data that comes with Squad Log: the installed
 * data directory, or $SQUADLOG_PKGDATADIR when it is set (`meson devenv`
 * sets it to the source tree's data/ for running from the build tree). */
char          *sl_data_find             (const char  *subdir,
                                         const char  *name);
/* The folder of the data that comes with Squad Log: $SQUADLOG_PKGDATADIR,
 * else the installed one. */
const char    *sl_data_pkgdatadir       (void);
/* The directories holding @subdir's data, the user's own first (the
 * environment's SQUADLOG_DATA_DIR alone when it is set). */
GPtrArray     *sl_data_dirs             (const char  *subdir);
SlRules       *sl_rules_ref             (SlRules     *rules);
void           sl_rules_unref           (SlRules     *rules);

/* Lookups; NULL when unknown. */
const SlRace   *sl_rules_race           (const SlRules *rules, const char *id);
const SlWeapon *sl_rules_weapon         (const SlRules *rules, const char *id);
const SlArmor  *sl_rules_armor          (const SlRules *rules, const char *id);
const SlAction *sl_rules_action         (const SlRules *rules, const char *id);
const SlTerrain *sl_rules_terrain       (const SlRules *rules, const char *id);
const SlCheckDef *sl_rules_check        (const SlRules *rules, const char *id);
const SlFireMode *sl_rules_fire_mode    (const SlRules *rules, const char *id);
const SlDetectionModifier *sl_rules_detection_modifier (const SlRules *rules, const char *id);
const SlEquipment *sl_rules_equipment   (const SlRules *rules, const char *id);
const SlFireMissionDef *sl_rules_fire_mission (const SlRules *rules, const char *id);
const SlScenarioSummary *sl_rules_scenario (const SlRules *rules, const char *id);
/* Scenario cost (T-38) of @item; FALSE when unknown. */
gboolean       sl_rules_scenario_cost   (const SlRules *rules,
                                         const char    *item,
                                         int           *cost);

/* The profile of @weapon in @omni_mode ("spike" or "slug"; NULL for the
 * weapon's own profile). */
const SlWeaponProfile *sl_weapon_get_profile (const SlWeapon *weapon,
                                              const char     *omni_mode);

/* Armor factor of @obstacle, taking the sliding-door option into account. */
int            sl_rules_obstacle_af     (const SlRules    *rules,
                                         const SlOptions  *options,
                                         const SlObstacle *obstacle);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlRules, sl_rules_unref)

G_END_DECLS
