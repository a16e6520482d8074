/* sl-state.h: the state of a game at one moment — the squad logs, the
 * counters on the logs and the markers on the table
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-actions.h"
#include "sl-ammunition.h"
#include "sl-environment.h"
#include "sl-notes.h"
#include "sl-setup.h"

G_BEGIN_DECLS

#define SL_MAX_UNITS 64
#define SL_MAX_GROUPINGS 64
#define SL_MAX_SQUADS 32
/* Sealed notes in a game (P-28, P-37, P-38). */
#define SL_MAX_NOTES 128
/* A pile's label ("Pile C"), bytes with its NUL. */
#define SL_PILE_LABEL_SIZE 24
/* Fires remembered per unit: enough for the rate-of-fire window (T-23). */
#define SL_MAX_FIRES 6
/* Melee opponents of one unit at a time. */
#define SL_MAX_ENGAGED 4

/* One fire action of a unit, for the rate of fire (P-15, T-23). */
typedef struct
{
  int index;    /* subphase index */
  int mode;     /* SlFireModeId */
  int target;   /* unit index, or -1 */
} SlFireMark;

typedef enum
{
  SL_FIRE_MODE_SINGLE,
  SL_FIRE_MODE_AIMED,
  SL_FIRE_MODE_OPPORTUNITY,
  SL_FIRE_MODE_LAUNCHER,
  SL_FIRE_MODE_CONCENTRATED,
  SL_FIRE_MODE_AREA,
  SL_N_FIRE_MODES
} SlFireModeId;

extern const char * const sl_fire_mode_ids[];

/* What a Fire/Throw action throws, when it is no shot of the weapon in
 * hand (P-34, P-35, P-36). */
typedef enum
{
  SL_THROW_NONE,
  SL_THROW_GRENADE,   /* a hand grenade (P-34) */
  SL_THROW_LAUNCHER,  /* the grenade launcher (P-35) */
  SL_THROW_CHARGE,    /* a charge set off by radio (P-36 step 3) */
  SL_N_THROWS
} SlThrow;

extern const char * const sl_throw_names[];

/* The current action, as the Action counter on the Action Log and the
 * End-Action counter on the Subphase Track show it (P-07). */
typedef struct
{
  const SlAction *action;        /* NULL when idle */
  int             combined_with; /* SlMove, SL_COMBINE_KNEELING or SL_COMBINE_STAIRS */
  int             start;         /* subphase index of its first subphase */
  int             end;           /* subphase index of its last subphase */
  int             cost;
  int             target;        /* unit index (fire, melee), or -1 */
  int             to_position;   /* position change: SlPosition, or -1 */
  int             stairs_end;    /* a climb beside the action ends here, or -1 */
  gboolean        resolved;      /* its end subphase has resolved */
  int             throwing;      /* SlThrow of a Fire/Throw action */
  int             burst;         /* SlBurstMode a fire was declared with (P-30 step 2) */
  int             rallied;       /* a rally resolved: the squad index + 1, else 0 (P-32 step 7) */
  int             mission;       /* the fire mission called: its T-35 entry + 1, else 0 (P-38) */
  int             target_marker; /* a charge fired at, deactivated or picked up: its marker id, else 0 */
  int             obstacle;      /* an obstacle fired at: its T-18 entry + 1 (named by @label), else 0 */
  char            label[48];     /* what the players call the spot (a charge, a door) */
  int             note;          /* an install or a call: the note sealed in it (P-36 step 6, P-38 step 3), else 0 */
} SlCurrentAction;

typedef struct
{
  /* The unit log (T-04). */
  SlWound         wound;
  SlPosition      position;
  int             in_hand;            /* index into the setup's weapons */
  gboolean        omni_slug;          /* OMNI rifle in slug mode */
  int             magazines[SL_N_MAGAZINES];  /* unticked R and P boxes */
  int             rounds_fired[2];    /* tally of the current magazine, per weapon */
  int             grenades[SL_N_GRENADES];
  gboolean        grenade_ready;      /* picked up, ready to throw */
  gboolean        launcher;
  int             launcher_load[SL_N_GRENADES];
  int             plastic_charges;
  int             shaped_charges;
  int             keys;
  gboolean        ecm_jammer;
  gboolean        bounce_pack;
  gboolean        stealth_power;
  gboolean        inside;             /* sheltered from vacuum or a hostile atmosphere (T-36, A-120) */

  /* The counters. */
  SlCurrentAction current;
  int             moving;             /* SlMove this subphase */
  gboolean        move_made;          /* … declared and made in this subphase */
  int             moved_before;       /* SlMove of the subphase before (T-07, A-31, A-40) */
  gboolean        bounced_before;     /* … made with the bounce pack working */
  gboolean        opportunity_armed;  /* P-09, A-28 */
  int             zero_g_failed;      /* subphase index + 1 of a failed zero-G check: it
                                       * tries again next subphase (P-21 step 4), else 0 */
  int             dazed_until;        /* last dazed subphase index, or -1 (P-19) */
  int             dazed_from;
  int             idle_until;         /* ambushed: nothing until after it (§5.2), or -1 */
  gboolean        jammed;             /* P-16 */
  gboolean        routed;             /* P-31 */
  gboolean        hidden;             /* §15.1 */
  gboolean        melee_bonus;        /* hit in its last melee: −1 next (P-24) */
  int             engaged[SL_MAX_ENGAGED];  /* melee opponents, unit indices */
  int             n_engaged;
  SlFireMark      fires[SL_MAX_FIRES];
  int             n_fires;
  SlBreach        breach;             /* vacuum or hostile atmosphere (P-39) */
  int             casualty_turn;      /* turn it was wounded / knocked out, or 0 */
  int             casualty_by;        /* side whose fire, blast or melee did it, or -1 */
  int             out_turn;           /* turn it was knocked out or killed, or 0 */
  int             routed_turn;        /* turn it last routed, or 0 */

  /* Melee (sl-command-melee.c) */
  int             stance;             /* SlStance of its last melee action */
  int             melee_target;       /* the unit it attacks, or -1 */
  int             avoid_failed;       /* P-23: failed to avoid this attacker + 1: no more
                                       * avoidance in that melee; else 0 */
  gboolean        must_move_away;     /* avoided: its next action moves it beyond 1 m (P-23) */
  int             avoid_from;         /* P-23(a): an avoidance roll is due against this attacker + 1, else 0 */
  int             avoid_due;          /* … from this subphase index */

  /* Explosives (sl-command-explosives.c) */
  int             blast_marker;       /* the last blast it was caught in, or 0 */


  /* Detection (sl-command-detection.c) */
  gboolean        detected;           /* detected once: never hides again (§15.1) */
  int             revealed_at;        /* subphase index + 1 its action revealed it, or 0 */
  char            pile[SL_PILE_LABEL_SIZE];  /* the pile it lies under while hidden (P-28), or "" */
  char            hiding_digest[65];  /* the seal of its hiding (issue 30 #6), hex, or "" */
  gboolean        hiding_intact;      /* the hiding as read matches that seal */
} SlUnitState;

/* A detection roll made this turn (A-128: once per unit and pile). */
#define SL_MAX_DETECT_TRIES 128
typedef struct
{
  int  turn;
  int  unit;
  char pile[SL_PILE_LABEL_SIZE];
} SlDetectTry;

/* Markers on the table with their timers. */
typedef enum
{
  SL_MARKER_GRENADE,       /* thrown, about to go off (P-34 step 6) */
  SL_MARKER_SMOKE,         /* a cloud, 12 turns */
  SL_MARKER_CHARGE,        /* placed (P-36) */
  SL_MARKER_MINE,          /* written down before the game (P-37) */
  SL_MARKER_FIRE_MISSION,  /* called, about to land (P-38) */
  SL_MARKER_BREACH,        /* a hole in a wall or a destroyed door (P-25) */
  SL_MARKER_OPEN_DOOR,
  SL_MARKER_ELEVATOR,      /* on a floor, or called (P-11) */
  SL_MARKER_OBSTACLE,      /* damage taken so far (P-25) */
  SL_MARKER_DECOY,         /* a decoy pile: its label is public, that it is a decoy is not (P-28) */
  SL_N_MARKERS
} SlMarkerKind;

extern const char * const sl_marker_kind_names[];

/* What a destroyed obstacle leaves as its step ends (P-25 step 4). */
enum { SL_OBSTACLE_STANDING, SL_OBSTACLE_LEAVES_BREACH, SL_OBSTACLE_REMOVED };

typedef struct
{
  int          id;
  SlMarkerKind kind;
  int          owner;      /* unit index, or -1 */
  int          created;    /* subphase index */
  int          due;        /* when it goes off / arrives, or -1 */
  int          expires;    /* when it is removed, or -1 */
  int          type;       /* SlGrenade for grenades and smoke; charges for charges */
  int          amount;     /* obstacle damage in half levels; elevator floor */
  int          step_amount; /* an obstacle's damage as the held step began */
  int          destroyed;  /* an obstacle destroyed in the held step: SL_OBSTACLE_* left when it ends */
  gboolean     resolved;
  gboolean     secret;     /* known only to its owner's side (the private view) */
  int          note;       /* the sealed note that says where it is, or 0 */
  char         label[48];  /* what the players write next to it */
} SlMarker;

/* A unit as it stood when the current resolution step began (P-08 steps
 * 3–5). The fires, grenades, blasts and melees of one step are
 * simultaneous: each reads the units from here, not from the log as the
 * step has changed it, and the actions they cost are lost when the step
 * ends, so that the order the table enters them in never changes an
 * outcome. */
typedef struct
{
  gint8 wound;         /* SlWound */
  gint8 moving;        /* SlMove */
  gint8 hidden;
  gint8 in_melee;
  gint8 casualty_by;   /* side, or -1 */
  gint8 loses_action;  /* hit in this step: loses its action as it ends (§6.1) */
  gint8 parry_used;    /* of its parry's +3, given to attackers so far (E-21) */
  gint8 dazed;         /* dazed in this subphase (P-19) */
} SlStepUnit;

typedef struct
{
  /* The clock. */
  int       turn;
  SlPhase   phase;
  int       subphase;       /* 1–10 in the Action Phase, else 0 */
  SlStep    step;           /* in the Action Phase */
  gboolean  over;           /* the game has ended */

  /* This turn's initiative (P-06). */
  gboolean  initiative_done;
  int       n_order;
  int       order[SL_MAX_GROUPINGS];         /* grouping indices, acting order */
  int       initiative_net[SL_MAX_GROUPINGS];
  int       decisions[SL_MAX_GROUPINGS];     /* SlDecision */
  /* In the initiative-order step: the position in @order of the grouping
   * whose turn it is (P-06 step 5, P-08 step 2); the groupings before it
   * have had theirs. */
  int       slot;

  /* The squads and groupings; regrouping (P-33) changes them. */
  gboolean  rout_checked[SL_MAX_SQUADS];     /* this turn's Rout/Rally Phase */
  int       squad_leader[SL_MAX_SQUADS];     /* unit index, or -1 (§15.4; P-33 may change it) */
  int       acting_leader[SL_MAX_SQUADS];    /* unit index, or -1 (P-32 step 8) */
  int       grouping_of[SL_MAX_UNITS];       /* the grouping a unit acts with */
  int       squad_of[SL_MAX_UNITS];          /* the squad (chain of command) it belongs to */
  int       squad_quality[SL_MAX_SQUADS];    /* SlQuality, after regroups (E-30) */

  int         n_units;
  SlUnitState units[SL_MAX_UNITS];

  /* The resolution step in progress (ranged fire, explosions, melee,
   * rally) and the units as they stood when it began; SL_STEP_NONE
   * between them. */
  SlStep      held_step;
  SlStepUnit  step_units[SL_MAX_UNITS];

  /* A side that holds its fire until fired upon (a special condition,
   * T-41, T-42): the subphase index from which it may, or -1 while it
   * holds. */
  int       free_from[2];

  /* Scenario objectives as the players record them (the objective
   * command; T-42, T-43): */
  int       objective_charges[2];    /* charges set off in the objective room */
  int       objective_units[2];      /* units of each side on the objective now */
  int       objective_held_since[2]; /* turn from which the side holds it, or 0 */
  gboolean  objective_primary[2];    /* a custom primary objective achieved (§10 E) */
  int       objective_secondary[2];  /* custom secondary objectives achieved */

  /* What each side has used of what it bought (P-37, P-38 step 1). */
  int       missions_called[2][SL_MAX_FIRE_MISSION_TYPES];
  int       mines_laid[2];

  GArray   *markers;        /* SlMarker */
  int       next_marker;

  /* Sealed notes (sl-notes.h): the notes themselves never change once
   * sealed and are shared between states; what happened to each is here. */
  SlDetectTry   detect_tries[SL_MAX_DETECT_TRIES];
  int           n_detect_tries;

  GPtrArray    *notes;                       /* SlNote, by id − 1 */
  SlNoteStatus  note_status[SL_MAX_NOTES];
  int           note_revealed_turn[SL_MAX_NOTES];

  /* Issue 30 #5: the journal this state is the replay of — its entries
   * and their chain (sl_journal_chain_next), kept by the game as each is
   * applied, never by a command: the nonce of a seal made or read now is
   * bound to them. No rule reads them. */
  guint         journal_length;
  guint8        journal_chain[SL_JOURNAL_CHAIN_SIZE];
} SlState;

/* "Action Phase", "ranged fire": for people, translated. */
const char  *sl_phase_label        (SlPhase         phase);
const char  *sl_step_label         (SlStep          step);
/* The units in the acting order of the turn (P-06), then the others:
 * fills @units (SL_MAX_UNITS of them) and returns how many (every unit). */
int          sl_state_acting_order (const SlState  *state,
                                    int            *units);

SlState     *sl_state_new_initial  (const SlRules  *rules,
                                    const SlSetup  *setup);
SlState     *sl_state_copy         (const SlState  *state);
/* Copies @src over @dest (both allocated). */
void         sl_state_assign       (SlState        *dest,
                                    const SlState  *src);
void         sl_state_free         (SlState        *state);

/* The subphase index of the clock (0 = turn 1, subphase 1). Outside the
 * Action Phase: the index of the turn's subphase 10 for phases after it,
 * of subphase 0 before it. */
int          sl_state_now          (const SlRules  *rules,
                                    const SlState  *state);

/* Before play: the first turn's Initiative and Detection Phases, when
 * units hide and mines are written down (P-28, P-37 step 2). */
gboolean     sl_state_before_play  (const SlState  *state);

/* Whether the unit is knocked out (unconscious or dead, T-16). */
gboolean     sl_state_unit_out     (const SlRules  *rules,
                                    const SlState  *state,
                                    int             unit);
/* Whether the unit was ambushed and can do nothing yet (§5.2). */
gboolean     sl_state_unit_ambushed (const SlRules *rules,
                                     const SlState *state,
                                     int            unit);
/* Whether the unit is dazed in the current subphase (P-19). */
gboolean     sl_state_unit_dazed   (const SlRules  *rules,
                                    const SlState  *state,
                                    int             unit);
/* … in the subphase @index. */
gboolean     sl_state_unit_dazed_at (const SlRules *rules,
                                     const SlState *state,
                                     int            unit,
                                     int            index);
/* The position of @grouping in this turn's initiative order, or -1. */
int          sl_state_order_position (const SlState *state,
                                      int            grouping);
/* Whether the unit has still to decide what it does in its grouping's turn
 * (P-08 step 2): in the fight, free of its last action, able to act, and
 * neither holding opportunity fire nor hidden (those keep on unless their
 * owner acts) nor dazed or in melee, nor failed a zero-G check in this
 * subphase (it tries again in the next, P-21 step 4). */
gboolean     sl_state_unit_to_decide (const SlRules *rules,
                                      const SlState *state,
                                      int            unit);
/* The unit @unit aimed at last: the target of its action under way (a
 * fire, a melee), else its opponent in melee contact (P-22, A-75), else
 * the target of its last action or of its last fire the rate of fire
 * remembers (P-15); -1 for none. The declare sheet offers it first. */
int          sl_state_unit_last_target (const SlState *state,
                                        int            unit);
/* What the rules make @unit (named @name) do whatever its owner would
 * like, as a sentence for the players, or NULL: a routed unit's flight
 * (A-104, unless the option routedManualControl), a unit that avoided a
 * melee moving away first (P-23), a unit in melee contact leaving only by
 * trying to avoid (P-23 a, A-75). */
char        *sl_state_unit_orders    (const SlOptions *options,
                                      const SlState   *state,
                                      int              unit,
                                      const char      *name);
/* The position in the initiative order of the grouping whose turn it is:
 * the first from the current slot with a unit still to decide, or n_order
 * when every grouping has had its turn. Groupings from the slot up to it
 * may act now. */
int          sl_state_turn_position  (const SlRules *rules,
                                      const SlState *state);
/* Whether a unit of @grouping may act now in the initiative order. */
gboolean     sl_state_grouping_may_act (const SlRules   *rules,
                                        const SlOptions *options,
                                        const SlState   *state,
                                        int              grouping);
/* Whether the unit has no action running now and may declare one. */
gboolean     sl_state_unit_idle    (const SlRules  *rules,
                                    const SlState  *state,
                                    int             unit);
const SlWeapon *sl_state_unit_weapon (const SlSetup *setup,
                                      const SlState *state,
                                      int            unit);
const char  *sl_state_unit_omni_mode (const SlSetup *setup,
                                      const SlState *state,
                                      int            unit);
/* Whether the weapon @unit has in hand fires bursts (§15.3, P-30 step 1):
 * in a game with automatic fire, a weapon (an OMNI weapon in its mode)
 * with automatic fire. */
gboolean     sl_state_unit_fires_bursts (const SlSetup *setup,
                                         const SlState *state,
                                         int            unit);
/* The ammunition boxes of the weapon in hand, for the engine. */
void         sl_state_unit_ammo    (const SlSetup  *setup,
                                    const SlState  *state,
                                    int             unit,
                                    SlAmmoState    *ammo);
/* Writes @ammo back for the weapon in hand. */
void         sl_state_unit_set_ammo (const SlSetup     *setup,
                                     SlState           *state,
                                     int                unit,
                                     const SlAmmoState *ammo);

/* Drops the unit's current action (§6.1: killed, dazed, engaged, blast or
 * cancelled); opportunity fire ends with it. */
void         sl_state_lose_action  (SlState        *state,
                                    int             unit);
/* Takes the unit out of every melee it is in (§6.1: knocked out): its
 * opponents' melee actions against it end, and no avoidance roll against
 * it or of its own is left to make (P-23). */
void         sl_state_leave_melee  (SlState        *state,
                                    int             unit);
/* The unit is hidden no more, and never hides again (§15.1). */
void         sl_state_reveal_unit  (SlState        *state,
                                    int             unit);

/* A resolution step begins (P-08 steps 3–6): remembers every unit as it
 * stands now. */
void         sl_state_hold_step    (const SlRules  *rules,
                                    SlState        *state,
                                    SlStep          step);
/* The step ends: the actions lost in it are lost now, and the units
 * knocked out in it leave their melees (§6.1). */
void         sl_state_release_step (const SlRules  *rules,
                                    SlState        *state);
/* The unit as the current resolution step reads it: as it stood when the
 * step began, or as it stands now outside one. */
SlStepUnit   sl_state_step_unit    (const SlState  *state,
                                    int             unit);
/* Whether the unit was out of the fight when the step began (or is now,
 * outside one): it may not be fired at or caught again (T-16), but a unit
 * knocked out in this step still takes its own shot. */
gboolean     sl_state_unit_out_at_step (const SlRules *rules,
                                        const SlState *state,
                                        int            unit);
/* Whether the unit was dazed when the step began (or is now, outside
 * one): knocked out meanwhile, it is still the dazed unit the step found
 * (P-19, A-27). */
gboolean     sl_state_unit_dazed_at_step (const SlRules *rules,
                                          const SlState *state,
                                          int            unit);
/* P-38 step 1: the fire missions of T-35 entry @kind @side has left to
 * call: bought, less those called and those being called. */
int          sl_state_missions_left (const SlSetup  *setup,
                                     const SlState  *state,
                                     int             side,
                                     int             kind);
/* @unit dives in zero-G: the dive carries on until it hits
 * something (dive-stop), and the unit can do nothing else. */
gboolean     sl_state_unit_drifting (const SlRules  *rules,
                                     const SlSetup  *setup,
                                     const SlState  *state,
                                     int             unit);
/* P-34 step 7: whether @unit's Dive action ended on the grenade @marker
 * after it was thrown, and by now: it may be the sacrifice diver. */
gboolean     sl_state_unit_dived_onto (const SlRules  *rules,
                                       const SlState  *state,
                                       int             unit,
                                       const SlMarker *marker);

/* §6.1 in a game: the unit loses its action now, or, inside a resolution
 * step, when the step ends. */
void         sl_state_lose_action_in_step (SlState *state,
                                           int      unit);

SlMarker    *sl_state_add_marker   (SlState        *state,
                                    SlMarkerKind    kind);
SlMarker    *sl_state_find_marker  (const SlState  *state,
                                    int             id);
void         sl_state_remove_marker (SlState       *state,
                                     int            id);
/* The note with @id, or NULL. */
const SlNote *sl_state_find_note   (const SlState  *state,
                                    int             id);
/* The piles on the table of side @side (or every side, −1): the labels of
 * its hidden units' piles and of its decoys together, sorted, as the
 * other side sees them — nothing says which is which. Free with
 * g_strfreev. */
GStrv        sl_state_piles        (const SlSetup  *setup,
                                    const SlState  *state,
                                    int             side);
/* Orders pointers to labels as people read them (for g_ptr_array_sort). */
int          sl_compare_labels     (gconstpointer   a,
                                    gconstpointer   b);
/* What lies under the pile @label: a hidden unit (its index in *@unit),
 * or a decoy (its marker in *@decoy). FALSE when no pile has that label. */
gboolean     sl_state_find_pile    (const SlState  *state,
                                    const char     *label,
                                    int            *unit,
                                    SlMarker      **decoy);

/* A mine written down and still waiting for an enemy (P-37): not gone
 * off, not due, not a dud. */
gboolean     sl_marker_is_waiting_mine (const SlMarker *marker);
/* Whether @marker is known to its owner's side only: written down in
 * secret (a mine, a concealed charge, a decoy), or placed by a note still
 * sealed (P-28, P-36 step 6, P-37 step 2, A-88). Its label and its side
 * are the table's; where it is, what it is and its note are not. */
gboolean     sl_marker_is_secret   (const SlState  *state,
                                    const SlMarker *marker);
/* Whether everyone at the table sees @marker as a marker: not secret, and
 * not a decoy (the table sees a decoy only as a pile, P-28). */
gboolean     sl_marker_is_public   (const SlState  *state,
                                    const SlMarker *marker);
/* P-38 step 3, issue 30 #1: whether fire mission @marker may land on
 * @note, named as it lands: its impact point was sealed as it was called
 * (the marker's note), so no other note may stand for it; only in a game
 * of format 4 (setup late_seals) does one without a note land on any
 * fire-mission note of the calling side still sealed. */
/* P-36 step 6, P-38 step 3 (issue 30 #1): the kind of note @unit's action
 * takes now, SL_NOTE_CHARGE (an Install action under way) or
 * SL_NOTE_FIRE_MISSION (a Call fire mission, in the step it was declared),
 * or −1: no note of its action can be sealed now (none, or sealed
 * already). */
int          sl_state_action_note_kind (const SlRules  *rules,
                                        const SlState  *state,
                                        int             unit);
gboolean     sl_state_mission_note_allowed (const SlSetup  *setup,
                                            const SlState  *state,
                                            const SlMarker *marker,
                                            const SlNote   *note);

/* Why @target may not be fired at by @unit now (P-14 step 1), or
 * SL_TARGET_OK: a unit of the other side, in the fight (T-16) and
 * detected (§15.1). */
typedef enum
{
  SL_TARGET_OK,
  SL_TARGET_SELF,    /* the unit itself */
  SL_TARGET_FRIEND,  /* of the unit's own side */
  SL_TARGET_OUT,     /* out of the fight (T-16) */
  SL_TARGET_HIDDEN,  /* not detected (§15.1) */
} SlTargetProblem;

SlTargetProblem sl_state_target_problem (const SlRules *rules,
                                         const SlSetup *setup,
                                         const SlState *state,
                                         int            unit,
                                         int            target);

/* The whole state as JSON (for `squadlog replay --json` and for checking
 * that undo restores a state exactly). */
JsonNode    *sl_state_to_json      (const SlRules  *rules,
                                    const SlSetup  *setup,
                                    const SlState  *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlState, sl_state_free)

G_END_DECLS
