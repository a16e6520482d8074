/* sl-dice-sheet.c: a resolution sheet for a command that needs only dice
 * and a few switches — rout checks (d100), rallies, melee, avoidance. The
 * odds of each roll come from the core (sl_game_preview) before the dice;
 * each die is typed (d10: one key, 0 for 10; d100: two keys, 00 for 100)
 * or rolled by the app. The layout is ui/sl-dice-sheet.ui; the dice, the
 * modifiers and what the table says are rows built here.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-a11y.h"
#include "sl-command-new.h"
#include "sl-dice-sheet-private.h"
#include "sl-dice-sheet.h"
#include "sl-preview-dice.h"
#include "sl-ui-util.h"

typedef struct
{
  SlDieNeed  need;       /* its strings owned */
  int        value;      /* 0 until typed */
  GtkWidget *shown;
} Die;

typedef struct
{
  char      *field;
  GVariant  *value;
  GtkSwitch *toggle;
} Switch;

/* A number (a spin) or a choice (a combo) the command takes. */
typedef struct
{
  char        *field;
  GtkWidget   *widget;
  GVariant    *choices;   /* a list, or NULL for a number */
  char        *source;    /* a table's modifier: [{"source", "value"}] when not 0 */
} Field;

struct _SlDiceSheet
{
  SlSheet         parent_instance;

  SlGame         *game;      /* the sheet's (sl_sheet_get_game) */
  JsonNode       *command;
  GArray         *dice;      /* Die */
  GArray         *switches;  /* Switch */
  GArray         *fields;    /* Field */
  int             tens;      /* d100: the tens typed, or -1 */

  AdwWindowTitle *title;
  GtkWidget      *dice_group;
  GtkListBox     *dice_list;
  GtkWidget      *modifiers_group;
  GtkWidget      *options_group;
  GtkListBox     *breakdown;
  char           *odds_text;

  GtkWidget            *count_group;
  GtkSpinButton        *count;
  SlDiceSheetCountFunc  count_func;
  gpointer              count_data;
  guint                 count_idle;
};

G_DEFINE_FINAL_TYPE (SlDiceSheet, sl_dice_sheet, SL_TYPE_SHEET)

static void
die_clear (gpointer data)
{
  Die *d = data;

  g_free ((char *) d->need.field);
  g_free ((char *) d->need.label);
}

static void
switch_clear (gpointer data)
{
  Switch *s = data;

  g_free (s->field);
  g_variant_unref (s->value);
}

static void
field_clear (gpointer data)
{
  Field *f = data;

  g_free (f->field);
  g_clear_pointer (&f->choices, g_variant_unref);
  g_free (f->source);
}

/* The command with the switches on and the dice typed so far. */
static JsonNode *
build_command (SlDiceSheet *self)
{
  JsonNode *node = sl_command_copy (self->command);

  for (guint i = 0; i < self->switches->len; i++)
    {
      Switch *s = &g_array_index (self->switches, Switch, i);

      if (gtk_switch_get_active (s->toggle))
        sl_command_set_value (node, s->field, s->value);
    }
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);

      if (f->source != NULL)
        {
          /* The table's own modifier, as "modifiers" take it (a fire's,
           * a melee's): left out at 0. */
          int value = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (f->widget));

          if (value != 0)
            sl_command_set_modifier (node, f->field, f->source, value);
        }
      else if (f->choices != NULL && g_variant_n_children (f->choices) > 0)
        {
          gsize last = g_variant_n_children (f->choices) - 1;
          guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (f->widget));
          g_autoptr(GVariant) value = g_variant_get_child_value (f->choices, MIN (selected, last));

          sl_command_set_value (node, f->field, value);
        }
      else
        sl_command_set_value (node, f->field,
                              g_variant_new_double (gtk_spin_button_get_value (GTK_SPIN_BUTTON (f->widget))));
    }
  for (guint i = 0; i < self->dice->len; i++)
    {
      Die *d = &g_array_index (self->dice, Die, i);

      if (d->value > 0)
        sl_command_set_die (node, &d->need, d->value);
    }
  return node;
}

/* "Needs 7 or less · 70 %" for @roll, when the preview tells its odds. */
static void
collect_odds (const SlDiceRoll *roll,
              const char       *who,
              GString          *out)
{
  g_autofree char *words = NULL;

  if (!roll->has_odds)
    return;
  words = sl_check_odds_words (&roll->odds);
  if (out->len > 0)
    g_string_append_c (out, '\n');
  if (who != NULL)
    g_string_append_printf (out, "%s: ", who);
  g_string_append (out, words);
}

/* The unit whose roll a side of a two-sided roll (melee) is: its label,
 * or NULL. */
static const char *
side_label (SlDiceSheet      *self,
            const SlDiceSide *side)
{
  const SlUnitSetup *u = sl_setup_unit (sl_game_get_setup (self->game), side->unit);

  return u ? u->label : NULL;
}

/* The rows of @roll's modifiers, if any; @who (when not NULL) says whose
 * roll they are on. */
static void
add_breakdown (SlDiceSheet      *self,
               const SlDiceRoll *roll,
               const char       *who)
{
  for (guint i = 0; roll->breakdown != NULL && i < sl_breakdown_size (roll->breakdown); i++)
    {
      const SlModifier *m = sl_breakdown_get (roll->breakdown, i);
      GtkWidget *row = sl_action_row_new ();
      g_autofree char *value = sl_signed_text (m->value);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), m->label);
      if (who != NULL)
        {
          /* Translators: under a modifier of a melee sheet, whose roll it
           * is on: "Roll of 3 · Legionnaire Ostra". */
          g_autofree char *whose = g_strdup_printf (_("Roll of %s"), who);

          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), whose);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (value));
      gtk_list_box_append (self->breakdown, row);
    }
}

/* The modifiers of the roll, as the core counted them; of each side's
 * roll when both sides roll (melee). */
static void
show_breakdown (SlDiceSheet         *self,
                const SlDicePreview *preview)
{
  const SlDiceSide *sides[] = { &preview->unit, &preview->target };
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->breakdown))) != NULL)
    gtk_list_box_remove (self->breakdown, child);
  add_breakdown (self, &preview->roll, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    if (sides[i]->present)
      add_breakdown (self, &sides[i]->roll, side_label (self, sides[i]));
  /* No modifier counted (a rout check of a squad with none): no empty
   * box (issue 31 #8). */
  gtk_widget_set_visible (self->modifiers_group,
                          self->dice->len > 0 && gtk_widget_get_first_child (GTK_WIDGET (self->breakdown)) != NULL);
}

/* The odds of every roll in the preview, one line each. */
static void
collect_all_odds (SlDiceSheet         *self,
                  const SlDicePreview *preview,
                  GString             *odds)
{
  const SlDiceSide *sides[] = { &preview->unit, &preview->target };

  collect_odds (&preview->roll, NULL, odds);
  /* A hand grenade or a fire mission: its one shot. */
  if (preview->has_shot)
    collect_odds (&preview->shot, NULL, odds);
  /* A salvo: the odds of each grenade. */
  for (guint i = 0; preview->grenades != NULL && i < preview->grenades->len; i++)
    {
      /* Translators: which grenade of a launcher salvo, before its odds. */
      g_autofree char *who = preview->grenades->len > 1 ? g_strdup_printf (_("Grenade %u"), i + 1)
                                                        : NULL;

      collect_odds (&g_array_index (preview->grenades, SlDiceRoll, i), who, odds);
    }
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    if (sides[i]->present)
      collect_odds (&sides[i]->roll, side_label (self, sides[i]), odds);
  /* Dice whose odds the core does not give (a zero-G check of an
   * engagement) are only asked for. */
  if (odds->len == 0 && self->dice->len == 0)
    g_string_assign (odds, _("No roll needed."));
}

/* The command's fields the sheet sets: what the players can change. */
static GStrv
sheet_inputs (SlDiceSheet *self)
{
  g_autoptr(GStrvBuilder) inputs = g_strv_builder_new ();

  for (guint i = 0; i < self->dice->len; i++)
    g_strv_builder_add (inputs, g_array_index (self->dice, Die, i).need.field);
  for (guint i = 0; i < self->switches->len; i++)
    g_strv_builder_add (inputs, g_array_index (self->switches, Switch, i).field);
  for (guint i = 0; i < self->fields->len; i++)
    g_strv_builder_add (inputs, g_array_index (self->fields, Field, i).field);
  return g_strv_builder_end (inputs);
}

/* The command is refused: why, plainly; when nothing on the sheet can put
 * it right, the way on is to give up the unit's action (§6.1). */
static void
show_refusal (SlSheet      *sheet,
              const GError *error)
{
  SlDiceSheet *self = SL_DICE_SHEET (sheet);
  g_auto(GStrv) inputs = sheet_inputs (self);
  gboolean stuck = sl_sheet_get_unit (SL_SHEET (self)) >= 0 && !sl_refusal_fixable (error, (const char * const *) inputs);

  sl_sheet_show_refusal (SL_SHEET (self), error->message, stuck);
}

/* Each die as typed, and what the sheet asks for next. */
static void
show_dice (SlDiceSheet *self)
{
  g_autofree int *typed = g_new0 (int, self->dice->len + 1);
  g_autofree char *text = NULL;
  guint n_typed = 0;
  Die *next = NULL;

  for (guint i = 0; i < self->dice->len; i++)
    {
      Die *d = &g_array_index (self->dice, Die, i);
      g_autofree char *shown = d->value > 0 ? g_strdup_printf ("%d", d->value) : g_strdup ("–");

      if (d->value > 0)
        typed[n_typed++] = d->value;
      if (d->value == 0 && next == NULL)
        next = d;
      gtk_label_set_text (GTK_LABEL (d->shown), shown);
    }
  sl_sheet_set_typed (SL_SHEET (self), typed, n_typed);
  if (next != NULL && self->tens >= 0)
    /* "Rout check (d100): 4_" */
    text = g_strdup_printf (_("%s: %d_ — now the units die"), next->need.label, self->tens);
  else if (next != NULL)
    text = next->need.sides == 100
           ? g_strdup_printf (_("%s: type the tens die, then the units die (00 is 100)."), next->need.label)
           : g_strdup_printf (_("%s: type the die (1–9, 0 for 10)."), next->need.label);
  if (text != NULL)
    sl_sheet_set_prompt (SL_SHEET (self), text);
}

static void
refresh (SlSheet *sheet)
{
  SlDiceSheet *self = SL_DICE_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);
  g_autoptr(GString) odds = g_string_new (NULL);

  show_dice (self);
  sl_sheet_clear_refusal (sheet);
  if (result == NULL)
    {
      sl_sheet_refused (SL_SHEET (self), error);
      g_string_assign (odds, error->message);
    }
  else
    {
      SlDicePreview preview;

      sl_dice_preview_read (result, &preview);
      show_breakdown (self, &preview);
      collect_all_odds (self, &preview, odds);
      sl_dice_preview_clear (&preview);
    }
  g_free (self->odds_text);
  self->odds_text = g_strdup (odds->str);
  sl_sheet_set_odds (sheet, self->odds_text);
}

const char *
sl_dice_sheet_get_odds (SlDiceSheet *self)
{
  g_return_val_if_fail (SL_IS_DICE_SHEET (self), NULL);
  return self->odds_text;
}

static gboolean
apply (SlSheet *sheet)
{
  SlDiceSheet *self = SL_DICE_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self);

  return sl_sheet_apply_command (sheet, command);
}

gboolean
sl_dice_sheet_apply (SlDiceSheet *self)
{
  g_return_val_if_fail (SL_IS_DICE_SHEET (self), FALSE);
  return sl_sheet_apply (SL_SHEET (self));
}

gboolean
sl_dice_sheet_can_give_up (SlDiceSheet *self)
{
  g_return_val_if_fail (SL_IS_DICE_SHEET (self), FALSE);
  return sl_sheet_can_give_up (SL_SHEET (self));
}

gboolean
sl_dice_sheet_give_up (SlDiceSheet *self)
{
  g_return_val_if_fail (SL_IS_DICE_SHEET (self), FALSE);
  return sl_sheet_give_up (SL_SHEET (self));
}

/* d10: one key, 0 for 10; d100: the tens, then the units, 00 for 100. */
static gboolean
enter_digit (SlSheet *sheet,
             int      digit)
{
  SlDiceSheet *self = SL_DICE_SHEET (sheet);
  Die *next = NULL;

  if (digit < 0 || digit > 9)
    return FALSE;
  for (guint i = 0; i < self->dice->len && next == NULL; i++)
    if (g_array_index (self->dice, Die, i).value == 0)
      next = &g_array_index (self->dice, Die, i);
  if (next == NULL)
    return FALSE;
  if (next->need.sides == 100)
    {
      if (self->tens < 0)
        {
          self->tens = digit;
          refresh (sheet);
          return TRUE;
        }
      next->value = self->tens * 10 + digit;
      if (next->value == 0)
        next->value = 100;
      self->tens = -1;
    }
  else
    next->value = digit == 0 ? 10 : digit;
  for (guint i = 0; i < self->dice->len; i++)
    if (g_array_index (self->dice, Die, i).value == 0)
      {
        refresh (sheet);
        return TRUE;
      }
  /* Every die is in: the roll is made. */
  return apply (sheet);
}

gboolean
sl_dice_sheet_type_digit (SlDiceSheet *self,
                          int          digit)
{
  g_return_val_if_fail (SL_IS_DICE_SHEET (self), FALSE);
  return sl_sheet_enter_digit (SL_SHEET (self), digit);
}

/* What the table says shows once there is something to say. */
static void
show_options (SlDiceSheet *self)
{
  gtk_widget_set_visible (self->options_group, TRUE);
}

void
sl_dice_sheet_add_switch (SlDiceSheet *self,
                          const char  *label,
                          const char  *field,
                          GVariant    *value)
{
  GtkSwitch *toggle;
  Switch s = { 0 };

  g_return_if_fail (SL_IS_DICE_SHEET (self));
  g_return_if_fail (value != NULL);
  toggle = sl_switch_row_add (self->options_group, label, NULL);
  show_options (self);
  s.field = g_strdup (field);
  s.value = g_variant_ref_sink (value);
  s.toggle = toggle;
  g_array_append_val (self->switches, s);
  g_signal_connect_swapped (toggle, "notify::active", G_CALLBACK (sl_sheet_refresh), self);
  sl_sheet_refresh (SL_SHEET (self));
}

/* A number the command takes at @field: a spin from @min to @max by
 * @step, titled @label; typed, Enter goes back to the dice; @source for
 * the table's own modifier. */
static GtkSpinButton *
add_field_spin (SlDiceSheet *self,
                const char  *label,
                const char  *field,
                const char  *source,
                double       min,
                double       max,
                double       value)
{
  GtkSpinButton *spin = sl_spin_row_add (self->options_group, label, min, max, 1);
  Field f = { 0 };

  gtk_spin_button_set_value (spin, value);
  show_options (self);
  f.field = g_strdup (field);
  f.widget = GTK_WIDGET (spin);
  f.source = g_strdup (source);
  g_array_append_val (self->fields, f);
  sl_sheet_return_on_enter (SL_SHEET (self), GTK_EDITABLE (spin));
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (sl_sheet_refresh), self);
  sl_sheet_refresh (SL_SHEET (self));
  return spin;
}

void
sl_dice_sheet_add_number (SlDiceSheet *self,
                          const char  *label,
                          const char  *field,
                          double       min,
                          double       max,
                          double       value)
{
  g_return_if_fail (SL_IS_DICE_SHEET (self));
  add_field_spin (self, label, field, NULL, min, max, value);
}

void
sl_dice_sheet_add_modifier (SlDiceSheet *self,
                            const char  *label,
                            const char  *field,
                            const char  *source)
{
  g_return_if_fail (SL_IS_DICE_SHEET (self));
  add_field_spin (self, label, field, source, -20, 20, 0);
}

void
sl_dice_sheet_add_choice (SlDiceSheet        *self,
                          const char         *label,
                          const char         *field,
                          GVariant           *values,
                          const char * const *labels)
{
  AdwComboRow *row;
  g_autoptr(GtkStringList) model = NULL;
  Field f = { 0 };

  g_return_if_fail (SL_IS_DICE_SHEET (self));
  g_return_if_fail (values != NULL && g_variant_is_container (values));
  row = ADW_COMBO_ROW (sl_combo_row_new ());
  model = gtk_string_list_new (labels);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->options_group), GTK_WIDGET (row));
  show_options (self);
  f.field = g_strdup (field);
  f.widget = GTK_WIDGET (row);
  f.choices = g_variant_ref_sink (values);
  g_array_append_val (self->fields, f);
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (sl_sheet_refresh), self);
  sl_sheet_refresh (SL_SHEET (self));
}

gboolean
sl_dice_sheet_choose (SlDiceSheet *self,
                      const char  *field,
                      GVariant    *value)
{
  g_autoptr(GVariant) wanted = NULL;

  g_return_val_if_fail (SL_IS_DICE_SHEET (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  wanted = g_variant_ref_sink (value);
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);

      if (f->choices == NULL || !g_str_equal (f->field, field))
        continue;
      for (gsize k = 0; k < g_variant_n_children (f->choices); k++)
        {
          g_autoptr(GVariant) choice = g_variant_get_child_value (f->choices, k);

          if (g_variant_equal (choice, wanted))
            {
              adw_combo_row_set_selected (ADW_COMBO_ROW (f->widget), k);
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* The caller replaces the sheet: after the spin's own signal is over. */
static gboolean
count_idle_cb (gpointer data)
{
  SlDiceSheet *self = data;

  self->count_idle = 0;
  if (self->count_func != NULL && self->count != NULL && gtk_widget_get_visible (GTK_WIDGET (self)))
    self->count_func (self, gtk_spin_button_get_value_as_int (self->count), self->count_data);
  return G_SOURCE_REMOVE;
}

static void
count_changed_cb (GtkSpinButton *spin,
                  SlDiceSheet   *self)
{
  if (self->count_idle == 0)
    self->count_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, count_idle_cb,
                                        g_object_ref (self), g_object_unref);
}

void
sl_dice_sheet_add_count (SlDiceSheet          *self,
                         const char           *label,
                         int                   min,
                         int                   max,
                         int                   value,
                         SlDiceSheetCountFunc  func,
                         gpointer              user_data)
{
  GtkSpinButton *spin;

  g_return_if_fail (SL_IS_DICE_SHEET (self));
  g_return_if_fail (self->count == NULL);
  spin = sl_spin_row_add (self->count_group, label, min, max, 1);
  gtk_spin_button_set_value (spin, value);
  sl_sheet_return_on_enter (SL_SHEET (self), GTK_EDITABLE (spin));
  gtk_widget_set_visible (self->count_group, TRUE);
  self->count = spin;
  self->count_func = func;
  self->count_data = user_data;
  g_signal_connect (spin, "value-changed", G_CALLBACK (count_changed_cb), self);
}

void
sl_dice_sheet_set_count (SlDiceSheet *self,
                         int          count)
{
  g_return_if_fail (SL_IS_DICE_SHEET (self));
  g_return_if_fail (self->count != NULL);
  gtk_spin_button_set_value (self->count, count);
}

static void
sl_dice_sheet_dispose (GObject *object)
{
  SlDiceSheet *self = SL_DICE_SHEET (object);

  g_clear_handle_id (&self->count_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_DICE_SHEET);
  G_OBJECT_CLASS (sl_dice_sheet_parent_class)->dispose (object);
}

static void
sl_dice_sheet_finalize (GObject *object)
{
  SlDiceSheet *self = SL_DICE_SHEET (object);

  g_array_unref (self->dice);
  g_array_unref (self->switches);
  g_array_unref (self->fields);
  g_clear_pointer (&self->command, json_node_unref);
  g_free (self->odds_text);
  G_OBJECT_CLASS (sl_dice_sheet_parent_class)->finalize (object);
}

static void
sl_dice_sheet_class_init (SlDiceSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_dice_sheet_dispose;
  object_class->finalize = sl_dice_sheet_finalize;
  sheet_class->enter_digit = enter_digit;
  sheet_class->refresh = refresh;
  sheet_class->apply = apply;
  sheet_class->show_refusal = show_refusal;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-dice-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, SL_SHEET_ALL_PARTS);
  gtk_widget_class_bind_template_child (widget_class, SlDiceSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlDiceSheet, count_group);
  gtk_widget_class_bind_template_child (widget_class, SlDiceSheet, dice_group);
  gtk_widget_class_bind_template_child (widget_class, SlDiceSheet, dice_list);
  gtk_widget_class_bind_template_child (widget_class, SlDiceSheet, modifiers_group);
  gtk_widget_class_bind_template_child (widget_class, SlDiceSheet, breakdown);
  gtk_widget_class_bind_template_child (widget_class, SlDiceSheet, options_group);
}

static void
sl_dice_sheet_init (SlDiceSheet *self)
{
  self->dice = g_array_new (FALSE, TRUE, sizeof (Die));
  g_array_set_clear_func (self->dice, die_clear);
  self->switches = g_array_new (FALSE, TRUE, sizeof (Switch));
  g_array_set_clear_func (self->switches, switch_clear);
  self->fields = g_array_new (FALSE, TRUE, sizeof (Field));
  g_array_set_clear_func (self->fields, field_clear);
  self->tens = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* A row per die of @dice, in the order they are typed. */
static void
add_dice (SlDiceSheet     *self,
          const SlDieNeed *dice,
          guint            n_dice)
{
  for (guint i = 0; i < n_dice; i++)
    {
      GtkWidget *row = sl_action_row_new ();
      Die d = { 0 };

      d.need = dice[i];
      d.need.field = g_strdup (dice[i].field);
      d.need.label = g_strdup (dice[i].label != NULL ? dice[i].label : dice[i].field);
      d.shown = gtk_label_new ("–");
      gtk_widget_add_css_class (d.shown, "title-2");
      gtk_widget_add_css_class (d.shown, "numeric");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), d.need.label);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), d.shown);
      gtk_list_box_append (self->dice_list, row);
      g_array_append_val (self->dice, d);
    }
}

SlDiceSheet *
sl_dice_sheet_new (GtkWindow          *parent,
                   SlGame             *game,
                   const char         *title,
                   const char         *subtitle,
                   JsonNode           *command,
                   const SlDieNeed    *dice,
                   guint               n_dice,
                   gboolean            app_rolls)
{
  SlDiceSheet *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  g_return_val_if_fail (command != NULL && JSON_NODE_HOLDS_OBJECT (command), NULL);
  g_return_val_if_fail (dice != NULL || n_dice == 0, NULL);

  /* The unit whose action this resolves, if any: the one that gives it
   * up when nothing on the sheet can put a refusal right (SlSheet). */
  self = g_object_new (SL_TYPE_DICE_SHEET, "window", parent, "game", game,
                       "unit", sl_command_get_unit (sl_game_get_setup (game), command),
                       "app-rolls", app_rolls, NULL);
  self->game = game;
  self->command = sl_command_copy (command);
  sl_sheet_set_title (SL_SHEET (self), title);
  adw_window_title_set_title (self->title, title);
  adw_window_title_set_subtitle (self->title, subtitle);
  if (n_dice == 0)
    sl_a11y_set_button_label (GTK_BUTTON (sl_sheet_get_roll_button (SL_SHEET (self))), _("_Resolve"));
  add_dice (self, dice, n_dice);
  /* A command without dice (a charge set off, a dive that stops) has no
   * roll to show, nor modifiers of one. */
  gtk_widget_set_visible (self->dice_group, self->dice->len > 0);
  gtk_widget_set_visible (self->modifiers_group,
                          self->dice->len > 0 && gtk_widget_get_first_child (GTK_WIDGET (self->breakdown)) != NULL);
  sl_sheet_ready (SL_SHEET (self));
  return self;
}
