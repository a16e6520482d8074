/* sl-squad-log-texts.c: what a squad log's line says of a unit (T-04), in
 * words: the texts of its fields, its check boxes, its status badges and
 * the line read aloud, made from the unit's log (sl_unit_log_fill) and
 * what the table model says of it. Nothing here draws (sl-log-line.c
 * does) and nothing decides a rule: whether the table knows what a hidden
 * unit does, whether a hit unit loses its action and whether a dive
 * carries on are the core's answers.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-actions.h"
#include "sl-ammunition.h"
#include "sl-conversion.h"
#include "sl-squad-log-texts-private.h"
#include "sl-table-model.h"

static const char * const magazine_letters[] = { NULL, "R", "P", "FG", "SG" };

/* The unit's log as the table model has it, worked out once per change
 * of the game (it is the core's sl_unit_log_fill). */
void
sl_log_unit_fill (SlLogUnit *unit,
                  SlGame    *game,
                  int        index)
{
  SlTableModel *model = sl_table_model_get_for_game (game);
  const SlTableUnit *t = sl_table_model_get_unit (model, index);

  unit->rules = sl_game_get_rules (game);
  unit->turn = sl_game_get_state (game)->turn;
  unit->log = t->log;
  unit->known = sl_table_model_unit_known (model, index, SL_VIEWER_TABLE);
  /* The steps are simultaneous: what a hit costs applies as the step ends
   * (the table model says whether). */
  unit->losing = t->loses_action;
}

/* The fields ----------------------------------------------------------- */

char *
sl_log_text_counter (const SlLogUnit *unit)
{
  return g_strdup_printf ("%d", unit->log.counter);
}

char *
sl_log_text_name (const SlLogUnit *unit)
{
  return g_strdup (unit->log.name);
}

char *
sl_log_text_points (const SlLogUnit *unit)
{
  return g_strdup_printf ("%d", unit->log.points);
}

char *
sl_log_text_race (const SlLogUnit *unit)
{
  return g_strdup (unit->log.race->name);
}

char *
sl_log_text_armor (const SlLogUnit *unit)
{
  return g_strdup (unit->log.armor->id);
}

/* "SAR (slug) · SP": the weapon in hand first. */
char *
sl_log_text_weapon (const SlLogUnit *unit)
{
  const SlUnitLog *log = &unit->log;
  GString *weapons = g_string_new (log->weapons[log->in_hand]->id);

  if (log->omni_mode != NULL)
    g_string_append_printf (weapons, " (%s)", g_str_equal (log->omni_mode, "slug") ? _("slug") : _("spike"));
  for (int w = 0; w < log->n_weapons; w++)
    if (w != log->in_hand)
      g_string_append_printf (weapons, " · %s", log->weapons[w]->id);
  return g_string_free (weapons, FALSE);
}

char *
sl_log_text_mod (const SlLogUnit *unit)
{
  return sl_unit_log_format_mod (&unit->log);
}

/* The magazines of the weapons carried (T-20), then the grenades, then
 * the tally: "R 3 of 3; P 2 of 2; FG 2 of 2; SG 2 of 2; 6 of 6 rounds left". */
char *
sl_log_text_ammo (const SlLogUnit *unit)
{
  const SlUnitLog *log = &unit->log;
  GString *words = g_string_new (NULL);

  for (int m = SL_MAGAZINE_R; m <= SL_MAGAZINE_P; m++)
    {
      gboolean carried = FALSE;

      for (int w = 0; w < log->n_weapons; w++)
        carried |= sl_ammo_magazine (log->weapons[w]) == (SlMagazine) m;
      if (carried)
        /* "R 2 of 3" */
        g_string_append_printf (words, _("%s %d of %d; "), magazine_letters[m], log->left[m], log->boxes[m]);
    }
  for (int g = 0; g < SL_N_GRENADES; g++)
    {
      int boxes = log->launcher ? log->launcher_boxes[g] : log->boxes[SL_MAGAZINE_FG + g];
      int left = log->launcher ? log->launcher_load[g] : log->left[SL_MAGAZINE_FG + g];

      if (boxes == 0 && left == 0)
        /* None carried (a scenario without grenades): nothing to say. */
        continue;
      if (log->launcher)
        /* P-35: "launcher FG 4 of 4" */
        g_string_append_printf (words, _("launcher %s %d of %d; "), magazine_letters[SL_MAGAZINE_FG + g], left, boxes);
      else
        g_string_append_printf (words, _("%s %d of %d; "), magazine_letters[SL_MAGAZINE_FG + g], left, boxes);
    }
  if (log->rounds > 0)
    /* "10 of 10 rounds left" */
    g_string_append_printf (words, _("%d of %d rounds left"), log->rounds - log->rounds_fired, log->rounds);
  else
    g_string_append (words, _("no magazine to count"));
  return g_string_free (words, FALSE);
}

char *
sl_log_text_wounds (const SlLogUnit *unit)
{
  if (unit->log.wound == SL_WOUND_NONE)
    return g_strdup (_("Wounds: none"));
  return g_strdup_printf (_("Wounds: %s"), unit->rules->wounds[unit->log.wound].name);
}

/* §15.1: where a hidden unit stands is its owner's secret; the shared log
 * says only that it is hidden (the table model says what the table
 * knows). T-36, A-120: in vacuum or a hostile atmosphere, whether it is
 * sheltered inside or out in it. */
char *
sl_log_text_position (const SlLogUnit *unit)
{
  const SlUnitLog *log = &unit->log;

  if (!unit->known)
    return g_strdup ("—");
  if (log->exposure)
    /* "standing · inside" */
    return g_strdup_printf (_("%s · %s"), sl_position_label (log->position),
                            log->inside ? _("inside") : _("outside"));
  return g_strdup (sl_position_label (log->position));
}

char *
sl_log_text_equipment (const SlLogUnit *unit)
{
  const SlUnitLog *log = &unit->log;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  if (log->launcher)
    g_ptr_array_add (items, g_strdup (_("launcher")));
  if (log->plastic_charges > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d plastic charge",
                                                          "%d plastic charges", log->plastic_charges),
                                             log->plastic_charges));
  if (log->shaped_charges > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d shaped charge",
                                                          "%d shaped charges", log->shaped_charges),
                                             log->shaped_charges));
  if (log->keys > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d key", "%d keys", log->keys),
                                             log->keys));
  if (log->ecm_jammer)
    g_ptr_array_add (items, g_strdup (_("ECM jammer")));
  if (log->ground_sensor)
    g_ptr_array_add (items, g_strdup (_("ground sensor")));
  if (log->bounce_pack)
    g_ptr_array_add (items, g_strdup (_("bounce pack")));
  /* Stealth power mode is a secret modifier of a hidden unit (T-19). */
  if (log->stealth_power && unit->known)
    g_ptr_array_add (items, g_strdup (_("stealth power")));
  g_ptr_array_add (items, NULL);
  return g_strjoinv (_(", "), (char **) items->pdata);
}

/* An action under way and where its marker is: "ends 7 · Walk (1 of 3
 * AP)", the subphase first, so that a narrow column cuts the name, never
 * the subphase (issue 31 #7). */
static char *
action_under_way (const SlLogUnit *unit)
{
  const SlUnitLog *log = &unit->log;
  int turn, subphase;

  sl_subphase_split (unit->rules, log->action_end, &turn, &subphase);
  /* A-72: a zero-G dive carries on past its AP until it hits something
   * (the core says whether it does). */
  if (log->action->move == SL_MOVE_DIVE && log->drifting)
    return g_strdup_printf (_("%s, carries on until it hits something (A-72)"), log->action->name);
  if (turn == unit->turn)
    /* Translators: keep the subphase first: the end of a line too
     * long for its column is cut. */
    return g_strdup_printf (_("ends %2$d · %1$s (%3$d of %4$d AP)"), log->action->name, subphase,
                            log->action_done, log->action_cost);
  /* Translators: keep the subphase and turn first. */
  return g_strdup_printf (_("ends %2$d of turn %3$d · %1$s (%4$d of %5$d AP)"), log->action->name,
                          subphase, turn, log->action_done, log->action_cost);
}

/* §15.1: what a hidden unit does is its owner's secret. */
char *
sl_log_text_action (const SlLogUnit *unit)
{
  g_autofree char *text = NULL;

  if (!unit->known)
    return g_strdup ("—");
  if (unit->log.action == NULL)
    return g_strdup (_("idle"));
  text = action_under_way (unit);
  if (unit->losing)
    /* §6.1, A-18: hit in this resolution step, it keeps its action until
     * the step ends, then loses it. */
    return g_strdup_printf (_("%s — loses its action as the step ends"), text);
  return g_steal_pointer (&text);
}

/* What the badges say, whole: "Dazed until subphase 9, Jammed". */
char *
sl_log_text_status (const SlLogUnit *unit)
{
  SlLogBadge badges[SL_LOG_MAX_BADGES];
  int n = sl_log_badges (unit, badges);
  GString *status = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      if (status->len > 0)
        g_string_append (status, _(", "));
      g_string_append (status, badges[i].words);
    }
  sl_log_badges_clear (badges, n);
  return g_string_free (status, FALSE);
}

/* What is drawn besides ------------------------------------------------- */

/* Under the name: "Human · BI · 46 pts · bounce pack", and a Legionnaire
 * character's skills and what they give (§18). */
char *
sl_log_text_details (const SlLogUnit *unit)
{
  const SlUnitLog *log = &unit->log;
  g_autofree char *equipment = sl_log_text_equipment (unit);
  g_autofree char *race_armor = g_strdup_printf (_("%s · %s · %d pts"), log->race->name, log->armor->id, log->points);
  g_autofree char *character = sl_legionnaire_describe (log->legionnaire, FALSE);
  g_autofree char *details = *equipment ? g_strdup_printf ("%s · %s", race_armor, equipment)
                                        : g_steal_pointer (&race_armor);

  if (character != NULL)
    return g_strdup_printf ("%s · %s", details, character);
  return g_steal_pointer (&details);
}

/* Rounds left in the current magazine: "6/6", or "∞" without one. */
char *
sl_log_text_tally (const SlLogUnit *unit)
{
  if (unit->log.rounds > 0)
    return g_strdup_printf ("%d/%d", unit->log.rounds - unit->log.rounds_fired, unit->log.rounds);
  return g_strdup ("∞");
}

/* Everything the line shows, for a screen reader, what changes in play
 * first (issue 32 #7: the wounds came after some 35 words). */
char *
sl_log_text_description (const SlLogUnit *unit)
{
  g_autofree char *counter = sl_log_text_counter (unit), *wounds = sl_log_text_wounds (unit);
  g_autofree char *position = sl_log_text_position (unit), *action = sl_log_text_action (unit);
  g_autofree char *details = sl_log_text_details (unit), *weapon = sl_log_text_weapon (unit);
  g_autofree char *mod = sl_log_text_mod (unit), *ammo = sl_log_text_ammo (unit);
  g_autofree char *words = sl_log_text_status (unit);
  g_autofree char *status = *words ? g_strdup_printf (_(" Status: %s."), words) : g_strdup ("");

  /* "Unit 3, Legionnaire Ostra. Wounds: none. Position standing. Action:
   * idle." with the status after the wounds, then "Human · BI · 46 pts.
   * Weapon SAR · SP. Modifiers +2/−1. Ammunition: R 3 of 3; …". */
  return g_strdup_printf (_("Unit %s, %s. %s.%s Position %s. Action: %s. %s. Weapon %s. "
                            "Modifiers %s. Ammunition: %s."),
                          counter, unit->log.name, wounds, status, position, action, details, weapon, mod, ammo);
}

/* The boxes ------------------------------------------------------------- */

static void
add_boxes (SlLogBoxes *boxes,
           int         count,
           int         left,
           const char *letter)
{
  for (int b = 0; b < count && boxes->n < SL_LOG_MAX_BOXES; b++, boxes->n++)
    {
      boxes->letters[boxes->n] = letter;
      if (b >= left)
        boxes->ticked |= 1u << boxes->n;
    }
}

/* The magazine boxes of the weapons carried, spent ones crossed (T-20). */
void
sl_log_boxes_magazines (const SlLogUnit *unit,
                        SlLogBoxes      *boxes)
{
  const SlUnitLog *log = &unit->log;

  *boxes = (SlLogBoxes) { 0 };
  for (int m = SL_MAGAZINE_R; m <= SL_MAGAZINE_P; m++)
    {
      gboolean carried = FALSE;

      for (int w = 0; w < log->n_weapons; w++)
        carried |= sl_ammo_magazine (log->weapons[w]) == (SlMagazine) m;
      if (carried)
        add_boxes (boxes, log->boxes[m], log->left[m], magazine_letters[m]);
    }
}

/* The grenade boxes, FG then SG; a launcher's rounds with one (P-35). */
void
sl_log_boxes_grenades (const SlLogUnit *unit,
                       SlLogBoxes      *boxes)
{
  const SlUnitLog *log = &unit->log;

  *boxes = (SlLogBoxes) { 0 };
  for (int g = 0; g < SL_N_GRENADES; g++)
    add_boxes (boxes, log->launcher ? log->launcher_boxes[g] : log->boxes[SL_MAGAZINE_FG + g],
               log->launcher ? log->launcher_load[g] : log->left[SL_MAGAZINE_FG + g],
               g == SL_GRENADE_FG ? "F" : "S");
}

/* "L M S U D" with the boxes up to the wound ticked (A-70). */
void
sl_log_boxes_wounds (const SlLogUnit *unit,
                     SlLogBoxes      *boxes)
{
  *boxes = (SlLogBoxes) { 0 };
  for (int w = SL_WOUND_LIGHT; w <= SL_WOUND_DEAD; w++, boxes->n++)
    {
      boxes->letters[boxes->n] = unit->rules->wounds[w].box;
      if ((int) unit->log.wound >= w)
        boxes->ticked |= 1u << boxes->n;
    }
}

/* The badges ------------------------------------------------------------ */

/* A badge; @words (taken) says more than @text in the status and under
 * the pointer, and @tip (taken) more again under the pointer. */
static void
add_badge (SlLogBadge *badges,
           int        *n,
           const char *text,
           const char *style,
           char       *words,
           char       *tip)
{
  g_assert (*n < SL_LOG_MAX_BADGES);
  badges[*n] = (SlLogBadge) {
    .text = g_strdup (text),
    .style = style,
    .words = words != NULL ? words : g_strdup (text),
    .tip = tip,
  };
  (*n)++;
}

/* P-39: a breached suit and the wound it has still to give: its badge. */
static void
add_breach (const SlLogUnit *unit,
            SlLogBadge      *badges,
            int             *n,
            const char      *style)
{
  const SlUnitLog *log = &unit->log;
  g_autofree char *badge = NULL;
  int turn, subphase;

  if (log->breach.state == SL_BREACH_NONE || log->wound == SL_WOUND_DEAD)
    return;
  sl_subphase_split (unit->rules, log->breach.due, &turn, &subphase);
  if (log->breach.state == SL_BREACH_DELAYED)
    {
      /* Translators: a badge; T3 S1 is turn 3, subphase 1. */
      badge = g_strdup_printf (_("Suit breached · T%d S%d"), turn, subphase);
      add_badge (badges, n, badge, style, g_strdup_printf (_("Suit breached, one more wound T%d S%d"), turn, subphase),
                 g_strdup_printf (_("The breached suit gives one more wound in subphase %d of turn %d, then seals (P-39)."),
                                  subphase, turn));
      return;
    }
  /* Translators: a badge; T3 S1 is turn 3, subphase 1. */
  badge = g_strdup_printf (_("Bleeding · T%d S%d"), turn, subphase);
  add_badge (badges, n, badge, style, g_strdup_printf (_("Bleeding, next wound T%d S%d"), turn, subphase),
             g_strdup_printf (_("The breached suit gives a wound in subphase %d of turn %d, then one every %d subphases until the unit dies (P-39)."),
                              subphase, turn, unit->rules->environment.suit_breach_delay));
}

/* Issue 32 #7: how long it stays dazed, in the status read aloud and
 * under the pointer (P-19: dazed until the subphase the hit gave). */
static char *
dazed_words (const SlLogUnit *unit)
{
  int turn, subphase;

  sl_subphase_split (unit->rules, unit->log.dazed_until, &turn, &subphase);
  if (turn == unit->turn)
    /* Translators: a unit's status, in words. */
    return g_strdup_printf (_("Dazed until subphase %d"), subphase);
  /* Translators: a unit's status, in words. */
  return g_strdup_printf (_("Dazed until subphase %d of turn %d"), subphase, turn);
}

/* A unit in the fight: what the table knows of its state. */
static void
add_states (const SlLogUnit *unit,
            SlLogBadge      *badges,
            int             *n)
{
  const SlUnitLog *log = &unit->log;
  gboolean known = unit->known;

  /* §18: a Legionnaire player character; it never routs. */
  if (log->legionnaire != NULL)
    add_badge (badges, n, C_("badge", "Character"), "accent", NULL, NULL);
  if (log->hidden)
    add_badge (badges, n, _("Hidden"), "accent", NULL, NULL);
  if (known && log->dazed_until >= 0)
    {
      char *words = dazed_words (unit);

      add_badge (badges, n, _("Dazed"), "warning", words, g_strdup (words));
    }
  if (known && log->jammed)
    add_badge (badges, n, _("Jammed"), "warning", NULL, NULL);
  if (known && log->routed)
    add_badge (badges, n, _("Routed"), "error", NULL, NULL);
  if (known && log->in_melee)
    add_badge (badges, n, _("In melee"), "warning", NULL, NULL);
  if (known && log->opportunity)
    add_badge (badges, n, _("Opportunity fire"), "accent", NULL, NULL);
  if (known && unit->losing)
    add_badge (badges, n, _("Loses its action"), "warning", NULL, NULL);
  add_breach (unit, badges, n, log->breach.state == SL_BREACH_BLEEDING ? "error" : "warning");
}

int
sl_log_badges (const SlLogUnit *unit,
               SlLogBadge       badges[SL_LOG_MAX_BADGES])
{
  int n = 0;

  if (!unit->log.out)
    {
      add_states (unit, badges, &n);
      return n;
    }
  add_badge (badges, &n, unit->log.wound == SL_WOUND_DEAD ? _("Dead") : _("Out"), "error", NULL, NULL);
  /* Knocked out, it bleeds on (P-39 step 3). */
  add_breach (unit, badges, &n, "error");
  return n;
}

void
sl_log_badges_clear (SlLogBadge *badges,
                     int         n)
{
  for (int i = 0; i < n; i++)
    {
      g_free (badges[i].text);
      g_free (badges[i].words);
      g_free (badges[i].tip);
    }
}
