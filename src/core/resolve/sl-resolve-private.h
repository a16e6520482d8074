/* sl-resolve-private.h: shared by the request handlers of each rules area
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-dice.h"
#include "sl-json.h"
#include "sl-options.h"
#include "sl-resolve.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* One request being resolved. A handler reads its fields from @request
 * (every field it does not read is rejected as unknown), calls
 * sl_resolve_inputs_done(), runs the engine, and writes its result members
 * into @result. It returns FALSE with @error set when the engine refuses;
 * bad fields are reported through the reader instead. */
typedef struct
{
  const SlRules *rules;
  SlOptions      options;
  SlDice        *dice;
  SlReader      *request;
  JsonObject    *result;
} SlResolve;

typedef gboolean (*SlResolveFunc) (SlResolve  *rs,
                                   GError    **error);

/* Checks that every field was valid and known. Handlers must call it after
 * reading and before computing, and return FALSE when it does. */
gboolean        sl_resolve_inputs_done  (SlResolve     *rs);

/* A die field: validates the value if given (1..@sides) and hands it to the
 * dice. Returns the stream name (the field's full path) to pass to the
 * engine; owned by @rs. */
const char     *sl_resolve_die          (SlResolve     *rs,
                                         SlReader      *reader,
                                         const char    *field,
                                         int            sides);
/* A list of dice (for example scatter_rolls). */
const char     *sl_resolve_dice_list    (SlResolve     *rs,
                                         SlReader      *reader,
                                         const char    *field,
                                         int            sides);

/* An entry of @table named by @field; @def_id when missing, or an error
 * when @def_id is NULL. */
gconstpointer   sl_resolve_lookup       (SlResolve     *rs,
                                         SlReader      *reader,
                                         const char    *field,
                                         const SlTable *table,
                                         const char    *def_id);
#define sl_resolve_get_troop(rs, r, f, d)  ((const SlTroop *) sl_resolve_lookup (rs, r, f, &(rs)->rules->troops, d))
#define sl_resolve_get_race(rs, r, f, d)   ((const SlRace *) sl_resolve_lookup (rs, r, f, &(rs)->rules->races, d))
#define sl_resolve_get_armor(rs, r, f, d)  ((const SlArmor *) sl_resolve_lookup (rs, r, f, &(rs)->rules->armor, d))
#define sl_resolve_get_weapon(rs, r, f, d) ((const SlWeapon *) sl_resolve_lookup (rs, r, f, &(rs)->rules->weapons, d))
#define sl_resolve_get_action(rs, r, f, d) ((const SlAction *) sl_resolve_lookup (rs, r, f, &(rs)->rules->actions, d))
#define sl_resolve_get_obstacle(rs, r, f, d) ((const SlObstacle *) sl_resolve_lookup (rs, r, f, &(rs)->rules->obstacles, d))
#define sl_resolve_get_terrain(rs, r, f, d) ((const SlTerrain *) sl_resolve_lookup (rs, r, f, &(rs)->rules->terrain, d))

/* wound: none light moderate serious unconscious dead (default none). */
SlWound         sl_resolve_wound        (SlResolve     *rs,
                                         SlReader      *reader,
                                         const char    *field);
/* quality: civilian green regular veteran elite (default from the rules). */
SlQuality       sl_resolve_quality      (SlResolve     *rs,
                                         SlReader      *reader,
                                         const char    *field);
/* omni_mode: "spike" or "slug" (default spike); NULL when @weapon has no
 * modes, in which case the field is refused if present. */
const char     *sl_resolve_omni_mode    (SlResolve      *rs,
                                         SlReader       *reader,
                                         const char     *field,
                                         const SlWeapon *weapon);

/* The unit's position: "position" (standing kneeling prone), or the
 * booleans "prone" and "kneeling"; standing by default. */
SlPosition      sl_resolve_position     (SlResolve      *rs,
                                         SlReader       *reader);
/* Cover (T-14) named by @field: one name or a list of names. */
void            sl_resolve_covers       (SlResolve      *rs,
                                         SlReader       *reader,
                                         const char     *field,
                                         gboolean        covers[SL_N_COVERS]);

/* Result helpers. */
/* Writes a damage result (levels, wound, boxes, dazed, out, armor_factor,
 * natural_one) into @object; @result is an SlDamageResult. */
void            sl_resolve_damage_json   (SlResolve         *rs,
                                          gconstpointer      result,
                                          JsonObject        *object);
void            sl_resolve_set_breakdown (SlResolve         *rs,
                                          const char        *name,
                                          const SlBreakdown *breakdown);
JsonObject     *sl_resolve_result_object (JsonObject        *parent,
                                          const char        *name);

/* The handlers, one per kind, grouped by rules area. */
#define SL_RESOLVE_HANDLER(name) gboolean name (SlResolve *rs, GError **error)

/* Rules data (sl-resolve.c) */
SL_RESOLVE_HANDLER (sl_resolve_rules);
/* Ranged combat (sl-resolve-combat.c) */
SL_RESOLVE_HANDLER (sl_resolve_to_hit);
SL_RESOLVE_HANDLER (sl_resolve_damage);
SL_RESOLVE_HANDLER (sl_resolve_burst_hits);
SL_RESOLVE_HANDLER (sl_resolve_area_burst);
SL_RESOLVE_HANDLER (sl_resolve_obstacle);
SL_RESOLVE_HANDLER (sl_resolve_follow_through);
/* Actions and movement (sl-resolve-actions.c) */
SL_RESOLVE_HANDLER (sl_resolve_action_cost);
SL_RESOLVE_HANDLER (sl_resolve_schedule);
SL_RESOLVE_HANDLER (sl_resolve_timing);
SL_RESOLVE_HANDLER (sl_resolve_rate_of_fire);
SL_RESOLVE_HANDLER (sl_resolve_movement);
SL_RESOLVE_HANDLER (sl_resolve_move_path);
SL_RESOLVE_HANDLER (sl_resolve_elevator);
SL_RESOLVE_HANDLER (sl_resolve_elevator_floor);
SL_RESOLVE_HANDLER (sl_resolve_daze);
SL_RESOLVE_HANDLER (sl_resolve_wound_effects);
/* Melee, initiative and morale (sl-resolve-morale.c) */
SL_RESOLVE_HANDLER (sl_resolve_melee);
SL_RESOLVE_HANDLER (sl_resolve_avoid_melee);
SL_RESOLVE_HANDLER (sl_resolve_initiative);
SL_RESOLVE_HANDLER (sl_resolve_rout);
SL_RESOLVE_HANDLER (sl_resolve_rally);
SL_RESOLVE_HANDLER (sl_resolve_regroup);
/* Area effects (sl-resolve-explosives.c) */
SL_RESOLVE_HANDLER (sl_resolve_grenade);
SL_RESOLVE_HANDLER (sl_resolve_blast);
SL_RESOLVE_HANDLER (sl_resolve_charge_shot);
SL_RESOLVE_HANDLER (sl_resolve_mine);
SL_RESOLVE_HANDLER (sl_resolve_fire_mission);
SL_RESOLVE_HANDLER (sl_resolve_shaped_charge);
/* Detection, LOS and environment (sl-resolve-detection.c) */
SL_RESOLVE_HANDLER (sl_resolve_detection);
SL_RESOLVE_HANDLER (sl_resolve_los);
SL_RESOLVE_HANDLER (sl_resolve_zero_g);
SL_RESOLVE_HANDLER (sl_resolve_suit_breach);
/* Points, victory, ammunition and conversions (sl-resolve-points.c) */
SL_RESOLVE_HANDLER (sl_resolve_squad_cost);
SL_RESOLVE_HANDLER (sl_resolve_victory);
SL_RESOLVE_HANDLER (sl_resolve_ammunition);
SL_RESOLVE_HANDLER (sl_resolve_legionnaire);
SL_RESOLVE_HANDLER (sl_resolve_centurion);

G_END_DECLS
