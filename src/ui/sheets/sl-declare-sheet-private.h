/* sl-declare-sheet-private.h: what the tests of sl-declare-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-declare-sheet.h"

G_BEGIN_DECLS

/* What the row of @action (an id of T-05) says: "2 AP · ends in subphase
 * 8", or the rule that refuses it; NULL for an action not offered. */
const char     *sl_declare_sheet_get_choice (SlDeclareSheet *self,
                                             const char     *action);
/* Whether @action may be chosen now. */
gboolean        sl_declare_sheet_can_choose (SlDeclareSheet *self,
                                             const char     *action);
/* The key that picks @action on the sheet, as shown ("W", "Shift+D"), or
 * NULL; and the widget of the grid that shows it. */
const char     *sl_declare_sheet_get_key    (SlDeclareSheet *self,
                                             const char     *action);
GtkWidget      *sl_declare_sheet_get_action_widget (SlDeclareSheet *self,
                                                    const char     *action);
/* Every key of the grid, in its order, as shown; free with g_strfreev. */
char          **sl_declare_sheet_dup_keys   (SlDeclareSheet *self);
/* The action chosen on the grid: an id of T-05, "grenade", "launcher",
 * "charge" (a Fire/Throw that throws it) or "engage"; NULL for none. */
const char     *sl_declare_sheet_get_chosen (SlDeclareSheet *self);
/* What the rules make the unit do, as the sheet says it over the actions
 * (A-104, P-23), or NULL. */
const char     *sl_declare_sheet_get_orders (SlDeclareSheet *self);
/* Declares @action as the sheet stands; closes the sheet. */
gboolean        sl_declare_sheet_choose     (SlDeclareSheet *self,
                                             const char     *action);
/* Why a Fire/Throw action may not use @what ("grenade", "launcher",
 * "charge"; NULL: its weapon) now, in the core's words, or NULL when it
 * may. */
const char     *sl_declare_sheet_get_throw_refusal (SlDeclareSheet *self,
                                                    const char     *what);
/* Chooses what a Fire/Throw action uses, as the player would; FALSE when
 * that choice is insensitive. */
gboolean        sl_declare_sheet_set_throw  (SlDeclareSheet *self,
                                             const char     *what);
/* Chooses the kind of fire mission a Call Fire Mission action calls
 * (P-38: "mortar", "missile"), as the player would; FALSE when the sheet
 * does not offer it now. */
gboolean        sl_declare_sheet_set_mission (SlDeclareSheet *self,
                                              const char     *mission);
/* What the choice of @mission says ("1 of 2 left", or the core's
 * refusal); with @mission NULL, the choice as it stands ("Mortar Strike
 * — 1 of 2 left"). NULL when no fire mission is offered. */
const char     *sl_declare_sheet_get_mission_choice (SlDeclareSheet *self,
                                                     const char     *mission);
/* Whether the sheet offers a burst: the weapon in hand fires them and the
 * scenario plays the automatic-fire rules (§15.3). */
gboolean        sl_declare_sheet_has_burst  (SlDeclareSheet *self);
/* Chooses how a Fire/Throw action of the weapon fires, as the player
 * would: "none" (or NULL) a single shot, "concentrated" or "area" (P-30
 * step 2); FALSE when the sheet offers no burst now. */
gboolean        sl_declare_sheet_set_burst  (SlDeclareSheet *self,
                                             const char     *burst);
/* In zero-G, the players' die for the check (P-21); FALSE elsewhere. */
gboolean        sl_declare_sheet_set_zero_g_roll (SlDeclareSheet *self,
                                                  int             value);
/* Chooses the obstacle or charge marker @marker as the target (P-25,
 * P-36 steps 4 and 5), as the player would; FALSE when it is not offered
 * (a charge hidden in secret or going off, A-88). */
gboolean        sl_declare_sheet_set_target_marker (SlDeclareSheet *self,
                                                    int             marker);
/* Chooses a new obstacle as the target: its @label and @kind (an id of
 * T-18: "internal-door" …); FALSE for a kind the rules do not have. */
gboolean        sl_declare_sheet_set_new_obstacle (SlDeclareSheet *self,
                                                   const char     *label,
                                                   const char     *kind);
/* The target as the choice shows it ("Obstacle: the door (2 of 5)"). */
const char     *sl_declare_sheet_get_target_name (SlDeclareSheet *self);
/* What the target row says of it (an obstacle's damage, a charge's
 * state), or "". */
const char     *sl_declare_sheet_get_target_words (SlDeclareSheet *self);

G_END_DECLS
