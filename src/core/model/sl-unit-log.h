/* sl-unit-log.h: one unit's line of the paper squad log (T-04), as the
 * table screen, the printed log and `squadlog replay` show it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-state.h"

G_BEGIN_DECLS

typedef struct
{
  int             counter;          /* Counter # */
  const char     *name;
  int             points;           /* Pts */
  const SlRace   *race;
  const SlArmor  *armor;
  const SlWeapon *weapons[2];       /* Wpn: long arm and/or sidearm */
  int             n_weapons;
  int             in_hand;          /* index into weapons */
  const char     *omni_mode;        /* "spike", "slug", or NULL */
  int             ranged_mod;       /* Mod: troop + race + weapon in hand (T-04) */
  int             melee_mod;        /* troop + race (P-24: weapons do not count) */
  const SlLegionnaire *legionnaire; /* a Legionnaire character (§18), or NULL; its
                                     * skills are in the Mod */

  /* Ammo (T-20): boxes printed and boxes still unticked. */
  int             boxes[SL_N_MAGAZINES];
  int             left[SL_N_MAGAZINES];
  int             rounds;           /* per magazine of the weapon in hand, 0: no limit */
  int             rounds_fired;     /* the tally of the current magazine */
  gboolean        launcher;
  int             launcher_boxes[SL_N_GRENADES];  /* its rounds at the start (P-35) */
  int             launcher_load[SL_N_GRENADES];   /* left */

  SlWound         wound;            /* the boxes L M S U D up to it are ticked */
  SlPosition      position;
  int             plastic_charges;
  int             shaped_charges;
  int             keys;
  gboolean        ecm_jammer;
  gboolean        ground_sensor;
  gboolean        bounce_pack;
  gboolean        stealth_power;

  /* The action log and the counters. */
  const SlAction *action;           /* under way (or ending now), or NULL */
  int             action_start;     /* subphase indices */
  int             action_end;
  int             action_cost;
  int             action_done;      /* AP spent so far, 0 … cost */
  int             dazed_until;      /* subphase index, or -1 when not dazed now */
  gboolean        jammed;
  gboolean        routed;
  gboolean        hidden;
  gboolean        opportunity;
  gboolean        in_melee;
  gboolean        out;              /* unconscious or dead (T-16) */
  gboolean        drifting;         /* a zero-G dive that carries on */
  /* Vacuum and hostile atmospheres (T-36, P-39): */
  gboolean        exposure;         /* the scenario has one: inside or out matters */
  gboolean        inside;           /* sheltered */
  SlBreach        breach;           /* its suit's breach, if any */
} SlUnitLog;

void         sl_unit_log_fill   (const SlRules *rules,
                                 const SlSetup *setup,
                                 const SlState *state,
                                 int            unit,
                                 SlUnitLog     *log);

/* "+2/−1", as on the log. */
char        *sl_unit_log_format_mod (const SlUnitLog *log);


G_END_DECLS
