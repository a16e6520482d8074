/* sl-scenario-draft.h: a custom scenario as the editor builds it — the
 * rulebook's scenario format (§10 A–H): situation, each side's squads and
 * points budget, set-up, objectives, rules in use, special conditions and
 * length; checked as a scenario, with the construction rules its squads
 * break (P-02) and whether the players chose to play anyway (recorded)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-setup.h"
#include "sl-squad-draft.h"

G_BEGIN_DECLS

/* The turns a special condition is in force (its "from_turn" and
 * "until_turn", docs/game-format.md): from turn @from_turn (1: the first)
 * until turn @until_turn (0: to the end). */
typedef struct
{
  int from_turn;
  int until_turn;
} SlTurnSpan;

typedef struct
{
  char      *name;
  int        budget;       /* scenario points, or -1 (§10 C) */
  char      *set_up;       /* §10 D, for the players */
  char      *objective;    /* §10 E, in words */
  GPtrArray *squads;       /* SlSquadDraft */
  /* Its special conditions (§10 G): */
  gboolean   holds_fire;   /* may not fire until fired upon */
  gboolean   holds_melee;  /* … nor engage */
  gboolean   hides;        /* hides before play, at no cost (P-28) */
  int        initiative;   /* a modifier on its initiative rolls (P-06) */
  char     **forbidden;    /* T-05 ids it may not declare, or NULL */
  SlTurnSpan holds_turns;  /* when it holds its fire (and melee) */
  SlTurnSpan initiative_turns;
  SlTurnSpan forbidden_turns;
} SlSideDraft;

typedef struct
{
  char               *name;
  char               *situation;      /* §10 A */
  int                 length_turns;   /* §10 H */
  gboolean            modules[SL_N_MODULES];  /* §10 F */
  SlEnvironmentSetup  environment;
  /* §10 G: the special conditions the app applies … */
  char               *terrain;        /* a T-10 id the whole area counts as, or NULL */
  gboolean            doors_locked;
  gboolean            no_keys;
  gboolean            airlocks_blown;
  char              **forbidden;      /* T-05 ids nobody may declare, or NULL */
  SlTurnSpan          terrain_turns;
  SlTurnSpan          doors_turns;
  SlTurnSpan          forbidden_turns;
  /* … and those the players keep to, one per line. */
  char               *special;
  SlSideDraft         sides[2];
  gboolean            override;       /* play although rules are broken */
} SlScenarioDraft;

SlScenarioDraft *sl_scenario_draft_new     (void);
void             sl_scenario_draft_free    (SlScenarioDraft *draft);

/* The rules its forces break, in words (empty when none): each squad's
 * (P-02), and a side over its budget. */
GPtrArray       *sl_scenario_draft_problems (const SlRules         *rules,
                                             const SlScenarioDraft *draft);
/* The scenario file (docs/game-format.md): NULL with the reason when it
 * is not a valid scenario, or when rules are broken and not overridden.
 * An override is written down in the file's notes and "overrides". */
JsonNode        *sl_scenario_draft_to_json (const SlRules         *rules,
                                            const SlScenarioDraft *draft,
                                            GError               **error);
/* What the draft holds, as a text that changes when anything of it that
 * is saved changes (a window asks before closing on unsaved edits). */
char            *sl_scenario_draft_fingerprint (const SlRules         *rules,
                                                const SlScenarioDraft *draft);
/* Saves it among the user's scenarios (~/.local/share/squadlog/scenarios/,
 * atomically) as ID.json; returns the path. A scenario already there is
 * replaced only with @replace, otherwise refused with SL_FILE_ERROR_EXISTS
 * (issue 19 #12). */
char            *sl_scenario_draft_save    (const SlRules         *rules,
                                            const SlScenarioDraft *draft,
                                            const char            *dir,
                                            gboolean               replace,
                                            GError               **error);
/* The path sl_scenario_draft_save() would write in @dir, or NULL (with
 * the reason) when the draft is not a scenario yet. */
char            *sl_scenario_draft_path    (const SlRules         *rules,
                                            const SlScenarioDraft *draft,
                                            const char            *dir,
                                            GError               **error);

/* Forces: a whole side — its name, budget and squads — kept in the user's
 * library (~/.local/share/squadlog/forces/) as {"format":
 * "squadlog-force", "version": 1, "name", "budget", "squads": [squad
 * files]}. Saving is atomic; loading replaces @side's name, budget and
 * squads (set-up and objective stay). */
char            *sl_force_library_dir      (void);
gboolean         sl_force_save             (const SlSideDraft     *side,
                                            const char            *path,
                                            gboolean               replace,
                                            GError               **error);
gboolean         sl_force_load             (const SlRules         *rules,
                                            const char            *path,
                                            SlSideDraft           *side,
                                            GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlScenarioDraft, sl_scenario_draft_free)

G_END_DECLS
