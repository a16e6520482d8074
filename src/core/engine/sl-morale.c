/* sl-morale.c: initiative, melee, leadership and morale
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sl-morale.h"
#include "sl-options.h"
#include "sl-text.h"

const char * const sl_leader_state_names[] = { "alive", "dead", "acting", NULL };
const char * const sl_decision_names[] = { "move", "countermove", NULL };
const char * const sl_tie_settled_names[] = { "reroll", "leader", "quality", NULL };
const char * const sl_stance_names[] = { "attack", "parry", NULL };
const char * const sl_melee_roll_names[] = { "rolled", "parried", "dazed", "free-attack", NULL };

/* Leadership */

int
sl_leader_rating (const SlLeader *leader)
{
  switch (leader->state)
    {
    case SL_LEADER_ACTING:
      /* P-32 step 8: an acting leader has a rating of +2. */
      return SL_ACTING_LEADER_RATING;
    case SL_LEADER_DEAD:
      /* §15.4: when the leader dies, his rating effect disappears. */
      return 0;
    case SL_LEADER_ALIVE:
    case SL_N_LEADER_STATES:
    default:
      return leader->rating;
    }
}

void
sl_leader_add_modifiers (const SlRules   *rules,
                         const SlOptions *options,
                         const SlLeader  *leader,
                         SlLeaderRoll     roll,
                         SlBreakdown     *breakdown)
{
  /* T-26 and A-97: on the rout roll the rating counts −10 times. */
  int multiplier = roll == SL_LEADER_ROLL_ROUT ? rules->rout.leader_multiplier : 1;
  int rating = sl_leader_rating (leader);
  /* With a real minus sign, as the value beside it (issue 31 #8). */
  g_autofree char *signed_rating = sl_text_signed (rating);

  if (leader->state == SL_LEADER_DEAD)
    return;

  if (roll == SL_LEADER_ROLL_ROUT && leader->state == SL_LEADER_ACTING)
    sl_breakdown_addf (breakdown, "leader", rating * multiplier,
                       _("Acting leader, rating %s times %d (P-32, T-26)"), signed_rating, multiplier);
  else if (roll == SL_LEADER_ROLL_ROUT)
    sl_breakdown_addf (breakdown, "leader", rating * multiplier,
                       _("Leader rating %s times %d (T-26)"), signed_rating, multiplier);
  else if (leader->state == SL_LEADER_ACTING)
    sl_breakdown_addf (breakdown, "leader", rating * multiplier,
                       _("Acting leader, rating %s (P-32)"), signed_rating);
  else
    sl_breakdown_addf (breakdown, "leader", rating * multiplier, _("Leader rating %s"), signed_rating);

  /* §18, A-136: a Legionnaire character's charisma above the threshold is
   * −1 leadership: it betters the rating on every roll the rating counts
   * on (−10 times on the rout roll). */
  sl_breakdown_addf (breakdown, "leader-charisma", leader->charisma * multiplier,
                     _("Leader's Legionnaire charisma above %d (§18, A-136)"),
                     options->legionnaire_charisma_threshold);

  /* the leader's race Leader value adds to his rating; with the option
   * raceLeaderRallyOnly it counts on rally rolls only. */
  if (leader->race != NULL &&
      (roll == SL_LEADER_ROLL_RALLY || !options->race_leader_rally_only))
    {
      g_autofree char *race = sl_text_signed (leader->race->leader);

      sl_breakdown_addf (breakdown, "leader-race", leader->race->leader * multiplier,
                         _("Leader's race: %s (%s)"), leader->race->name, race);
    }
}

/* Initiative */

void
sl_initiative_modifiers (const SlRules    *rules,
                         const SlOptions  *options,
                         const SlGrouping *grouping,
                         SlBreakdown      *breakdown)
{
  /* P-06: the race of the grouping's majority (T-08 Init row). */
  if (grouping->race != NULL)
    sl_breakdown_addf (breakdown, "race", grouping->race->initiative, _("Majority race: %s"),
                       grouping->race->name);

  /* the leader of the grouping's chain of command; with the option
   * leaderRatingAllTeams off, only the grouping that holds him. */
  if (options->leader_rating_all_teams || grouping->contains_leader)
    sl_leader_add_modifiers (rules, options, &grouping->leader, SL_LEADER_ROLL_INITIATIVE,
                             breakdown);

  /* troop quality (T-25), unless the option keeps the book's "only
   * two modifiers". */
  if (options->troop_quality_affects_initiative)
    sl_breakdown_addf (breakdown, "quality", rules->quality[grouping->quality].initiative,
                       _("Troop quality: %s"), rules->quality[grouping->quality].name);

  /* §18, A-10, A-136: a Legionnaire character's reaction above the
   * threshold, −1 for its grouping. */
  sl_breakdown_addf (breakdown, "legionnaire-reaction", grouping->reaction,
                     _("Legionnaire reaction above %d (§18, A-136)"),
                     options->legionnaire_reaction_threshold);

  /* scenario-specific and Legionnaire modifiers. */
  sl_breakdown_add (breakdown, "scenario", _("Scenario or Legionnaire modifier"),
                    grouping->modifier);
}

typedef struct
{
  guint index;
  int   key;
} Keyed;

static int
compare_keyed (gconstpointer a,
               gconstpointer b)
{
  const Keyed *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->index < y->index ? -1 : (x->index > y->index);
}

typedef struct
{
  const SlInitiativeInput *in;
  SlInitiativeResult      *result;
  SlDice                  *dice;
} TieContext;

/* Sorts @members by @keys (lower first) and calls @settle_equal on every run
 * of two or more members with the same key. */
static void
sort_by_keys (TieContext  *ctx,
              guint       *members,
              guint        n,
              const int   *keys,
              void       (*settle_equal) (TieContext *, guint *, guint))
{
  g_autofree Keyed *keyed = g_new (Keyed, n);
  guint start = 0;

  for (guint i = 0; i < n; i++)
    {
      keyed[i].index = members[i];
      keyed[i].key = keys[i];
    }
  qsort (keyed, n, sizeof (Keyed), compare_keyed);
  for (guint i = 0; i < n; i++)
    members[i] = keyed[i].index;

  for (guint i = 1; i <= n; i++)
    if (i == n || keyed[i].key != keyed[start].key)
      {
        if (i - start >= 2)
          settle_equal (ctx, members + start, i - start);
        start = i;
      }
}

/* the tied groupings re-roll among themselves, a plain d10 each, the
 * lower re-roll first; groupings that tie again roll again. */
static void
reroll (TieContext *ctx,
        guint      *members,
        guint       n)
{
  g_autofree int *keys = g_new (int, n);

  for (guint i = 0; i < n; i++)
    {
      const SlGrouping *g = &ctx->in->groupings[members[i]];
      SlGroupingResult *gr = &ctx->result->groupings[members[i]];

      keys[i] = sl_dice_roll (ctx->dice, g->tie_stream, 10);
      g_array_append_val (gr->tie_rolls, keys[i]);
    }
  /* Replaying a journal that lacks the re-rolls, the dice give 1 to all
   * for ever: stop, and let the replay say a die was not recorded (found
   * by fuzzing the game loader). */
  if (sl_dice_is_short (ctx->dice))
    return;
  sort_by_keys (ctx, members, n, keys, reroll);
}

static void
settle_tie (TieContext      *ctx,
            const SlOptions *options,
            guint           *members,
            guint            n,
            SlInitiativeTie *tie)
{
  g_autofree int *keys = g_new (int, n);

  switch (options->initiative_tie_break)
    {
    case SL_TIE_LEADER:
      /* A-09 option: the better (lower) leader modifier goes first. */
      tie->settled_by = SL_TIE_SETTLED_LEADER;
      for (guint i = 0; i < n; i++)
        keys[i] = ctx->result->groupings[members[i]].leader_modifier;
      sort_by_keys (ctx, members, n, keys, reroll);
      break;

    case SL_TIE_QUALITY:
      /* A-09 option: the better troop quality goes first. */
      tie->settled_by = SL_TIE_SETTLED_QUALITY;
      for (guint i = 0; i < n; i++)
        keys[i] = -(int) ctx->in->groupings[members[i]].quality;
      sort_by_keys (ctx, members, n, keys, reroll);
      break;

    case SL_TIE_REROLL:
    default:
      tie->settled_by = SL_TIE_SETTLED_REROLL;
      reroll (ctx, members, n);
      break;
    }

  for (guint i = 0; i < n; i++)
    {
      ctx->result->groupings[members[i]].tied = TRUE;
      if (ctx->result->groupings[members[i]].tie_rolls->len > 0)
        tie->rerolled = TRUE;
    }
  g_array_append_vals (tie->members, members, n);
}

static void
tie_free (gpointer data)
{
  SlInitiativeTie *tie = data;

  g_array_unref (tie->members);
  g_free (tie);
}

static int
compare_net (gconstpointer a,
             gconstpointer b,
             gpointer      user_data)
{
  const SlInitiativeResult *result = user_data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  int nx = result->groupings[x].net, ny = result->groupings[y].net;

  if (nx != ny)
    return nx < ny ? -1 : 1;
  return x < y ? -1 : (x > y);
}

/* P-06 step 1: one d10 per grouping, with its modifiers. */
static void
roll_groupings (const SlRules           *rules,
                const SlOptions         *options,
                const SlInitiativeInput *in,
                SlDice                  *dice,
                SlInitiativeResult      *result)
{
  for (guint i = 0; i < in->n_groupings; i++)
    {
      const SlGrouping *g = &in->groupings[i];
      SlGroupingResult *gr = &result->groupings[i];

      gr->breakdown = sl_breakdown_new ();
      gr->tie_rolls = g_array_new (FALSE, FALSE, sizeof (int));
      sl_initiative_modifiers (rules, options, g, gr->breakdown);
      gr->leader_modifier = sl_breakdown_value (gr->breakdown, "leader") +
                            sl_breakdown_value (gr->breakdown, "leader-race") +
                            sl_breakdown_value (gr->breakdown, "leader-charisma");
      gr->natural = sl_dice_roll (dice, g->roll_stream, 10);
      gr->net = gr->natural + sl_breakdown_total (gr->breakdown);
      gr->decision = g->decision;
      g_array_append_val (result->ranking, i);
    }
}

/* settle each set of equal net rolls in @ranking. */
static void
settle_ties (TieContext      *ctx,
             const SlOptions *options,
             guint           *ranking,
             guint            n)
{
  SlInitiativeResult *result = ctx->result;
  guint start = 0;

  for (guint i = 1; i <= n; i++)
    if (i == n || result->groupings[ranking[i]].net != result->groupings[ranking[start]].net)
      {
        if (i - start >= 2)
          {
            SlInitiativeTie *tie = g_new0 (SlInitiativeTie, 1);

            tie->net = result->groupings[ranking[start]].net;
            tie->members = g_array_new (FALSE, FALSE, sizeof (guint));
            g_ptr_array_add (result->ties, tie);
            settle_tie (ctx, options, ranking + start, i - start, tie);
          }
        start = i;
      }
}

/* A re-roll the players gave that no tie needed is a mistake in the log. */
static gboolean
check_tie_rolls (const SlInitiativeInput  *in,
                 SlDice                   *dice,
                 const SlInitiativeResult *result,
                 GError                  **error)
{
  for (guint i = 0; i < in->n_groupings; i++)
    if (sl_dice_has_given (dice, in->groupings[i].tie_stream))
      {
        g_autofree char *field = g_strdup_printf ("groupings[%u].tie_rolls", i);
        guint used = result->groupings[i].tie_rolls->len;

        if (used == 0 && result->groupings[i].tied)
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("The tie of grouping “%s” was settled without a re-roll (A-09)."),
                             in->groupings[i].id);
        else if (used == 0)
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("Grouping “%s” is not tied with another, so it makes no re-roll (A-09)."),
                             in->groupings[i].id);
        else
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             g_dngettext (GETTEXT_PACKAGE,
                                          "Grouping “%s” needed only %u re-roll to settle its tie (A-09).",
                                          "Grouping “%s” needed only %u re-rolls to settle its tie (A-09).",
                                          used),
                             in->groupings[i].id, used);
        return FALSE;
      }
  return TRUE;
}

/* P-06 step 3: the highest roll (@last) has no choice and must move. */
static gboolean
force_highest (const SlInitiativeInput *in,
               guint                    last,
               SlInitiativeResult      *result,
               GError                 **error)
{
  if (in->groupings[last].decision_given &&
      in->groupings[last].decision == SL_DECISION_COUNTERMOVE)
    {
      g_autofree char *field = g_strdup_printf ("groupings[%u].decision", last);

      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                         _("Grouping “%s” has the highest initiative roll, so it has no choice and must move (P-06)."),
                         in->groupings[last].id);
      return FALSE;
    }
  result->groupings[last].decision = SL_DECISION_MOVE;
  result->groupings[last].forced = TRUE;
  return TRUE;
}

/* P-06 step 4: movers in ascending roll order, then countermovers in
 * descending roll order. */
static void
build_order (const SlInitiativeInput *in,
             const guint             *ranking,
             SlInitiativeResult      *result)
{
  guint n = in->n_groupings;
  g_autofree guint *full = g_new (guint, n);
  guint n_full = 0;

  for (guint r = 0; r < n; r++)
    if (result->groupings[ranking[r]].decision == SL_DECISION_MOVE)
      full[n_full++] = ranking[r];
  for (guint r = n; r-- > 0;)
    if (result->groupings[ranking[r]].decision == SL_DECISION_COUNTERMOVE)
      full[n_full++] = ranking[r];

  /* §5.2: an ambushed grouping leaves the initiative order. Once its idle
   * subphases are over it acts after every grouping still in the order, in
   * the order it had (ruling: the digest does not place it). */
  for (guint o = 0; o < n; o++)
    if (!in->groupings[full[o]].ambushed)
      g_array_append_val (result->order, full[o]);
  for (guint o = 0; o < n; o++)
    if (in->groupings[full[o]].ambushed)
      g_array_append_val (result->order, full[o]);
  for (guint p = 0; p < n; p++)
    result->groupings[g_array_index (result->order, guint, p)].place = p;
}

gboolean
sl_initiative_resolve (const SlRules           *rules,
                       const SlOptions         *options,
                       const SlInitiativeInput *in,
                       SlDice                  *dice,
                       SlInitiativeResult      *result,
                       GError                 **error)
{
  TieContext ctx = { in, result, dice };
  guint *ranking;
  guint n = in->n_groupings;

  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);
  g_return_val_if_fail (in->n_groupings > 0, FALSE);

  memset (result, 0, sizeof *result);
  result->n_groupings = n;
  result->groupings = g_new0 (SlGroupingResult, n);
  result->ranking = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
  result->order = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
  result->ties = g_ptr_array_new_with_free_func (tie_free);

  roll_groupings (rules, options, in, dice, result);

  /* P-06 step 2: lowest net roll first. */
  g_array_sort_with_data (result->ranking, compare_net, result);
  ranking = (guint *) (gpointer) result->ranking->data;

  settle_ties (&ctx, options, ranking, n);
  for (guint r = 0; r < n; r++)
    result->groupings[ranking[r]].rank = r;

  if (!check_tie_rolls (in, dice, result, error) ||
      !force_highest (in, ranking[n - 1], result, error))
    return FALSE;
  build_order (in, ranking, result);
  return TRUE;
}

void
sl_initiative_result_clear (SlInitiativeResult *result)
{
  if (result->groupings != NULL)
    for (guint i = 0; i < result->n_groupings; i++)
      {
        g_clear_pointer (&result->groupings[i].breakdown, sl_breakdown_free);
        g_clear_pointer (&result->groupings[i].tie_rolls, g_array_unref);
      }
  g_clear_pointer (&result->groupings, g_free);
  g_clear_pointer (&result->ranking, g_array_unref);
  g_clear_pointer (&result->order, g_array_unref);
  g_clear_pointer (&result->ties, g_ptr_array_unref);
  result->n_groupings = 0;
}

/* Melee */

void
sl_melee_modifiers (const SlRules     *rules,
                    const SlOptions   *options,
                    const SlMeleeSide *self,
                    const SlMeleeSide *opponent,
                    gboolean           zero_g,
                    SlBreakdown       *breakdown)
{
  /* P-24 step 3, in the order of its table. */
  sl_breakdown_addf (breakdown, "troop", self->troop->melee, _("Troop type: %s"),
                     self->troop->name);
  sl_breakdown_addf (breakdown, "race", self->race->melee, _("Race: %s"), self->race->name);
  /* T-16: moderate +1, serious +3. */
  sl_breakdown_addf (breakdown, "wound", rules->wounds[self->wound].melee, _("Own wound: %s"),
                     rules->wounds[self->wound].name);
  /* T-13: MELEE PROT is a penalty to the opponent's melee roll. */
  sl_breakdown_addf (breakdown, "opponent-armor", opponent->armor->melee_protection,
                     _("Opponent's suit: %s"), opponent->armor->name);
  /* P-21, T-36. */
  if (zero_g)
    sl_breakdown_add (breakdown, "zero-g", _("Zero gravity"), rules->environment.zero_g_melee);
  if (self->bonus)
    sl_breakdown_add (breakdown, "previous-hit", _("Scored a hit in its preceding melee action"),
                      SL_MELEE_PREVIOUS_HIT);
  /* P-24 step 5 and E-21: the share of the parry that falls on this unit. */
  if (opponent->stance == SL_STANCE_PARRY)
    sl_breakdown_add (breakdown, "parry", _("Opponent parrying"), self->parry_share);
  /* §18: a Legionnaire character's melee skill (T-44), and +1 when it
   * has no melee weapon. */
  if (self->legionnaire != NULL)
    {
      sl_breakdown_addf (breakdown, "legionnaire-melee", self->legionnaire->melee_modifier,
                         _("Legionnaire melee skill: %d (T-44)"), self->legionnaire->melee_level);
      sl_breakdown_add (breakdown, "no-melee-weapon", _("No melee weapon (§18)"),
                        self->legionnaire->no_melee_weapon);
    }
  sl_breakdown_add (breakdown, "other", _("Legionnaire skill or other modifier"),
                    self->modifier);
  for (guint i = 0; i < self->n_extra; i++)
    sl_breakdown_add (breakdown, self->extra[i].source, self->extra[i].label, self->extra[i].value);
}

static gboolean
check_melee_side (const SlRules      *rules,
                  const SlMeleeInput *in,
                  const SlMeleeSide  *side,
                  const char         *name,
                  GError            **error)
{
  g_autofree char *wound = g_strdup_printf ("%s.wound", name);
  g_autofree char *stance = g_strdup_printf ("%s.stance", name);

  if (rules->wounds[side->wound].out)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, wound,
                         _("An unconscious or dead unit cannot fight in melee (T-16)."));
      return FALSE;
    }
  if (side->dazed && side->stance == SL_STANCE_PARRY)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, stance,
                         _("A dazed unit cannot parry (A-27)."));
      return FALSE;
    }
  if (in->free_attack && side->stance == SL_STANCE_PARRY)
    {
      if (side == &in->a)
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, stance,
                           _("The free attack after a successful avoidance is an attack, not a parry (P-23, A-74)."));
      else
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, stance,
                           _("The unit that avoided cannot parry the attacker's free attack (A-74)."));
      return FALSE;
    }
  return TRUE;
}

static void
melee_side (const SlRules      *rules,
            const SlOptions    *options,
            const SlMeleeInput *in,
            const SlMeleeSide  *self,
            const SlMeleeSide  *opponent,
            SlDice             *dice,
            SlMeleeSideResult  *result)
{
  if (in->free_attack && self == &in->b)
    result->roll = SL_MELEE_FREE_ATTACK;
  else if (self->dazed)
    result->roll = SL_MELEE_DAZED;     /* no roll; the opponent still rolls */
  else if (self->stance == SL_STANCE_PARRY)
    result->roll = SL_MELEE_PARRIED;   /* P-24 step 5: no roll */
  else
    result->roll = SL_MELEE_ROLLED;

  if (result->roll != SL_MELEE_ROLLED)
    return;

  result->breakdown = sl_breakdown_new ();
  sl_melee_modifiers (rules, options, self, opponent, in->zero_g, result->breakdown);
  sl_check_roll (sl_rules_check (rules, "melee"), sl_breakdown_total (result->breakdown), dice,
                 self->roll_stream ? self->roll_stream : "roll", &result->check);
  result->hit = result->check.success;
  /* P-24 step 4: a hit gives −1 on the unit's next melee action. */
  result->next_bonus = result->hit;
}

static void
melee_damage (const SlRules     *rules,
              const SlOptions   *options,
              const SlMeleeSide *target,
              SlMeleeSideResult *result)
{
  SlDamageInput d = { 0 };

  /* P-24 step 4: exactly one wound level, whatever armor and PF; no daze. */
  d.source = SL_DAMAGE_MELEE;
  d.armor = target->armor;
  d.race = target->race;
  d.wound = target->wound;
  sl_damage_resolve (rules, options, &d, &result->damage);
  result->hit_taken = TRUE;
}

gboolean
sl_melee_resolve (const SlRules      *rules,
                  const SlOptions    *options,
                  const SlMeleeInput *in,
                  SlDice             *dice,
                  SlMeleeResult      *result,
                  GError            **error)
{
  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);
  g_return_val_if_fail (in->a.troop && in->a.race && in->a.armor, FALSE);
  g_return_val_if_fail (in->b.troop && in->b.race && in->b.armor, FALSE);

  memset (result, 0, sizeof *result);
  if (!check_melee_side (rules, in, &in->a, "a", error) ||
      !check_melee_side (rules, in, &in->b, "b", error))
    return FALSE;

  /* P-24 step 3: both sides roll at once; a parry makes no roll, so when
   * both parry nothing happens. */
  melee_side (rules, options, in, &in->a, &in->b, dice, &result->a);
  melee_side (rules, options, in, &in->b, &in->a, dice, &result->b);

  if (result->a.hit)
    melee_damage (rules, options, &in->b, &result->b);
  if (result->b.hit)
    melee_damage (rules, options, &in->a, &result->a);

  /* P-24 step 1 and A-75: 5 AP for both; the free attack costs 1. */
  result->ap = in->free_attack ? SL_FREE_ATTACK_AP : SL_MELEE_AP;
  return TRUE;
}

void
sl_melee_result_clear (SlMeleeResult *result)
{
  g_clear_pointer (&result->a.breakdown, sl_breakdown_free);
  g_clear_pointer (&result->b.breakdown, sl_breakdown_free);
}

void
sl_avoid_melee_modifiers (const SlRules      *rules,
                          const SlOptions    *options,
                          const SlAvoidInput *in,
                          SlBreakdown        *breakdown)
{
  /* the defender's own troop and race melee modifiers … */
  sl_breakdown_addf (breakdown, "troop", in->defender_troop->melee, _("Own troop type: %s"),
                     in->defender_troop->name);
  sl_breakdown_addf (breakdown, "race", in->defender_race->melee, _("Own race: %s"),
                     in->defender_race->name);
  /* … the attacker's, with the sign reversed (P-23 step 2) … */
  sl_breakdown_addf (breakdown, "attacker-troop", -in->attacker_troop->melee,
                     _("Attacker's troop type, reversed: %s"), in->attacker_troop->name);
  sl_breakdown_addf (breakdown, "attacker-race", -in->attacker_race->melee,
                     _("Attacker's race, reversed: %s"), in->attacker_race->name);
  /* §18 with A-73: a character's melee skill counts like its troop's
   * melee modifier, the attacker's reversed; the +1 for no melee weapon is
   * its kit, which counts no more than a suit's protection does. */
  if (in->defender_legionnaire != NULL)
    sl_breakdown_addf (breakdown, "legionnaire-melee", in->defender_legionnaire->melee_modifier,
                       _("Own Legionnaire melee skill: %d (T-44)"), in->defender_legionnaire->melee_level);
  if (in->attacker_legionnaire != NULL)
    sl_breakdown_addf (breakdown, "attacker-legionnaire-melee", -in->attacker_legionnaire->melee_modifier,
                       _("Attacker's Legionnaire melee skill, reversed: %d (T-44)"),
                       in->attacker_legionnaire->melee_level);
  /* … and the defender's wound penalty; no armor protection. */
  sl_breakdown_addf (breakdown, "wound", rules->wounds[in->defender_wound].melee,
                     _("Own wound: %s"), rules->wounds[in->defender_wound].name);
  /* A-73 option: zero-G +1 on the avoidance roll too. */
  if (in->zero_g && options->avoid_melee_zero_g)
    sl_breakdown_add (breakdown, "zero-g", _("Zero gravity (option avoidMeleeZeroG)"),
                      rules->environment.zero_g_melee);
}

gboolean
sl_avoid_melee_resolve (const SlRules      *rules,
                        const SlOptions    *options,
                        const SlAvoidInput *in,
                        SlDice             *dice,
                        SlBreakdown        *breakdown,
                        SlAvoidResult      *result,
                        GError            **error)
{
  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);
  g_return_val_if_fail (in->defender_troop && in->defender_race, FALSE);
  g_return_val_if_fail (in->attacker_troop && in->attacker_race, FALSE);

  memset (result, 0, sizeof *result);
  if (rules->wounds[in->defender_wound].out)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "defender.wound",
                         _("An unconscious or dead unit cannot avoid melee (T-16)."));
      return FALSE;
    }
  if (in->defender_dazed)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "defender.dazed",
                         _("A dazed unit cannot move, so it cannot avoid melee (A-27)."));
      return FALSE;
    }

  if (!in->defender_acted)
    {
      /* P-23 case (b): a movement action beyond 1 m, automatically, with no
       * roll and no free attack. */
      result->avoided = TRUE;
      result->extra_ap = options->avoid_melee_extra_ap;
      return TRUE;
    }

  /* P-23 case (a): roll net ≤ 5 at the start of the next subphase. */
  sl_avoid_melee_modifiers (rules, options, in, breakdown);
  sl_check_roll (sl_rules_check (rules, "avoid-melee"), sl_breakdown_total (breakdown), dice,
                 in->roll_stream ? in->roll_stream : "roll", &result->check);
  result->rolled = TRUE;
  result->avoided = result->check.success;
  /* on success the attacker first gets its 1-AP free attack. On
   * failure a full 5-AP melee follows and nobody may try again until it is
   * over. */
  result->free_attack = result->avoided;
  result->melee_follows = !result->avoided;
  /* A-21 option: the move resolves at once, but no new action may start for
   * that many subphases. */
  result->extra_ap = result->avoided ? options->avoid_melee_extra_ap : 0;
  return TRUE;
}

/* Rout */

void
sl_rout_modifiers (const SlRules     *rules,
                   const SlOptions   *options,
                   const SlRoutInput *in,
                   SlBreakdown       *breakdown)
{
  SlLeader leader = in->leader;
  int casualties;

  /* §15.4: a dead leader's rating disappears, unless an acting leader has
   * taken over (P-32 step 8, A-11). */
  if (in->leader_dead && leader.state == SL_LEADER_ALIVE)
    leader.state = SL_LEADER_DEAD;
  sl_leader_add_modifiers (rules, options, &leader, SL_LEADER_ROLL_ROUT, breakdown);

  sl_breakdown_addf (breakdown, "quality", rules->quality[in->quality].rout, _("Troop quality: %s"),
                     rules->quality[in->quality].name);
  /* each squad member counts once, by its current state. */
  sl_breakdown_addf (breakdown, "wounded-friends", rules->rout.wounded_friend * in->wounded_friends,
                     g_dngettext (GETTEXT_PACKAGE, "%d wounded friendly unit",
                                  "%d wounded friendly units", in->wounded_friends),
                     in->wounded_friends);
  sl_breakdown_addf (breakdown, "dead-friends", rules->rout.dead_friend * in->dead_friends,
                     g_dngettext (GETTEXT_PACKAGE, "%d dead or unconscious friendly unit",
                                  "%d dead or unconscious friendly units", in->dead_friends),
                     in->dead_friends);
  /* +20 once, however many enemy leaders are dead. */
  if (in->enemy_leader_dead)
    sl_breakdown_add (breakdown, "enemy-leader-dead", _("Enemy leader dead"),
                      rules->rout.enemy_leader_dead);
  /* the dead leader counts −20 on top of −10 as a dead friend. */
  if (in->leader_dead)
    sl_breakdown_add (breakdown, "leader-dead", _("Own leader dead"), rules->rout.leader_dead);
  if (in->penal)
    {
      if (in->penal_leader_visible)
        sl_breakdown_add (breakdown, "penal", _("Penal troops, leader visible"),
                          rules->rout.penal_leader_visible);
      else
        sl_breakdown_add (breakdown, "penal", _("Penal troops, leader not visible"),
                          rules->rout.penal_leader_not_visible);
    }
  /* every enemy unit wounded, unconscious or dead, or with the option
   * routOwnCasualtiesOnly only those this squad caused. */
  casualties = options->rout_own_casualties_only ? in->own_enemy_casualties
                                                 : in->enemy_casualties;
  sl_breakdown_addf (breakdown, "enemy-casualties", rules->rout.enemy_casualty * casualties,
                     options->rout_own_casualties_only
                       ? g_dngettext (GETTEXT_PACKAGE, "%d enemy casualty caused by this squad",
                                      "%d enemy casualties caused by this squad", casualties)
                       : g_dngettext (GETTEXT_PACKAGE, "%d enemy casualty",
                                      "%d enemy casualties", casualties),
                     casualties);
}

/* Rounds away the noise of floating-point powers (0.0975, not
 * 0.09750000000000003); the odds are exact to twelve places. */
static double
exact (double probability)
{
  return round (probability * 1e12) / 1e12;
}

gboolean
sl_rout_resolve (const SlRules     *rules,
                 const SlOptions   *options,
                 const SlRoutInput *in,
                 SlDice            *dice,
                 SlBreakdown       *breakdown,
                 SlRoutResult      *result,
                 GError           **error)
{
  const SlCheckDef *check = sl_rules_check (rules, "rout");
  int modifier;
  double p;

  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);

  memset (result, 0, sizeof *result);
  if (options->rout_roll_scope == SL_ROUT_SCOPE_SQUAD && in->n_units > 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "unit_rolls",
                         _("With one rout roll per squad (option routRollScope “squad”, A-99) the units do not roll."));
      return FALSE;
    }
  if (options->rout_roll_scope != SL_ROUT_SCOPE_SQUAD && in->n_units == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "unit_rolls",
                         _("With one rout roll per unit (option routRollScope, A-99) give unit_rolls: every unit of the squad but the leader."));
      return FALSE;
    }

  sl_rout_modifiers (rules, options, in, breakdown);
  modifier = sl_breakdown_total (breakdown);
  /* P-31 and A-03: d100; net 05 or less routs, natural 01 always routs,
   * natural 100 never does. The check "succeeds" when the squad routs. */
  p = sl_check_probability (check, modifier);

  if (options->rout_roll_scope == SL_ROUT_SCOPE_SQUAD)
    {
      sl_check_roll (check, modifier, dice, in->roll_stream ? in->roll_stream : "roll",
                     &result->check);
      result->routs = result->check.success;
      /* every unit but the leader routs (P-31 step 5). */
      result->squad_routs = result->routs;
      result->squad_probability = p;
      return TRUE;
    }

  result->n_units = in->n_units;
  result->units = g_new0 (SlRoutUnitResult, in->n_units);
  result->squad_routs = options->rout_roll_scope == SL_ROUT_SCOPE_UNIT;
  for (guint i = 0; i < in->n_units; i++)
    {
      SlCheckOutcome *o = &result->units[i].check;

      sl_check_roll (check, modifier, dice, in->units[i].roll_stream, o);
      if (o->success)
        result->routs = TRUE;
      if (options->rout_roll_scope == SL_ROUT_SCOPE_UNIT)
        result->squad_routs &= o->success;
    }
  if (options->rout_roll_scope == SL_ROUT_SCOPE_UNIT)
    {
      /* Each failing unit routs alone; the squad as a whole only when all do. */
      result->squad_probability = exact (pow (p, in->n_units));
    }
  else
    {
      /* A-99 option: any unit's failure routs the whole squad. */
      result->squad_routs = result->routs;
      result->squad_probability = exact (1.0 - pow (1.0 - p, in->n_units));
    }
  return TRUE;
}

void
sl_rout_result_clear (SlRoutResult *result)
{
  g_clear_pointer (&result->units, g_free);
  result->n_units = 0;
}

/* Rally */

void
sl_rally_modifiers (const SlRules      *rules,
                    const SlOptions    *options,
                    const SlRallyInput *in,
                    SlBreakdown        *breakdown)
{
  /* P-32 step 3 and A-102: the leader rating, the leader's race Leader value
   * and the troop-quality rally modifier (T-25). */
  sl_leader_add_modifiers (rules, options, &in->leader, SL_LEADER_ROLL_RALLY, breakdown);
  sl_breakdown_addf (breakdown, "quality", rules->quality[in->quality].rally, _("Troop quality: %s"),
                     rules->quality[in->quality].name);
}

gboolean
sl_rally_resolve (const SlRules      *rules,
                  const SlOptions    *options,
                  const SlRallyInput *in,
                  SlDice             *dice,
                  SlBreakdown        *breakdown,
                  SlCheckOutcome     *outcome,
                  GError            **error)
{
  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);

  if (in->leader.state == SL_LEADER_DEAD)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "leader_rating",
                         _("A dead leader cannot rally; appoint an acting leader (P-32)."));
      return FALSE;
    }
  sl_rally_modifiers (rules, options, in, breakdown);
  /* P-32 step 4: rallied on a net 1 or 2; natural 1 and 10 as usual. */
  sl_check_roll (sl_rules_check (rules, "rally"), sl_breakdown_total (breakdown), dice,
                 in->roll_stream ? in->roll_stream : "roll", outcome);
  return TRUE;
}

/* Regroup */

static void
problem_free (gpointer data)
{
  SlRegroupProblem *p = data;

  g_free (p->field);
  g_free (p->message);
  g_free (p);
}

static void
add_problem (SlRegroupResult *result,
             char            *field,
             char            *message)
{
  SlRegroupProblem *p = g_new0 (SlRegroupProblem, 1);

  p->field = field;
  p->message = message;
  g_ptr_array_add (result->problems, p);
}

void
sl_regroup_resolve (const SlRules        *rules,
                    const SlOptions      *options,
                    const SlRegroupInput *in,
                    SlRegroupResult      *result)
{
  const SlRegroupSquad *leader;
  int best = -1;
  int n_best = 0;

  g_return_if_fail (rules != NULL && options != NULL && in != NULL);
  g_return_if_fail (in->leader < in->n_squads);

  memset (result, 0, sizeof *result);
  result->problems = g_ptr_array_new_with_free_func (problem_free);
  leader = &in->squads[in->leader];

  /* P-33: a leader is available and assigned to the new squad; A-103:
   * leaderless squads merge only into one that has a leader. */
  if (!leader->has_leader)
    add_problem (result, g_strdup ("leader"),
                 g_strdup_printf (_("Squad “%s” has no leader to take command of the merged squad (P-33)."),
                                  leader->id));

  for (guint i = 0; i < in->n_squads; i++)
    {
      const SlRegroupSquad *s = &in->squads[i];

      /* P-33 and A-103: each squad merged in has no leader, or has lost at
       * least half of its starting size (dead or unconscious). */
      if (i != in->leader && s->has_leader && s->lost * 2 < s->size)
        add_problem (result, g_strdup_printf ("squads[%u].lost", i),
                     g_strdup_printf (_("Squad “%s” still has its leader and has lost only %d of its %d units; it may merge only after losing half of them (P-33, A-103)."),
                                      s->id, s->lost, s->size));

      result->counts[s->quality] += s->size - s->lost;
      result->size += s->size - s->lost;
    }

  /* P-33 step 4 and E-30: the majority quality of the units merged. */
  for (int q = 0; q < SL_N_QUALITIES; q++)
    {
      if (best < 0 || result->counts[q] > result->counts[best])
        {
          best = q;
          n_best = 1;
        }
      else if (result->counts[q] == result->counts[best])
        n_best++;
    }
  result->quality = best;
  if (n_best > 1)
    {
      /* a tie takes the lower quality (the first found, since the
       * qualities run from worst to best), or with the option
       * regroupTieQuality the leader's own quality. */
      result->quality_tie = TRUE;
      if (options->regroup_tie_quality == SL_REGROUP_TIE_LEADER)
        result->quality = leader->leader_quality;
    }

  /* the new squad uses the leader's rating. */
  result->leader_rating = leader->has_leader ? leader->leader_rating : 0;
  result->allowed = result->problems->len == 0;
}

void
sl_regroup_result_clear (SlRegroupResult *result)
{
  g_clear_pointer (&result->problems, g_ptr_array_unref);
}
