/* sl-declare-sheet.c: a unit declares its next action (P-07) — every
 * action of the Action Table (T-05) with its cost and end subphase worked
 * out by the core before it is chosen, or the rule that forbids it shown
 * beside the disabled choice; the combination (T-06), the target, the new
 * position; "replace" for a busy unit (P-07 step 6). The layout is
 * ui/sl-declare-sheet.ui; the Action Table's groups and rows, the lists
 * of targets and the fire missions are built here from the rules.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-actions.h"
#include "sl-combat.h"
#include "sl-command-new.h"
#include "sl-declare-sheet.h"
#include "sl-dice-sheet.h"
#include "sl-ui-util.h"
#include "sl-unit-sheet.h"

typedef struct
{
  const SlAction *action;
  GtkWidget      *row;
  char           *choice;   /* the row's subtitle */
  gboolean        allowed;
} Choice;

/* What the Target choice offers after the units: a marker on the table
 * (an obstacle, a charge), or a new obstacle to name (marker 0). */
typedef struct
{
  int          marker;
  SlMarkerKind kind;
} TargetObject;

struct _SlDeclareSheet
{
  SlSheet       parent_instance;

  SlGame       *game;      /* the sheet's (sl_sheet_get_game) */
  int           unit;
  GArray       *targets;   /* int */
  GArray       *objects;   /* TargetObject: the Target choices after the units */
  GArray       *choices;   /* Choice */

  AdwWindowTitle *title;
  AdwPreferencesPage *page;
  AdwComboRow  *combine_row;
  AdwComboRow  *target_row;
  /* A new obstacle fired at (P-25): its label and its T-18 entry. */
  AdwEntryRow  *obstacle_label;
  AdwComboRow  *obstacle_kind;
  GtkWidget    *engage;
  AdwComboRow  *position_row;
  AdwExpanderRow *throw_row;   /* Fire/Throw uses: its weapon, or what it throws */
  GtkWidget    *throw_rows[4];
  GtkCheckButton *throw_checks[4];
  char         *throw_refusals[4]; /* why the core refuses each, or NULL */
  guint         throwing;         /* the one chosen: an index of throws[] */
  AdwComboRow  *burst_row;        /* a shot or a burst (SlBurstMode), or NULL (P-30): hidden */
  /* P-38 step 1: the kinds of fire mission the side may call, by T-35
   * entry, with a row each; NULL when it has none (hidden). */
  AdwExpanderRow *mission_row;
  GArray       *missions;         /* int: T-35 entries */
  GPtrArray    *mission_rows;     /* AdwActionRow */
  GPtrArray    *mission_checks;   /* GtkCheckButton */
  guint         mission;          /* the one chosen: an index of missions */
  gboolean      refreshing;
  AdwComboRow  *decision_row;
  GtkWidget    *zero_g_row;
  GtkSpinButton *zero_g_roll;   /* in zero-G: the players' die, 0 for the app's; or NULL */
  GtkWidget    *replace_row;
  GtkSwitch    *replace;
};

G_DEFINE_FINAL_TYPE (SlDeclareSheet, sl_declare_sheet, SL_TYPE_SHEET)

/* What a Fire/Throw action uses ("throw" of declare), in the rows' order. */
static const char * const throws[] = { NULL, "grenade", "launcher", "charge" };

static void
choice_clear (gpointer data)
{
  g_free (((Choice *) data)->choice);
}

/* An obstacle is fired at (P-25); a charge is fired at, deactivated with
 * Use device or picked up (P-36 steps 4 and 5): the fields of @object for
 * the actions that take it; the others go on without it. */
static void
add_object (SlDeclareSheet     *self,
            SlDeclareCommand   *declared,
            const SlAction     *action,
            const TargetObject *object)
{
  const SlRules *rules = sl_game_get_rules (self->game);

  if (object->kind == SL_MARKER_CHARGE)
    {
      if (!action->fire && !g_str_equal (action->id, "use-device") && !g_str_equal (action->id, "pick-up-object"))
        return;
      declared->charge = object->marker;
      return;
    }
  if (!action->fire)
    return;
  if (object->marker > 0)
    /* Its kind is on its marker already. */
    declared->obstacle_label = sl_state_find_marker (sl_game_get_state (self->game), object->marker)->label;
  else
    {
      guint kind = adw_combo_row_get_selected (self->obstacle_kind);

      declared->obstacle_label = gtk_editable_get_text (GTK_EDITABLE (self->obstacle_label));
      if (kind < rules->obstacles.items->len)
        declared->obstacle_kind = g_ptr_array_index (rules->obstacles.items, kind);
    }
}

/* The declaration of @action as the sheet stands, using throws[@t]. */
static void
fill_command (SlDeclareSheet   *self,
              const SlAction   *action,
              guint             t,
              SlDeclareCommand *declared)
{
  guint combine = adw_combo_row_get_selected (self->combine_row);
  guint target = adw_combo_row_get_selected (self->target_row);
  guint position = adw_combo_row_get_selected (self->position_row);

  declared->unit = self->unit;
  declared->action = action;
  if (combine != GTK_INVALID_LIST_POSITION && combine > 0 && action->combinable)
    declared->combined_with = combine;
  {
    if (g_str_equal (action->id, "fire") && t > 0 && t < G_N_ELEMENTS (throws))
      {
        declared->thrown = (SlThrow) t;   /* throws[] is in SlThrow's order */
        target = G_MAXUINT;   /* thrown at a point, not a unit */
      }
  }
  /* P-30 step 2: a burst is declared with a Fire/Throw action of the
   * weapon in hand; an area burst has no target, its wedge is named when
   * it is resolved (step 4). */
  if (g_str_equal (action->id, "fire") && t == 0 && self->burst_row != NULL)
    {
      guint burst = adw_combo_row_get_selected (self->burst_row);

      if (burst == SL_BURST_CONCENTRATED || burst == SL_BURST_AREA)
        declared->burst = burst;
      if (burst == SL_BURST_AREA)
        target = G_MAXUINT;
    }
  /* P-38: the kind of fire mission is named as it is called. */
  if (g_str_equal (action->id, "call-fire-mission") && self->mission_row != NULL &&
      self->mission < self->missions->len)
    declared->mission = g_ptr_array_index (sl_game_get_rules (self->game)->fire_missions.items,
                                           g_array_index (self->missions, int, self->mission));
  if (action->fire && target < self->targets->len)
    declared->target = g_array_index (self->targets, int, target);
  else if (target != G_MAXUINT && target != GTK_INVALID_LIST_POSITION && target >= self->targets->len)
    add_object (self, declared, action, &g_array_index (self->objects, TargetObject, target - self->targets->len));
  if (g_str_equal (action->id, "position-change") && position != GTK_INVALID_LIST_POSITION)
    declared->to_position = position;
  declared->replace = gtk_switch_get_active (self->replace);
  if (self->zero_g_roll != NULL)
    declared->zero_g_roll = gtk_spin_button_get_value_as_int (self->zero_g_roll);
}

static JsonNode *
build_command_throwing (SlDeclareSheet *self,
                        const SlAction *action,
                        guint           t)
{
  SlDeclareCommand declared = SL_DECLARE_COMMAND_INIT;

  fill_command (self, action, t, &declared);
  return sl_command_new_declare (sl_game_get_setup (self->game), &declared);
}

static JsonNode *
build_command (SlDeclareSheet *self,
               const SlAction *action)
{
  return build_command_throwing (self, action, self->throwing);
}

/* "2 AP · ends in subphase 8", from the core's answer. */
static char *
choice_words (SlDeclareSheet *self,
              JsonNode       *result)
{
  JsonObject *o = json_node_get_object (result);
  JsonObject *end = json_object_get_object_member (o, "end");
  int cost = json_object_get_int_member (o, "cost");
  int turn = json_object_get_int_member (end, "turn");
  int subphase = json_object_get_int_member (end, "subphase");

  g_autofree char *when = NULL;
  g_autofree char *single = NULL;
  g_autofree char *burst = NULL;

  if (turn == sl_game_get_state (self->game)->turn)
    when = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d AP · ends in subphase %d",
                                         "%d AP · ends in subphase %d", cost), cost, subphase);
  else
    when = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d AP · ends in subphase %d of turn %d",
                                         "%d AP · ends in subphase %d of turn %d", cost),
                            cost, subphase, turn);
  /* A shot at a unit: its odds as the core reads the logs now, and a
   * burst's where the weapon fires one — what aiming or a burst buys before
   * the AP are spent (P-14, T-14, T-22). */
  if (json_object_has_member (o, "to_hit"))
    single = sl_check_odds_words (json_object_get_object_member (o, "to_hit"));
  if (json_object_has_member (o, "to_hit_burst"))
    burst = sl_check_odds_words (json_object_get_object_member (o, "to_hit_burst"));
  if (single != NULL && burst != NULL)
    /* "1 AP · ends in subphase 3 · to hit before cover: Needs 6 or less · 60 %; a burst: Needs 5 or less · 50 %" */
    return g_strdup_printf (_("%s · to hit before cover: %s; a burst: %s"), when, single, burst);
  if (single != NULL)
    /* "1 AP · ends in subphase 3 · to hit before cover: Needs 6 or less · 60 %" */
    return g_strdup_printf (_("%s · to hit before cover: %s"), when, single);
  return g_steal_pointer (&when);
}

static Choice *find_choice (SlDeclareSheet *self, const char *action);

/* A burst is fired by the weapon in hand, not thrown (P-30); an area burst
 * leaves the target picker out of the Fire/Throw action. */
static void
refresh_burst (SlDeclareSheet *self)
{
  if (self->burst_row == NULL)
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->burst_row), self->throwing == 0);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->burst_row),
                               self->throwing == 0 ? _("Automatic fire of the Fire/Throw action (P-30)")
                                                   : _("Only when it fires its weapon (P-30)"));
}

/* The object chosen as the target, or NULL for a unit. */
static const TargetObject *
target_object (SlDeclareSheet *self)
{
  guint target = adw_combo_row_get_selected (self->target_row);

  if (target == GTK_INVALID_LIST_POSITION || target < self->targets->len ||
      target - self->targets->len >= self->objects->len)
    return NULL;
  return &g_array_index (self->objects, TargetObject, target - self->targets->len);
}

/* What the target chosen is: an obstacle with its damage so far (P-25), a
 * charge and what can be done with it (P-36); a new obstacle asks its
 * label and kind. Melee is against a unit (P-22). */
static void
refresh_target (SlDeclareSheet *self)
{
  const TargetObject *object = target_object (self);
  const SlMarker *m = object != NULL && object->marker > 0
                      ? sl_state_find_marker (sl_game_get_state (self->game), object->marker) : NULL;
  gboolean area = self->burst_row != NULL && self->throwing == 0 &&
                  adw_combo_row_get_selected (self->burst_row) == SL_BURST_AREA;
  g_autofree char *words = m != NULL ? sl_marker_words (self->game, m) : NULL;
  g_autofree char *subtitle = NULL;

  if (area)
    subtitle = g_strdup (_("Not for an area burst: the units in its wedge are named as it is resolved (P-30 step 4)"));
  else if (object != NULL && object->kind == SL_MARKER_CHARGE && words != NULL)
    /* "2 plastic charges · armed (P-36) — fire at it …" */
    subtitle = g_strdup_printf (_("%s — fire at it (T-32), deactivate it with Use device, pick it up once deactivated (P-36 steps 4, 5)"),
                                words);
  else if (words != NULL)
    /* "Internal Door · 2½ of 5 wound levels (P-25) — an automatic hit (A-78)" */
    subtitle = g_strdup_printf (_("%s — an automatic hit (A-78)"), words);
  else if (object != NULL)
    subtitle = g_strdup (_("Name it and say what it is (T-18): the hit is automatic (P-25, A-78)"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->target_row), subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->obstacle_label), object != NULL && object->marker == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->obstacle_kind), object != NULL && object->marker == 0);
  gtk_widget_set_sensitive (self->engage, object == NULL && self->targets->len > 0);
}

/* What a Fire/Throw action can use: each choice the core would refuse
 * (no grenade picked up, no launcher, no charge on the table …) is
 * insensitive and says why, so that no declaration leads to a resolution
 * that cannot be made (P-34 step 1, P-35, P-36 step 3). */
static void
refresh_throws (SlDeclareSheet *self)
{
  Choice *fire = find_choice (self, "fire");

  for (guint t = 1; t < G_N_ELEMENTS (throws); t++)
    {
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(JsonNode) result = NULL;
      g_autoptr(GError) error = NULL;
      const char *field;

      g_clear_pointer (&self->throw_refusals[t], g_free);
      if (fire == NULL)
        continue;
      command = build_command_throwing (self, fire->action, t);
      result = sl_game_preview (self->game, command, NULL, &error);
      field = result == NULL ? sl_rule_error_get_field (error) : NULL;
      if (field != NULL && g_str_equal (field, "throw"))
        self->throw_refusals[t] = g_strdup (error->message);
      gtk_widget_set_sensitive (self->throw_rows[t], self->throw_refusals[t] == NULL);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->throw_rows[t]),
                                   self->throw_refusals[t] ? self->throw_refusals[t] : "");
    }
  if (self->throw_refusals[self->throwing] != NULL)
    self->throwing = 0;
  gtk_check_button_set_active (self->throw_checks[self->throwing], TRUE);
  adw_expander_row_set_subtitle (self->throw_row,
                                 adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->throw_rows[self->throwing])));
  refresh_burst (self);
}

/* The fire missions of T-35 entry @k the side of the unit has left to
 * call: those it bought, less those called and those being called (P-38
 * step 1), as the paper log ticks them off. */
static int
missions_left (SlDeclareSheet *self,
               int             k)
{
  const SlSetup *setup = sl_game_get_setup (self->game);

  return sl_state_missions_left (setup, sl_game_get_state (self->game), sl_setup_unit_at (setup, self->unit)->side, k);
}

/* Which fire mission a Call Fire Mission action calls: each kind the side
 * bought, with what is left of it, or the core's refusal. The choice is
 * offered to a unit that may call one (a squad leader, T-05). */
static void
refresh_missions (SlDeclareSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  Choice *call = find_choice (self, "call-fire-mission");
  gboolean offered = TRUE;
  guint chosen = self->mission;

  if (self->mission_row == NULL || call == NULL)
    return;
  for (guint i = 0; i < self->missions->len; i++)
    {
      int k = g_array_index (self->missions, int, i);
      GtkWidget *row = g_ptr_array_index (self->mission_rows, i);
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(JsonNode) result = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *left = NULL;
      const char *field;
      gboolean refused;

      self->mission = i;
      command = build_command (self, call->action);
      result = sl_game_preview (self->game, command, NULL, &error);
      field = result == NULL ? sl_rule_error_get_field (error) : NULL;
      refused = field != NULL && g_str_equal (field, "mission");
      /* Refused whatever it calls (not a leader, busy …): no choice. */
      offered &= result != NULL || refused;
      if (!setup->purchases_unrecorded)
        {
          int bought = sl_setup_side_at (setup, sl_setup_unit_at (setup, self->unit)->side)->fire_missions[k];

          /* "1 of 2 left" */
          left = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of %d left", "%d of %d left", bought),
                                  missions_left (self, k), bought);
        }
      gtk_widget_set_sensitive (row, !refused);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), refused ? error->message : left ? left : "");
      g_object_set_data_full (G_OBJECT (row), "left", g_steal_pointer (&left), g_free);
    }
  self->mission = chosen < self->missions->len ? chosen : 0;
  /* A kind the core refuses is not kept chosen when another is left. */
  if (!gtk_widget_get_sensitive (g_ptr_array_index (self->mission_rows, self->mission)))
    for (guint i = 0; i < self->missions->len; i++)
      if (gtk_widget_get_sensitive (g_ptr_array_index (self->mission_rows, i)))
        {
          self->mission = i;
          break;
        }
  gtk_check_button_set_active (g_ptr_array_index (self->mission_checks, self->mission), TRUE);
  {
    GtkWidget *row = g_ptr_array_index (self->mission_rows, self->mission);
    const char *left = g_object_get_data (G_OBJECT (row), "left");
    const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
    /* "Mortar Strike — 1 of 2 left" */
    g_autofree char *subtitle = left != NULL ? g_strdup_printf (_("%s — %s"), title, left) : g_strdup (title);

    adw_expander_row_set_subtitle (self->mission_row, subtitle);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->mission_row), offered);
}

/* Whether the unit is in melee contact: a move away is its try to avoid
 * (P-23 a, A-75), which the core checks and resolves. */
static gboolean
in_contact (SlDeclareSheet *self)
{
  return sl_game_get_state (self->game)->units[self->unit].n_engaged > 0;
}

/* What a declaration's "avoidance" (a move away from melee contact) says
 * before the dice: the roll's odds, or that both break off, no roll
 * (P-22 step 6); NULL for none. */
static char *
avoidance_words (JsonObject *result)
{
  JsonObject *avoidance = json_object_has_member (result, "avoidance")
                          ? json_object_get_object_member (result, "avoidance") : NULL;
  g_autofree char *odds = NULL;

  if (avoidance == NULL)
    return NULL;
  if (json_object_has_member (avoidance, "both_avoid"))
    return g_strdup (_("both break off: no roll (P-22 step 6)"));
  odds = sl_check_odds_words (avoidance);
  /* "avoidance roll first: Needs 3 or less · 30 % (P-23 a)" */
  return odds != NULL ? g_strdup_printf (_("avoidance roll first: %s (P-23 a)"), odds) : NULL;
}

/* Asks the core about every action. */
static void
refresh (SlSheet *sheet)
{
  SlDeclareSheet *self = SL_DECLARE_SHEET (sheet);
  if (self->refreshing)
    return;
  self->refreshing = TRUE;
  refresh_throws (self);
  refresh_missions (self);
  refresh_target (self);
  self->refreshing = FALSE;
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *c = &g_array_index (self->choices, Choice, i);
      SlDeclareCommand declared = SL_DECLARE_COMMAND_INIT;
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) result = NULL;

      fill_command (self, c->action, self->throwing, &declared);
      /* What the action does if its zero-G check succeeds (a natural 1
       * always does, A-02); the check's odds are told beside it. */
      if (sl_game_get_setup (self->game)->environment.zero_g && declared.zero_g_roll <= 0)
        declared.zero_g_roll = 1;
      /* In melee contact a move away starts with an avoidance roll (P-23 a,
       * what it does once the unit gets away (a natural 1 always
       * avoids, a natural 10 always misses the free attack, A-02), the
       * roll's odds beside it. */
      if (in_contact (self))
        {
          declared.avoid_roll = 1;
          declared.attack_roll = 10;
        }
      command = sl_command_new_declare (sl_game_get_setup (self->game), &declared);
      result = sl_game_preview (self->game, command, NULL, &error);

      g_free (c->choice);
      c->allowed = result != NULL;
      if (result == NULL)
        c->choice = g_strdup (error->message);
      else
        {
          JsonObject *r = json_node_get_object (result);
          JsonObject *check = json_object_has_member (r, "zero_g_check") ? json_object_get_object_member (r, "zero_g_check") : NULL;
          g_autofree char *odds = check != NULL ? sl_check_odds_words (check) : NULL;
          /* The preview rolled the zero-G check for the occasion: its
           * odds tell, not that roll (P-21). */
          g_autofree char *words = json_object_has_member (r, "end")
                                   ? choice_words (self, result)
                                   : g_strdup (_("A zero-G check decides whether it happens (P-21)"));

          g_autofree char *avoid = avoidance_words (r);

          if (avoid != NULL)
            {
              /* "1 AP · ends in subphase 4 · avoidance roll first: Needs 3 or less · 30 %" */
              char *with = g_strdup_printf ("%s · %s", words, avoid);

              g_free (words);
              words = with;
            }
          if (odds != NULL && json_object_has_member (r, "end"))
            /* "1 AP · ends in subphase 4 · zero-G check: Needs 6 or less · 60 %" */
            c->choice = g_strdup_printf (_("%s · zero-G check: %s"), words, odds);
          else if (odds != NULL)
            c->choice = g_strdup_printf ("%s · %s", words, odds);
          else
            c->choice = g_steal_pointer (&words);
        }
      adw_action_row_set_subtitle (ADW_ACTION_ROW (c->row), c->choice);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (c->row), c->allowed);
      gtk_widget_set_opacity (gtk_widget_get_first_child (c->row), c->allowed ? 1.0 : 0.6);
      if (c->allowed)
        gtk_widget_remove_css_class (c->row, "refused");
      else
        gtk_widget_add_css_class (c->row, "refused");
    }
}

static Choice *
find_choice (SlDeclareSheet *self,
             const char     *action)
{
  for (guint i = 0; i < self->choices->len; i++)
    if (g_str_equal (g_array_index (self->choices, Choice, i).action->id, action))
      return &g_array_index (self->choices, Choice, i);
  return NULL;
}

static guint
throw_index (const char *name)
{
  for (guint t = 1; t < G_N_ELEMENTS (throws); t++)
    if (g_strcmp0 (throws[t], name) == 0)
      return t;
  return 0;
}

const char *
sl_declare_sheet_get_throw_refusal (SlDeclareSheet *self,
                                    const char     *what)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  return self->throw_refusals[throw_index (what)];
}

gboolean
sl_declare_sheet_set_throw (SlDeclareSheet *self,
                            const char     *what)
{
  guint t;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  t = throw_index (what);
  if (!gtk_widget_get_sensitive (self->throw_rows[t]))
    return FALSE;
  gtk_check_button_set_active (self->throw_checks[t], TRUE);
  return TRUE;
}

gboolean
sl_declare_sheet_set_mission (SlDeclareSheet *self,
                              const char     *mission)
{
  const SlRules *rules;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  rules = sl_game_get_rules (self->game);
  for (guint i = 0; self->mission_row != NULL && i < self->missions->len; i++)
    {
      const SlFireMissionDef *def = g_ptr_array_index (rules->fire_missions.items,
                                                       g_array_index (self->missions, int, i));

      if (g_str_equal (def->id, mission) && gtk_widget_get_sensitive (g_ptr_array_index (self->mission_rows, i)))
        {
          gtk_check_button_set_active (g_ptr_array_index (self->mission_checks, i), TRUE);
          return TRUE;
        }
    }
  return FALSE;
}

const char *
sl_declare_sheet_get_mission_choice (SlDeclareSheet *self,
                                     const char     *mission)
{
  const SlRules *rules;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  rules = sl_game_get_rules (self->game);
  if (self->mission_row == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->mission_row)))
    return NULL;
  if (mission == NULL)
    return adw_expander_row_get_subtitle (self->mission_row);
  for (guint i = 0; i < self->missions->len; i++)
    {
      const SlFireMissionDef *def = g_ptr_array_index (rules->fire_missions.items,
                                                       g_array_index (self->missions, int, i));

      if (g_str_equal (def->id, mission))
        return adw_action_row_get_subtitle (ADW_ACTION_ROW (g_ptr_array_index (self->mission_rows, i)));
    }
  return NULL;
}

static void
mission_toggled_cb (GtkCheckButton *check,
                    SlDeclareSheet *self)
{
  guint i;

  if (!gtk_check_button_get_active (check) || self->refreshing ||
      !g_ptr_array_find (self->mission_checks, check, &i))
    return;
  self->mission = i;
  sl_sheet_refresh (SL_SHEET (self));
}

static void
throw_toggled_cb (GtkCheckButton *check,
                  SlDeclareSheet *self)
{
  if (!gtk_check_button_get_active (check))
    return;
  for (guint t = 0; t < G_N_ELEMENTS (throws); t++)
    if (self->throw_checks[t] == check)
      self->throwing = t;
  sl_sheet_refresh (SL_SHEET (self));
}

const char *
sl_declare_sheet_get_choice (SlDeclareSheet *self,
                             const char     *action)
{
  Choice *c = find_choice (self, action);

  return c ? c->choice : NULL;
}

gboolean
sl_declare_sheet_can_choose (SlDeclareSheet *self,
                             const char     *action)
{
  Choice *c = find_choice (self, action);

  return c != NULL && c->allowed;
}

/* P-23 a, A-75: whether the core resolves @command with an avoidance roll
 * (a move away from melee contact, the opponent not breaking off too). */
static gboolean
rolls_to_avoid (SlDeclareSheet *self,
                JsonNode       *command)
{
  g_autoptr(JsonNode) result = NULL;
  JsonObject *r;

  if (!in_contact (self))
    return FALSE;
  result = sl_game_preview (self->game, command, NULL, NULL);
  if (result == NULL)
    return FALSE;
  r = json_node_get_object (result);
  return json_object_has_member (r, "avoidance") &&
         json_object_has_member (json_object_get_object_member (r, "avoidance"), "needed");
}

/* The avoidance roll and the opponent's free attack, one key press each
 * on a sheet of their own — or the app rolls them. */
static void
present_avoid_dice (SlDeclareSheet *self,
                    JsonNode       *command)
{
  const char *unit = sl_setup_unit_at (sl_game_get_setup (self->game), self->unit)->label;
  g_autofree char *title = g_strdup_printf (_("%s Tries to Avoid Melee"), unit);
  const SlDieNeed dice[] = {
    { "roll", 10, _("Avoidance roll"), FALSE },
    { "attack_roll", 10, _("Free attack, if avoided"), FALSE },
  };
  SlDiceSheet *sheet = sl_dice_sheet_new (gtk_window_get_transient_for (GTK_WINDOW (self)), self->game, title,
                                          _("Avoiding melee (P-23)"), command, dice, G_N_ELEMENTS (dice),
                                          sl_sheet_get_app_rolls (SL_SHEET (self)));

  gtk_window_present (GTK_WINDOW (sheet));
}

gboolean
sl_declare_sheet_choose (SlDeclareSheet *self,
                         const char     *action)
{
  Choice *c = find_choice (self, action);
  g_autoptr(JsonNode) command = NULL;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  if (c == NULL)
    return FALSE;
  command = build_command (self, c->action);
  /* A move away from melee contact: the players' dice first. */
  if (!sl_sheet_get_app_rolls (SL_SHEET (self)) && rolls_to_avoid (self, command))
    {
      present_avoid_dice (self, command);
      gtk_window_destroy (GTK_WINDOW (self));
      return TRUE;
    }
  return sl_sheet_apply_command (SL_SHEET (self), command);
}

gboolean
sl_declare_sheet_set_burst (SlDeclareSheet *self,
                            const char     *burst)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  if (self->burst_row == NULL || !gtk_widget_get_sensitive (GTK_WIDGET (self->burst_row)))
    return FALSE;
  for (guint b = 0; sl_burst_names[b] != NULL; b++)
    if (g_strcmp0 (burst != NULL ? burst : "none", sl_burst_names[b]) == 0)
      {
        adw_combo_row_set_selected (self->burst_row, b);
        return TRUE;
      }
  return FALSE;
}

gboolean
sl_declare_sheet_has_burst (SlDeclareSheet *self)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  return self->burst_row != NULL;
}

gboolean
sl_declare_sheet_set_zero_g_roll (SlDeclareSheet *self,
                                  int             value)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  if (self->zero_g_roll == NULL)
    return FALSE;
  gtk_spin_button_set_value (self->zero_g_roll, value);
  return TRUE;
}

void
sl_declare_sheet_set_app_rolls (SlDeclareSheet *self,
                                gboolean        app_rolls)
{
  g_return_if_fail (SL_IS_DECLARE_SHEET (self));
  sl_sheet_set_app_rolls (SL_SHEET (self), app_rolls);
}

/* P-22, A-71: in zero-G the engagement waits for its zero-G checks, the
 * attacker's and (when it fights) the defender's, one key press each on
 * their own sheet — or the app rolls them. */
static void
present_engage_dice (SlDeclareSheet *self,
                     JsonNode       *command,
                     int             target)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const char *attacker = sl_setup_unit_at (setup, self->unit)->label;
  const char *defender = sl_setup_unit_at (setup, target)->label;
  g_autofree char *title = g_strdup_printf (_("%s Engages %s"), attacker, defender);
  g_autofree char *w1 = g_strdup_printf (_("Zero-G check of %s"), attacker);
  g_autofree char *w2 = g_strdup_printf (_("Zero-G check of %s, if it fights"), defender);
  SlDieNeed dice[2];
  guint n = 0;
  SlDiceSheet *sheet;

  /* The attacker's die may be typed on this sheet already. */
  if (gtk_spin_button_get_value_as_int (self->zero_g_roll) == 0)
    dice[n++] = (SlDieNeed) { "zero_g_roll", 10, w1, FALSE };
  if (adw_combo_row_get_selected (self->decision_row) == 0)
    dice[n++] = (SlDieNeed) { "target_zero_g_roll", 10, w2, FALSE };
  sheet = sl_dice_sheet_new (gtk_window_get_transient_for (GTK_WINDOW (self)), self->game, title,
                             _("Zero-G checks of a melee (P-21, A-71)"), command, dice, n,
                             sl_sheet_get_app_rolls (SL_SHEET (self)));
  gtk_window_present (GTK_WINDOW (sheet));
}

gboolean
sl_declare_sheet_engage (SlDeclareSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  guint target = adw_combo_row_get_selected (self->target_row);
  SlEngageCommand engage = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) command = NULL;
  gboolean dice, ok;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  /* Melee is against a unit (P-22), not an obstacle or a charge. */
  if (target == GTK_INVALID_LIST_POSITION || target >= self->targets->len)
    return FALSE;
  engage.unit = self->unit;
  engage.target = g_array_index (self->targets, int, target);
  engage.avoid = adw_combo_row_get_selected (self->decision_row) == 1;
  engage.replace = gtk_switch_get_active (self->replace);
  if (self->zero_g_roll != NULL)
    engage.zero_g_roll = gtk_spin_button_get_value_as_int (self->zero_g_roll);
  command = sl_command_new_engage (setup, &engage);
  /* In zero-G the checks' dice first, unless every one is in already. */
  dice = self->zero_g_roll != NULL &&
         (gtk_spin_button_get_value_as_int (self->zero_g_roll) == 0 ||
          adw_combo_row_get_selected (self->decision_row) == 0);
  if (!dice)
    ok = sl_game_apply (self->game, command, &error) != NULL;
  else
    {
      /* Refused (a friend, a dazed attacker …): said here, before any die. */
      g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);

      ok = result != NULL;
    }
  if (!ok)
    {
      sl_sheet_show_problem (SL_SHEET (self), error->message);
      return FALSE;
    }
  if (dice)
    present_engage_dice (self, command, g_array_index (self->targets, int, target));
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

gboolean
sl_declare_sheet_set_target_marker (SlDeclareSheet *self,
                                    int             marker)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  for (guint i = 0; i < self->objects->len; i++)
    if (marker > 0 && g_array_index (self->objects, TargetObject, i).marker == marker)
      {
        adw_combo_row_set_selected (self->target_row, self->targets->len + i);
        return TRUE;
      }
  return FALSE;
}

gboolean
sl_declare_sheet_set_new_obstacle (SlDeclareSheet *self,
                                   const char     *label,
                                   const char     *kind)
{
  const SlTable *obstacles;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  obstacles = &sl_game_get_rules (self->game)->obstacles;
  for (guint k = 0; k < obstacles->items->len; k++)
    if (g_strcmp0 (((const SlObstacle *) g_ptr_array_index (obstacles->items, k))->id, kind) == 0)
      {
        /* The new obstacle is the last choice. */
        adw_combo_row_set_selected (self->target_row, self->targets->len + self->objects->len - 1);
        adw_combo_row_set_selected (self->obstacle_kind, k);
        gtk_editable_set_text (GTK_EDITABLE (self->obstacle_label), label);
        return TRUE;
      }
  return FALSE;
}

const char *
sl_declare_sheet_get_target_name (SlDeclareSheet *self)
{
  GObject *item;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  item = adw_combo_row_get_selected_item (self->target_row);
  return item != NULL ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : NULL;
}

const char *
sl_declare_sheet_get_target_words (SlDeclareSheet *self)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (self->target_row));
}

void
sl_declare_sheet_set_combined_with (SlDeclareSheet *self,
                                    int             combined_with)
{
  g_return_if_fail (SL_IS_DECLARE_SHEET (self));
  adw_combo_row_set_selected (self->combine_row, (guint) combined_with);
}

static void
row_activated_cb (GtkListBox     *list,
                  GtkListBoxRow  *row,
                  SlDeclareSheet *self)
{
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *c = &g_array_index (self->choices, Choice, i);

      if (c->row == GTK_WIDGET (row) && c->allowed)
        {
          sl_declare_sheet_choose (self, c->action->id);
          return;
        }
    }
}

static const char *
category_title (SlActionCategory category)
{
  switch (category)
    {
    case SL_ACTION_MOVEMENT: return _("Movement");
    case SL_ACTION_FIRE:
    case SL_ACTION_AIMED_FIRE:
    case SL_ACTION_OPPORTUNITY_FIRE: return _("Fire");
    case SL_ACTION_MELEE: return _("Melee");
    case SL_ACTION_OTHER:
    case SL_N_ACTION_CATEGORIES:
    default:
      return _("Other Actions");
    }
}

static void
show_log_cb (SlDeclareSheet *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  SlUnitSheet *sheet = sl_unit_sheet_new (parent, self->game, self->unit);

  gtk_window_destroy (GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (sheet));
}

/* A choice of @expander: a row titled @title with a radio button, in the
 * group of @group (NULL for the first). */
static GtkWidget *
radio_row_add (AdwExpanderRow  *expander,
               const char      *title,
               GtkCheckButton  *group,
               GtkCheckButton **check)
{
  GtkWidget *row = sl_check_row_new (title, group, check);

  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  adw_expander_row_add_row (expander, row);
  return row;
}

/* P-38 step 1, T-35: the kinds of fire mission the unit's side bought
 * (every kind, for a game saved before purchases were kept), a row each
 * in the template's row, shown when there is one. */
static void
build_missions (SlDeclareSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlSideSetup *side = sl_setup_side_at (setup, sl_setup_unit_at (setup, self->unit)->side);
  AdwExpanderRow *expander = self->mission_row;

  self->mission_row = NULL;
  if (!sl_setup_has_module (setup, SL_MODULE_FIRE_MISSIONS))
    return;
  for (guint k = 0; k < rules->fire_missions.items->len && k < SL_MAX_FIRE_MISSION_TYPES; k++)
    {
      const SlFireMissionDef *def = g_ptr_array_index (rules->fire_missions.items, k);
      GtkCheckButton *check;

      if (!setup->purchases_unrecorded && side->fire_missions[k] <= 0)
        continue;
      if (self->mission_row == NULL)
        {
          self->mission_row = expander;
          gtk_widget_set_visible (GTK_WIDGET (expander), TRUE);
        }
      g_array_append_val (self->missions, k);
      g_ptr_array_add (self->mission_rows,
                       radio_row_add (self->mission_row, def->name,
                                      self->mission_checks->len > 0 ? self->mission_checks->pdata[0] : NULL,
                                      &check));
      g_ptr_array_add (self->mission_checks, check);
      g_signal_connect (check, "toggled", G_CALLBACK (mission_toggled_cb), self);
    }
}

/* After the units: the obstacles marked on the table with their damage
 * (P-25), the charges the table can see (P-36 steps 4 and 5; a charge
 * hidden in secret or going off is not there to name, A-88), and a new
 * obstacle. */
static void
add_object_targets (SlDeclareSheet *self,
                    GtkStringList  *names)
{
  const SlState *state = sl_game_get_state (self->game);
  TargetObject fresh = { 0, SL_MARKER_OBSTACLE };

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < state->markers->len; i++)
      {
        const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
        TargetObject object = { m->id, m->kind };
        g_autofree char *name = NULL;

        if (m->kind != (pass == 0 ? SL_MARKER_OBSTACLE : SL_MARKER_CHARGE) ||
            !sl_marker_is_public (sl_game_get_state (self->game), m))
          continue;
        if (m->kind == SL_MARKER_OBSTACLE)
          {
            g_autofree char *damage = sl_obstacle_marker_name (self->game, m);

            /* "Obstacle: the door (2½ of 5)": its wound levels (P-25) */
            name = g_strdup_printf (_("Obstacle: %s"), damage);
          }
        else if (m->due >= 0)
          continue;
        else
          name = g_strdup_printf (m->resolved ? _("Charge: %s (deactivated)") : _("Charge: %s"), m->label);
        gtk_string_list_append (names, name);
        g_array_append_val (self->objects, object);
      }
  gtk_string_list_append (names, _("A new obstacle…"));
  g_array_append_val (self->objects, fresh);
}

static void
engage_cb (SlDeclareSheet *self)
{
  sl_declare_sheet_engage (self);
}

/* The lists of the game: the moves an action combines with (T-06); the
 * targets — enemies in the fight and not hidden (§15.1), then the
 * obstacles and charges —; the positions, the likeliest change first
 * selected; the kinds of obstacle (T-18). */
static void
fill_lists (SlDeclareSheet *self)
{
  const SlUnitState *u = &sl_game_get_state (self->game)->units[self->unit];
  g_autoptr(GtkStringList) combines = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) targets = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) positions = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) kinds = sl_obstacle_kinds (self->game);
  /* The likeliest change: down one step, or up from prone. */
  guint likeliest = u->position == SL_POSITION_PRONE ? SL_POSITION_KNEELING : u->position + 1;

  for (int m = 0; sl_combine_names[m] != NULL; m++)
    gtk_string_list_append (combines, m == 0 ? _("Nothing") : sl_combine_label (m));
  g_array_unref (self->targets);
  self->targets = sl_fire_targets (self->game, self->unit, targets);
  add_object_targets (self, targets);
  for (int p = 0; p < SL_N_POSITIONS; p++)
    gtk_string_list_append (positions, sl_position_label (p));
  adw_combo_row_set_model (self->combine_row, G_LIST_MODEL (combines));
  adw_combo_row_set_model (self->target_row, G_LIST_MODEL (targets));
  adw_combo_row_set_model (self->position_row, G_LIST_MODEL (positions));
  adw_combo_row_set_model (self->obstacle_kind, G_LIST_MODEL (kinds));
  adw_combo_row_set_selected (self->position_row, likeliest);
}

/* The rows this unit may use: a burst for a weapon that fires them
 * (§15.3, P-30 step 2), the fire missions its side bought (P-38), giving
 * up a running action (P-07 step 6), the zero-G die (P-21). */
static void
offer_rows (SlDeclareSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *state = sl_game_get_state (self->game);

  if (!sl_unit_fires_bursts (self->game, self->unit))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->burst_row), FALSE);
      self->burst_row = NULL;
    }
  build_missions (self);
  gtk_widget_set_visible (self->replace_row, !sl_state_unit_idle (rules, state, self->unit));
  if (!sl_game_get_setup (self->game)->environment.zero_g)
    {
      gtk_widget_set_visible (self->zero_g_row, FALSE);
      self->zero_g_roll = NULL;
    }
}

/* The Action Table, by kind, in the book's order: a group of rows each. */
static void
add_actions (SlDeclareSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  GtkWidget *groups[SL_N_ACTION_CATEGORIES] = { NULL };
  GtkWidget *lists[SL_N_ACTION_CATEGORIES] = { NULL };

  for (guint i = 0; i < rules->actions.items->len; i++)
    {
      const SlAction *action = g_ptr_array_index (rules->actions.items, i);
      int kind = action->category == SL_ACTION_AIMED_FIRE || action->category == SL_ACTION_OPPORTUNITY_FIRE
                 ? SL_ACTION_FIRE : action->category;
      Choice c = { 0 };

      /* Melee starts with an engagement, not a declaration (P-22). */
      if (action->category == SL_ACTION_MELEE || g_str_equal (action->id, "melee"))
        continue;
      if (groups[kind] == NULL)
        {
          groups[kind] = adw_preferences_group_new ();
          sl_group_set_title (ADW_PREFERENCES_GROUP (groups[kind]), category_title (kind));
          lists[kind] = gtk_list_box_new ();
          gtk_list_box_set_selection_mode (GTK_LIST_BOX (lists[kind]), GTK_SELECTION_NONE);
          gtk_widget_add_css_class (lists[kind], "boxed-list");
          g_signal_connect (lists[kind], "row-activated", G_CALLBACK (row_activated_cb), self);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (groups[kind]), lists[kind]);
        }
      c.action = action;
      c.row = sl_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (c.row), action->name);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (c.row), 3);
      gtk_list_box_append (GTK_LIST_BOX (lists[kind]), c.row);
      g_array_append_val (self->choices, c);
    }
  for (int k = 0; k < SL_N_ACTION_CATEGORIES; k++)
    if (groups[k] != NULL)
      adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (groups[k]));
  /* What the rules make the unit do, over the moves it has to pick from. */
  if (groups[SL_ACTION_MOVEMENT] != NULL)
    {
      const SlSetup *setup = sl_game_get_setup (self->game);
      g_autofree char *orders = sl_state_unit_orders (&setup->options, sl_game_get_state (self->game), self->unit,
                                                      sl_setup_unit_at (setup, self->unit)->name);

      if (orders != NULL)
        sl_group_set_description (ADW_PREFERENCES_GROUP (groups[SL_ACTION_MOVEMENT]), orders);
    }
}

static void
sl_declare_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_DECLARE_SHEET);
  G_OBJECT_CLASS (sl_declare_sheet_parent_class)->dispose (object);
}

static void
sl_declare_sheet_finalize (GObject *object)
{
  SlDeclareSheet *self = SL_DECLARE_SHEET (object);

  g_array_unref (self->targets);
  g_array_unref (self->objects);
  g_array_unref (self->choices);
  g_array_unref (self->missions);
  g_ptr_array_unref (self->mission_rows);
  g_ptr_array_unref (self->mission_checks);
  for (guint t = 0; t < G_N_ELEMENTS (throws); t++)
    g_free (self->throw_refusals[t]);
  G_OBJECT_CLASS (sl_declare_sheet_parent_class)->finalize (object);
}

static void
sl_declare_sheet_class_init (SlDeclareSheetClass *klass)
{
  /* The rows of throws[], by their ids in the template. */
  static const char * const throw_row_ids[] = {
    "throw_weapon_row", "throw_grenade_row", "throw_launcher_row", "throw_charge_row"
  };
  static const char * const throw_check_ids[] = {
    "throw_weapon", "throw_grenade", "throw_launcher", "throw_charge"
  };
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_declare_sheet_dispose;
  object_class->finalize = sl_declare_sheet_finalize;
  sheet_class->refresh = refresh;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-declare-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, 0);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, page);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, combine_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, target_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, obstacle_label);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, obstacle_kind);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, throw_row);
  for (guint t = 0; t < G_N_ELEMENTS (throws); t++)
    {
      gsize row = G_STRUCT_OFFSET (SlDeclareSheet, throw_rows) + t * sizeof (gpointer);
      gsize check = G_STRUCT_OFFSET (SlDeclareSheet, throw_checks) + t * sizeof (gpointer);

      gtk_widget_class_bind_template_child_full (widget_class, throw_row_ids[t], FALSE, row);
      gtk_widget_class_bind_template_child_full (widget_class, throw_check_ids[t], FALSE, check);
    }
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, burst_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, mission_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, position_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, replace_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, replace);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, zero_g_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, zero_g_roll);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, decision_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, engage);
  gtk_widget_class_bind_template_callback (widget_class, throw_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_log_cb);
  gtk_widget_class_bind_template_callback (widget_class, engage_cb);
}

static void
sl_declare_sheet_init (SlDeclareSheet *self)
{
  self->targets = g_array_new (FALSE, FALSE, sizeof (int));
  self->objects = g_array_new (FALSE, FALSE, sizeof (TargetObject));
  self->choices = g_array_new (FALSE, TRUE, sizeof (Choice));
  self->missions = g_array_new (FALSE, FALSE, sizeof (int));
  self->mission_rows = g_ptr_array_new ();
  self->mission_checks = g_ptr_array_new ();
  g_array_set_clear_func (self->choices, choice_clear);
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlDeclareSheet *
sl_declare_sheet_new (GtkWindow *parent,
                      SlGame    *game,
                      int        unit)
{
  SlDeclareSheet *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_DECLARE_SHEET, "transient-for", parent, "game", game, "unit", unit,
                       NULL);
  self->game = game;
  self->unit = unit;
  title = g_strdup_printf (_("%s Acts"), sl_setup_unit_at (sl_game_get_setup (game), unit)->label);
  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_window_title_set_title (self->title, title);
  fill_lists (self);
  offer_rows (self);
  add_actions (self);
  /* The first choice: what the action combines with. */
  sl_sheet_set_entry (SL_SHEET (self), GTK_WIDGET (self->combine_row));
  sl_sheet_ready (SL_SHEET (self));
  return self;
}
