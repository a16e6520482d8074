/* sl-detection.c: hiding and detection
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-detection.h"
#include "sl-options.h"

const char * const sl_detection_public_names[] = {
  "light-woods", "heavy-woods", "half-cover", "full-cover", NULL
};
const char * const sl_detection_secret_names[] = {
  "camo-tinter", "ranger-suit", "not-stealth", NULL
};

/* P-28: up to 2 decoy piles for each hidden unit. */
#define DECOYS_PER_HIDDEN_UNIT 2

static int
t19 (const SlRules *rules,
     const char    *id)
{
  const SlDetectionModifier *m = sl_rules_detection_modifier (rules, id);

  g_assert (m != NULL);
  return m->value;
}

const char *
sl_detection_public_label (SlDetectionPublic p)
{
  switch (p)
    {
    case SL_DETECTION_LIGHT_WOODS: return _("Light woods");
    case SL_DETECTION_HEAVY_WOODS: return _("Heavy woods");
    case SL_DETECTION_HALF_COVER: return _("Half cover");
    case SL_DETECTION_FULL_COVER: return _("Full cover");
    case SL_N_DETECTION_PUBLIC:
    default:
      g_return_val_if_reached ("");
    }
}

/* The cover around the pile: only the single highest value counts, as for
 * fire, unless every cover value stacks (A-47, option stackCover). */
static void
add_public_cover (const SlRules          *rules,
                  const SlOptions        *options,
                  const SlDetectionInput *in,
                  SlBreakdown            *breakdown)
{
  int best = -1;

  for (int p = 0; p < SL_N_DETECTION_PUBLIC; p++)
    {
      if (!in->public_modifiers[p])
        continue;
      if (options->stack_cover)
        sl_breakdown_add (breakdown, sl_detection_public_names[p], sl_detection_public_label (p),
                          t19 (rules, sl_detection_public_names[p]));
      else if (best < 0 || t19 (rules, sl_detection_public_names[p]) >
                           t19 (rules, sl_detection_public_names[best]))
        best = p;
    }
  if (best < 0)
    return;
  sl_breakdown_add (breakdown, sl_detection_public_names[best], sl_detection_public_label (best),
                    t19 (rules, sl_detection_public_names[best]));
  /* The others said, at +0, with the reason (issue 31 #6). */
  for (int p = 0; p < SL_N_DETECTION_PUBLIC; p++)
    if (in->public_modifiers[p] && p != best)
      {
        g_autofree char *label = g_strdup_printf (_("%s: not counted, only the highest cover counts (A-47)"),
                                                  sl_detection_public_label (p));

        sl_breakdown_add_note (breakdown, sl_detection_public_names[p], label);
      }
}

static gboolean
check_request (const SlRules          *rules,
               const SlOptions        *options,
               const SlDetectionInput *in,
               GError                **error)
{
  const SlDetectionConditions *c = &in->conditions;

  if (c->holotarp_entered && !c->holotarp)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "conditions.holotarp_entered",
                         _("Only a pile under a holotarp can have its holotarp entered (T-37)."));
      return FALSE;
    }
  if (in->decoy)
    {
      for (int s = 0; s < SL_N_DETECTION_SECRET; s++)
        if (in->secret_modifiers[s])
          {
            sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "secret",
                               _("A decoy has no hidden unit, so its secret modifier is 0 (P-27)."));
            return FALSE;
          }
      if (in->target_armor != NULL)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target_armor",
                             _("A decoy has no hidden unit and so no suit (P-28)."));
          return FALSE;
        }
      return TRUE;
    }
  if (in->target_armor != NULL)
    {
      if (in->secret_modifiers[SL_DETECTION_RANGER_SUIT] && in->target_armor->detection_against == 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "secret",
                             _("Only a unit in a Ranger suit has the Ranger suit modifier (T-19, A-51)."));
          return FALSE;
        }
      if (in->secret_modifiers[SL_DETECTION_NOT_STEALTH] && !in->target_armor->power_suit)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "secret",
                             _("Only a power suit has a stealth power mode (§15.13)."));
          return FALSE;
        }
    }
  else if (in->secret_modifiers[SL_DETECTION_CAMO_TINTER] && !options->camo_tinter_all_units)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target_armor",
                         _("The camo tinter only helps units in power suits (A-123): give the hidden unit’s suit."));
      return FALSE;
    }
  return TRUE;
}

/* The hidden unit's own modifiers, known only to the hider (T-19 "*"). */
void
sl_detection_secret_breakdown (const SlRules          *rules,
            const SlOptions        *options,
            const SlDetectionInput *in,
            SlBreakdown            *breakdown)
{
  const SlArmor *armor = in->target_armor;

  /* P-27 step 5: a decoy's specific modifier is 0. */
  if (in->decoy)
    return;

  /* the tinter works through the chemicals of power suits. */
  if (in->secret_modifiers[SL_DETECTION_CAMO_TINTER] &&
      (options->camo_tinter_all_units || armor->power_suit))
    sl_breakdown_add (breakdown, "camo-tinter", _("Camo tinter"), t19 (rules, "camo-tinter"));

  /* +3 from the detection table, or +5 from the armor remark. A suit
   * that is a Ranger suit counts whether or not the hider listed it. */
  if (in->secret_modifiers[SL_DETECTION_RANGER_SUIT] ||
      (armor != NULL && armor->detection_against != 0))
    sl_breakdown_add (breakdown, "ranger-suit", _("Ranger suit"), options->ranger_detection_mod);

  /* §15.13: a power suit that is not in stealth power mode is easier to
   * find. */
  if (in->secret_modifiers[SL_DETECTION_NOT_STEALTH])
    sl_breakdown_add (breakdown, "not-stealth", _("Power suit not in stealth power mode"),
                      t19 (rules, "not-stealth"));
}

static gboolean
add_public (const SlRules          *rules,
            const SlOptions        *options,
            const SlDetectionInput *in,
            SlBreakdown            *breakdown,
            GError                **error)
{
  const SlDetectionConditions *c = &in->conditions;
  const SlArmor *detector = in->detector_armor;
  const SlDetectionModifier *rain = sl_rules_detection_modifier (rules, "rain");

  if ((c->rain || c->snow) && !c->indoors && in->distance_m < 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "distance_m",
                         _("Rain and snow depend on the distance to the pile: give distance_m (T-36)."));
      return FALSE;
    }

  /* P-27 step 4 and A-125: the detector's own suit sensors. */
  if (options->detector_suit_modifier)
    sl_breakdown_addf (breakdown, "detector-suit", detector->detection,
                       _("Detector’s suit: %s"), detector->name);

  /* T-19, T-36 and A-147: the detector's own suit decides the night
   * modifier; night does not count indoors unless there is a blackout. */
  if (c->night && (!c->indoors || c->blackout))
    {
      if (detector->power_suit)
        sl_breakdown_add (breakdown, "night", _("Night, detector in a power suit"),
                          t19 (rules, "night-power-suit"));
      else
        sl_breakdown_add (breakdown, "night", _("Night, detector without a power suit"),
                          t19 (rules, "night-no-power-suit"));
    }

  /* T-36 and A-118: rain beyond 10 m; snow beyond 5 m and 15 m; neither
   * indoors. */
  if (c->rain && !c->indoors && in->distance_m > rain->beyond_m)
    sl_breakdown_addf (breakdown, "rain", rain->value, _("Rain, pile beyond %g m"), rain->beyond_m);
  if (c->snow && !c->indoors)
    {
      const double *beyond = rules->environment.snow_beyond_m;

      if (in->distance_m > beyond[1])
        sl_breakdown_addf (breakdown, "snow", rules->environment.snow[1],
                           _("Snow, pile beyond %g m"), beyond[1]);
      else if (in->distance_m > beyond[0])
        sl_breakdown_addf (breakdown, "snow", rules->environment.snow[0],
                           _("Snow, pile beyond %g m"), beyond[0]);
    }

  /* by default smoke is a +5 penalty, not a block. */
  if (c->smoke)
    sl_breakdown_add (breakdown, "smoke", _("Smoke"), t19 (rules, "smoke"));

  /* the jammer is public knowledge, and troubles only a
   * detector whose suit has sensors. */
  if (c->enemy_ecm && detector->sensor)
    sl_breakdown_add (breakdown, "ecm", _("Enemy ECM jammer"), t19 (rules, "ecm"));

  /* T-37 and A-121: the sensor helps only detectors in suits with sensor
   * helmets; −3 from the text or −2 from the table. */
  if (c->ground_sensor && detector->sensor)
    sl_breakdown_add (breakdown, "ground-sensor", _("Friendly ground sensor"),
                      options->ground_sensor_bonus);

  /* A-124 option: the holotarp as a mere +2. */
  if (c->holotarp && options->holotarp_mode == SL_HOLOTARP_MODIFIER)
    sl_breakdown_add (breakdown, "holotarp", _("Holotarp"), t19 (rules, "holotarp"));

  add_public_cover (rules, options, in, breakdown);
  return TRUE;
}

gboolean
sl_detection_resolve (const SlRules          *rules,
                      const SlOptions        *options,
                      const SlDetectionInput *in,
                      SlDice                 *dice,
                      SlBreakdown            *public_breakdown,
                      SlBreakdown            *secret_breakdown,
                      SlDetectionResult      *result,
                      GError                **error)
{
  const SlCheckDef *check = sl_rules_check (rules, "detection");
  const SlDetectionConditions *c = &in->conditions;
  gboolean invisible_tarp = c->holotarp && options->holotarp_mode == SL_HOLOTARP_INVISIBLE;

  g_return_val_if_fail (in->detector_armor != NULL, FALSE);

  memset (result, 0, sizeof *result);

  if (!check_request (rules, options, in, error))
    return FALSE;

  /* nothing under a holotarp can be found until an enemy enters its
   * square; then it is found at once. */
  if (invisible_tarp && !c->holotarp_entered)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "conditions.holotarp",
                         _("Anything under a holotarp is undetectable until an enemy unit enters its 4 m square (T-37, A-124)."));
      return FALSE;
    }
  if (invisible_tarp && c->holotarp_entered)
    {
      result->automatic = TRUE;
      result->automatic_reason = _("An enemy unit is inside the holotarp’s square: what lies under it is found (T-37, A-128).");
    }
  /* §15.1: detection is automatic within 1 m. */
  else if (in->distance_m >= 0 && in->distance_m <= rules->detection_automatic_within_m)
    {
      result->automatic = TRUE;
      result->automatic_reason = _("Detection is automatic within 1 m (§15.1).");
    }
  if (result->automatic)
    {
      result->detected = TRUE;
      result->probability = result->public_probability = 1.0;
      return TRUE;
    }

  /* P-27 step 2: only piles in the 180° field of view, with a clear line of
   * sight, can be tried. */
  if (!in->in_field_of_view)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "in_field_of_view",
                         _("A unit can only try to detect piles inside its 180° field of view (P-27)."));
      return FALSE;
    }
  if (c->smoke && options->smoke_blocks_los)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "conditions.smoke",
                         _("Smoke blocks the line of sight, and a pile needs a clear one to be tried (option smokeBlocksLOS, A-112, P-27)."));
      return FALSE;
    }

  if (!add_public (rules, options, in, public_breakdown, error))
    return FALSE;
  sl_detection_secret_breakdown (rules, options, in, secret_breakdown);

  result->public_modifier = sl_breakdown_total (public_breakdown);
  result->secret_modifier = sl_breakdown_total (secret_breakdown);
  result->public_probability = sl_check_probability (check, result->public_modifier);
  result->public_needed = sl_check_needed (check, result->public_modifier);

  /* P-27 step 6: net ≤ 5 detects; a natural 1 always does and a natural 10
   * never does. */
  sl_check_roll (check, result->public_modifier + result->secret_modifier, dice,
                 in->roll_stream ? in->roll_stream : "roll", &result->check);
  result->probability = result->check.probability;
  result->detected = result->check.success;
  return TRUE;
}

int
sl_detection_max_decoys (const SlRules *rules,
                         int            hidden_units)
{
  g_return_val_if_fail (hidden_units >= 0, 0);

  return DECOYS_PER_HIDDEN_UNIT * hidden_units;
}

gboolean
sl_detection_check_decoys (const SlRules *rules,
                           int            hidden_units,
                           int            decoys,
                           GError       **error)
{
  int max = sl_detection_max_decoys (rules, hidden_units);

  if (decoys > max)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "decoys",
                         g_dngettext (GETTEXT_PACKAGE,
                                      "%d hidden unit allows at most %d decoy piles (P-28, E-23).",
                                      "%d hidden units allow at most %d decoy piles (P-28, E-23).",
                                      hidden_units),
                         hidden_units, max);
      return FALSE;
    }
  return TRUE;
}
