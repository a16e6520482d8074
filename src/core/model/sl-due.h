/* sl-due.h: what the rules want resolved before the clock moves on — the
 * fires, grenades, blasts, melees, rallies and rout checks due now
 * (P-08 steps 3–6, P-31, P-38)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-state.h"

G_BEGIN_DECLS

typedef enum
{
  SL_DUE_FIRE,          /* a Fire or Aimed fire action: fire (P-14), or area-burst when none was declared */
  SL_DUE_AREA_BURST,    /* a fire declared as an area burst: area-burst (P-30 step 4) */
  SL_DUE_THROW,         /* a hand grenade: throw (P-34) */
  SL_DUE_LAUNCH,        /* the grenade launcher: launch (P-35) */
  SL_DUE_DETONATE,      /* a charge by radio: detonate (P-36 step 3) */
  SL_DUE_BLAST,         /* a grenade, charge or mine goes off: blast (P-08 step 4) */
  SL_DUE_FIRE_MISSION,  /* a fire mission lands: fire-mission (P-38) */
  SL_DUE_AVOID,         /* an avoidance roll: avoid (P-23 a) */
  SL_DUE_MELEE,         /* a melee action ends: melee (P-24) */
  SL_DUE_RALLY,         /* a rally ends: rally (P-32) */
  SL_DUE_ROUT_CHECK,    /* a squad checks for rout: rout-check (P-31) */
  SL_N_DUE_KINDS
} SlDueKind;

/* The command that resolves each kind ("fire", "blast" …). */
extern const char * const sl_due_commands[];

typedef struct
{
  SlDueKind kind;
  SlStep    step;     /* the step it belongs to, in the Action Phase */
  int       unit;     /* the unit, or -1 */
  int       marker;   /* the marker's id, or 0 */
  int       squad;    /* the squad, or -1 */
} SlDue;

/* The leader a squad answers to now: its leader when in the fight, else
 * its acting leader, or -1 (P-32 step 8). */
int          sl_due_squad_leader (const SlRules *rules,
                                  const SlState *state,
                                  int            squad);

/* Whether @unit never routs: the leader its squad answers to now (P-31
 * step 5) or a Legionnaire player character (§18). */
gboolean     sl_due_unit_never_routs (const SlRules *rules,
                                      const SlSetup *setup,
                                      const SlState *state,
                                      int            unit);
/* Whether @squad (its units as they stand after regroups) has anybody in
 * the fight who could rout, and so checks for rout (P-31). */
gboolean     sl_due_squad_may_rout (const SlRules *rules,
                                    const SlSetup *setup,
                                    const SlState *state,
                                    int            squad);

/* What must be resolved in @step of the current subphase (in the Action
 * Phase), or in the current Fire Mission or Rout/Rally Phase (@step
 * ignored): SlDue, in the order the table takes them (units in the acting
 * order). Empty when nothing is due. */
GArray      *sl_due_list (const SlRules *rules,
                          const SlSetup *setup,
                          const SlState *state,
                          SlStep         step);

G_END_DECLS
