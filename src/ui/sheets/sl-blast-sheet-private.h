/* sl-blast-sheet-private.h: what the tests of sl-blast-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-blast-sheet.h"

G_BEGIN_DECLS

/* Says @unit set the mine off at @distance_m, or that it is a dud. */
gboolean      sl_blast_sheet_set_trigger (SlBlastSheet *self,
                                          int           unit,
                                          double        distance_m,
                                          gboolean      dud);
/* Says @unit is near, @distance_m away, behind @cover (0 none, 1 half,
 * 2 full), as the switch, spin and combo do. */
gboolean      sl_blast_sheet_set_caught (SlBlastSheet *self,
                                         int           unit,
                                         double        distance_m,
                                         int           cover);
/* A frag grenade: @unit dives onto it (P-34 step 7, A-111), caught and
 * the only diver. FALSE when the sheet offers no dive for it. */
gboolean      sl_blast_sheet_set_dive   (SlBlastSheet *self,
                                         int           unit);
/* A shaped charge: whether @unit is in the strip behind the obstacle
 * FALSE when the sheet does not ask it. */
gboolean      sl_blast_sheet_set_in_strip (SlBlastSheet *self,
                                           int           unit,
                                           gboolean      in_strip);
/* A shaped charge: whether it went through its obstacle. */
gboolean      sl_blast_sheet_set_breached (SlBlastSheet *self,
                                           gboolean      breached);
/* A charge, or a frag grenade aimed at one: the obstacle it went
 * off against — one marked already by its @label (@kind NULL), or a new
 * one of T-18 @kind; @label NULL for none. @distance_m is a grenade's
 * from it. FALSE when the sheet asks no obstacle, or names no such one. */
gboolean      sl_blast_sheet_set_obstacle (SlBlastSheet *self,
                                           const char   *label,
                                           const char   *kind,
                                           double        distance_m);
/* What the blast does to the obstacle named, as the core says ("+1: 1 of
 * 5 wound levels (P-25)"), or NULL when none is. */
const char   *sl_blast_sheet_get_obstacle_outcome (SlBlastSheet *self);
/* Ticks the charge @marker as caught in the explosion, or not;
 * FALSE when it is not offered (hidden, going off, or the core takes no
 * charges here). */
gboolean      sl_blast_sheet_set_charge_caught (SlBlastSheet *self,
                                                int           marker,
                                                gboolean      caught);
/* A key press: a die (1–10) — a fire mission's hit roll and scatter die,
 * then each charge caught, in order. FALSE when none is asked for. */
gboolean      sl_blast_sheet_enter_die  (SlBlastSheet *self,
                                         int           value);
/* Resolves it (the app rolls a fire mission's dice not typed). */
gboolean      sl_blast_sheet_apply      (SlBlastSheet *self);

G_END_DECLS
