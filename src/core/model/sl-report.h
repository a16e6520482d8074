/* sl-report.h: the after-action report — casualties per turn per side,
 * the decisive moments (first blood, leaders lost, routs, the end) and the
 * final score; as data, and as a self-contained HTML page to share
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-victory.h"

G_BEGIN_DECLS

typedef struct
{
  int         turn;
  const char *kind;   /* "first-blood", "leader-lost", "rout", "end" */
  int         side;   /* the side it happened to, or -1 */
  char       *text;   /* for people */
} SlReportMoment;

typedef struct
{
  int            n_turns;         /* turns played (or begun) */
  int           *wounded[2];      /* per turn (index turn − 1): units of the side first hit */
  int           *out[2];          /* per turn: units of the side knocked out or killed */
  int            total_out[2];
  GArray        *moments;         /* SlReportMoment, by turn */
  SlVictory  victory;
} SlReport;

/* The report of the game as it stands. @setup must outlive it. */
SlReport *sl_report_new     (const SlRules  *rules,
                             const SlSetup  *setup,
                             const SlState  *state);
void      sl_report_free    (SlReport       *report);
/* A self-contained HTML page (no scripts, no external files; the chart is
 * inline SVG), in the user's language. */
char     *sl_report_to_html (const SlReport *report,
                             const SlSetup  *setup,
                             const SlState  *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlReport, sl_report_free)

G_END_DECLS
