/* sl-blast-sheet.c: something goes off — a grenade, a charge, a mine, a
 * fire mission. The players say who is near it (the app never sees the
 * table): for each unit a switch, the distance and the cover; a fire
 * mission also takes its kind and dice. The core works out the rest
 * (T-30, T-33, T-34a, A-110 …) and applies it. The layout is
 * ui/sl-blast-sheet.ui, with a group for what each kind of blast asks;
 * the rows of the units and the charges on the table are built here.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-a11y.h"
#include "sl-ammunition.h"
#include "sl-blast-sheet-private.h"
#include "sl-blast-sheet.h"
#include "sl-command-new.h"
#include "sl-preview.h"
#include "sl-table-labels.h"
#include "sl-table-model.h"
#include "sl-ui-util.h"

typedef struct
{
  int        unit;
  GtkSwitch *caught;
  GtkWidget *distance;
  GtkWidget *cover;
  GtkSwitch *dive;       /* a frag grenade: its sacrifice dive (P-34 step 7), or NULL */
  GtkSwitch *in_strip;   /* a shaped charge: in the strip behind the obstacle, or NULL */
} Near;

/* Another charge on the table, caught in the explosion: its
 * die on the "Explosion" line of T-32. */
typedef struct
{
  int             marker;
  AdwActionRow   *row;
  GtkCheckButton *check;
  GtkLabel       *die;
  int             roll;     /* typed, 0 until then */
} CaughtCharge;

struct _SlBlastSheet
{
  SlSheet      parent_instance;

  SlGame      *game;      /* the sheet's (sl_sheet_get_game) */
  int          marker;
  gboolean     mission;
  GArray      *near;      /* Near */
  AdwWindowTitle *title;
  AdwPreferencesGroup *top_group;
  GtkWidget   *mission_kind_row;
  GtkLabel    *mission_kind;
  AdwComboRow *mission_row;  /* the kind, for a call that named none (format 2), or NULL */
  GtkWidget   *breached_row;
  GtkSwitch   *breached;     /* a shaped charge went through its obstacle, or NULL */
  /* The obstacle a charge was placed against or a frag grenade aimed at
   * or NULL: none, one marked already, or a new one. */
  GtkWidget    *obstacle_group;
  AdwComboRow  *obstacle_row;
  GArray       *obstacles;      /* int: marker ids of obstacle_row after "None", 0 last for a new one */
  AdwEntryRow  *obstacle_label;
  AdwComboRow  *obstacle_kind;
  GtkWidget    *obstacle_distance_row;
  GtkSpinButton *obstacle_distance;  /* a grenade's distance from it, or NULL */
  AdwActionRow *obstacle_outcome;
  GArray       *charges;        /* CaughtCharge */
  GtkWidget    *charges_group;
  GtkWidget    *units_group;
  AdwComboRow *note_row;    /* the sealed note with the impact point (P-38 step 3), or NULL */
  GArray      *notes;       /* of note_row: note ids, 0 first for none */
  int          roll;      /* fire missions: the dice typed, 0 until then */
  int          scatter;
  /* A mine set off (P-37): which, by whom, how near, a dud. */
  gboolean       mine;
  GtkWidget     *mine_group;
  GArray        *mines;      /* int: marker ids */
  GArray        *triggers;   /* int: unit indices */
  AdwComboRow   *mine_row;
  AdwComboRow   *trigger_row;
  GtkSpinButton *trigger_distance;
  GtkSwitch     *dud;
};

G_DEFINE_FINAL_TYPE (SlBlastSheet, sl_blast_sheet, SL_TYPE_SHEET)

/* The obstacle chosen: its marker id, 0 for a new one, -1 for none. */
static int
chosen_obstacle (SlBlastSheet *self)
{
  guint i = self->obstacle_row != NULL ? adw_combo_row_get_selected (self->obstacle_row) : 0;

  if (i == 0 || i == GTK_INVALID_LIST_POSITION || i > self->obstacles->len)
    return -1;
  return g_array_index (self->obstacles, int, i - 1);
}

/* the obstacle named, when one is: its label, its kind for a new
 * one, a grenade's distance from it. */
static gboolean
fill_obstacle (SlBlastSheet   *self,
               SlBlastCommand *blast)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  int chosen = chosen_obstacle (self);

  if (chosen < 0)
    return FALSE;
  if (chosen > 0)
    blast->obstacle_label = sl_state_find_marker (sl_game_get_state (self->game), chosen)->label;
  else
    {
      guint kind = adw_combo_row_get_selected (self->obstacle_kind);

      blast->obstacle_label = gtk_editable_get_text (GTK_EDITABLE (self->obstacle_label));
      if (kind < rules->obstacles.items->len)
        blast->obstacle_kind = g_ptr_array_index (rules->obstacles.items, kind);
    }
  if (self->obstacle_distance != NULL)
    {
      blast->obstacle_distance = TRUE;
      blast->obstacle_distance_m = gtk_spin_button_get_value (self->obstacle_distance);
    }
  return TRUE;
}

/* the charges ticked as caught (SlCaughtCharge). */
static GArray *
caught_charges (SlBlastSheet *self)
{
  GArray *caught = g_array_new (FALSE, FALSE, sizeof (SlCaughtCharge));

  for (guint i = 0; i < self->charges->len; i++)
    {
      const CaughtCharge *k = &g_array_index (self->charges, CaughtCharge, i);
      SlCaughtCharge charge = { k->marker, k->roll };

      if (gtk_check_button_get_active (k->check))
        g_array_append_val (caught, charge);
    }
  return caught;
}

/* The units the players say are caught (SlBlastUnit). */
static GArray *
caught_units (SlBlastSheet *self)
{
  GArray *caught = g_array_new (FALSE, FALSE, sizeof (SlBlastUnit));

  for (guint i = 0; i < self->near->len; i++)
    {
      Near *n = &g_array_index (self->near, Near, i);
      SlBlastUnit unit = { 0 };
      guint cover;

      if (!gtk_switch_get_active (n->caught))
        continue;
      /* The one who set the mine off is not among the others caught. */
      if (self->mine && adw_combo_row_get_selected (self->trigger_row) < self->triggers->len &&
          g_array_index (self->triggers, int, adw_combo_row_get_selected (self->trigger_row)) == n->unit)
        continue;
      cover = adw_combo_row_get_selected (ADW_COMBO_ROW (n->cover));
      unit.unit = n->unit;
      unit.distance_m = gtk_spin_button_get_value (GTK_SPIN_BUTTON (n->distance));
      unit.half_cover = cover == 1;
      unit.full_cover = cover == 2;
      /* The others spared by a diver are the core's to say. */
      unit.sacrifice_dive = n->dive != NULL && gtk_switch_get_active (n->dive);
      unit.in_strip = n->in_strip != NULL && gtk_switch_get_active (n->in_strip);
      g_array_append_val (caught, unit);
    }
  return caught;
}

static JsonNode *build_command (SlBlastSheet *self);

/* What the blast does to the obstacle named, as the core says (A-79 …
 * A-83); a new obstacle asks its label and kind; a shaped charge's breach
 * is the core's once its obstacle is named. */
/* What the blast does to the obstacle named, as the core says (A-79 …
 * A-83); a new obstacle asks its label and kind; a shaped charge's breach
 * is the core's once its obstacle is named. */
static void
refresh_obstacle (SlSheet *sheet)
{
  SlBlastSheet *self = SL_BLAST_SHEET (sheet);
  int chosen = chosen_obstacle (self);
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *words = NULL;
  SlObstacleDamage obstacle = { NULL };

  if (self->obstacle_row == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->obstacle_label), chosen == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->obstacle_kind), chosen == 0);
  if (self->obstacle_distance != NULL)
    gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (self->obstacle_distance), ADW_TYPE_ACTION_ROW),
                            chosen >= 0);
  gtk_widget_set_visible (GTK_WIDGET (self->obstacle_outcome), chosen >= 0);
  if (self->breached != NULL)
    {
      GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (self->breached), ADW_TYPE_ACTION_ROW);

      gtk_widget_set_sensitive (row, chosen < 0);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   chosen < 0 ? _("A door is destroyed, a wall holed: a Breach marker is placed (A-81)")
                                              : _("Worked out from the obstacle’s damage (A-81)"));
    }
  if (chosen < 0)
    return;
  command = build_command (self);
  result = sl_game_preview (self->game, command, NULL, &error);
  if (result == NULL)
    words = g_strdup (error->message);
  else if (sl_obstacle_damage_read (result, &obstacle))
    words = sl_obstacle_outcome_words (self->game, &obstacle);
  sl_obstacle_damage_clear (&obstacle);
  adw_action_row_set_subtitle (self->obstacle_outcome, words != NULL ? words : "");
}

static JsonNode *
build_command (SlBlastSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GArray) units = caught_units (self);
  g_autoptr(GArray) charges = caught_charges (self);

  if (self->mission)
    {
      SlFireMissionCommand mission = { 0 };

      mission.marker = self->marker;
      /* The kind called is the marker's; only a call that named none asks. */
      if (self->mission_row != NULL)
        {
          const SlTable *missions = &sl_game_get_rules (self->game)->fire_missions;
          guint m = MIN (adw_combo_row_get_selected (self->mission_row), missions->items->len - 1);

          mission.mission = g_ptr_array_index (missions->items, m);
        }
      mission.roll = self->roll;
      mission.scatter_roll = self->scatter;
      if (self->note_row != NULL)
        {
          guint n = adw_combo_row_get_selected (self->note_row);

          if (n < self->notes->len)
            mission.sealed = g_array_index (self->notes, int, n);
        }
      mission.units = (const SlBlastUnit *) units->data;
      mission.n_units = units->len;
      mission.charges = (const SlCaughtCharge *) charges->data;
      mission.n_charges = charges->len;
      return sl_command_new_fire_mission (setup, &mission);
    }
  else if (self->mine)
    {
      guint m = adw_combo_row_get_selected (self->mine_row);
      guint t = adw_combo_row_get_selected (self->trigger_row);
      SlMineTriggerCommand trigger = { 0 };

      trigger.marker = m < self->mines->len ? g_array_index (self->mines, int, m) : -1;
      trigger.unit = t < self->triggers->len ? g_array_index (self->triggers, int, t) : -1;
      trigger.distance_m = gtk_spin_button_get_value (self->trigger_distance);
      trigger.dud = gtk_switch_get_active (self->dud);
      trigger.units = (const SlBlastUnit *) units->data;
      trigger.n_units = units->len;
      trigger.charges = (const SlCaughtCharge *) charges->data;
      trigger.n_charges = charges->len;
      return sl_command_new_mine_trigger (setup, &trigger);
    }
  else
    {
      SlBlastCommand blast = { 0 };

      blast.marker = self->marker;
      /* With the obstacle named, whether it is breached is the core's
       * (A-81). */
      if (!fill_obstacle (self, &blast) && self->breached != NULL)
        blast.breached = gtk_switch_get_active (self->breached);
      blast.units = (const SlBlastUnit *) units->data;
      blast.n_units = units->len;
      blast.charges = (const SlCaughtCharge *) charges->data;
      blast.n_charges = charges->len;
      return sl_command_new_blast (setup, &blast);
    }
}

static gboolean
apply (SlSheet *sheet)
{
  SlBlastSheet *self = SL_BLAST_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self);

  return sl_sheet_apply_command (sheet, command);
}

gboolean
sl_blast_sheet_apply (SlBlastSheet *self)
{
  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  return sl_sheet_apply (SL_SHEET (self));
}

static Near *
find_near (SlBlastSheet *self,
           int           unit)
{
  for (guint i = 0; i < self->near->len; i++)
    if (g_array_index (self->near, Near, i).unit == unit)
      return &g_array_index (self->near, Near, i);
  return NULL;
}

gboolean
sl_blast_sheet_set_caught (SlBlastSheet *self,
                           int           unit,
                           double        distance_m,
                           int           cover)
{
  Near *n;

  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  n = find_near (self, unit);
  if (n == NULL)
    return FALSE;
  gtk_switch_set_active (n->caught, TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (n->distance), distance_m);
  adw_combo_row_set_selected (ADW_COMBO_ROW (n->cover), (guint) CLAMP (cover, 0, 2));
  return TRUE;
}

gboolean
sl_blast_sheet_set_dive (SlBlastSheet *self,
                         int           unit)
{
  Near *n;

  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  n = find_near (self, unit);
  if (n == NULL || n->dive == NULL)
    return FALSE;
  gtk_switch_set_active (n->dive, TRUE);
  return TRUE;
}

gboolean
sl_blast_sheet_set_in_strip (SlBlastSheet *self,
                             int           unit,
                             gboolean      in_strip)
{
  Near *n;

  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  n = find_near (self, unit);
  if (n == NULL || n->in_strip == NULL)
    return FALSE;
  gtk_switch_set_active (n->in_strip, in_strip);
  return TRUE;
}

gboolean
sl_blast_sheet_set_breached (SlBlastSheet *self,
                             gboolean      breached)
{
  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  if (self->breached == NULL || chosen_obstacle (self) >= 0)
    return FALSE;
  gtk_switch_set_active (self->breached, breached);
  return TRUE;
}

/* P-34 step 7: one unit dives onto the grenade. Diving, it is caught;
 * another diver takes its place. */
static void
dive_changed_cb (GtkSwitch    *dive,
                 GParamSpec   *pspec,
                 SlBlastSheet *self)
{
  if (!gtk_switch_get_active (dive))
    return;
  for (guint i = 0; i < self->near->len; i++)
    {
      Near *n = &g_array_index (self->near, Near, i);

      if (n->dive == dive)
        gtk_switch_set_active (n->caught, TRUE);
      else if (n->dive != NULL)
        gtk_switch_set_active (n->dive, FALSE);
    }
}

/* The first charge ticked as caught whose die is still to type. */
static CaughtCharge *
next_charge (SlBlastSheet *self)
{
  for (guint i = 0; i < self->charges->len; i++)
    {
      CaughtCharge *k = &g_array_index (self->charges, CaughtCharge, i);

      if (gtk_check_button_get_active (k->check) && k->roll == 0)
        return k;
    }
  return NULL;
}

/* Each caught charge's die as typed, the next one asked picked out. */
static void
show_charge_dice (SlBlastSheet *self)
{
  CaughtCharge *next = next_charge (self);

  for (guint i = 0; i < self->charges->len; i++)
    {
      CaughtCharge *k = &g_array_index (self->charges, CaughtCharge, i);
      char value[8] = "–";

      if (k->roll > 0)
        g_snprintf (value, sizeof value, "%d", k->roll);
      gtk_label_set_text (k->die, value);
      gtk_widget_set_visible (GTK_WIDGET (k->die), gtk_check_button_get_active (k->check));
      if (k == next && (!self->mission || (self->roll > 0 && self->scatter > 0)))
        gtk_widget_add_css_class (GTK_WIDGET (k->die), "accent");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (k->die), "accent");
    }
}

/* The dice typed, in the order asked, for a screen reader. */
static void
tell_typed (SlBlastSheet *self)
{
  g_autofree int *typed = g_new0 (int, self->charges->len + 2);
  guint n_typed = 0;

  if (self->roll > 0)
    typed[n_typed++] = self->roll;
  if (self->scatter > 0)
    typed[n_typed++] = self->scatter;
  for (guint i = 0; i < self->charges->len; i++)
    if (g_array_index (self->charges, CaughtCharge, i).roll > 0)
      typed[n_typed++] = g_array_index (self->charges, CaughtCharge, i).roll;
  sl_sheet_set_typed (SL_SHEET (self), typed, n_typed);
}

static gboolean
enter_die (SlSheet *sheet,
           int      value)
{
  SlBlastSheet *self = SL_BLAST_SHEET (sheet);
  CaughtCharge *k;

  if (value < 1 || value > 10)
    return FALSE;
  /* A fire mission's dice first: the hit roll, then the scatter die. */
  if (self->mission && (self->roll == 0 || self->scatter == 0))
    {
      char roll[8] = "–", scatter[8] = "–";
      g_autofree char *text = NULL;

      if (self->roll == 0)
        self->roll = value;
      else
        self->scatter = value;
      if (self->roll > 0)
        g_snprintf (roll, sizeof roll, "%d", self->roll);
      if (self->scatter > 0)
        g_snprintf (scatter, sizeof scatter, "%d", self->scatter);
      /* "Hit roll 4 · scatter die –" */
      text = g_strdup_printf (_("Hit roll %s · scatter die %s"), roll, scatter);
      sl_sheet_set_prompt (sheet, text);
      show_charge_dice (self);
      tell_typed (self);
      return TRUE;
    }
  /* Then each charge caught. */
  k = next_charge (self);
  if (k == NULL)
    return FALSE;
  k->roll = value;
  show_charge_dice (self);
  tell_typed (self);
  return TRUE;
}

gboolean
sl_blast_sheet_enter_die (SlBlastSheet *self,
                          int           value)
{
  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  return sl_sheet_enter_die (SL_SHEET (self), value);
}

gboolean
sl_blast_sheet_set_obstacle (SlBlastSheet *self,
                             const char   *label,
                             const char   *kind,
                             double        distance_m)
{
  const SlState *state;

  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  if (self->obstacle_row == NULL)
    return FALSE;
  state = sl_game_get_state (self->game);
  if (label == NULL)
    adw_combo_row_set_selected (self->obstacle_row, 0);
  else if (kind == NULL)
    {
      guint i;

      for (i = 0; i + 1 < self->obstacles->len; i++)
        if (g_str_equal (sl_state_find_marker (state, g_array_index (self->obstacles, int, i))->label, label))
          break;
      if (i + 1 >= self->obstacles->len)
        return FALSE;
      adw_combo_row_set_selected (self->obstacle_row, i + 1);
    }
  else
    {
      const SlTable *t = &sl_game_get_rules (self->game)->obstacles;
      guint k;

      for (k = 0; k < t->items->len; k++)
        if (g_str_equal (((const SlObstacle *) g_ptr_array_index (t->items, k))->id, kind))
          break;
      if (k == t->items->len)
        return FALSE;
      adw_combo_row_set_selected (self->obstacle_row, self->obstacles->len);
      adw_combo_row_set_selected (self->obstacle_kind, k);
      gtk_editable_set_text (GTK_EDITABLE (self->obstacle_label), label);
    }
  if (self->obstacle_distance != NULL)
    gtk_spin_button_set_value (self->obstacle_distance, distance_m);
  refresh_obstacle (SL_SHEET (self));
  return TRUE;
}

const char *
sl_blast_sheet_get_obstacle_outcome (SlBlastSheet *self)
{
  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), NULL);
  if (self->obstacle_row == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->obstacle_outcome)))
    return NULL;
  return adw_action_row_get_subtitle (self->obstacle_outcome);
}

gboolean
sl_blast_sheet_set_charge_caught (SlBlastSheet *self,
                                  int           marker,
                                  gboolean      caught)
{
  g_return_val_if_fail (SL_IS_BLAST_SHEET (self), FALSE);
  if (self->charges_group == NULL || !gtk_widget_get_visible (self->charges_group))
    return FALSE;
  for (guint i = 0; i < self->charges->len; i++)
    {
      CaughtCharge *k = &g_array_index (self->charges, CaughtCharge, i);

      if (k->marker == marker)
        {
          gtk_check_button_set_active (k->check, caught);
          return TRUE;
        }
    }
  return FALSE;
}

/* Who can set the chosen mine off: the units of the other side the table
 * sees in the fight (the table model's; P-37 step 3: never the mine's own
 * side). */
static void
fill_triggers (SlBlastSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  SlTableModel *table = sl_table_model_get_for_game (self->game);
  g_autoptr(GtkStringList) triggers = gtk_string_list_new (NULL);
  g_autoptr(GArray) in_view = sl_table_model_get_units_in_view (table, SL_VIEWER_TABLE);
  guint chosen = adw_combo_row_get_selected (self->mine_row);
  const SlMarker *m = chosen < self->mines->len
                      ? sl_state_find_marker (state, g_array_index (self->mines, int, chosen)) : NULL;
  int side = m != NULL ? sl_table_model_marker_side (table, m) : -1;

  g_array_set_size (self->triggers, 0);
  for (guint i = 0; i < in_view->len; i++)
    {
      int u = g_array_index (in_view, int, i);
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);

      if (us->side == side)
        continue;
      gtk_string_list_append (triggers, us->label);
      g_array_append_val (self->triggers, u);
    }
  adw_combo_row_set_model (self->trigger_row, G_LIST_MODEL (triggers));
}

static void
fill_triggers_cb (SlBlastSheet *self)
{
  fill_triggers (self);
}

static void
sl_blast_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_BLAST_SHEET);
  G_OBJECT_CLASS (sl_blast_sheet_parent_class)->dispose (object);
}

static void
sl_blast_sheet_finalize (GObject *object)
{
  SlBlastSheet *self = SL_BLAST_SHEET (object);

  g_array_unref (self->near);
  g_array_unref (self->mines);
  g_array_unref (self->triggers);
  g_array_unref (self->notes);
  g_array_unref (self->obstacles);
  g_array_unref (self->charges);
  G_OBJECT_CLASS (sl_blast_sheet_parent_class)->finalize (object);
}

static void
sl_blast_sheet_class_init (SlBlastSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_blast_sheet_dispose;
  object_class->finalize = sl_blast_sheet_finalize;
  sheet_class->enter_die = enter_die;
  sheet_class->refresh = refresh_obstacle;
  sheet_class->apply = apply;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-blast-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, SL_SHEET_PROMPT | SL_SHEET_ROLL);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, top_group);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, mission_kind_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, mission_kind);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, mission_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, note_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, obstacle_group);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, obstacle_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, obstacle_label);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, obstacle_kind);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, obstacle_distance_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, obstacle_distance);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, obstacle_outcome);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, breached_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, breached);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, mine_group);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, mine_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, trigger_row);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, trigger_distance);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, dud);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, charges_group);
  gtk_widget_class_bind_template_child (widget_class, SlBlastSheet, units_group);
  gtk_widget_class_bind_template_callback (widget_class, fill_triggers_cb);
}

static void
sl_blast_sheet_init (SlBlastSheet *self)
{
  self->near = g_array_new (FALSE, TRUE, sizeof (Near));
  self->mines = g_array_new (FALSE, FALSE, sizeof (int));
  self->notes = g_array_new (FALSE, FALSE, sizeof (int));
  self->triggers = g_array_new (FALSE, FALSE, sizeof (int));
  self->obstacles = g_array_new (FALSE, FALSE, sizeof (int));
  self->charges = g_array_new (FALSE, TRUE, sizeof (CaughtCharge));
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* A-79 … A-83: the obstacle it went off against — none, one marked
 * already with its damage, or a new one by label and kind (T-18) — what
 * the blast does to it; a grenade's distance from it; for a shaped charge
 * whether it breaches it. */
static void
build_obstacle (SlBlastSheet *self,
                gboolean      shaped,
                gboolean      grenade)
{
  const SlState *state = sl_game_get_state (self->game);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) kinds = sl_obstacle_kinds (self->game);
  g_autofree char *shaped_words = sl_table_labels_shaped_charge (sl_game_get_setup (self->game)->options);
  int fresh = 0;

  sl_group_set_description (ADW_PREFERENCES_GROUP (self->obstacle_group),
                            grenade ? _("A grenade aimed at a door or the like deals it the PF of its distance (A-79).")
                            : shaped ? shaped_words
                            : _("Plastic charges deal the obstacle they touch the PF of their 1–2 m band; bulkheads and airlock doors take nothing (A-79, A-83)."));
  gtk_string_list_append (names, C_("obstacle", "None"));
  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *o = &g_array_index (state->markers, SlMarker, i);
      g_autofree char *name = NULL;

      if (o->kind != SL_MARKER_OBSTACLE || !sl_marker_is_public (sl_game_get_state (self->game), o))
        continue;
      name = sl_obstacle_marker_name (self->game, o);
      gtk_string_list_append (names, name);
      g_array_append_val (self->obstacles, o->id);
    }
  gtk_string_list_append (names, _("A new obstacle…"));
  g_array_append_val (self->obstacles, fresh);
  adw_combo_row_set_model (self->obstacle_row, G_LIST_MODEL (names));
  adw_combo_row_set_model (self->obstacle_kind, G_LIST_MODEL (kinds));
  if (!grenade)
    self->obstacle_distance = NULL;
  gtk_widget_set_visible (self->breached_row, shaped);
  if (!shaped)
    self->breached = NULL;
  gtk_widget_set_visible (self->obstacle_group, TRUE);
}

static void
charge_toggled_cb (SlBlastSheet *self)
{
  show_charge_dice (self);
}

/* the other charges on the table the table can see, not going off
 * already: each may be caught, with its die on the "Explosion" line of
 * T-32. */
static void
add_charge_rows (SlBlastSheet *self)
{
  const SlState *state = sl_game_get_state (self->game);

  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      g_autofree char *words = NULL;
      CaughtCharge k = { 0 };

      if (m->kind != SL_MARKER_CHARGE || m->id == self->marker || m->due >= 0 ||
          !sl_marker_is_public (sl_game_get_state (self->game), m))
        continue;
      words = sl_marker_words (self->game, m);
      k.marker = m->id;
      k.row = ADW_ACTION_ROW (sl_check_row_new (m->label, NULL, &k.check));
      adw_action_row_set_subtitle (k.row, words);
      k.die = sl_sheet_die_slot_new (_("Its die on T-32 (A-84)"));
      gtk_widget_set_visible (GTK_WIDGET (k.die), FALSE);
      adw_action_row_add_suffix (k.row, GTK_WIDGET (k.die));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->charges_group), GTK_WIDGET (k.row));
      g_array_append_val (self->charges, k);
    }
}

/* The charges caught are offered only when the core takes charges here
 * (a fire mission in its own phase, a mine that goes off in the
 * explosion step do not): asked with the first ticked. */
static void
build_charges (SlBlastSheet *self)
{
  g_autofree char *json = NULL;
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *field;

  add_charge_rows (self);
  if (self->charges->len == 0)
    return;
  gtk_check_button_set_active (g_array_index (self->charges, CaughtCharge, 0).check, TRUE);
  command = build_command (self);
  gtk_check_button_set_active (g_array_index (self->charges, CaughtCharge, 0).check, FALSE);
  result = sl_game_preview (self->game, command, NULL, &error);
  field = result == NULL ? sl_rule_error_get_field (error) : NULL;
  gtk_widget_set_visible (self->charges_group, field == NULL || !g_str_has_prefix (field, "charges"));
  for (guint i = 0; i < self->charges->len; i++)
    g_signal_connect_swapped (g_array_index (self->charges, CaughtCharge, i).check, "toggled",
                              G_CALLBACK (charge_toggled_cb), self);
}

/* P-38: the kind of a fire mission was named as it was called (T-35);
 * a call that named none (a game of format 2) asks it here. */
static void
show_mission_kind (SlBlastSheet   *self,
                   const SlMarker *m)
{
  const SlTable *missions = &sl_game_get_rules (self->game)->fire_missions;
  g_autoptr(GtkStringList) kinds = NULL;

  if (m->type >= 0 && m->type < (int) missions->items->len)
    {
      const SlFireMissionDef *def = g_ptr_array_index (missions->items, m->type);

      gtk_label_set_text (self->mission_kind, def->name);
      gtk_widget_set_visible (self->mission_kind_row, TRUE);
      adw_preferences_group_remove (self->top_group, GTK_WIDGET (self->mission_row));
      self->mission_row = NULL;
      return;
    }
  adw_preferences_group_remove (self->top_group, self->mission_kind_row);
  kinds = gtk_string_list_new (NULL);
  for (guint k = 0; k < missions->items->len; k++)
    gtk_string_list_append (kinds, ((const SlFireMissionDef *) g_ptr_array_index (missions->items, k))->name);
  adw_combo_row_set_model (self->mission_row, G_LIST_MODEL (kinds));
  gtk_widget_set_visible (GTK_WIDGET (self->mission_row), TRUE);
}

/* P-38 step 3: the impact point was written down when the call was made;
 * its note, by number only: the text is shown as it lands. */
static void
offer_notes (SlBlastSheet   *self,
             const SlMarker *m)
{
  const SlState *state = sl_game_get_state (self->game);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  int none = 0;

  if (m->note != 0 || m->owner < 0)
    {
      adw_preferences_group_remove (self->top_group, GTK_WIDGET (self->note_row));
      self->note_row = NULL;
      return;
    }
  g_array_append_val (self->notes, none);
  gtk_string_list_append (names, _("Not written down"));
  for (guint i = 0; i < state->notes->len; i++)
    {
      const SlNote *n = g_ptr_array_index (state->notes, i);
      g_autofree char *time = n->sealed_at > 0 ? sl_note_time_label (n) : g_strdup ("—");
      /* "Note 3, sealed on turn 1 at 14:02" */
      g_autofree char *name = g_strdup_printf (_("Note %d, sealed on turn %d at %s"), n->id,
                                               n->sealed_turn, time);

      /* Issue 30 #1: never a note sealed after the call. */
      if (!sl_state_mission_note_allowed (sl_game_get_setup (self->game), state, m, n))
        continue;
      g_array_append_val (self->notes, n->id);
      gtk_string_list_append (names, name);
    }
  if (self->notes->len <= 1)
    {
      adw_preferences_group_remove (self->top_group, GTK_WIDGET (self->note_row));
      self->note_row = NULL;
      return;
    }
  adw_combo_row_set_model (self->note_row, G_LIST_MODEL (names));
  /* A game of format 4 only: chosen knowingly, never the latest by
   * default (issue 30 #1). */
  adw_combo_row_set_selected (self->note_row, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->note_row), TRUE);
}

/* P-37: the mines waiting, by their number and the side that laid them —
 * never their position —, @marker chosen; who set it off, how near. */
static void
build_mines (SlBlastSheet *self,
             int           marker)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  g_autoptr(GtkStringList) mines = gtk_string_list_new (NULL);

  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *k = &g_array_index (state->markers, SlMarker, i);

      if (sl_marker_is_waiting_mine (k) && k->owner >= 0)
        {
          /* Translators: a mine, by its number and the side that laid it; never its position. */
          g_autofree char *name = g_strdup_printf (_("Mine %d, laid by %s"), k->id,
                                                   sl_setup_side_at (setup, sl_setup_unit_at (setup, k->owner)->side)->name);

          gtk_string_list_append (mines, name);
          g_array_append_val (self->mines, k->id);
        }
    }
  adw_combo_row_set_model (self->mine_row, G_LIST_MODEL (mines));
  for (guint i = 0; i < self->mines->len; i++)
    if (g_array_index (self->mines, int, i) == marker)
      adw_combo_row_set_selected (self->mine_row, i);
  fill_triggers (self);
  gtk_spin_button_set_value (self->trigger_distance, 1);
  gtk_widget_set_visible (self->mine_group, TRUE);
}

/* A row per unit on the table (a hidden one is not there for everyone to
 * see, §15.1): whether it is caught, its distance and its cover; a frag
 * grenade's sacrifice dive for a unit whose Dive ended on it (P-34 step
 * 7, the core's), a shaped charge's strip. */
static void
add_near_rows (SlBlastSheet *self,
               gboolean      frag,
               gboolean      shaped)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  /* In the fight when the step began (a unit knocked out in it is still
   * caught, A-18) and seen by the table (the table model's). */
  g_autoptr(GArray) in_view = sl_table_model_get_units_in_view (sl_table_model_get_for_game (self->game),
                                                                SL_VIEWER_TABLE);

  for (guint i = 0; i < in_view->len; i++)
    {
      int u = g_array_index (in_view, int, i);
      const char *title = sl_setup_unit_at (setup, u)->label;
      g_autoptr(GtkStringList) cover_names = NULL;
      GtkWidget *expander, *distance_row;
      Near n = { 0 };

      cover_names = gtk_string_list_new ((const char *[]) {
        _("No cover"), _("Half cover"), _("Full cover"), NULL });
      n.unit = u;
      expander = sl_expander_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), title);
      adw_expander_row_set_show_enable_switch (ADW_EXPANDER_ROW (expander), FALSE);
      n.caught = GTK_SWITCH (gtk_switch_new ());
      gtk_widget_set_valign (GTK_WIDGET (n.caught), GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (n.caught), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      adw_expander_row_add_action (ADW_EXPANDER_ROW (expander), GTK_WIDGET (n.caught));
      distance_row = sl_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (distance_row), _("Distance (m)"));
      n.distance = gtk_spin_button_new_with_range (0, 100, 1);
      gtk_widget_set_valign (n.distance, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (distance_row), n.distance);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), distance_row);
      n.cover = sl_combo_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (n.cover), _("Cover from the blast"));
      adw_combo_row_set_model (ADW_COMBO_ROW (n.cover), G_LIST_MODEL (cover_names));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), n.cover);
      if (frag && sl_state_unit_dived_onto (rules, state, u, sl_state_find_marker (state, self->marker)))
        {
          n.dive = sl_switch_row_add (expander, _("Sacrifice dive onto the grenade"),
                                      _("After a Dive action ending on it: it takes the blast alone, the others are spared (P-34 step 7, A-111)"));
          g_signal_connect (n.dive, "notify::active", G_CALLBACK (dive_changed_cb), self);
        }
      if (shaped)
        n.in_strip = sl_switch_row_add (expander, _("In the strip behind the obstacle"),
                                        _("Within 1 m behind it, in line with the charge (A-80)"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->units_group), expander);
      g_array_append_val (self->near, n);
    }
}

/* Its name, and what the table waits for: a mine waiting is a secret,
 * its position never shown (P-37). */
static void
name_blast (SlBlastSheet   *self,
            const SlMarker *m,
            gboolean        smoke,
            gboolean        shaped)
{
  const char *title = self->mine ? _("A Mine Goes Off") : m->label;
  const char *prompt;

  sl_sheet_set_title (SL_SHEET (self), title);
  adw_window_title_set_title (self->title, title);
  adw_window_title_set_subtitle (self->title, self->mine ? _("An enemy came within 1 m (P-37)")
                                              : self->mission ? _("A fire mission lands (P-38)")
                                              : _("It goes off (P-08 step 4)"));
  if (self->mission)
    sl_a11y_set_button_label (GTK_BUTTON (sl_sheet_get_roll_button (SL_SHEET (self))), _("_Resolve"));
  if (self->mine)
    prompt = _("Say which mine, who set it off, and who else is near it: "
               "it hurts like a fragmentation grenade (P-37, T-30).");
  else if (shaped)
    prompt = _("Say who is in the 1 m strip behind the obstacle: a shaped charge hurts nobody "
               "to its sides or in front, where its installer stands (A-80).");
  else if (self->mission)
    prompt = _("Type the hit roll, then the scatter die (used on a miss), or let the app roll; "
               "say who is near the impact point.");
  else if (smoke)
    prompt = _("A smoke cloud: it hurts nobody (A-112).");
  else
    prompt = _("Say who is near it: the distance from where it went off, and the cover between.");
  sl_sheet_set_prompt (SL_SHEET (self), prompt);
}

static SlBlastSheet *
blast_sheet_build (GtkWindow *parent,
                   SlGame    *game,
                   int        marker,
                   gboolean   mine)
{
  const SlMarker *m = sl_state_find_marker (sl_game_get_state (game), marker);
  SlBlastSheet *self;
  gboolean smoke, frag, shaped;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  g_return_val_if_fail (m != NULL, NULL);

  self = g_object_new (SL_TYPE_BLAST_SHEET, "window", parent, "game", game, NULL);
  self->game = game;
  self->marker = marker;
  self->mission = m->kind == SL_MARKER_FIRE_MISSION;
  self->mine = mine;
  smoke = m->kind == SL_MARKER_GRENADE && m->type == SL_GRENADE_SG;   /* hurts nobody */
  /* P-34 step 7: a frag grenade, thrown or launched, can be smothered. */
  frag = m->kind == SL_MARKER_GRENADE && m->type == SL_GRENADE_FG && !mine;
  /* a shaped charge (a charge marker of no plastic charges). */
  shaped = m->kind == SL_MARKER_CHARGE && m->type == 0 && !mine;
  name_blast (self, m, smoke, shaped);
  /* What a blast does not ask for is left out of its sheet and its
   * command. */
  if (self->mission)
    {
      show_mission_kind (self, m);
      offer_notes (self, m);
    }
  else
    {
      adw_preferences_group_remove (self->top_group, self->mission_kind_row);
      adw_preferences_group_remove (self->top_group, GTK_WIDGET (self->mission_row));
      adw_preferences_group_remove (self->top_group, GTK_WIDGET (self->note_row));
      self->mission_row = self->note_row = NULL;
    }
  /* a charge against an obstacle, a frag grenade aimed at one. */
  if (frag || (m->kind == SL_MARKER_CHARGE && !mine))
    build_obstacle (self, shaped, frag);
  else
    {
      self->obstacle_row = NULL;
      self->obstacle_distance = NULL;
      self->breached = NULL;
    }
  if (mine)
    build_mines (self, marker);
  /* the few charges on the table before the many units. A smoke
   * grenade hurts nobody. */
  if (!smoke)
    {
      build_charges (self);
      add_near_rows (self, frag, shaped);
    }
  gtk_widget_set_visible (self->units_group, !smoke);
  sl_sheet_ready (SL_SHEET (self));
  return self;
}

SlBlastSheet *
sl_blast_sheet_new (GtkWindow *parent,
                    SlGame    *game,
                    int        marker)
{
  return blast_sheet_build (parent, game, marker, FALSE);
}

SlBlastSheet *
sl_blast_sheet_new_mine (GtkWindow *parent,
                         SlGame    *game,
                         int        marker)
{
  return blast_sheet_build (parent, game, marker, TRUE);
}

gboolean
sl_blast_sheet_set_trigger (SlBlastSheet *self,
                            int           unit,
                            double        distance_m,
                            gboolean      dud)
{
  g_return_val_if_fail (SL_IS_BLAST_SHEET (self) && self->mine, FALSE);
  for (guint i = 0; i < self->triggers->len; i++)
    if (g_array_index (self->triggers, int, i) == unit)
      {
        adw_combo_row_set_selected (self->trigger_row, i);
        gtk_spin_button_set_value (self->trigger_distance, distance_m);
        gtk_switch_set_active (self->dud, dud);
        return TRUE;
      }
  return FALSE;
}