/* sl-dice.h: injectable dice
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Dice come in named streams ("roll", "a.roll", "scatter_rolls"). A stream
 * first gives the values the players supplied, in order; when those run out
 * the dice roll for real and remember what they rolled, so the result can
 * report it. d10 results are 1–10 (the face "0" is 10, digest A-01); d100
 * results are 1–100 ("00" is 100). */
typedef struct _SlDice SlDice;

SlDice   *sl_dice_new            (void);
SlDice   *sl_dice_new_seeded     (guint32     seed);
void      sl_dice_free           (SlDice     *dice);

/* Supplies values for @stream. */
void      sl_dice_give           (SlDice     *dice,
                                  const char *stream,
                                  int         value);
/* Marks @stream as a list: it is reported as a list even with one value. */
void      sl_dice_declare_list   (SlDice     *dice,
                                  const char *stream);
int       sl_dice_roll           (SlDice     *dice,
                                  const char *stream,
                                  int         sides);
/* In strict mode the dice never roll: a stream without a supplied value
 * gives 1 and marks the dice as short (replaying a journal, where every
 * die must have been recorded). */
void      sl_dice_set_strict     (SlDice     *dice,
                                  gboolean    strict);
gboolean  sl_dice_is_short       (SlDice     *dice);
/* The names of the streams in which the dice rolled, in order of use. */
GPtrArray *sl_dice_rolled_streams (SlDice    *dice);

/* Whether @stream still has a supplied value that was not used. */
gboolean  sl_dice_has_given      (SlDice     *dice,
                                  const char *stream);
/* The streams in which the dice rolled anything, with every value used in
 * them, as an object ({"roll": 4, "scatter_rolls": [3, 9, 5]}); NULL when
 * nothing was rolled. */
JsonNode *sl_dice_report         (SlDice     *dice);
/* Every value used, per stream, whether given or rolled. */
JsonNode *sl_dice_used           (SlDice     *dice);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlDice, sl_dice_free)

G_END_DECLS
