/* sl-command.h: the commands a game is played with (declare an action,
 * resolve a fire …), applied to a game state
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-combat.h"
#include "sl-dice.h"
#include "sl-environment.h"
#include "sl-json.h"
#include "sl-rules.h"
#include "sl-setup.h"
#include "sl-state.h"

G_BEGIN_DECLS

/* One command being applied. A handler reads the command's fields from
 * @command (unknown fields are refused), checks that the rules allow it
 * (refusing with sl_rule_error_set and the rule), changes @state, and says
 * what happened: the members of @result and one sentence per event in
 * @summary. The state is a scratch copy: a refused command changes
 * nothing. */
typedef struct
{
  const SlRules   *rules;
  const SlSetup   *setup;
  const SlOptions *options;
  SlState         *state;
  SlDice          *dice;
  SlReader        *command;
  JsonObject      *result;
  GString         *summary;
  GPtrArray       *strings;   /* owned strings handed out (stream names) */
  int              actor;     /* the unit whose fire, blast or melee deals damage, or -1 */
} SlCommand;

typedef gboolean (*SlCommandFunc) (SlCommand  *c,
                                   GError    **error);

/* The command types, NULL-terminated. */
const char * const *sl_command_types (void);

/* Applies @command to @state. @dice gives the command's dice (and rolls the
 * missing ones). On success fills @result (an object) and @summary, unless
 * both are NULL (replaying: see sl_command_telling()); on
 * failure sets @error, an SL_RULE_ERROR with the field of the command it
 * concerns, and @state may be half changed: callers apply commands to a
 * scratch copy. */
gboolean     sl_command_apply       (const SlRules  *rules,
                                     const SlSetup  *setup,
                                     SlState        *state,
                                     JsonNode       *command,
                                     SlDice         *dice,
                                     JsonObject     *result,
                                     GString        *summary,
                                     GError        **error);

/* Helpers for handlers. */

/* Checks the fields read so far; handlers call it before changing state. */
gboolean     sl_command_inputs_done (SlCommand      *c);
/* The unit named by @field (its index), or -1 after failing the reader.
 * A missing field fails as required unless @optional. */
int          sl_command_unit        (SlCommand      *c,
                                     SlReader       *reader,
                                     const char     *field,
                                     gboolean        optional);
/* A die field, as sl_resolve_die. */
const char  *sl_command_die         (SlCommand      *c,
                                     SlReader       *reader,
                                     const char     *field,
                                     int             sides);
const char  *sl_command_dice_list   (SlCommand      *c,
                                     SlReader       *reader,
                                     const char     *field,
                                     int             sides);
/* The unit's name, as the players know it. */
const char  *sl_command_name        (SlCommand      *c,
                                     int             unit);
/* Whether the command is told (its result and summary are wanted) or only
 * replayed for its effect on the state, as when a saved game loads: then
 * c->result and c->summary are NULL, and the work of telling is skipped. */
#define sl_command_telling(c) ((c)->result != NULL)

/* Appends one sentence (printf-style) to the summary. The arguments are
 * not evaluated when the command is not told. */
#define sl_command_say(c, ...) \
  G_STMT_START { \
    SlCommand *sl_say_c_ = (c); \
    if (sl_say_c_->summary != NULL) \
      sl_command_tell (sl_say_c_, __VA_ARGS__); \
  } G_STMT_END
void         sl_command_tell        (SlCommand      *c,
                                     const char     *format,
                                     ...) G_GNUC_PRINTF (2, 3);

/* Sets a member of the result with a json_object_set_*_member() @setter;
 * the value is not evaluated when the command is not told:
 *   sl_command_result (c, json_object_set_int_member, "cost", cost); */
#define sl_command_result(c, setter, ...) \
  G_STMT_START { \
    if ((c)->result != NULL) \
      setter ((c)->result, __VA_ARGS__); \
  } G_STMT_END
/* "subphase 7" or "subphase 2 of turn 4" for a subphase index, seen from
 * now. */
char        *sl_command_when        (SlCommand      *c,
                                     int             index);
int          sl_command_now         (SlCommand      *c);
/* The side of a unit. */
int          sl_command_side        (SlCommand      *c,
                                     int             unit);
/* The leader of the unit's squad that counts now: the leader, an acting
 * leader, or -1 (P-32 step 8). */
int          sl_command_squad_leader (SlCommand     *c,
                                      int            squad);
/* Legionnaire characters (§18, A-136; sl-command-morale.c). The reaction
 * modifier of @grouping's initiative: −1 when a character of it still in
 * the fight has reaction above the threshold (once, however many). */
int          sl_command_reaction    (SlCommand     *c,
                                     int            grouping);
/* The leadership modifier of @leader's charisma (−1 or 0; 0 for -1). */
int          sl_command_charisma    (SlCommand     *c,
                                     int            leader);
/* Fails, on @field, unless the game uses @module (a command of the
 * advanced rules it has not taken on). */
gboolean     sl_command_require_module (SlCommand   *c,
                                        SlModule     module,
                                        const char  *field,
                                        GError     **error);
/* Fails unless the clock is in @phase (and, in the Action Phase, @step
 * when it is not SL_STEP_NONE). @what ("Declaring an action") is an N_()
 * string, translated on failure only. */
gboolean     sl_command_require_clock (SlCommand    *c,
                                       SlPhase       phase,
                                       SlStep        step,
                                       const char   *what,
                                       GError      **error);

/* A special condition "may not fire (or engage) until fired upon" (T-41,
 * T-42, A-132, A-133): whether @unit's side may now fire (@melee FALSE)
 * or engage (@melee TRUE); refuses on @field with the condition. */
gboolean     sl_command_check_hold  (SlCommand    *c,
                                     int           unit,
                                     gboolean      melee,
                                     const char   *field,
                                     GError      **error);
/* P-23 (a) step 3, (b): a unit that avoided a melee makes a movement
 * action taking it beyond 1 m before anything else; refuses on @field,
 * with the rule, anything else it would do (an action that moves it is
 * checked by the caller). */
gboolean     sl_command_check_moves_away (SlCommand    *c,
                                          int           unit,
                                          const char   *field,
                                          GError      **error);
/* @unit attacks (fires, throws, launches, sets off a charge, calls down a
 * mission, engages): the other side, holding its fire until fired upon,
 * may from the next subphase. */
void         sl_command_attack      (SlCommand    *c,
                                     int           unit);
/* The terrain the scenario spreads over the whole area (T-10), for @unit's
 * side, or NULL. */
const SlTerrain *sl_command_terrain (SlCommand    *c,
                                     int           unit);

/* P-06 step 5, P-08 step 2: whether @unit may act now, its grouping's
 * turn having come in the initiative order (unless the option
 * freeDeclarationOrder is on); refuses on @field with the rule. The turn
 * moves on to the unit's grouping. */
gboolean     sl_command_check_turn  (SlCommand    *c,
                                     int           unit,
                                     const char   *field,
                                     GError      **error);

/* P-15, T-23, A-55: whether @unit may fire in @mode at @target in the
 * subphase @at, given the fires on its log. Refuses with the rule; sets
 * the number of bursts in a row (E-26). */
gboolean     sl_command_check_rate_of_fire (SlCommand    *c,
                                            int           unit,
                                            SlFireModeId  mode,
                                            int           target,
                                            int           at,
                                            int          *consecutive,
                                            GError      **error);

/* A note's text and seal, as a command gives them (sl-command-secrets.c). */
typedef struct
{
  const char *text;      /* NULL when the command has none */
  const char *nonce;
  gint64      sealed_at;
  const char *digest;    /* NULL: sealed now */
} SlSealInput;

/* Reads @text_field and the seal ("nonce", "salt", "sealed_at",
 * "digest"); the nonce must be the one the app makes at this place in the
 * journal (issue 30 #5, sl-notes.h). */
void          sl_command_read_seal   (SlCommand         *c,
                                      const char        *text_field,
                                      SlSealInput       *in);
/* Seals a note of @side; checks the digest against the text. */
const SlNote *sl_command_add_note    (SlCommand         *c,
                                      int                side,
                                      SlNoteKind         kind,
                                      const SlSealInput *in,
                                      GError           **error);
/* Shows note @id to the table (its text, when it was sealed, whether it
 * still matches its seal); a dud, or a note that no longer matches, makes
 * the marker it placed a dud (P-37 step 6). */
void          sl_command_reveal_note (SlCommand         *c,
                                      int                id,
                                      gboolean           dud);

/* Issue 30 #6: the seal of @unit's hiding, heard as its piles were
 * placed, told again and checked as @pile (its own, or one of its decoys)
 * is shown to the table: whether the pile, the decoys and the stealth mode
 * are as sealed. Nothing for a hiding without a seal (format 4). */
void          sl_command_tell_hiding (SlCommand         *c,
                                      int                unit,
                                      const char        *pile);

/* Fills a command's seal before it is applied to @state
 * (sl_notes_prepare: its nonce bound to @state's journal): a new command,
 * or NULL when it needs nothing. */
JsonNode     *sl_command_prepare     (const SlSetup     *setup,
                                      const SlState     *state,
                                      JsonNode          *command,
                                      GError           **error);

/* The firer, thrower or launcher of a shot as the engine needs it:
 * its troop, race, suit and stance, as they stood when the current step
 * began, and the setup's conditions. */
void         sl_command_fill_firer   (SlCommand             *c,
                                      int                    unit,
                                      SlToHitInput          *in);

/* The to-hit odds of a shot of @unit at @target of @kind and @burst,
 * resolved in subphase @at, with all the app knows: the logs, the
 * scenario's terrain everywhere (§10 G), its light and weather (T-36),
 * the target's movement then; the table's cover, range and smoke
 * not said. For a declaration to tell before the AP are spent
 * (sl-command-fire.c); *@note (may be NULL) says in words what they
 * counted and what the table still adds. FALSE when no such shot can be
 * worked out. */
gboolean     sl_command_fire_odds    (SlCommand             *c,
                                      int                    unit,
                                      int                    target,
                                      SlFireKind             kind,
                                      SlBurstMode            burst,
                                      int                    at,
                                      SlCheckOutcome        *odds,
                                      char                 **note);

/* The effects of damage on a unit: ticks the wound boxes, dazes it from
 * the next subphase (P-19), drops its action when dazed or knocked out
 * (§6.1), ends its melee when out, and breaches its suit in vacuum or a
 * hostile atmosphere (P-39). The casualty is credited to the side of
 * c->actor. Writes the details into @into and returns
 * them in words: "2 wound levels, now Serious, dazed until subphase 9". */
char        *sl_command_apply_damage (SlCommand             *c,
                                      int                    unit,
                                      const SlDamageResult  *damage,
                                      JsonObject            *into);

/* The same for the wound a breached suit deals when it falls due (P-39):
 * it breaches nothing more. */
char        *sl_command_apply_breach_wound (SlCommand            *c,
                                            int                   unit,
                                            const SlDamageResult *damage);
/* P-08 step 1, P-39: the breach wound that falls due now for @unit, if
 * any (sl-command-environment.c). */
void         sl_command_breach_tick  (SlCommand             *c,
                                      int                    unit);

/* P-21, A-71: the zero-G check @unit makes as an action of its starts (no
 * check out of zero-G: *@succeeded is TRUE). The result gets
 * "<prefix>zero_g_succeeded" and "<prefix>zero_g_roll". Refuses what
 * zero-G forbids (penal troops, slug weapons, sprints). */
gboolean     sl_command_zero_g_check (SlCommand    *c,
                                      int           unit,
                                      SlZeroGAction action,
                                      SlMove        movement,
                                      const char   *stream,
                                      const char   *prefix,
                                      gboolean     *succeeded,
                                      SlCheckOutcome *check,
                                      GError      **error);
/* P-21 step 4: refuses, naming @field, a new action of a unit whose zero-G
 * check failed in this subphase; it tries again in the next. */
gboolean     sl_command_check_zero_g_retry (SlCommand   *c,
                                            int          unit,
                                            const char  *field,
                                            GError     **error);
/* @unit dives in zero-G; the dive goes on until it hits something,
 * and the unit can do nothing else meanwhile. */
gboolean     sl_command_drifting    (SlCommand    *c,
                                     int           unit);

/* Melee (sl-command-melee.c). */

/* A defender's decision, and an opponent's (P-22 step 4, step 6): "fight",
 * "avoid". */
extern const char * const sl_melee_decision_names[];

/* P-23 a, A-75: whether @unit, in melee contact after a melee with no roll
 * due, may try to avoid on its own now — as it declares a move away — and
 * whom: @target (-1: its only opponent), in *@opponent. @target_avoids:
 * the opponent wants to break off too (P-22 step 6), which a dazed one
 * cannot. Refuses with the rule. */
gboolean     sl_command_check_avoid_contact (SlCommand   *c,
                                             int          unit,
                                             int          target,
                                             gboolean     target_avoids,
                                             int         *opponent,
                                             GError     **error);
/* P-31 step 4, P-23 a, P-08 step 1: a routed unit in melee contact, with
 * no melee action under way, tries to avoid as its action: its roll, due
 * in this subphase, against its first opponent it may avoid (each apart,
 * P-22 step 8). Dazed, it cannot move and defends. */
void         sl_command_routed_in_contact   (SlCommand   *c,
                                             int          unit);
/* The avoidance itself, checked as above: both break off (P-22 step 6),
 * or the roll on @roll_stream — avoided, the opponent's free attack on
 * @attack_stream; not, a full melee, its zero-G check on
 * @zero_g_stream. The result gets "avoidance". *@moves: the unit
 * is free to move away now. */
gboolean     sl_command_avoid_contact       (SlCommand   *c,
                                             int          unit,
                                             int          opponent,
                                             gboolean     target_avoids,
                                             const char  *roll_stream,
                                             const char  *attack_stream,
                                             const char  *zero_g_stream,
                                             gboolean    *moves,
                                             GError     **error);

/* Obstacles and charges (sl-command-objects.c). */

/* An obstacle named by the players: {"label", "kind" (T-18), "distance_m"}. */
typedef struct
{
  char              label[48];
  const SlObstacle *obstacle;
  int               index;        /* in rules->obstacles */
  double            distance_m;   /* of a grenade that went off near it */
} SlObstacleAt;

/* The obstacle marker labelled @label (the damage it has taken), or NULL. */
SlMarker    *sl_command_find_obstacle (SlCommand    *c,
                                       const char   *label);
/* Whether the obstacle @label was destroyed: a Breach marker (P-25 step 4). */
gboolean     sl_command_obstacle_breached (SlCommand  *c,
                                           const char *label);
/* Reads @field as an obstacle; its kind may be left out once it has a
 * marker. FALSE when absent or bad (the reader says which). */
gboolean     sl_command_read_obstacle (SlCommand    *c,
                                       SlReader     *parent,
                                       const char   *field,
                                       SlObstacleAt *at);
/* P-25 with A-78 … A-83: @in (source, penetration …) against the obstacle
 * @at, with the damage its marker holds; adds to it, and when destroyed
 * replaces it by a Breach marker or removes it. Appends what happened. */
gboolean     sl_command_hit_obstacle  (SlCommand          *c,
                                       const SlObstacleAt *at,
                                       SlObstacleInput    *in,
                                       SlObstacleResult   *res,
                                       GString            *words,
                                       GError            **error);
void         sl_command_obstacle_json (const SlObstacleAt     *at,
                                       const SlObstacleResult *res,
                                       JsonObject             *into);
/* Issue 30 #2: marker @id as the table knows it: NULL for one that is not
 * there, a decoy or a secret marker (a mine, a concealed charge) alike, so
 * that a refusal reads the same for all three and names no label;
 * @for_side (or -1): that side's own secret markers are found too. */
SlMarker    *sl_command_table_marker  (SlCommand      *c,
                                       int             id);
SlMarker    *sl_command_side_marker   (SlCommand      *c,
                                       int             id,
                                       int             for_side);
/* The charge @id that @unit may fire at, deactivate or pick up: there, not
 * hidden from it, not going off; else refuses on @field. */
SlMarker    *sl_command_charge_marker (SlCommand    *c,
                                       int           id,
                                       int           unit,
                                       const char   *field,
                                       GError      **error);
/* the charges caught in an explosion ("charges": [{"marker", "roll"}]). */
GArray      *sl_command_caught_charges_new   (void);
void         sl_command_read_caught_charges  (SlCommand *c,
                                              SlReader  *r,
                                              GArray    *charges);
/* Checks and rolls them (T-32's Explosion row); changes nothing. */
gboolean     sl_command_roll_caught_charges  (SlCommand *c,
                                              GArray    *charges,
                                              int        exploding,
                                              GError   **error);
/* Those destroyed are removed; those set off are due in this step. */
void         sl_command_chain_charges        (SlCommand *c,
                                              GArray    *charges);
/* P-36 step 4: a Use Device or Pick up object action on a charge ends:
 * deactivated (an enemy's try sets it off), or picked up. FALSE when the
 * action is about no charge. */
gboolean     sl_command_finish_charge_action (SlCommand *c,
                                              int        unit);

/* Handlers, one per type, by family. */
#define SL_COMMAND_HANDLER(name) gboolean name (SlCommand *c, GError **error)

/* Sequence of play (sl-command-initiative.c, -next.c, -declare.c, -cancel.c, -objective.c, -correct.c) */
SL_COMMAND_HANDLER (sl_command_initiative);
SL_COMMAND_HANDLER (sl_command_next);
SL_COMMAND_HANDLER (sl_command_pass);
SL_COMMAND_HANDLER (sl_command_declare);
SL_COMMAND_HANDLER (sl_command_cancel);
SL_COMMAND_HANDLER (sl_command_correct);
SL_COMMAND_HANDLER (sl_command_end_game);
SL_COMMAND_HANDLER (sl_command_objective);
/* Ranged combat (sl-command-fire.c) */
SL_COMMAND_HANDLER (sl_command_fire);
SL_COMMAND_HANDLER (sl_command_area_burst);
/* Melee (sl-command-melee.c) */
SL_COMMAND_HANDLER (sl_command_engage);
SL_COMMAND_HANDLER (sl_command_avoid);
SL_COMMAND_HANDLER (sl_command_melee);
/* Grenades, explosives, mines, fire missions (sl-command-explosives.c) */
SL_COMMAND_HANDLER (sl_command_throw);
SL_COMMAND_HANDLER (sl_command_launch);
SL_COMMAND_HANDLER (sl_command_blast);
SL_COMMAND_HANDLER (sl_command_detonate);
SL_COMMAND_HANDLER (sl_command_mine);
SL_COMMAND_HANDLER (sl_command_fire_mission);
/* Leadership and morale (sl-command-morale.c) */
SL_COMMAND_HANDLER (sl_command_rout_check);
SL_COMMAND_HANDLER (sl_command_rally);
SL_COMMAND_HANDLER (sl_command_regroup);
SL_COMMAND_HANDLER (sl_command_appoint_leader);
/* Vacuum and hostile atmospheres (sl-command-environment.c) */
SL_COMMAND_HANDLER (sl_command_exposure);
SL_COMMAND_HANDLER (sl_command_dive_stop);
/* Obstacles and charges (sl-command-objects.c) */
SL_COMMAND_HANDLER (sl_command_correct_marker);
/* Detection and ambush (sl-command-detection.c) */
SL_COMMAND_HANDLER (sl_command_detect);
SL_COMMAND_HANDLER (sl_command_hide);
SL_COMMAND_HANDLER (sl_command_seal);
SL_COMMAND_HANDLER (sl_command_reveal);
SL_COMMAND_HANDLER (sl_command_ambush);

/* Hooks into the subphase track (sl-command-next.c and sl-command-declare.c call them). */

/* When a unit's action without dice reaches its last subphase: the
 * explosives family finishes installing charges and calling fire missions.
 * Returns TRUE when it handled the action. */
/* P-38 step 1, T-37: the fire mission @unit calls — @mission_id, or the
 * only kind its side has left when NULL — must be one its side bought and
 * has not used (calls under way count); sets *@mission to its T-35 entry,
 * or −1 when the game kept no record and the kind is named when it lands. */
gboolean     sl_command_check_mission_call (SlCommand  *c,
                                            int         unit,
                                            const char *mission_id,
                                            int        *mission,
                                            GError    **error);
gboolean     sl_command_finish_explosives (SlCommand *c,
                                           int        unit);
G_END_DECLS
