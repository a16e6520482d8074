/* sl-ammunition.h: magazines, rounds, hand grenades and the grenade
 * launcher's load (digest §15.2, §15.6; T-20, P-29, P-35)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-rules.h"

G_BEGIN_DECLS

typedef enum
{
  SL_AMMO_FIRE,      /* one round */
  SL_AMMO_BURST,     /* 5 rounds or what is left (P-29, P-30) */
  SL_AMMO_RELOAD,    /* 5 AP */
  SL_AMMO_PICK_UP,   /* Pick-up object: readies a hand grenade */
  SL_AMMO_GRENADE,   /* throws the readied hand grenade */
  SL_AMMO_LAUNCHER,  /* launches 1 to 4 launcher grenades (P-35) */
  SL_N_AMMO_ACTIONS
} SlAmmoAction;

extern const char * const sl_ammo_action_names[];

typedef enum
{
  SL_GRENADE_FG,  /* fragmentation */
  SL_GRENADE_SG,  /* smoke */
  SL_N_GRENADES
} SlGrenade;

extern const char * const sl_grenade_names[];

/* What the unit log's Ammo and Ammunition boxes say (T-04) for one weapon. */
typedef struct
{
  int      magazines_left;          /* unticked boxes of the weapon's class */
  int      rounds_fired;            /* tally of the current magazine */
  int      grenades[SL_N_GRENADES]; /* unticked FG and SG boxes */
  gboolean picked_up;               /* a hand grenade is readied */
  gboolean has_launcher;
  int      launcher[SL_N_GRENADES]; /* launcher grenades left, by type */
} SlAmmoState;

typedef struct
{
  const SlWeapon *weapon;     /* may be NULL for grenade actions */
  const char     *omni_mode;
  SlAmmoAction    action;
  SlGrenade       grenade;    /* thrown or launched */
  int             count;      /* launcher grenades in this fire action */
  SlAmmoState     state;
} SlAmmoInput;

typedef struct
{
  SlAmmoState state;              /* after the action */
  SlMagazine  magazine;           /* R or P; NONE for lasers or no weapon */
  int         boxes;              /* magazines carried (T-20) */
  int         rounds;             /* per magazine (T-12) */
  gboolean    unlimited;          /* lasers never run out */
  int         spent;              /* rounds or grenades used */
  int         discarded;          /* rounds thrown away by a tactical reload */
  gboolean    ticked;             /* this action ticked a magazine box */
  gboolean    empty;              /* the weapon must be reloaded */
  gboolean    out_of_ammunition;  /* every box of the weapon is ticked */
} SlAmmoResult;

/* T-20 with A-90: the boxes on the log for @magazine (R 3, P 2 or 3 by
 * option pistolMagazines, FG 2, SG 2). */
int      sl_ammo_boxes        (const SlRules     *rules,
                               const SlOptions   *options,
                               SlMagazine         magazine);
/* The magazine class of @weapon; SL_MAGAZINE_NONE for lasers. */
SlMagazine sl_ammo_magazine   (const SlWeapon    *weapon);
/* A unit as it starts the game: every box unticked, a full magazine, 2 FG
 * and 2 SG, or a full launcher of one type in their place (P-35). */
void     sl_ammo_initial_state (const SlRules    *rules,
                                const SlOptions  *options,
                                const SlWeapon   *weapon,
                                gboolean          launcher,
                                SlGrenade         launcher_type,
                                SlAmmoState      *state);
/* Whether @state can be written on the log of a unit carrying @weapon;
 * errors name the request field ("magazines_left", "launcher"). */
gboolean sl_ammo_check_state  (const SlRules     *rules,
                               const SlOptions   *options,
                               const SlWeapon    *weapon,
                               const SlAmmoState *state,
                               GError           **error);
/* P-29, P-35, A-89 …: applies @in->action to @in->state, or
 * fails with the rule that forbids it. */
gboolean sl_ammo_resolve      (const SlRules     *rules,
                               const SlOptions   *options,
                               const SlAmmoInput *in,
                               SlAmmoResult      *result,
                               GError           **error);

G_END_DECLS
