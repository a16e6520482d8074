/* sl-squad-draft.h: a squad as the builder edits it (P-02, E-01): its
 * soldiers, leader, quality, groupings and budget; its cost and the rules
 * it breaks come from sl_squad_cost(). Saved as a squad file in the user's
 * library, and written as a scenario squad (docs/game-format.md).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-conversion.h"
#include "sl-options.h"
#include "sl-points.h"
#include "sl-rules.h"
#include "sl-setup.h"

G_BEGIN_DECLS

#define SL_DRAFT_MAX_UNITS 8
#define SL_DRAFT_SIDE_ITEMS 6

/* A Legionnaire player character's skills, as the builder edits them
 * (§18; written as the unit's "legionnaire", docs/game-format.md). */
typedef struct
{
  int      weapon_skills[2];   /* the levels with weapons[0] and weapons[1] */
  int      grenade_skill;      /* with hand grenades */
  int      melee_skill;
  gboolean melee_weapon;       /* carries any melee weapon */
  gboolean non_combat;         /* medic, engineer, technician (T-44) */
  int      attributes[SL_N_LEGIONNAIRE_ATTRIBUTES];  /* land movement, reaction, charisma */
} SlDraftCharacter;

typedef struct
{
  char           *name;
  const SlTroop  *troop;
  const SlRace   *race;
  const SlArmor  *armor;
  const SlWeapon *weapons[2];   /* long arm, sidearm; NULL when none */
  gboolean        launcher;      /* grenade launcher (T-38: 2) */
  int             plastic_charges;
  int             shaped_charges;
  gboolean        hidden;        /* +25 % (§15.1) */
  gboolean        naval;         /* naval tech troops */
  gboolean        legionnaire;   /* a Legionnaire player character (§18) */
  SlDraftCharacter character;    /* its skills, when it is one */
} SlDraftUnit;

typedef struct
{
  char        *name;
  SlQuality    quality;
  int          leader;           /* unit index */
  int          leader_rating;    /* −2 … +2 (T-24) */
  gboolean     fire_teams;       /* two fire teams of 4, else one grouping */
  int          budget;           /* scenario points, or -1 */
  int          n_units;
  SlDraftUnit  units[SL_DRAFT_MAX_UNITS];
  /* P-02 step 6, T-38: what the squad buys for its side, counted in the
   * order of sl_squad_side_equipment (jammer, sensor, tinter, holotarp,
   * mortar and missile missions); mines (P-37); the defender's forces
   * undetected (150). */
  int          side_equipment[SL_DRAFT_SIDE_ITEMS];
  int          mines;
  gboolean     all_hidden;
} SlSquadDraft;

/* E-01's squad: eight Combat Arms humans in BI with spike rifle and spike
 * pistol, a leader rated 0, Regular, two fire teams, 400 points. */
SlSquadDraft *sl_squad_draft_new        (const SlRules      *rules);
void          sl_squad_draft_free       (SlSquadDraft       *draft);
SlSquadDraft *sl_squad_draft_copy       (const SlSquadDraft *draft);

/* Sets the number of soldiers (1 … 8); new ones are the book's soldier
 * (E-01), the leader stays among them. */
void          sl_squad_draft_set_size   (const SlRules      *rules,
                                         SlSquadDraft       *draft,
                                         int                 n_units);
/* Copies unit @from's troop, race, armor, weapons and equipment to every
 * unit of its fire team (@whole_squad FALSE) or of the squad; a character
 * is a person, not kit: whether each unit is one, and its skills, stay. */
void          sl_squad_draft_apply_to   (SlSquadDraft       *draft,
                                         int                 from,
                                         gboolean            whole_squad);

/* P-02: the cost of each unit and of the squad, the rules it breaks
 * (over budget, a third ranger suit …). Clear with sl_squad_cost_clear(). */
gboolean      sl_squad_draft_cost       (const SlRules      *rules,
                                         const SlOptions    *options,
                                         const SlSquadDraft *draft,
                                         SlSquadCost        *cost,
                                         GError            **error);
/* The same for a squad fighting in a scenario's @environment (T-36, P-37,
 * sealed suits in vacuum, no mines indoors …). */
gboolean      sl_squad_draft_cost_in    (const SlRules            *rules,
                                         const SlOptions          *options,
                                         const SlSquadDraft       *draft,
                                         const SlEnvironmentSetup *environment,
                                         SlSquadCost              *cost,
                                         GError                  **error);

/* A squad file: {"format": "squadlog-squad", "version": 1, "budget": 400,
 * "squad": {…the squad of a scenario…}}. */
JsonNode     *sl_squad_draft_to_json    (const SlSquadDraft *draft);
SlSquadDraft *sl_squad_draft_from_json  (const SlRules      *rules,
                                         JsonNode           *node,
                                         GError            **error);
/* The squad as a scenario squad object, with unit ids "PREFIX-N" and
 * counters from @first_counter. */
JsonNode     *sl_squad_draft_to_setup   (const SlSquadDraft *draft,
                                         const char         *prefix,
                                         int                 first_counter);

/* The library: ~/.local/share/squadlog/squads/. Saving is atomic; a
 * file already at @path is replaced only with @replace, otherwise the save
 * is refused with SL_FILE_ERROR_EXISTS (a squad saved under the name of
 * another never replaces it unasked; issue 19 #12). */
char         *sl_squad_library_dir      (void);
gboolean      sl_squad_draft_save       (const SlSquadDraft *draft,
                                         const char         *path,
                                         gboolean            replace,
                                         GError            **error);
SlSquadDraft *sl_squad_draft_load       (const SlRules      *rules,
                                         const char         *path,
                                         GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlSquadDraft, sl_squad_draft_free)

G_END_DECLS
