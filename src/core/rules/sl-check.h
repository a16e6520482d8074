/* sl-check.h: roll-under checks, their odds, and modifier breakdowns
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-dice.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* One modifier of a roll: a stable id, a label for people, and its value
 * (positive is a penalty on every roll-under check). */
typedef struct
{
  const char *source;
  char       *label;
  int         value;
} SlModifier;

typedef struct _SlBreakdown SlBreakdown;

SlBreakdown *sl_breakdown_new      (void);
void         sl_breakdown_free     (SlBreakdown       *breakdown);
/* Adds a modifier; zero values are left out. */
void         sl_breakdown_add      (SlBreakdown       *breakdown,
                                    const char        *source,
                                    const char        *label,
                                    int                value);
/* A modifier of the table that counts for nothing, kept at +0 to say why
 * ("Hard half cover: not counted …", A-47); sl_breakdown_add() leaves out
 * a +0. */
void         sl_breakdown_add_note (SlBreakdown       *breakdown,
                                    const char        *source,
                                    const char        *label);
void         sl_breakdown_addf     (SlBreakdown       *breakdown,
                                    const char        *source,
                                    int                value,
                                    const char        *format,
                                    ...) G_GNUC_PRINTF (4, 5);
void         sl_breakdown_append   (SlBreakdown       *breakdown,
                                    const SlBreakdown *other);
int          sl_breakdown_total    (const SlBreakdown *breakdown);
guint        sl_breakdown_size     (const SlBreakdown *breakdown);
const SlModifier *sl_breakdown_get (const SlBreakdown *breakdown,
                                    guint              index);
/* The value of @source, 0 when absent. */
int          sl_breakdown_value    (const SlBreakdown *breakdown,
                                    const char        *source);
JsonNode    *sl_breakdown_to_json  (const SlBreakdown *breakdown);
/* A breakdown sl_breakdown_to_json wrote, read back (issue 33 #3: a front
 * end reads a preview's modifiers typed, not by member name); NULL when
 * @node is none. A +0 line (a note, A-47) is kept. */
SlBreakdown *sl_breakdown_from_json (JsonNode         *node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlBreakdown, sl_breakdown_free)

/* The general convention (book §4.1, digest P-05, A-02): success when the
 * net roll is at or under the target; for checks marked automatic a natural
 * 1 always succeeds and a natural 10 (100 for d100) always fails. Checks
 * marked natural_only ignore @modifier. */
gboolean     sl_check_succeeds     (const SlCheckDef  *check,
                                    int                natural,
                                    int                modifier);
/* The exact chance of success before the roll, counting every face of the
 * die, naturals included. */
double       sl_check_probability  (const SlCheckDef  *check,
                                    int                modifier);
/* The highest natural roll that succeeds (1 when only the automatic
 * success does, 0 when nothing can). */
int          sl_check_needed       (const SlCheckDef  *check,
                                    int                modifier);

/* The result of one check, for reporting. */
typedef struct
{
  int      natural;
  int      modifier;
  int      net;
  gboolean success;
  double   probability;
  int      needed;
  int      target;
} SlCheckOutcome;

/* The odds and the die of a check as the history tells them, in the words
 * the sheets show before the roll: "needs 6 or less, rolled 4" — the
 * highest die that succeeds, every modifier counted (a natural 1 or 10
 * included). */
char        *sl_check_outcome_words   (const SlCheckOutcome *outcome);

/* Rolls @check on @stream of @dice with @modifier. */
void         sl_check_roll         (const SlCheckDef  *check,
                                    int                modifier,
                                    SlDice            *dice,
                                    const char        *stream,
                                    SlCheckOutcome    *outcome);
/* Adds natural, net, target, needed, probability and the outcome under
 * @success_name to @object. */
void         sl_check_outcome_to_json (const SlCheckOutcome *outcome,
                                       const char           *success_name,
                                       JsonObject           *object);

/* What success of a check means for the table: the roll succeeds, the
 * weapon jams (P-16), the squad routs (P-31). */
typedef enum
{
  SL_ODDS_SUCCESS,
  SL_ODDS_JAM,
  SL_ODDS_ROUT,
} SlOddsMeaning;

/* The odds of a check before its roll, as a preview tells them. */
typedef struct
{
  int           needed;       /* the highest die that succeeds; 0 or less: none */
  double        probability;  /* of success, 0 … 1 */
  SlOddsMeaning meaning;
} SlCheckOdds;

/* The odds @object tells (what sl_check_outcome_to_json and the previews
 * write: "needed", "probability", and "jams" or "routs" for what success
 * means), read typed (issue 33 #3); FALSE, *@odds untouched, when it tells
 * none. @object may be NULL. */
gboolean     sl_check_odds_from_json  (JsonObject           *object,
                                       SlCheckOdds          *odds);

/* Rule errors carry the request field they concern, so a refused command
 * can point at it. */
#define SL_RULE_ERROR (sl_rule_error_quark ())

typedef enum
{
  SL_RULE_ERROR_INVALID,    /* a value the rules do not know */
  SL_RULE_ERROR_FORBIDDEN,  /* the rules forbid this */
} SlRuleErrorCode;

GQuark       sl_rule_error_quark   (void);
void         sl_rule_error_set     (GError           **error,
                                    SlRuleErrorCode    code,
                                    const char        *field,
                                    const char        *format,
                                    ...) G_GNUC_PRINTF (4, 5);
const char  *sl_rule_error_get_field (const GError    *error);

G_END_DECLS
