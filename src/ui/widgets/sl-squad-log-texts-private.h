/* sl-squad-log-texts-private.h: what a squad log's line says of a unit, in words —
 * the texts of its fields, its boxes and its badges, made from the unit's
 * log (SlUnitLog) and the table model, apart from drawing them
 * (sl-log-line.c draws them). Private to the squad log and its tests.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-game.h"
#include "sl-unit-log.h"

G_BEGIN_DECLS

#define SL_LOG_MAX_BOXES 16
#define SL_LOG_MAX_BADGES 10

/* A unit as its line tells it: its log, and what the table model says of
 * it (no rule is decided here). */
typedef struct
{
  const SlRules *rules;
  SlUnitLog      log;
  int            turn;      /* the game's turn now */
  gboolean       known;     /* the table knows what it does (§15.1; the table model) */
  gboolean       losing;    /* it loses its action as the step ends (§6.1, A-18; the table model) */
} SlLogUnit;

/* A row of check boxes as printed on the log: @n boxes, the @ticked ones
 * (1 << box) crossed out, each with its letter (or NULL). */
typedef struct
{
  int         n;
  guint       ticked;
  const char *letters[SL_LOG_MAX_BOXES];
} SlLogBoxes;

/* A status badge: its text, its style class, what the status in words
 * says of it, and what it says under the pointer (or NULL). */
typedef struct
{
  char       *text;
  const char *style;
  char       *words;
  char       *tip;
} SlLogBadge;

void   sl_log_unit_fill          (SlLogUnit       *unit,
                                  SlGame          *game,
                                  int              index);

/* The texts of the fields (sl-log-line.c's column table names them):
 * each a new string. */
char  *sl_log_text_counter       (const SlLogUnit *unit);
char  *sl_log_text_name          (const SlLogUnit *unit);
char  *sl_log_text_points        (const SlLogUnit *unit);
char  *sl_log_text_race          (const SlLogUnit *unit);
char  *sl_log_text_armor         (const SlLogUnit *unit);
char  *sl_log_text_weapon        (const SlLogUnit *unit);
char  *sl_log_text_mod           (const SlLogUnit *unit);
char  *sl_log_text_ammo          (const SlLogUnit *unit);
char  *sl_log_text_wounds        (const SlLogUnit *unit);
char  *sl_log_text_position      (const SlLogUnit *unit);
char  *sl_log_text_equipment     (const SlLogUnit *unit);
char  *sl_log_text_action        (const SlLogUnit *unit);
char  *sl_log_text_status        (const SlLogUnit *unit);

/* What is drawn besides: the details under the name, the tally of the
 * current magazine after the boxes; and the whole line read aloud. */
char  *sl_log_text_details       (const SlLogUnit *unit);
char  *sl_log_text_tally         (const SlLogUnit *unit);
char  *sl_log_text_description   (const SlLogUnit *unit);

void   sl_log_boxes_magazines    (const SlLogUnit *unit,
                                  SlLogBoxes      *boxes);
void   sl_log_boxes_grenades     (const SlLogUnit *unit,
                                  SlLogBoxes      *boxes);
void   sl_log_boxes_wounds       (const SlLogUnit *unit,
                                  SlLogBoxes      *boxes);

/* The badges, into @badges; how many. sl_log_badges_clear frees them. */
int    sl_log_badges             (const SlLogUnit *unit,
                                  SlLogBadge       badges[SL_LOG_MAX_BADGES]);
void   sl_log_badges_clear       (SlLogBadge      *badges,
                                  int              n);

G_END_DECLS
