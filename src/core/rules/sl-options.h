/* sl-options.h: the named rule options (digest §19.2 and every "Option: yes")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-json.h"
#include "sl-rules.h"

G_BEGIN_DECLS

typedef enum { SL_TIE_REROLL, SL_TIE_LEADER, SL_TIE_QUALITY } SlTieBreak;
typedef enum { SL_WOUND_SCOPE_EXEMPT_MELEE, SL_WOUND_SCOPE_EXEMPT_AIMED_OPPORTUNITY } SlWoundScope;
typedef enum { SL_TERRAIN_MULTIPLY, SL_TERRAIN_ADD } SlTerrainCombine;
typedef enum { SL_WOODS_COVER, SL_WOODS_TERRAIN_TABLE } SlWoodsModifier;
typedef enum { SL_ROF_TURN, SL_ROF_ROLLING } SlRateOfFireWindow;
typedef enum { SL_NAT1_ONCE_PER_BURST, SL_NAT1_EVERY_ROUND } SlNatural1Burst;
typedef enum { SL_MULTI_SPLIT, SL_MULTI_PROGRESSIVE } SlMultiChargeReading;
typedef enum { SL_QUALITY_COST_PER_SQUAD, SL_QUALITY_COST_PER_UNIT, SL_QUALITY_COST_FREE } SlQualityCost;
typedef enum { SL_ROUT_SCOPE_SQUAD, SL_ROUT_SCOPE_UNIT, SL_ROUT_SCOPE_UNIT_ROUTS_SQUAD } SlRoutScope;
typedef enum { SL_REGROUP_TIE_LOWER, SL_REGROUP_TIE_LEADER } SlRegroupTie;
typedef enum { SL_SMOKE_12_TURNS, SL_SMOKE_12_SUBPHASES } SlSmokeDuration;
typedef enum { SL_SPOTTER_ANY_FRIENDLY, SL_SPOTTER_CALLING_LEADER } SlSpotter;
typedef enum { SL_HOLOTARP_INVISIBLE, SL_HOLOTARP_MODIFIER } SlHolotarpMode;
typedef enum { SL_S2_COMBAT_ARMS, SL_S2_COUNTER_INSURGENCY } SlScenario2Troops;

/* The values of every rule option. Defaults come from the rules data; a game
 * or a request may override any of them. An unset nullable int is -1.
 * Declared in sl-rules.h, defined only here: the files that read an option
 * include this header, the others are not rebuilt when one is added
 * (docs/HACKING.md, "Adding a rule option"). */
struct _SlOptions
{
  int      initiative_tie_break;           /* A-09 SlTieBreak */
  gboolean troop_quality_affects_initiative; /* */
  gboolean leader_rating_all_teams;        /* */
  gboolean race_leader_rally_only;         /* */
  gboolean fire_missions_in_phase;         /* */
  gboolean fire_resolves_at_end_of_subphase; /* */
  int      avoid_melee_extra_ap;           /* */
  gboolean kneeling_combination_free;      /* */
  int      wound_penalty_scope;            /* A-26 SlWoundScope */
  int      opp_fire_arming_delay;          /* */
  gboolean opp_fire_any_move;              /* */
  double   jump_distance;                  /* */
  gboolean bounce_window_entry;            /* */
  gboolean fractional_final_metre;         /* */
  int      terrain_cost_combine;           /* A-37 SlTerrainCombine */
  gboolean bounce_ignores_wounds;          /* */
  gboolean marine_troops_use_bounce;       /* */
  int      fire_control_bonus;             /* */
  int      woods_fire_modifier;            /* A-45 SlWoodsModifier */
  gboolean stack_cover;                    /* */
  gboolean ignore_firer_own_cover;         /* */
  gboolean terrain_modifier_per_unit;      /* */
  int      target_crawling_modifier;       /* */
  int      ranger_detection_mod;           /* */
  int      rate_of_fire_window;            /* A-55 SlRateOfFireWindow */
  gboolean melee_miss_hits_other;          /* */
  gboolean allow_enter_stealth;            /* */
  int      natural1_min_wound_per_burst;   /* A-66 SlNatural1Burst */
  gboolean vacuum_wounds_daze;             /* */
  gboolean zero_g_weapon_penalty_all_actions; /* */
  gboolean penal_troops_in_zero_g;         /* */
  gboolean avoid_melee_zero_g;             /* */
  gboolean obstacle_burst_five_hits;       /* */
  int      shaped_charge_obstacle_pf;      /* */
  int      shaped_charge_zone_a_pf;        /* */
  double   shaped_charge_zone_a_max;       /* */
  int      shaped_charge_zone_b_pf;        /* */
  double   shaped_charge_zone_b_max;       /* */
  gboolean mines_in_explosion_step;        /* */
  int      multi_charge_reading;           /* A-85 SlMultiChargeReading */
  int      pistol_magazines;               /* */
  gboolean tactical_reload;                /* */
  gboolean burst_min_one_hit;              /* */
  gboolean area_burst_includes_hidden;     /* */
  int      troop_quality_cost;             /* A-96 SlQualityCost */
  int      scenario1_leader_sign;          /* */
  int      rout_roll_scope;                /* A-99 SlRoutScope */
  int      rout_check_interval;            /* */
  gboolean rout_own_casualties_only;       /* */
  int      regroup_tie_quality;            /* A-103 SlRegroupTie */
  gboolean routed_manual_control;          /* */
  gboolean grenade_all_ranged_mods;        /* */
  int      grenade_detonation_delay;       /* */
  gboolean smoke_blocks_los;               /* */
  int      smoke_duration;                 /* A-112 SlSmokeDuration */
  gboolean launcher_mixed_loads;           /* */
  int      fire_mission_spotter;           /* A-114 SlSpotter */
  int      ground_sensor_bonus;            /* */
  gboolean sensor_spots_for_launcher;      /* */
  gboolean camo_tinter_all_units;          /* */
  int      holotarp_mode;                  /* A-124 SlHolotarpMode */
  gboolean detector_suit_modifier;         /* */
  gboolean scenario1_detection;            /* */
  int      scenario2_troop_type;           /* A-133 SlScenario2Troops */
  int      legionnaire_move_threshold;     /* A-136, -1 unset */
  int      legionnaire_reaction_threshold; /* A-136, -1 unset */
  int      legionnaire_charisma_threshold; /* A-136, -1 unset */
  int      sliding_door_af;                /* */
  gboolean penal_smg_included;             /* */
  gboolean enforce_troop_suit;             /* */
  gboolean limit_ranger_suits;             /* */
  gboolean launcher_on_carbine;            /* */
  gboolean free_declaration_order;         /* P-08 step 2 (a house rule) */
};

typedef enum
{
  SL_OPTION_BOOL,
  SL_OPTION_INT,
  SL_OPTION_NUMBER,
  SL_OPTION_CHOICE,
} SlOptionType;

/* One option as the rules data defines it. */
typedef struct
{
  char        *id;
  char        *ref;
  char        *title;
  char        *description;
  SlOptionType type;
  char       **choices;   /* for SL_OPTION_CHOICE */
  double       min;
  double       max;
  gboolean     nullable;
  goffset      offset;    /* into SlOptions */
} SlOptionDef;

/* Reads the "options" list of the rules data, checking it against the
 * options this engine implements. */
SlOptionSet       *sl_option_set_load        (SlReader          *parent,
                                              const char        *field);
void               sl_option_set_free        (SlOptionSet       *set);
const SlOptions   *sl_option_set_defaults    (const SlOptionSet *set);
guint              sl_option_set_size        (const SlOptionSet *set);
const SlOptionDef *sl_option_set_get         (const SlOptionSet *set,
                                              guint              index);
const SlOptionDef *sl_option_set_lookup      (const SlOptionSet *set,
                                              const char        *id);

/* Applies the members of @reader (an "options" object) to @options;
 * unknown options and bad values fail the reader. */
void               sl_option_set_apply       (const SlOptionSet *set,
                                              SlOptions         *options,
                                              SlReader          *reader);
/* A rule option given a value it cannot take. */
#define SL_OPTION_ERROR (sl_option_error_quark ())
GQuark             sl_option_error_quark     (void);

/* @text, a value of @def as people type it ("true", "3", "rolling",
 * "null"), as JSON; or NULL with an error saying what the option takes, a
 * clause for the caller to put after the option as it was given
 * ("expected a whole number from 1 to 30"). The range is checked as the
 * option is read from a scenario or a game. */
JsonNode          *sl_option_parse_value     (const SlOptionDef *def,
                                              const char        *text,
                                              GError           **error);
/* The value of @def in @options as JSON. */
JsonNode          *sl_option_get_json        (const SlOptionDef *def,
                                              const SlOptions   *options);
/* An option's value (sl_option_get_json) for people: "yes", "no", "none",
 * "rolling", "2". */
char              *sl_option_value_text      (JsonNode          *value);
/* Every option whose value differs from the defaults, as an object. */
JsonNode          *sl_option_set_diff_json   (const SlOptionSet *set,
                                              const SlOptions   *options);
/* The number of entries in the engine's own option list. */
guint              sl_options_n_known        (void);
const char        *sl_options_known_id       (guint              index);

G_END_DECLS
