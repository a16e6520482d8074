/* sl-builder-window.c: the squad builder. The draft (sl-squad-draft.c)
 * holds the squad and the core prices it (sl_squad_cost, P-02); this
 * window edits the draft and shows the points and the problems after
 * every change.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sl-builder-window-private.h"
#include "sl-builder-window.h"
#include "sl-file.h"
#include "sl-json.h"
#include "sl-rule-links.h"
#include "sl-table-labels.h"
#include "sl-text.h"
#include "sl-ui-util.h"

enum { F_TROOP, F_RACE, F_ARMOR, F_WEAPON, F_SIDEARM, N_COMBOS };
static const char * const combo_fields[] = { "troop", "race", "armor", "weapon", "sidearm", NULL };
/* A character's skills: with the weapon, the sidearm, hand grenades, in
 * melee. */
enum { SKILL_WEAPON, SKILL_SIDEARM, SKILL_GRENADE, SKILL_MELEE, N_SKILLS };

typedef struct
{
  GtkWidget   *expander;
  AdwEntryRow *name;
  AdwComboRow *combos[N_COMBOS];
  GtkSwitch   *launcher;
  GtkSwitch   *hidden;
  GtkSwitch   *naval;
  GtkSpinButton *plastic;
  GtkSpinButton *shaped;
  /* §18: a Legionnaire player character and its skills. */
  GtkSwitch     *legionnaire;
  GtkSpinButton *skills[N_SKILLS];
  GtkSwitch     *melee_weapon;
  GtkSwitch     *non_combat;
  GtkSpinButton *attributes[SL_N_LEGIONNAIRE_ATTRIBUTES];
} UnitRows;

struct _SlBuilderWindow
{
  SlDraftWindow    parent_instance;

  const SlRules   *rules;
  const SlOptions *options;
  SlSquadDraft    *draft;
  gboolean         updating;

  AdwWindowTitle  *title;
  AdwEntryRow     *name;
  AdwComboRow     *quality;
  AdwComboRow     *leader;
  GtkSpinButton   *rating;
  GtkSwitch       *fire_teams;
  GtkSpinButton   *size;
  GtkSpinButton   *budget;
  GtkSpinButton   *side_items[SL_DRAFT_SIDE_ITEMS];
  GtkSpinButton   *mines;
  GtkSwitch       *all_hidden;
  GtkLabel        *total;
  GtkLabel        *problems;
  AdwToastOverlay *toasts;
  GtkWidget       *units_group;
  UnitRows         units[SL_DRAFT_MAX_UNITS];
  char            *file;       /* the squad's file: opened from or saved to */
  char            *total_text;
  char            *problems_text;
};

G_DEFINE_FINAL_TYPE (SlBuilderWindow, sl_builder_window, SL_TYPE_DRAFT_WINDOW)

static const SlTable *
combo_table (SlBuilderWindow *self,
             int              field)
{
  switch (field)
    {
    case F_TROOP: return &self->rules->troops;
    case F_RACE: return &self->rules->races;
    case F_ARMOR: return &self->rules->armor;
    default: return &self->rules->weapons;
    }
}

/* The entry's name, as the rules data gives it (translated). */
static const char *
entry_name (SlBuilderWindow *self,
            int              field,
            const char      *id)
{
  switch (field)
    {
    case F_TROOP: return ((const SlTroop *) sl_table_lookup (&self->rules->troops, id))->name;
    case F_RACE: return ((const SlRace *) sl_table_lookup (&self->rules->races, id))->name;
    case F_ARMOR: return ((const SlArmor *) sl_table_lookup (&self->rules->armor, id))->name;
    default: return ((const SlWeapon *) sl_table_lookup (&self->rules->weapons, id))->name;
    }
}

static guint
index_of (const SlTable *table,
          const char    *id)
{
  const char * const *ids = sl_table_ids (table);

  for (guint i = 0; ids[i]; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      return i;
  return 0;
}

static void refresh (SlBuilderWindow *self);

/* The widgets show the draft. */
static void
sync_widgets (SlBuilderWindow *self)
{
  SlSquadDraft *d = self->draft;
  g_autoptr(GtkStringList) leaders = gtk_string_list_new (NULL);

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->name), d->name);
  adw_combo_row_set_selected (self->quality, d->quality);
  for (int i = 0; i < d->n_units; i++)
    gtk_string_list_append (leaders, d->units[i].name);
  adw_combo_row_set_model (self->leader, G_LIST_MODEL (leaders));
  adw_combo_row_set_selected (self->leader, d->leader);
  gtk_spin_button_set_value (self->rating, d->leader_rating);
  gtk_switch_set_active (self->fire_teams, d->fire_teams);
  gtk_spin_button_set_value (self->size, d->n_units);
  gtk_spin_button_set_value (self->budget, MAX (d->budget, 0));
  for (int k = 0; k < SL_DRAFT_SIDE_ITEMS; k++)
    gtk_spin_button_set_value (self->side_items[k], d->side_equipment[k]);
  gtk_spin_button_set_value (self->mines, d->mines);
  gtk_switch_set_active (self->all_hidden, d->all_hidden);
  for (int i = 0; i < SL_DRAFT_MAX_UNITS; i++)
    {
      UnitRows *rows = &self->units[i];
      SlDraftUnit *u = &d->units[i];

      gtk_widget_set_visible (rows->expander, i < d->n_units);
      if (i >= d->n_units)
        continue;
      gtk_editable_set_text (GTK_EDITABLE (rows->name), u->name);
      adw_combo_row_set_selected (rows->combos[F_TROOP], index_of (&self->rules->troops, u->troop->id));
      adw_combo_row_set_selected (rows->combos[F_RACE], index_of (&self->rules->races, u->race->id));
      adw_combo_row_set_selected (rows->combos[F_ARMOR], index_of (&self->rules->armor, u->armor->id));
      adw_combo_row_set_selected (rows->combos[F_WEAPON], index_of (&self->rules->weapons, u->weapons[0]->id));
      /* The sidearm's list starts with "None". */
      adw_combo_row_set_selected (rows->combos[F_SIDEARM],
                                  u->weapons[1] ? index_of (&self->rules->weapons, u->weapons[1]->id) + 1 : 0);
      gtk_switch_set_active (rows->launcher, u->launcher);
      gtk_switch_set_active (rows->hidden, u->hidden);
      gtk_switch_set_active (rows->naval, u->naval);
      gtk_spin_button_set_value (rows->plastic, u->plastic_charges);
      gtk_spin_button_set_value (rows->shaped, u->shaped_charges);
      gtk_switch_set_active (rows->legionnaire, u->legionnaire);
      gtk_spin_button_set_value (rows->skills[SKILL_WEAPON], u->character.weapon_skills[0]);
      gtk_spin_button_set_value (rows->skills[SKILL_SIDEARM], u->character.weapon_skills[1]);
      gtk_spin_button_set_value (rows->skills[SKILL_GRENADE], u->character.grenade_skill);
      gtk_spin_button_set_value (rows->skills[SKILL_MELEE], u->character.melee_skill);
      gtk_switch_set_active (rows->melee_weapon, u->character.melee_weapon);
      gtk_switch_set_active (rows->non_combat, u->character.non_combat);
      for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
        gtk_spin_button_set_value (rows->attributes[a], u->character.attributes[a]);
    }
  self->updating = FALSE;
  refresh (self);
}

/* The draft follows the widgets. */
static void
read_widgets (SlBuilderWindow *self)
{
  SlSquadDraft *d = self->draft;

  if (self->updating)
    return;
  g_free (d->name);
  d->name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name)));
  d->quality = adw_combo_row_get_selected (self->quality);
  d->leader = MIN ((int) adw_combo_row_get_selected (self->leader), d->n_units - 1);
  d->leader_rating = gtk_spin_button_get_value_as_int (self->rating);
  d->fire_teams = gtk_switch_get_active (self->fire_teams);
  if (gtk_spin_button_get_value_as_int (self->size) != d->n_units)
    {
      /* More or fewer soldiers: the rows follow. */
      sl_squad_draft_set_size (self->rules, d, gtk_spin_button_get_value_as_int (self->size));
      sync_widgets (self);
      return;
    }
  d->budget = gtk_spin_button_get_value_as_int (self->budget);
  for (int k = 0; k < SL_DRAFT_SIDE_ITEMS; k++)
    d->side_equipment[k] = gtk_spin_button_get_value_as_int (self->side_items[k]);
  d->mines = gtk_spin_button_get_value_as_int (self->mines);
  d->all_hidden = gtk_switch_get_active (self->all_hidden);
  for (int i = 0; i < d->n_units; i++)
    {
      UnitRows *rows = &self->units[i];
      SlDraftUnit *u = &d->units[i];
      const char * const *weapons = sl_table_ids (&self->rules->weapons);
      guint side = adw_combo_row_get_selected (rows->combos[F_SIDEARM]);

      g_free (u->name);
      u->name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (rows->name)));
      u->troop = sl_table_lookup (&self->rules->troops,
                                  sl_table_ids (&self->rules->troops)[adw_combo_row_get_selected (rows->combos[F_TROOP])]);
      u->race = sl_table_lookup (&self->rules->races,
                                 sl_table_ids (&self->rules->races)[adw_combo_row_get_selected (rows->combos[F_RACE])]);
      u->armor = sl_table_lookup (&self->rules->armor,
                                  sl_table_ids (&self->rules->armor)[adw_combo_row_get_selected (rows->combos[F_ARMOR])]);
      u->weapons[0] = sl_table_lookup (&self->rules->weapons,
                                       weapons[adw_combo_row_get_selected (rows->combos[F_WEAPON])]);
      u->weapons[1] = side == 0 ? NULL : sl_table_lookup (&self->rules->weapons, weapons[side - 1]);
      u->launcher = gtk_switch_get_active (rows->launcher);
      u->hidden = gtk_switch_get_active (rows->hidden);
      u->naval = gtk_switch_get_active (rows->naval);
      u->plastic_charges = gtk_spin_button_get_value_as_int (rows->plastic);
      u->shaped_charges = gtk_spin_button_get_value_as_int (rows->shaped);
      u->legionnaire = gtk_switch_get_active (rows->legionnaire);
      u->character.weapon_skills[0] = gtk_spin_button_get_value_as_int (rows->skills[SKILL_WEAPON]);
      u->character.weapon_skills[1] = gtk_spin_button_get_value_as_int (rows->skills[SKILL_SIDEARM]);
      u->character.grenade_skill = gtk_spin_button_get_value_as_int (rows->skills[SKILL_GRENADE]);
      u->character.melee_skill = gtk_spin_button_get_value_as_int (rows->skills[SKILL_MELEE]);
      u->character.melee_weapon = gtk_switch_get_active (rows->melee_weapon);
      u->character.non_combat = gtk_switch_get_active (rows->non_combat);
      for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
        u->character.attributes[a] = gtk_spin_button_get_value_as_int (rows->attributes[a]);
    }
  refresh (self);
}

static void
set_row (GtkWidget  *widget,
         const char *title,
         const char *subtitle,
         gboolean    visible)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_ACTION_ROW);

  if (title != NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_visible (row, visible);
}

/* A character's rows: shown for a character only, each skill with what
 * it converts to — the conversion is the core's (§18, T-44, A-136). */
static void
refresh_character (SlBuilderWindow *self,
                   int              i)
{
  const SlDraftUnit *u = &self->draft->units[i];
  const SlDraftCharacter *c = &u->character;
  UnitRows *rows = &self->units[i];
  gboolean on = u->legionnaire;
  int levels[N_SKILLS] = { c->weapon_skills[0], c->weapon_skills[1], c->grenade_skill, c->melee_skill };

  for (int k = 0; k < N_SKILLS; k++)
    {
      int modifier = sl_legionnaire_modifier (self->rules, levels[k], c->non_combat);
      g_autofree char *title = NULL;
      g_autofree char *value = modifier > 0 ? g_strdup_printf ("+%d", modifier)
                               : modifier < 0 ? g_strdup_printf ("\xe2\x88\x92%d", -modifier)
                                              : g_strdup ("0");
      /* Translators: the modifier a Legionnaire skill level converts to,
       * under the skill: "−1 to hit (T-44)", "+1 in melee (T-44)". */
      g_autofree char *subtitle = g_strdup_printf (k == SKILL_MELEE ? _("%s in melee (T-44)")
                                                                     : _("%s to hit (T-44)"), value);

      if (k == SKILL_WEAPON || (k == SKILL_SIDEARM && u->weapons[1] != NULL))
        /* Translators: a Legionnaire character's skill level with a weapon:
         * "Skill with the Spike Rifle (SR)". */
        title = g_strdup_printf (_("Skill with the %s (%s)"), u->weapons[k]->name, u->weapons[k]->id);
      set_row (GTK_WIDGET (rows->skills[k]), title, subtitle,
               on && (k != SKILL_SIDEARM || u->weapons[1] != NULL));
    }
  {
    g_autofree char *unarmed = sl_table_labels_no_melee_weapon (self->rules);
    g_autofree char *untrained = sl_table_labels_untrained_non_combat (self->rules);

    set_row (GTK_WIDGET (rows->melee_weapon), NULL, c->melee_weapon ? NULL : unarmed, on);
    set_row (GTK_WIDGET (rows->non_combat), NULL, untrained, on);
  }
  for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
    {
      int threshold = sl_legionnaire_threshold (self->options, a);
      int bonus = sl_legionnaire_attribute (self->options, a, c->attributes[a]);
      g_autofree char *value = sl_text_signed (bonus);
      g_autofree char *subtitle = NULL;

      if (threshold < 0)
        subtitle = g_strdup (_("Never counts: no threshold is set in the rule options (A-136)"));
      else if (bonus == 0)
        subtitle = g_strdup_printf (_("Counts above %d (A-136)"), threshold);
      /* Translators: what a Legionnaire attribute above its threshold
       * gives: "+1" m, "−1" on the rolls. */
      else if (a == SL_LEGIONNAIRE_LAND_MOVEMENT)
        subtitle = g_strdup_printf (_("%s m on every move but crawling (A-136)"), value);
      else if (a == SL_LEGIONNAIRE_REACTION)
        subtitle = g_strdup_printf (_("%s on its grouping’s initiative (A-136)"), value);
      else
        subtitle = g_strdup_printf (_("%s leadership when it leads (A-136)"), value);
      set_row (GTK_WIDGET (rows->attributes[a]), NULL, subtitle, on);
    }
}

/* The points and the problems, from the core. */
static void
refresh (SlBuilderWindow *self)
{
  SlSquadDraft *d = self->draft;
  SlSquadCost cost = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);

  if (!sl_squad_draft_cost (self->rules, self->options, d, &cost, &error))
    {
      g_free (self->total_text);
      self->total_text = g_strdup (error->message);
      gtk_label_set_text (self->total, self->total_text);
      return;
    }
  g_free (self->total_text);
  if (d->budget >= 0)
    self->total_text = cost.remaining >= 0
                       /* Translators: "368 of 400 points · 32 left". */
                       ? g_strdup_printf (_("%d of %d points · %d left"), cost.total, d->budget, cost.remaining)
                       : g_strdup_printf (_("%d of %d points · %d over"), cost.total, d->budget, -cost.remaining);
  else
    self->total_text = g_strdup_printf (_("%d points"), cost.total);
  gtk_label_set_text (self->total, self->total_text);

  for (guint i = 0; i < cost.problems->len; i++)
    {
      const SlSquadProblem *p = g_ptr_array_index (cost.problems, i);

      if (problems->len > 0)
        g_string_append_c (problems, '\n');
      g_string_append (problems, p->message);
    }
  g_free (self->problems_text);
  self->problems_text = g_strdup (problems->str);
  sl_rule_links_set_label (self->problems, self->problems_text);
  gtk_widget_set_visible (GTK_WIDGET (self->problems), problems->len > 0);

  for (int i = 0; i < d->n_units; i++)
    {
      const SlDraftUnit *u = &d->units[i];
      g_autofree char *kit = u->weapons[1] ? g_strdup_printf ("%s, %s", u->weapons[0]->id, u->weapons[1]->id)
                                           : g_strdup (u->weapons[0]->id);
      /* Translators: a soldier's line in the builder: "46 points · Combat Arms · Human · BI · SR, SP". */
      g_autofree char *line = g_strdup_printf (_("%d points · %s · %s · %s · %s"),
                                               i < (int) cost.n_units ? cost.units[i].points : 0,
                                               u->troop->name, u->race->name, u->armor->id, kit);
      /* Translators: a Legionnaire player character's line in the builder,
       * after its points, troop, race, suit and weapons (§18). */
      g_autofree char *subtitle = u->legionnaire ? g_strdup_printf (_("%s · Legionnaire character"), line)
                                                 : g_strdup (line);
      g_autofree char *title = i == d->leader
                               /* Translators: the squad leader's line in the builder. */
                               ? g_strdup_printf (_("%s (leader)"), u->name)
                               : g_strdup (u->name);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->units[i].expander), title);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self->units[i].expander), subtitle);
      refresh_character (self, i);
    }
  adw_window_title_set_subtitle (self->title, self->total_text);
  sl_squad_cost_clear (&cost);
}

void
sl_builder_window_apply_to (SlBuilderWindow *self,
                            int              unit,
                            gboolean         whole_squad)
{
  g_return_if_fail (SL_IS_BUILDER_WINDOW (self));
  g_return_if_fail (unit >= 0 && unit < self->draft->n_units);
  read_widgets (self);
  sl_squad_draft_apply_to (self->draft, unit, whole_squad);
  sync_widgets (self);
}

static void
apply_clicked_cb (GtkButton       *button,
                  SlBuilderWindow *self)
{
  int unit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "unit"));
  gboolean squad = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "squad"));

  sl_builder_window_apply_to (self, unit, squad);
}

static AdwComboRow *
combo_row (SlBuilderWindow    *self,
           int                 field,
           const char         *title)
{
  const SlTable *table = combo_table (self, field);
  gboolean with_none = field == F_SIDEARM;
  AdwComboRow *row = ADW_COMBO_ROW (sl_combo_row_new ());
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  const char * const *ids = sl_table_ids (table);

  if (with_none)
    gtk_string_list_append (model, C_("sidearm", "None"));
  for (guint i = 0; ids[i]; i++)
    {
      /* "Spike Rifle (SR)" */
      const char *name = entry_name (self, field, ids[i]);
      g_autofree char *label = g_str_equal (name, ids[i]) || field == F_TROOP || field == F_RACE
                               ? g_strdup (name)
                               : g_strdup_printf ("%s (%s)", name, ids[i]);

      gtk_string_list_append (model, label);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  adw_combo_row_set_use_subtitle (row, FALSE);
  return row;
}

/* A soldier's kit: his name, troop type, race, suit and weapons, and what
 * he carries (the combo rows' choices are the rules' tables). */
static void
build_kit (SlBuilderWindow *self,
           UnitRows        *rows)
{
  const char *titles[N_COMBOS] = { _("Troop type"), _("Race"), _("Suit"), _("Weapon"), _("Sidearm") };

  rows->name = ADW_ENTRY_ROW (sl_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (rows->name), _("Name"));
  adw_expander_row_add_row (ADW_EXPANDER_ROW (rows->expander), GTK_WIDGET (rows->name));
  g_signal_connect_swapped (rows->name, "changed", G_CALLBACK (read_widgets), self);
  for (int f = 0; f < N_COMBOS; f++)
    {
      rows->combos[f] = combo_row (self, f, titles[f]);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (rows->expander), GTK_WIDGET (rows->combos[f]));
      g_signal_connect_swapped (rows->combos[f], "notify::selected", G_CALLBACK (read_widgets), self);
    }
  rows->launcher = sl_switch_row_add (rows->expander, _("Grenade launcher"), NULL);
  rows->plastic = sl_spin_row_add (rows->expander, _("Plastic charges"), 0, 10, 1);
  rows->shaped = sl_spin_row_add (rows->expander, _("Shaped charges"), 0, 10, 1);
  {
    /* T-38: the surcharge is the rules data's. */
    g_autofree char *hidden = sl_table_labels_hidden_surcharge (self->rules);

    rows->hidden = sl_switch_row_add (rows->expander, hidden, NULL);
  }
  rows->naval = sl_switch_row_add (rows->expander, _("Naval tech troops"), NULL);
  g_signal_connect_swapped (rows->launcher, "notify::active", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (rows->hidden, "notify::active", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (rows->naval, "notify::active", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (rows->plastic, "value-changed", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (rows->shaped, "value-changed", G_CALLBACK (read_widgets), self);
}

/* §18: a Legionnaire player character, its skills in Legionnaire levels;
 * the rows below the switch are shown for a character only. */
static void
build_character (SlBuilderWindow *self,
                 UnitRows        *rows)
{
  const char *skill_titles[N_SKILLS] = {
    _("Skill with the weapon"), _("Skill with the sidearm"), _("Skill with hand grenades"), _("Melee skill"),
  };
  const char *attribute_titles[SL_N_LEGIONNAIRE_ATTRIBUTES] = {
    _("Land movement"), _("Reaction"), _("Charisma"),
  };

  rows->legionnaire = sl_switch_row_add (rows->expander, _("Legionnaire character (§18)"),
                                         _("A player character: its own skills, and it never routs"));
  g_signal_connect_swapped (rows->legionnaire, "notify::active", G_CALLBACK (read_widgets), self);
  for (int k = 0; k < N_SKILLS; k++)
    {
      rows->skills[k] = sl_spin_row_add (rows->expander, skill_titles[k], 0, 100, 1);
      g_signal_connect_swapped (rows->skills[k], "value-changed", G_CALLBACK (read_widgets), self);
      if (k == SKILL_MELEE)
        {
          rows->melee_weapon = sl_switch_row_add (rows->expander, _("Carries a melee weapon"), NULL);
          g_signal_connect_swapped (rows->melee_weapon, "notify::active", G_CALLBACK (read_widgets), self);
        }
    }
  rows->non_combat = sl_switch_row_add (rows->expander, _("Non-combat character"), NULL);
  g_signal_connect_swapped (rows->non_combat, "notify::active", G_CALLBACK (read_widgets), self);
  for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
    {
      rows->attributes[a] = sl_spin_row_add (rows->expander, attribute_titles[a], 0, 100, 1);
      g_signal_connect_swapped (rows->attributes[a], "value-changed", G_CALLBACK (read_widgets), self);
    }
}

/* Soldier @i's row: built for each of the squad's places, shown for the
 * soldiers it has. */
static void
build_unit (SlBuilderWindow *self,
            GtkWidget       *group,
            int              i)
{
  UnitRows *rows = &self->units[i];
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *team = gtk_button_new_with_mnemonic (_("Apply to Fire _Team"));
  GtkWidget *squad = gtk_button_new_with_mnemonic (_("Apply to S_quad"));

  rows->expander = sl_expander_row_new ();
  build_kit (self, rows);
  build_character (self, rows);
  g_object_set_data (G_OBJECT (team), "unit", GINT_TO_POINTER (i));
  g_object_set_data (G_OBJECT (squad), "unit", GINT_TO_POINTER (i));
  g_object_set_data (G_OBJECT (squad), "squad", GINT_TO_POINTER (TRUE));
  g_signal_connect (team, "clicked", G_CALLBACK (apply_clicked_cb), self);
  g_signal_connect (squad, "clicked", G_CALLBACK (apply_clicked_cb), self);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_widget_set_margin_bottom (buttons, 6);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_box_append (GTK_BOX (buttons), team);
  gtk_box_append (GTK_BOX (buttons), squad);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (rows->expander), buttons);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), rows->expander);
}

/* Files: the library (~/.local/share/squadlog/squads/). */

static gboolean save_to (SlBuilderWindow *self,
                         const char      *path,
                         gboolean         replace);

/* The squad on screen, to compare with the one last saved. */
static char *
builder_fingerprint (SlDraftWindow *window)
{
  SlBuilderWindow *self = SL_BUILDER_WINDOW (window);
  g_autoptr(JsonNode) node = NULL;

  read_widgets (self);
  node = sl_squad_draft_to_json (self->draft);
  return sl_json_to_string (node, FALSE);
}

gboolean
sl_builder_window_has_changes (SlBuilderWindow *self)
{
  g_return_val_if_fail (SL_IS_BUILDER_WINDOW (self), FALSE);
  return sl_draft_window_has_changes (SL_DRAFT_WINDOW (self));
}

static gboolean
builder_save (SlDraftWindow *window)
{
  return sl_builder_window_save (SL_BUILDER_WINDOW (window), SL_BUILDER_WINDOW (window)->file);
}

static char *
builder_unsaved_body (SlDraftWindow *window)
{
  SlBuilderWindow *self = SL_BUILDER_WINDOW (window);

  return g_strdup_printf (_("The squad “%s” has changes that are not saved. Without saving, they are lost."),
                          *self->draft->name ? self->draft->name : _("Squad"));
}

static void
replace_cb (GtkWindow  *owner,
            const char *path,
            int         tag)
{
  save_to (SL_BUILDER_WINDOW (owner), path, TRUE);
}

/* Saves the squad at @path; a file already there that is not the squad's
 * own is replaced only with @replace, otherwise the player is asked. */
static gboolean
save_to (SlBuilderWindow *self,
         const char      *path,
         gboolean         replace)
{
  g_autoptr(GError) error = NULL;

  if (!sl_squad_draft_save (self->draft, path, replace || g_strcmp0 (self->file, path) == 0, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The squad could not be saved: %s"), error->message);

      sl_draft_window_save_failed (SL_DRAFT_WINDOW (self), error, path, replace_cb, 0, text);
      return FALSE;
    }
  g_free (self->file);
  self->file = g_strdup (path);
  sl_draft_window_mark_saved (SL_DRAFT_WINDOW (self));
  {
    g_autofree char *name = g_filename_display_basename (path);
    g_autofree char *text = g_strdup_printf (_("Saved as “%s” in your squads"), name);

    sl_draft_window_toast (SL_DRAFT_WINDOW (self), text);
  }
  return TRUE;
}

gboolean
sl_builder_window_save (SlBuilderWindow *self,
                        const char      *path)
{
  g_autofree char *dir = sl_squad_library_dir ();
  g_autofree char *file = NULL;

  g_return_val_if_fail (SL_IS_BUILDER_WINDOW (self), FALSE);
  read_widgets (self);
  if (path == NULL)
    {
      /* The squad's name made fit for a file's (no folders, one line). */
      g_autofree char *stem = sl_text_file_name (self->draft->name, 200, _("Squad"));
      g_autofree char *base = g_strconcat (stem, ".json", NULL);

      file = g_build_filename (dir, base, NULL);
      path = file;
    }
  return save_to (self, path, FALSE);
}

gboolean
sl_builder_window_load (SlBuilderWindow *self,
                        const char      *path)
{
  g_autoptr(GError) error = NULL;
  SlSquadDraft *draft;

  g_return_val_if_fail (SL_IS_BUILDER_WINDOW (self), FALSE);
  draft = sl_squad_draft_load (self->rules, path, &error);
  if (draft == NULL)
    {
      AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                                             _("Cannot Open the Squad"),
                                                                             error->message));

      adw_message_dialog_add_response (dialog, "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return FALSE;
    }
  sl_squad_draft_free (self->draft);
  self->draft = draft;
  g_free (self->file);
  self->file = g_strdup (path);
  sync_widgets (self);
  sl_draft_window_mark_saved (SL_DRAFT_WINDOW (self));
  return TRUE;
}

static void
squad_chosen (const char *path,
              gpointer    user_data,
              int         tag)
{
  sl_builder_window_load (SL_BUILDER_WINDOW (user_data), path);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_autofree char *dir = sl_squad_library_dir ();

  sl_choose_json (GTK_WINDOW (widget), _("Open a Squad"), _("_Open"), _("Squads"), dir,
                  squad_chosen, widget, 0);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  sl_builder_window_save (SL_BUILDER_WINDOW (widget), NULL);
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  SlBuilderWindow *self = SL_BUILDER_WINDOW (widget);

  sl_squad_draft_free (self->draft);
  self->draft = sl_squad_draft_new (self->rules);
  g_clear_pointer (&self->file, g_free);
  sync_widgets (self);
  sl_draft_window_mark_saved (SL_DRAFT_WINDOW (self));
}

static void
sl_builder_window_finalize (GObject *object)
{
  SlBuilderWindow *self = SL_BUILDER_WINDOW (object);

  sl_squad_draft_free (self->draft);
  g_free (self->file);
  g_free (self->total_text);
  g_free (self->problems_text);
  G_OBJECT_CLASS (sl_builder_window_parent_class)->finalize (object);
}

static void
sl_builder_window_class_init (SlBuilderWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlDraftWindowClass *draft_class = SL_DRAFT_WINDOW_CLASS (klass);

  object_class->finalize = sl_builder_window_finalize;
  draft_class->fingerprint = builder_fingerprint;
  draft_class->save = builder_save;
  draft_class->unsaved_body = builder_unsaved_body;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-builder-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, title);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, total);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, problems);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, name);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, quality);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, leader);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, rating);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, fire_teams);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, size);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, budget);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, mines);
  gtk_widget_class_bind_template_child (widget_class, SlBuilderWindow, all_hidden);
  gtk_widget_class_bind_template_child_full (widget_class, "units", FALSE,
                                             G_STRUCT_OFFSET (SlBuilderWindow, units_group));
  for (int k = 0; k < SL_DRAFT_SIDE_ITEMS; k++)
    {
      g_autofree char *id = g_strdup_printf ("side_item_%d", k);

      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (SlBuilderWindow, side_items) +
                                                 k * sizeof (GtkSpinButton *));
    }
  gtk_widget_class_bind_template_callback (widget_class, read_widgets);

  gtk_widget_class_install_action (widget_class, "builder.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "builder.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "builder.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "builder.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "builder.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "builder.save", NULL);
}

static void
sl_builder_window_init (SlBuilderWindow *self)
{
  /* The widgets say nothing to the draft until it is there. */
  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  sl_draft_window_set_toasts (SL_DRAFT_WINDOW (self), self->toasts);
  gtk_spin_button_set_range (self->size, 1, SL_DRAFT_MAX_UNITS);
}

SlBuilderWindow *
sl_builder_window_new (GtkWindow       *parent,
                       const SlRules   *rules,
                       const SlOptions *options)
{
  SlBuilderWindow *self;
  g_autoptr(GtkStringList) qualities = gtk_string_list_new (NULL);

  g_return_val_if_fail (rules != NULL && options != NULL, NULL);

  self = g_object_new (SL_TYPE_BUILDER_WINDOW, "transient-for", parent, NULL);
  self->rules = rules;
  self->options = options;
  self->draft = sl_squad_draft_new (rules);
  for (int q = 0; q < SL_N_QUALITIES; q++)
    gtk_string_list_append (qualities, sl_quality_label (q));
  adw_combo_row_set_model (self->quality, G_LIST_MODEL (qualities));
  for (int i = 0; i < SL_DRAFT_MAX_UNITS; i++)
    build_unit (self, self->units_group, i);
  sync_widgets (self);
  sl_draft_window_mark_saved (SL_DRAFT_WINDOW (self));
  return self;
}

const SlSquadDraft *
sl_builder_window_get_draft (SlBuilderWindow *self)
{
  g_return_val_if_fail (SL_IS_BUILDER_WINDOW (self), NULL);
  return self->draft;
}

const char *
sl_builder_window_get_total (SlBuilderWindow *self)
{
  g_return_val_if_fail (SL_IS_BUILDER_WINDOW (self), NULL);
  return self->total_text;
}

const char *
sl_builder_window_get_problems (SlBuilderWindow *self)
{
  g_return_val_if_fail (SL_IS_BUILDER_WINDOW (self), NULL);
  return self->problems_text ? self->problems_text : "";
}

AdwComboRow *
sl_builder_window_get_combo (SlBuilderWindow *self,
                             int              unit,
                             const char      *field)
{
  g_return_val_if_fail (SL_IS_BUILDER_WINDOW (self), NULL);
  g_return_val_if_fail (unit >= 0 && unit < SL_DRAFT_MAX_UNITS, NULL);
  for (int f = 0; combo_fields[f]; f++)
    if (g_str_equal (combo_fields[f], field))
      return self->units[unit].combos[f];
  return NULL;
}
