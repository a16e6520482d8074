/* sl-declare-sheet.c: a unit declares its next action (P-07) in a few
 * keys (issue 31 #1): every action of the Action Table (T-05) in one grid,
 * each with a key of its own (a letter, or Shift and a letter: ACTION_KEYS,
 * translatable), its cost and end subphase worked out by the core before
 * it is chosen, or — insensitive, no focus stop — the core's refusal,
 * said when its key is pressed; the target typed by its counter number
 * (the unit's last target first); Return declares. Under the grid, the
 * rows the chosen action takes: the combination (T-06), the target, the
 * new position, the fire mission, the defender of a melee; "replace" for
 * a busy unit (P-07 step 6). The layout is ui/sl-declare-sheet.ui; the
 * grid, the lists of targets and the fire missions are built here from the
 * rules.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-actions.h"
#include "sl-combat.h"
#include "sl-command-new.h"
#include "sl-declare-sheet-private.h"
#include "sl-declare-sheet.h"
#include "sl-dice-sheet.h"
#include "sl-preview-declare.h"
#include "sl-table-model.h"
#include "sl-ui-util.h"
#include "sl-unit-sheet.h"
#include "sl-wrap-bin.h"

/* An action of the grid: an entry of the Action Table, a Fire/Throw with
 * what it throws (throws[]), or an engagement in melee (P-22). */
typedef struct
{
  const SlAction *action;
  guint           throw;    /* an index of throws[] */
  gboolean        engage;
  GtkWidget      *child;    /* its GtkFlowBoxChild */
  guint           keyval;   /* its key: a lower-case letter, */
  GdkModifierType mods;     /* with Shift or not */
  char           *key;      /* as shown ("W", "Shift+D") */
  char           *choice;   /* what the core says of it */
  gboolean        allowed;
} Choice;

/* The keys of the grid, in its order: the common actions first (issue
 * 31), then the Action Table's others. A key is an accelerator as
 * gtk_accelerator_parse reads it: a letter, or <Shift> and a letter;
 * each one different (tests/test-declare-sheet.c checks the translations
 * too). docs/table-screen.md lists them. */
typedef struct
{
  const char *action;   /* an id of T-05 */
  guint       throw;
  gboolean    engage;
  const char *context;
  const char *key;
} ActionKey;

/* Translators: the keys that pick an action on the declare sheet, one
 * each: a letter, or "<Shift>" and a letter (an accelerator: keep
 * "<Shift>" as it is), each different from all the others; choose them
 * for your language's names of the actions, and list them in the keys
 * table of docs/table-screen.md. */
static const ActionKey action_keys[] = {
  { "walk", 0, FALSE, "declare key: Walk",
    NC_("declare key: Walk", "w") },
  { "run", 0, FALSE, "declare key: Run",
    NC_("declare key: Run", "r") },
  { "sprint", 0, FALSE, "declare key: Sprint",
    NC_("declare key: Sprint", "s") },
  { "crawl", 0, FALSE, "declare key: Crawl",
    NC_("declare key: Crawl", "c") },
  { "fire", 0, FALSE, "declare key: Fire/Throw, its weapon",
    NC_("declare key: Fire/Throw, its weapon", "f") },
  { "aimed-fire", 0, FALSE, "declare key: Aimed fire",
    NC_("declare key: Aimed fire", "a") },
  { "opportunity-fire", 0, FALSE, "declare key: Opportunity fire",
    NC_("declare key: Opportunity fire", "o") },
  { "fire", 1, FALSE, "declare key: throw a hand grenade",
    NC_("declare key: throw a hand grenade", "g") },
  { "melee", 0, TRUE, "declare key: engage in melee",
    NC_("declare key: engage in melee", "m") },
  { "position-change", 0, FALSE, "declare key: Position change",
    NC_("declare key: Position change", "p") },
  { "reload", 0, FALSE, "declare key: Reload",
    NC_("declare key: Reload", "l") },
  { "dive", 0, FALSE, "declare key: Dive",
    NC_("declare key: Dive", "d") },
  { "jump", 0, FALSE, "declare key: Jump",
    NC_("declare key: Jump", "j") },
  { "move-backward", 0, FALSE, "declare key: Move backward",
    NC_("declare key: Move backward", "b") },
  { "move-sideways", 0, FALSE, "declare key: Move sideways",
    NC_("declare key: Move sideways", "e") },
  { "change-facing", 0, FALSE, "declare key: Change facing (turn)",
    NC_("declare key: Change facing (turn)", "t") },
  { "avoid-melee", 0, FALSE, "declare key: Avoid melee",
    NC_("declare key: Avoid melee", "v") },
  { "stairs", 0, FALSE, "declare key: Climb or descend one floor (height)",
    NC_("declare key: Climb or descend one floor (height)", "h") },
  { "elevator-travel", 0, FALSE, "declare key: Elevator travel, one floor",
    NC_("declare key: Elevator travel, one floor", "z") },
  { "fire", 2, FALSE, "declare key: fire the grenade launcher",
    NC_("declare key: fire the grenade launcher", "n") },
  { "fire", 3, FALSE, "declare key: set off a charge by radio",
    NC_("declare key: set off a charge by radio", "<Shift>c") },
  { "use-device", 0, FALSE, "declare key: Use device",
    NC_("declare key: Use device", "u") },
  { "exchange", 0, FALSE, "declare key: Weapon/Device exchange",
    NC_("declare key: Weapon/Device exchange", "x") },
  { "clear-weapon", 0, FALSE, "declare key: Clear weapon",
    NC_("declare key: Clear weapon", "k") },
  { "pick-up-object", 0, FALSE, "declare key: Pick up object",
    NC_("declare key: Pick up object", "i") },
  { "drop-object", 0, FALSE, "declare key: Drop object",
    NC_("declare key: Drop object", "<Shift>d") },
  { "rally", 0, FALSE, "declare key: Rally",
    NC_("declare key: Rally", "y") },
  { "call-fire-mission", 0, FALSE, "declare key: Call fire mission",
    NC_("declare key: Call fire mission", "<Shift>f") },
  { "install-plastic", 0, FALSE, "declare key: Install plastic charge",
    NC_("declare key: Install plastic charge", "<Shift>p") },
  { "install-shaped", 0, FALSE, "declare key: Install shaped charge",
    NC_("declare key: Install shaped charge", "<Shift>s") },
  { "open-door", 0, FALSE, "declare key: Open/Close door",
    NC_("declare key: Open/Close door", "<Shift>o") },
  { "open-airlock", 0, FALSE, "declare key: Open airlock",
    NC_("declare key: Open airlock", "<Shift>a") },
  { "call-elevator", 0, FALSE, "declare key: Call elevator",
    NC_("declare key: Call elevator", "<Shift>e") },
  { "change-omni-mode", 0, FALSE, "declare key: Change OMNI rifle mode",
    NC_("declare key: Change OMNI rifle mode", "<Shift>m") },
  { "enter-stealth", 0, FALSE, "declare key: Enter stealth power mode (quiet)",
    NC_("declare key: Enter stealth power mode (quiet)", "q") },
  { "leave-stealth", 0, FALSE, "declare key: Leave stealth power mode",
    NC_("declare key: Leave stealth power mode", "<Shift>q") },
};

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
  GtkFlowBox   *actions;
  GtkLabel     *choice_label;  /* the chosen action's cost and end, or its refusal */
  GtkLabel     *orders;
  GtkWidget    *details;
  Choice       *chosen;        /* in choices */
  int           refused;       /* the index in choices of the refusal shown, or -1 */
  GString      *typed;         /* a target's counter number being typed */
  guint         typed_id;
  GString      *ahead;         /* a name being typed into a list */
  guint         ahead_id;
  AdwComboRow  *combine_row;
  AdwComboRow  *target_row;
  /* A new obstacle fired at (P-25): its label and its T-18 entry. */
  AdwEntryRow  *obstacle_label;
  AdwComboRow  *obstacle_kind;
  AdwComboRow  *position_row;
  guint         throwing;         /* the chosen action's: an index of throws[] */
  AdwComboRow  *burst_row;        /* a shot or a burst (SlBurstMode), or NULL (P-30): hidden */
  /* P-38 step 1: the kinds of fire mission the side may call, by T-35
   * entry, with a row each; NULL when it has none (hidden). */
  AdwExpanderRow *mission_row;
  GArray       *missions;         /* int: T-35 entries */
  GPtrArray    *mission_rows;     /* AdwActionRow */
  GPtrArray    *mission_checks;   /* GtkCheckButton */
  guint         mission;          /* the one chosen: an index of missions */
  gboolean      missions_offered; /* the core would take a call of one now */
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
  g_free (((Choice *) data)->key);
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
choice_words (SlDeclareSheet         *self,
              const SlDeclarePreview *preview)
{
  int cost = preview->cost;
  int turn = preview->end_turn;
  int subphase = preview->end_subphase;
  g_autofree char *when = NULL;
  g_autofree char *single = NULL;
  g_autofree char *burst = NULL;
  const char *note;

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
  if (preview->has_to_hit)
    single = sl_check_odds_words (&preview->to_hit);
  if (preview->has_to_hit_burst)
    burst = sl_check_odds_words (&preview->to_hit_burst);
  /* The core's words for what the odds counted and what the fire sheet
   * adds (the scenario's terrain, night, the target's movement; issue 31 #6). */
  note = preview->to_hit_note != NULL ? preview->to_hit_note : "";
  if (single != NULL && burst != NULL)
    /* "1 AP · ends in subphase 3 · to hit: Needs a 1 · 10 % (a burst: Needs 2 or less · 20 %), with heavy woods; the fire sheet adds …" */
    return g_strdup_printf (_("%s · to hit: %s (a burst: %s), %s"), when, single, burst, note);
  if (single != NULL)
    /* "1 AP · ends in subphase 3 · to hit: Needs a 1 · 10 %, with heavy woods; the fire sheet adds …" */
    return g_strdup_printf (_("%s · to hit: %s, %s"), when, single, note);
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
  self->missions_offered = offered;
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
avoidance_words (const SlDeclarePreview *preview)
{
  g_autofree char *odds = NULL;

  switch (preview->avoidance)
    {
    case SL_AVOIDANCE_BOTH:
      return g_strdup (_("both break off: no roll (P-22 step 6)"));
    case SL_AVOIDANCE_ROLL:
      odds = sl_check_odds_words (&preview->avoidance_odds);
      /* "avoidance roll first: Needs 3 or less · 30 % (P-23 a)" */
      return g_strdup_printf (_("avoidance roll first: %s (P-23 a)"), odds);
    case SL_AVOIDANCE_NONE:
    case SL_AVOIDANCE_NO_ODDS:
    default:
      return NULL;
    }
}

static void show_chosen (SlDeclareSheet *self);
static JsonNode *build_engage (SlDeclareSheet *self);

/* What the core says of one action of the grid, as the sheet stands: its
 * cost and end subphase (with its odds), or why the rules refuse it. */
static void
preview_choice (SlDeclareSheet *self,
                Choice         *c)
{
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;

  g_clear_pointer (&c->choice, g_free);
  if (c->engage)
    command = build_engage (self);
  else
    {
      SlDeclareCommand declared = SL_DECLARE_COMMAND_INIT;

      fill_command (self, c->action, c->throw, &declared);
      /* What the action does if its zero-G check succeeds (a natural 1
       * always does, A-02); the check's odds are told beside it. */
      if (sl_setup_zero_g_checks (sl_game_get_setup (self->game)) && declared.zero_g_roll <= 0)
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
    }
  if (command == NULL)
    {
      c->allowed = FALSE;
      c->choice = g_strdup (_("Melee is against a unit: type its counter number as the target (P-22)."));
      return;
    }
  result = sl_game_preview (self->game, command, NULL, &error);
  c->allowed = result != NULL;
  if (result == NULL)
    c->choice = g_strdup (error->message);
  else
    {
      SlDeclarePreview preview;
      g_autofree char *odds = NULL;
      g_autofree char *words = NULL;
      g_autofree char *avoid = NULL;

      sl_declare_preview_read (result, &preview);
      /* The preview rolled the zero-G check for the occasion: its
       * odds tell, not that roll (P-21). */
      odds = preview.has_zero_g ? sl_check_odds_words (&preview.zero_g) : NULL;
      words = preview.made ? choice_words (self, &preview)
                           : g_strdup (c->engage ? _("An engagement: the melee is resolved in the melee step (P-22)")
                                                 : _("A zero-G check decides whether it happens (P-21)"));
      avoid = avoidance_words (&preview);

      if (avoid != NULL)
        {
          /* "1 AP · ends in subphase 4 · avoidance roll first: Needs 3 or less · 30 %" */
          char *with = g_strdup_printf ("%s · %s", words, avoid);

          g_free (words);
          words = with;
        }
      if (odds != NULL && preview.made)
        /* "1 AP · ends in subphase 4 · zero-G check: Needs 6 or less · 60 %" */
        c->choice = g_strdup_printf (_("%s · zero-G check: %s"), words, odds);
      else if (odds != NULL)
        c->choice = g_strdup_printf ("%s · %s", words, odds);
      else
        c->choice = g_steal_pointer (&words);
      sl_declare_preview_clear (&preview);
    }
}

/* Why @c is refused, on the problem line, kept in step with the sheet
 * until that action is allowed or another is chosen (issue 31 #6). */
static void
show_refused (SlDeclareSheet *self,
              Choice         *c)
{
  const char *name = gtk_label_get_text (GTK_LABEL (g_object_get_data (G_OBJECT (c->child), "name")));
  /* "Walk (W): A dazed unit may only …" */
  g_autofree char *why = g_strdup_printf (_("%s (%s): %s"), name, c->key, c->choice);

  self->refused = c - &g_array_index (self->choices, Choice, 0);
  sl_sheet_show_problem (SL_SHEET (self), why);
}

/* Asks the core about every action. A refused one is insensitive: no
 * stop of the Tab chain nor of the arrows, "unavailable" to a screen
 * reader, its reason in its description (and said when its key is
 * pressed). */
static void
refresh (SlSheet *sheet)
{
  SlDeclareSheet *self = SL_DECLARE_SHEET (sheet);

  if (self->refreshing)
    return;
  self->refreshing = TRUE;
  refresh_missions (self);
  refresh_target (self);
  self->refreshing = FALSE;
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *c = &g_array_index (self->choices, Choice, i);

      preview_choice (self, c);
      gtk_widget_set_sensitive (c->child, c->allowed);
      sl_widget_set_tooltip (c->child, c->choice);
      gtk_accessible_update_property (GTK_ACCESSIBLE (c->child), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      c->choice, -1);
    }
  /* A refusal shown goes once its cause is put right, and says the
   * reason as it stands now (issue 31 #6). */
  if (self->refused >= 0 && (guint) self->refused < self->choices->len)
    {
      Choice *c = &g_array_index (self->choices, Choice, self->refused);

      if (c->allowed)
        {
          self->refused = -1;
          sl_sheet_show_problem (sheet, NULL);
        }
      else
        show_refused (self, c);
    }
  /* The one where the player acts says more: SlSheet tells it. */
  if (sl_sheet_get_entry (sheet) != NULL)
    sl_sheet_set_entry (sheet, sl_sheet_get_entry (sheet));
  show_chosen (self);
}

/* The grid's declaration of @action (its weapon, for a Fire/Throw), not
 * an engagement. */
static Choice *
find_choice (SlDeclareSheet *self,
             const char     *action)
{
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *c = &g_array_index (self->choices, Choice, i);

      if (!c->engage && c->throw == 0 && g_str_equal (c->action->id, action))
        return c;
    }
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

/* The Fire/Throw of the grid that uses throws[@t]. */
static Choice *
find_throw (SlDeclareSheet *self,
            guint           t)
{
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *c = &g_array_index (self->choices, Choice, i);

      if (!c->engage && c->throw == t && g_str_equal (c->action->id, "fire"))
        return c;
    }
  return NULL;
}

/* The action of the grid chosen now (its child selected), shown under it:
 * what it costs and when it ends, or why not; the rows it takes. */
static void
choose (SlDeclareSheet *self,
        Choice         *c,
        gboolean        focus)
{
  self->chosen = c;
  self->throwing = c->throw;
  if (!gtk_flow_box_child_is_selected (GTK_FLOW_BOX_CHILD (c->child)))
    gtk_flow_box_select_child (self->actions, GTK_FLOW_BOX_CHILD (c->child));
  if (focus)
    {
      gtk_widget_grab_focus (c->child);
      sl_sheet_set_entry (SL_SHEET (self), c->child);
    }
  refresh_burst (self);
  refresh_target (self);
  show_chosen (self);
}

const char *
sl_declare_sheet_get_throw_refusal (SlDeclareSheet *self,
                                    const char     *what)
{
  Choice *c;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  c = find_throw (self, throw_index (what));
  return c != NULL && !c->allowed ? c->choice : NULL;
}

gboolean
sl_declare_sheet_set_throw (SlDeclareSheet *self,
                            const char     *what)
{
  Choice *c;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  c = find_throw (self, throw_index (what));
  if (c == NULL || !c->allowed)
    return FALSE;
  choose (self, c, FALSE);
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
  if (self->mission_row == NULL || !self->missions_offered)
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
  SlDeclarePreview preview;
  gboolean rolls;

  if (!in_contact (self))
    return FALSE;
  result = sl_game_preview (self->game, command, NULL, NULL);
  if (result == NULL)
    return FALSE;
  sl_declare_preview_read (result, &preview);
  rolls = preview.avoidance == SL_AVOIDANCE_ROLL;
  sl_declare_preview_clear (&preview);
  return rolls;
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
  SlDiceSheet *sheet = sl_dice_sheet_new (sl_sheet_get_window (SL_SHEET (self)), self->game, title,
                                          _("Avoiding melee (P-23)"), command, dice, G_N_ELEMENTS (dice),
                                          sl_sheet_get_app_rolls (SL_SHEET (self)));

  sl_sheet_present (SL_SHEET (sheet));
}

gboolean
sl_declare_sheet_choose (SlDeclareSheet *self,
                         const char     *action)
{
  Choice *c;
  g_autoptr(JsonNode) command = NULL;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  /* The Fire/Throw chosen on the grid throws what it throws. */
  c = self->chosen != NULL && !self->chosen->engage && g_str_equal (self->chosen->action->id, action)
      ? self->chosen : find_choice (self, action);
  if (c == NULL)
    return FALSE;
  command = build_command_throwing (self, c->action, c->throw);
  /* A move away from melee contact: the players' dice first. */
  if (!sl_sheet_get_app_rolls (SL_SHEET (self)) && rolls_to_avoid (self, command))
    {
      present_avoid_dice (self, command);
      sl_sheet_close (SL_SHEET (self));
      return TRUE;
    }
  return sl_sheet_apply_command (SL_SHEET (self), command);
}

const char *
sl_declare_sheet_get_key (SlDeclareSheet *self,
                          const char     *action)
{
  Choice *c;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  c = find_choice (self, action);
  return c != NULL ? c->key : NULL;
}

GtkWidget *
sl_declare_sheet_get_action_widget (SlDeclareSheet *self,
                                    const char     *action)
{
  Choice *c;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  c = find_choice (self, action);
  return c != NULL ? c->child : NULL;
}

char **
sl_declare_sheet_dup_keys (SlDeclareSheet *self)
{
  g_autoptr(GStrvBuilder) keys = g_strv_builder_new ();

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  for (guint i = 0; i < self->choices->len; i++)
    if (g_array_index (self->choices, Choice, i).key != NULL)
      g_strv_builder_add (keys, g_array_index (self->choices, Choice, i).key);
  return g_strv_builder_end (keys);
}

const char *
sl_declare_sheet_get_orders (SlDeclareSheet *self)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->orders)) ? gtk_label_get_text (self->orders) : NULL;
}

const char *
sl_declare_sheet_get_chosen (SlDeclareSheet *self)
{
  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), NULL);
  if (self->chosen == NULL)
    return NULL;
  if (self->chosen->engage)
    return "engage";
  return self->chosen->throw > 0 ? throws[self->chosen->throw] : self->chosen->action->id;
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
  sheet = sl_dice_sheet_new (sl_sheet_get_window (SL_SHEET (self)), self->game, title,
                             _("Zero-G checks of a melee (P-21, A-71)"), command, dice, n,
                             sl_sheet_get_app_rolls (SL_SHEET (self)));
  sl_sheet_present (SL_SHEET (sheet));
}

/* The engagement of the target chosen (P-22), or NULL: melee is against
 * a unit, not an obstacle or a charge. */
static JsonNode *
build_engage (SlDeclareSheet *self)
{
  guint target = adw_combo_row_get_selected (self->target_row);
  SlEngageCommand engage = { 0 };

  if (target == GTK_INVALID_LIST_POSITION || target >= self->targets->len)
    return NULL;
  engage.unit = self->unit;
  engage.target = g_array_index (self->targets, int, target);
  engage.avoid = adw_combo_row_get_selected (self->decision_row) == 1;
  engage.replace = gtk_switch_get_active (self->replace);
  if (self->zero_g_roll != NULL)
    engage.zero_g_roll = gtk_spin_button_get_value_as_int (self->zero_g_roll);
  return sl_command_new_engage (sl_game_get_setup (self->game), &engage);
}

gboolean
sl_declare_sheet_engage (SlDeclareSheet *self)
{
  guint target = adw_combo_row_get_selected (self->target_row);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) command = NULL;
  gboolean dice, ok;

  g_return_val_if_fail (SL_IS_DECLARE_SHEET (self), FALSE);
  command = build_engage (self);
  if (command == NULL)
    return FALSE;
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
  sl_sheet_close (SL_SHEET (self));
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

static Choice *
choice_of_child (SlDeclareSheet  *self,
                 GtkFlowBoxChild *child)
{
  for (guint i = 0; i < self->choices->len; i++)
    if (g_array_index (self->choices, Choice, i).child == GTK_WIDGET (child))
      return &g_array_index (self->choices, Choice, i);
  return NULL;
}

/* The arrows, a click or a key moved the selection: that action is chosen. */
static void
action_selected_cb (SlDeclareSheet *self)
{
  g_autoptr(GList) selected = gtk_flow_box_get_selected_children (self->actions);
  Choice *c = selected != NULL ? choice_of_child (self, selected->data) : NULL;

  if (c != NULL && c != self->chosen)
    choose (self, c, FALSE);
}

/* Return or a double click on an action: it is declared. */
static void
action_activated_cb (SlDeclareSheet  *self,
                     GtkFlowBoxChild *child)
{
  Choice *c = choice_of_child (self, child);

  if (c == NULL)
    return;
  if (c != self->chosen)
    choose (self, c, FALSE);
  sl_sheet_apply (SL_SHEET (self));
}

static void
show_log_cb (SlDeclareSheet *self)
{
  GtkWindow *parent = sl_sheet_get_window (SL_SHEET (self));
  SlUnitSheet *sheet = sl_unit_sheet_new (parent, self->game, self->unit);

  sl_sheet_close (SL_SHEET (self));
  sl_sheet_present (SL_SHEET (sheet));
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
  int side = sl_setup_unit_at (setup, self->unit)->side;
  AdwExpanderRow *expander = self->mission_row;

  self->mission_row = NULL;
  for (guint k = 0; k < rules->fire_missions.items->len; k++)
    {
      const SlFireMissionDef *def = g_ptr_array_index (rules->fire_missions.items, k);
      GtkCheckButton *check;

      if (!sl_setup_fire_missions_bought (setup, side, k))
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

/* The lists of the game: the moves an action combines with (T-06); the
 * targets — enemies in the fight and not hidden (§15.1), then the
 * obstacles and charges —; the positions, the likeliest change first
 * selected; the kinds of obstacle (T-18). */
/* The two lists hold the same strings. */
static gboolean
same_strings (GListModel *a,
              GListModel *b)
{
  guint n = g_list_model_get_n_items (a);

  if (n != g_list_model_get_n_items (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (a), i),
                   gtk_string_list_get_string (GTK_STRING_LIST (b), i)) != 0)
      return FALSE;
  return TRUE;
}

/* The target row offers what @unit may aim at: the enemies (the core's
 * list), the objects on the table, a new obstacle. A model set on a combo
 * row makes its rows anew: one with the same names is kept. */
static void
set_targets (SlDeclareSheet *self,
             int             unit)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GListModel *shown = adw_combo_row_get_model (self->target_row);

  g_array_unref (self->targets);
  self->targets = sl_fire_targets (self->game, unit, names);
  g_array_set_size (self->objects, 0);
  add_object_targets (self, names);
  if (shown == NULL || !GTK_IS_STRING_LIST (shown) || !same_strings (shown, G_LIST_MODEL (names)))
    adw_combo_row_set_model (self->target_row, G_LIST_MODEL (names));
  else
    adw_combo_row_set_selected (self->target_row, 0);
}

static void
fill_lists (SlDeclareSheet *self)
{
  const SlUnitState *u = &sl_game_get_state (self->game)->units[self->unit];
  /* The likeliest change: down one step, or up from prone. */
  guint likeliest = u->position == SL_POSITION_PRONE ? SL_POSITION_KNEELING : u->position + 1;

  set_targets (self, self->unit);
  adw_combo_row_set_selected (self->position_row, likeliest);
  /* The target: the one this unit aimed at last, when it is still offered. */
  {
    int last = sl_state_unit_last_target (sl_game_get_state (self->game), self->unit);

    for (guint i = 0; i < self->targets->len; i++)
      if (g_array_index (self->targets, int, i) == last)
        adw_combo_row_set_selected (self->target_row, i);
  }
}

/* The lists that are the same for every unit of the game, filled as the
 * sheet is made (ahead of the counter number that binds it: a model set
 * on a combo row makes its rows anew). */
static void
fill_game_lists (SlDeclareSheet *self)
{
  g_autoptr(GtkStringList) combines = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) positions = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) kinds = sl_obstacle_kinds (self->game);

  for (int m = 0; sl_combine_names[m] != NULL; m++)
    gtk_string_list_append (combines, m == 0 ? _("Nothing") : sl_combine_label (m));
  for (int p = 0; p < SL_N_POSITIONS; p++)
    gtk_string_list_append (positions, sl_position_label (p));
  adw_combo_row_set_model (self->combine_row, G_LIST_MODEL (combines));
  adw_combo_row_set_model (self->position_row, G_LIST_MODEL (positions));
  adw_combo_row_set_model (self->obstacle_kind, G_LIST_MODEL (kinds));
}

/* The rows this unit may use: a burst for a weapon that fires them
 * (§15.3, P-30 step 2), the fire missions its side bought (P-38), giving
 * up a running action (P-07 step 6), the zero-G die (P-21). */
static void
offer_rows (SlDeclareSheet *self)
{
  const SlTableUnit *unit = sl_table_model_get_unit (sl_table_model_get_for_game (self->game), self->unit);

  if (!unit->fires_bursts)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->burst_row), FALSE);
      self->burst_row = NULL;
    }
  build_missions (self);
  gtk_widget_set_visible (self->replace_row, unit->busy);
  if (!sl_setup_zero_g_checks (sl_game_get_setup (self->game)))
    {
      gtk_widget_set_visible (self->zero_g_row, FALSE);
      self->zero_g_roll = NULL;
    }
}

/* The rows under the grid that the chosen action takes: the target of a
 * fire (its weapon), a melee or a device; what it combines with (T-06);
 * the new position; the kind of fire mission; the defender's choice; and
 * for every action giving up the running one (P-07 step 6) and, in
 * zero-G, the die (P-21). */
static void
show_chosen (SlDeclareSheet *self)
{
  Choice *c = self->chosen;
  const SlAction *a = c != NULL ? c->action : NULL;
  gboolean fire = a != NULL && a->fire && c->throw == 0;
  gboolean device = a != NULL && (g_str_equal (a->id, "use-device") || g_str_equal (a->id, "pick-up-object"));
  gboolean target = c != NULL && (fire || c->engage || (device && self->objects->len > 1));
  gboolean area = fire && self->burst_row != NULL && adw_combo_row_get_selected (self->burst_row) == SL_BURST_AREA;
  const TargetObject *object = target_object (self);
  g_autofree char *words = NULL;

  if (c == NULL)
    {
      gtk_label_set_text (self->choice_label, "");
      return;
    }
  /* "W · Walk — 1 AP · ends in subphase 4" */
  words = g_strdup_printf (_("%s · %s — %s"), c->key != NULL ? c->key : "",
                           gtk_label_get_text (GTK_LABEL (g_object_get_data (G_OBJECT (c->child), "name"))),
                           c->choice != NULL ? c->choice : "");
  gtk_label_set_text (self->choice_label, words);
  if (c->allowed)
    gtk_widget_remove_css_class (GTK_WIDGET (self->choice_label), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->choice_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->combine_row), a->combinable && !c->engage);
  gtk_widget_set_visible (GTK_WIDGET (self->target_row), target && !area);
  gtk_widget_set_visible (GTK_WIDGET (self->obstacle_label), target && !area && object != NULL && object->marker == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->obstacle_kind), target && !area && object != NULL && object->marker == 0);
  if (self->burst_row != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->burst_row), fire);
  if (self->mission_row != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->mission_row),
                            self->missions_offered && g_str_equal (a->id, "call-fire-mission"));
  gtk_widget_set_visible (GTK_WIDGET (self->position_row), g_str_equal (a->id, "position-change"));
  gtk_widget_set_visible (GTK_WIDGET (self->decision_row), c->engage);
  {
    GtkWidget *rows[] = {
      GTK_WIDGET (self->combine_row), GTK_WIDGET (self->target_row), GTK_WIDGET (self->obstacle_label),
      GTK_WIDGET (self->obstacle_kind), GTK_WIDGET (self->burst_row), GTK_WIDGET (self->mission_row),
      GTK_WIDGET (self->position_row), GTK_WIDGET (self->decision_row), self->replace_row, self->zero_g_row,
    };
    gboolean any = FALSE;

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      any |= rows[i] != NULL && gtk_widget_get_visible (rows[i]);
    gtk_widget_set_visible (self->details, any);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->actions), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, words, -1);
}

/* Declares the chosen action (sheet.apply: Return, Declare). */
static gboolean
apply (SlSheet *sheet)
{
  SlDeclareSheet *self = SL_DECLARE_SHEET (sheet);
  g_autoptr(JsonNode) command = NULL;

  if (self->chosen == NULL)
    return FALSE;
  if (self->chosen->engage)
    return sl_declare_sheet_engage (self);
  command = build_command_throwing (self, self->chosen->action, self->chosen->throw);
  return sl_sheet_apply_command (sheet, command);
}

/* A key of the grid pressed: its action chosen, or, refused, why. */
static void
press_choice (SlDeclareSheet *self,
              Choice         *c)
{
  if (!c->allowed)
    {
      show_refused (self, c);
      return;
    }
  self->refused = -1;
  sl_sheet_show_problem (SL_SHEET (self), NULL);
  choose (self, c, TRUE);
}

static gboolean
ahead_timeout_cb (gpointer data)
{
  SlDeclareSheet *self = data;

  self->ahead_id = 0;
  g_string_truncate (self->ahead, 0);
  return G_SOURCE_REMOVE;
}

/* Whether a word of @text starts with @typed (both folded). */
static gboolean
word_starts_with (const char *text,
                  const char *typed)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  g_auto(GStrv) words = g_strsplit_set (folded, " ·-’'/", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_has_prefix (words[i], typed))
      return TRUE;
  return FALSE;
}

/* Type-ahead in a list of the sheet (the target, the position …): the
 * next item with a word that starts with the letters typed within a
 * second. */
static void
type_ahead (SlDeclareSheet *self,
            AdwComboRow    *row,
            gunichar        ch)
{
  GListModel *model = adw_combo_row_get_model (row);
  guint n = model != NULL ? g_list_model_get_n_items (model) : 0;
  guint from = adw_combo_row_get_selected (row);
  g_autofree char *typed = NULL;
  char utf8[8] = { 0 };

  g_unichar_to_utf8 (ch, utf8);
  g_string_append (self->ahead, utf8);
  g_clear_handle_id (&self->ahead_id, g_source_remove);
  self->ahead_id = g_timeout_add (1000, ahead_timeout_cb, self);
  typed = g_utf8_casefold (self->ahead->str, -1);
  if (!GTK_IS_STRING_LIST (model) || n == 0)
    return;
  /* One letter again: the next one; more: from the one shown. */
  from = from == GTK_INVALID_LIST_POSITION ? 0 : g_utf8_strlen (typed, -1) == 1 ? from + 1 : from;
  for (guint i = 0; i < n; i++)
    {
      guint at = (from + i) % n;

      if (word_starts_with (gtk_string_list_get_string (GTK_STRING_LIST (model), at), typed))
        {
          adw_combo_row_set_selected (row, at);
          return;
        }
    }
}

/* The list row the focus is in, or NULL. */
static AdwComboRow *
focused_list (SlDeclareSheet *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (GtkWidget *w = focus; w != NULL && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    if (ADW_IS_COMBO_ROW (w))
      return ADW_COMBO_ROW (w);
  return NULL;
}

/* A letter: the action of that key (Shift counts), or, in a list, its
 * type-ahead; not while a label or a number is being typed. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SlDeclareSheet        *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  guint lower = gdk_keyval_to_lower (keyval);
  gunichar ch = gdk_keyval_to_unicode (lower);
  AdwComboRow *list;

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  /* Return on the grid declares the action chosen (the flow box would
   * activate its cursor, which a key that chose the action does not move). */
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter) &&
      focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->actions)))
    {
      sl_sheet_apply (SL_SHEET (self));
      return TRUE;
    }
  if (!g_unichar_isalpha (ch) || (focus != NULL && GTK_IS_EDITABLE (focus)))
    return FALSE;
  list = focused_list (self);
  if (list != NULL)
    {
      type_ahead (self, list, ch);
      return TRUE;
    }
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *c = &g_array_index (self->choices, Choice, i);

      if (c->keyval == lower && c->mods == (state & GDK_SHIFT_MASK))
        {
          press_choice (self, c);
          return TRUE;
        }
    }
  return FALSE;
}

/* The target's counter number typed (two digits quickly, as "13"):
 * among the units offered as targets; at once when no other starts with
 * the digits. */
static gboolean
pick_typed_target (SlDeclareSheet *self,
                   gboolean        final)
{
  gboolean longer;
  int exact = sl_counter_typed (sl_game_get_setup (self->game), self->targets, self->typed->str, &longer);

  if (longer && !final)
    return FALSE;
  if (exact >= 0)
    {
      sl_sheet_show_problem (SL_SHEET (self), NULL);
      adw_combo_row_set_selected (self->target_row, exact);
    }
  else
    {
      /* "No target has the counter number 12." */
      g_autofree char *why = g_strdup_printf (_("No target has the counter number %s."), self->typed->str);

      sl_sheet_show_problem (SL_SHEET (self), why);
    }
  g_string_truncate (self->typed, 0);
  return TRUE;
}

static gboolean
typed_timeout_cb (gpointer data)
{
  SlDeclareSheet *self = data;

  self->typed_id = 0;
  pick_typed_target (self, TRUE);
  return G_SOURCE_REMOVE;
}

static gboolean
enter_digit (SlSheet *sheet,
             int      digit)
{
  SlDeclareSheet *self = SL_DECLARE_SHEET (sheet);

  g_string_append_printf (self->typed, "%d", digit);
  g_clear_handle_id (&self->typed_id, g_source_remove);
  if (!pick_typed_target (self, FALSE))
    self->typed_id = g_timeout_add (700, typed_timeout_cb, self);
  return TRUE;
}

static const SlAction *
find_action (const SlRules *rules,
             const char    *id)
{
  for (guint i = 0; i < rules->actions.items->len; i++)
    if (g_str_equal (((const SlAction *) g_ptr_array_index (rules->actions.items, i))->id, id))
      return g_ptr_array_index (rules->actions.items, i);
  return NULL;
}

/* What a grid's action is called: the Action Table's name, or what a
 * Fire/Throw throws, or the engagement. */
static const char *
choice_name (const Choice *c)
{
  static const char *throw_names[] = {
    NULL, N_("Throw a hand grenade"), N_("Fire the grenade launcher"), N_("Set off a charge by radio")
  };

  if (c->engage)
    return _("Engage in melee");
  if (c->throw > 0)
    return _(throw_names[c->throw]);
  return c->action->name;
}

/* One action of the grid: its key and its name. */
static void
add_choice (SlDeclareSheet *self,
            Choice         *c)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *key = gtk_label_new (c->key);
  GtkWidget *name = gtk_label_new (choice_name (c));
  /* "Walk, key W" */
  g_autofree char *label = c->key != NULL ? g_strdup_printf (_("%s, key %s"), choice_name (c), c->key)
                                          : g_strdup (choice_name (c));

  gtk_widget_add_css_class (key, "keycap");
  gtk_widget_set_valign (key, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (key, c->key != NULL);
  /* One line each: a wrapping label is measured for many widths, 36 of
   * them in a flow box for every line length it tries (the sheet opens on
   * a key press). */
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (box), key);
  gtk_box_append (GTK_BOX (box), name);
  gtk_flow_box_append (self->actions, box);
  c->child = gtk_widget_get_parent (box);
  g_object_set_data (G_OBJECT (c->child), "name", name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (c->child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_array_append_val (self->choices, *c);
}

/* The grid: the actions of ACTION_KEYS in its order, each with its key as
 * the translation has it, then any other action of the rules (a house
 * rules file's own), without a key. Melee starts with an engagement, not
 * a declaration (P-22). */
static void
add_actions (SlDeclareSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);

  for (guint k = 0; k < G_N_ELEMENTS (action_keys); k++)
    {
      const ActionKey *ak = &action_keys[k];
      Choice c = { 0 };

      c.action = find_action (rules, ak->action);
      if (c.action == NULL)
        continue;
      c.throw = ak->throw;
      c.engage = ak->engage;
      gtk_accelerator_parse (g_dpgettext2 (GETTEXT_PACKAGE, ak->context, ak->key), &c.keyval, &c.mods);
      /* A translation that is no key: the original one. */
      if (c.keyval == 0 || !g_unichar_isalpha (gdk_keyval_to_unicode (c.keyval)))
        gtk_accelerator_parse (ak->key, &c.keyval, &c.mods);
      c.keyval = gdk_keyval_to_lower (c.keyval);
      c.mods &= GDK_SHIFT_MASK;
      c.key = gtk_accelerator_get_label (c.keyval, c.mods);
      add_choice (self, &c);
    }
  for (guint i = 0; i < rules->actions.items->len; i++)
    {
      const SlAction *action = g_ptr_array_index (rules->actions.items, i);
      Choice c = { 0 };

      if (action->category == SL_ACTION_MELEE || g_str_equal (action->id, "melee") || find_choice (self, action->id))
        continue;
      c.action = action;
      add_choice (self, &c);
    }
}

/* What the rules make the unit do, over the actions it has to pick from. */
static void
show_orders (SlDeclareSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autofree char *orders = sl_state_unit_orders (setup->options, sl_game_get_state (self->game), self->unit,
                                                  sl_setup_unit_at (setup, self->unit)->name);

  if (orders == NULL)
    return;
  gtk_label_set_text (self->orders, orders);
  gtk_widget_set_visible (GTK_WIDGET (self->orders), TRUE);
}

static void
sl_declare_sheet_dispose (GObject *object)
{
  SlDeclareSheet *self = SL_DECLARE_SHEET (object);

  g_clear_handle_id (&self->typed_id, g_source_remove);
  g_clear_handle_id (&self->ahead_id, g_source_remove);
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
  g_string_free (self->typed, TRUE);
  g_string_free (self->ahead, TRUE);
  G_OBJECT_CLASS (sl_declare_sheet_parent_class)->finalize (object);
}

static void
sl_declare_sheet_class_init (SlDeclareSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_declare_sheet_dispose;
  object_class->finalize = sl_declare_sheet_finalize;
  sheet_class->refresh = refresh;
  sheet_class->apply = apply;
  sheet_class->enter_digit = enter_digit;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-declare-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, 0);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, actions);
  gtk_widget_class_bind_template_child_full (widget_class, "choice", FALSE,
                                             G_STRUCT_OFFSET (SlDeclareSheet, choice_label));
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, orders);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, details);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, combine_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, target_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, obstacle_label);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, obstacle_kind);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, burst_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, mission_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, position_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, replace_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, replace);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, zero_g_row);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, zero_g_roll);
  gtk_widget_class_bind_template_child (widget_class, SlDeclareSheet, decision_row);
  gtk_widget_class_bind_template_callback (widget_class, show_log_cb);
  gtk_widget_class_bind_template_callback (widget_class, action_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, action_activated_cb);
  g_type_ensure (SL_TYPE_WRAP_BIN);
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
  self->typed = g_string_new (NULL);
  self->refused = -1;
  self->ahead = g_string_new (NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  {
    /* The letters, before the focused widget sees them (a list would take
     * them as its own keys). */
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }
}

SlDeclareSheet *
sl_declare_sheet_new_ahead (GtkWindow *parent,
                            SlGame    *game)
{
  SlDeclareSheet *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_DECLARE_SHEET, "window", parent, "game", game, NULL);
  self->game = game;
  self->unit = -1;
  /* The grid is every unit's: its keys and names. */
  add_actions (self);
  fill_game_lists (self);
  return self;
}

void
sl_declare_sheet_expect (SlDeclareSheet *self,
                         int             unit)
{
  g_return_if_fail (SL_IS_DECLARE_SHEET (self));
  g_return_if_fail (self->unit < 0);
  if (unit >= 0)
    set_targets (self, unit);
}

void
sl_declare_sheet_bind (SlDeclareSheet *self,
                       int             unit)
{
  g_autofree char *title = NULL;

  g_return_if_fail (SL_IS_DECLARE_SHEET (self));
  g_return_if_fail (self->unit < 0 && unit >= 0);
  self->unit = unit;
  self->refused = -1;
  sl_sheet_show_problem (SL_SHEET (self), NULL);
  sl_sheet_set_unit (SL_SHEET (self), unit);
  title = g_strdup_printf (_("%s Acts"), sl_setup_unit_at (sl_game_get_setup (self->game), unit)->label);
  sl_sheet_set_title (SL_SHEET (self), title);
  adw_window_title_set_title (self->title, title);
  fill_lists (self);
  offer_rows (self);
  show_orders (self);
  sl_sheet_ready (SL_SHEET (self));
  /* The first action the rules allow is chosen, and the focus starts on it. */
  for (guint i = 0; i < self->choices->len; i++)
    if (g_array_index (self->choices, Choice, i).allowed)
      {
        choose (self, &g_array_index (self->choices, Choice, i), FALSE);
        sl_sheet_set_entry (SL_SHEET (self), self->chosen->child);
        break;
      }
  if (self->chosen == NULL && self->choices->len > 0)
    sl_sheet_set_entry (SL_SHEET (self), GTK_WIDGET (self->actions));
}

SlDeclareSheet *
sl_declare_sheet_new (GtkWindow *parent,
                      SlGame    *game,
                      int        unit)
{
  SlDeclareSheet *self = sl_declare_sheet_new_ahead (parent, game);

  sl_declare_sheet_bind (self, unit);
  return self;
}
