/* sl-sheet.c: what every sheet shares. A sheet is a modal dialog that
 * gathers what the table shows, asks the core what it would make of it
 * (sl_game_preview) and applies one command; the layout is the sheet's
 * template, the rows built from the game its C. Here: the game it plays,
 * the dice typed as one key press each (1–9, 0 for 10) before the focused
 * widget sees them — but for text being typed —, whether the app rolls,
 * Escape, the problem line with its rule links and the way out when
 * nothing on the sheet can put a refusal right, the odds header; and for
 * a screen reader the sheet is a dialog whose focus starts where the
 * player acts, with the odds, the dice typed and what to type in that
 * widget's description (issue 21 #9).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-rule-links.h"
#include "sl-sheet.h"
#include "sl-ui-util.h"

typedef struct
{
  SlGame    *game;
  int        unit;
  gboolean   app_rolls;
  gboolean   ready;

  /* The template's, bound by sl_sheet_class_bind_template_parts. */
  GtkLabel  *problem;
  GtkLabel  *odds;
  GtkLabel  *prompt;
  GtkWidget *roll_button;
  GtkWidget *give_up;

  GtkWidget *entry;         /* where the focus starts, or NULL: the roll button */
  char      *typed;         /* "Dice typed: 3, 6", or NULL */
  GtkWidget *described;     /* the widget told last: the entry, or give_up */
  char      *description;   /* what it was told */
} SlSheetPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (SlSheet, sl_sheet, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_UNIT,
  PROP_APP_ROLLS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

SlGame *
sl_sheet_get_game (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  return priv->game;
}

int
sl_sheet_get_unit (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), -1);
  return priv->unit;
}

gboolean
sl_sheet_get_app_rolls (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  return priv->app_rolls;
}

void
sl_sheet_set_app_rolls (SlSheet  *self,
                        gboolean  app_rolls)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  app_rolls = !!app_rolls;
  if (priv->app_rolls == app_rolls)
    return;
  priv->app_rolls = app_rolls;
  /* When the app rolls, rolling is what the table does next. */
  if (priv->roll_button != NULL && app_rolls)
    gtk_widget_add_css_class (priv->roll_button, "suggested-action");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_APP_ROLLS]);
}

/* The widget the description goes on: the entry, or the way out once the
 * entry is hidden by a refusal nothing can put right. */
static GtkWidget *
described_widget (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  GtkWidget *entry = priv->entry != NULL ? priv->entry : priv->roll_button;

  if (entry != NULL && !gtk_widget_get_visible (entry) && priv->give_up != NULL &&
      gtk_widget_get_visible (priv->give_up))
    return priv->give_up;
  return entry;
}

static void
append_shown (GString  *text,
              GtkLabel *label)
{
  const char *shown;

  if (label == NULL || !gtk_widget_get_visible (GTK_WIDGET (label)))
    return;
  shown = gtk_label_get_text (label);
  if (*shown == '\0')
    return;
  if (text->len > 0)
    g_string_append_c (text, '\n');
  g_string_append (text, shown);
}

/* What a screen reader says of the entry: the sheet's odds, the dice
 * typed, what it waits for and why not, in the order the sheet shows
 * them, then what the entry does (its tooltip, which GTK would say). */
static void
describe (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  GtkWidget *widget = described_widget (self);
  g_autoptr(GString) text = g_string_new (NULL);
  const char *tooltip;

  if (widget == NULL)
    return;
  append_shown (text, priv->odds);
  if (priv->typed != NULL)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", priv->typed);
  append_shown (text, priv->prompt);
  append_shown (text, priv->problem);
  tooltip = gtk_widget_get_tooltip_text (widget);
  if (tooltip != NULL)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", tooltip);
  /* Told again only when it changes: each change is announced. */
  if (widget == priv->described && g_strcmp0 (priv->description, text->str) == 0)
    return;
  priv->described = widget;
  g_free (priv->description);
  priv->description = g_strdup (text->str);
  if (text->len > 0)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text->str, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

const char *
sl_sheet_get_description (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  return priv->description;
}

GtkWidget *
sl_sheet_get_entry (SlSheet *self)
{
  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  return described_widget (self);
}

void
sl_sheet_set_entry (SlSheet   *self,
                    GtkWidget *entry)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  priv->entry = entry;
  priv->described = NULL;
  describe (self);
}

static void
return_cb (SlSheet *self)
{
  GtkWidget *entry = described_widget (self);

  if (entry != NULL)
    gtk_widget_grab_focus (entry);
}

void
sl_sheet_return_on_enter (SlSheet     *self,
                          GtkEditable *editable)
{
  g_return_if_fail (SL_IS_SHEET (self));
  g_return_if_fail (GTK_IS_EDITABLE (editable));
  g_signal_connect_object (gtk_editable_get_delegate (editable), "activate", G_CALLBACK (return_cb),
                           self, G_CONNECT_SWAPPED);
}

void
sl_sheet_show_problem (SlSheet    *self,
                       const char *message)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  if (message != NULL)
    sl_rule_links_set_label (priv->problem, message);
  gtk_widget_set_visible (GTK_WIDGET (priv->problem), message != NULL);
  describe (self);
}

const char *
sl_sheet_get_problem (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (priv->problem)))
    return NULL;
  return gtk_label_get_text (priv->problem);
}

static void
show_parts (SlSheet  *self,
            gboolean  stuck)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean entry_focused = focus != NULL && focus == described_widget (self);

  if (priv->give_up != NULL)
    gtk_widget_set_visible (priv->give_up, stuck);
  /* No die to type, nothing to roll: only the way on. */
  if (priv->prompt != NULL)
    gtk_widget_set_visible (GTK_WIDGET (priv->prompt), !stuck);
  if (priv->roll_button != NULL)
    gtk_widget_set_visible (priv->roll_button, !stuck);
  /* The focus goes on with the entry, to the way out and back. */
  if (entry_focused && described_widget (self) != focus)
    gtk_widget_grab_focus (described_widget (self));
  describe (self);
}

void
sl_sheet_show_refusal (SlSheet    *self,
                       const char *message,
                       gboolean    stuck)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  sl_rule_links_set_label (priv->problem, message);
  gtk_widget_set_visible (GTK_WIDGET (priv->problem), TRUE);
  show_parts (self, stuck);
}

void
sl_sheet_clear_refusal (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  gtk_widget_set_visible (GTK_WIDGET (priv->problem), FALSE);
  show_parts (self, FALSE);
}

void
sl_sheet_set_odds (SlSheet    *self,
                   const char *odds)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  g_return_if_fail (priv->odds != NULL);
  gtk_label_set_text (priv->odds, odds != NULL ? odds : "");
  gtk_widget_set_visible (GTK_WIDGET (priv->odds), odds != NULL && *odds != '\0');
  describe (self);
}

void
sl_sheet_set_prompt (SlSheet    *self,
                     const char *prompt)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  g_return_if_fail (priv->prompt != NULL);
  gtk_label_set_text (priv->prompt, prompt != NULL ? prompt : "");
  describe (self);
}

const char *
sl_sheet_get_prompt (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  return priv->prompt != NULL ? gtk_label_get_text (priv->prompt) : NULL;
}

void
sl_sheet_set_typed (SlSheet   *self,
                    const int *dice,
                    guint      n_dice)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  g_autoptr(GString) values = g_string_new (NULL);

  g_return_if_fail (SL_IS_SHEET (self));
  g_clear_pointer (&priv->typed, g_free);
  for (guint i = 0; i < n_dice; i++)
    g_string_append_printf (values, "%s%d", i > 0 ? _(", ") : "", dice[i]);
  /* Translators: for a screen reader, the dice typed so far on a sheet,
   * in the order typed: "Dice typed: 1, 5". */
  if (n_dice > 0)
    priv->typed = g_strdup_printf (_("Dice typed: %s"), values->str);
  describe (self);
}

GtkWidget *
sl_sheet_get_roll_button (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  return priv->roll_button;
}

void
sl_sheet_set_can_apply (SlSheet  *self,
                        gboolean  can_apply)
{
  g_return_if_fail (SL_IS_SHEET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sheet.apply", can_apply);
}

void
sl_sheet_ready (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  priv->ready = TRUE;
  sl_sheet_refresh (self);
}

void
sl_sheet_refresh (SlSheet *self)
{
  g_return_if_fail (SL_IS_SHEET (self));
  if (SL_SHEET_GET_CLASS (self)->refresh != NULL)
    SL_SHEET_GET_CLASS (self)->refresh (self);
}

gboolean
sl_sheet_apply (SlSheet *self)
{
  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  return SL_SHEET_GET_CLASS (self)->apply != NULL && SL_SHEET_GET_CLASS (self)->apply (self);
}

GtkLabel *
sl_sheet_die_slot_new (const char *description)
{
  GtkLabel *die = GTK_LABEL (gtk_label_new ("–"));

  gtk_widget_add_css_class (GTK_WIDGET (die), "die-slot");
  gtk_widget_add_css_class (GTK_WIDGET (die), "numeric");
  gtk_widget_set_valign (GTK_WIDGET (die), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (die), description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (die), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  return die;
}

gboolean
sl_sheet_apply_command (SlSheet  *self,
                        JsonNode *command)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  g_return_val_if_fail (command != NULL, FALSE);
  if (sl_game_apply (sl_sheet_get_game (self), command, &error) == NULL)
    {
      sl_sheet_refused (self, error);
      return FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

void
sl_sheet_refused (SlSheet      *self,
                  const GError *error)
{
  g_return_if_fail (SL_IS_SHEET (self));
  g_return_if_fail (error != NULL);
  SL_SHEET_GET_CLASS (self)->show_refusal (self, error);
}

static void
sl_sheet_real_show_refusal (SlSheet      *self,
                            const GError *error)
{
  sl_sheet_show_problem (self, error->message);
}

gboolean
sl_sheet_give_up (SlSheet *self)
{
  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  return SL_SHEET_GET_CLASS (self)->give_up != NULL && SL_SHEET_GET_CLASS (self)->give_up (self);
}

gboolean
sl_sheet_can_give_up (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  return priv->give_up != NULL && gtk_widget_get_visible (priv->give_up);
}

gboolean
sl_sheet_enter_die (SlSheet *self,
                    int      value)
{
  SlSheetClass *klass;

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  klass = SL_SHEET_GET_CLASS (self);
  return klass->enter_die != NULL && klass->enter_die (self, value);
}

gboolean
sl_sheet_enter_digit (SlSheet *self,
                      int      digit)
{
  SlSheetClass *klass;

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  klass = SL_SHEET_GET_CLASS (self);
  if (klass->enter_digit != NULL)
    return klass->enter_digit (self, digit);
  /* A d10: 0 is 10. */
  return digit >= 0 && digit <= 9 && sl_sheet_enter_die (self, digit == 0 ? 10 : digit);
}

/* A die is one key press: 1–9, 0 for 10 (keypad too), taken before the
 * focused widget sees it — but not while a distance or a label is being
 * typed, where a digit is a digit. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SlSheet               *self)
{
  SlSheetClass *klass = SL_SHEET_GET_CLASS (self);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  int value = sl_key_die (keyval, state);

  if (value < 0 || (klass->enter_digit == NULL && klass->enter_die == NULL) ||
      (focus != NULL && GTK_IS_EDITABLE (focus)))
    return FALSE;
  sl_sheet_enter_digit (self, value % 10);
  return TRUE;
}

/* Any change the table makes on the sheet: the core is asked again. */
static void
changed_cb (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  if (priv->ready)
    sl_sheet_refresh (self);
}

void
sl_sheet_class_bind_template_parts (GtkWidgetClass *widget_class,
                                    SlSheetParts    parts)
{
  g_return_if_fail (g_type_is_a (G_TYPE_FROM_CLASS (widget_class), SL_TYPE_SHEET));
  gtk_widget_class_bind_template_child_full (widget_class, "problem", FALSE,
                                             G_PRIVATE_OFFSET (SlSheet, problem));
  if (parts & SL_SHEET_ODDS)
    gtk_widget_class_bind_template_child_full (widget_class, "odds", FALSE,
                                               G_PRIVATE_OFFSET (SlSheet, odds));
  if (parts & SL_SHEET_PROMPT)
    gtk_widget_class_bind_template_child_full (widget_class, "prompt", FALSE,
                                               G_PRIVATE_OFFSET (SlSheet, prompt));
  if (parts & SL_SHEET_ROLL)
    gtk_widget_class_bind_template_child_full (widget_class, "roll_button", FALSE,
                                               G_PRIVATE_OFFSET (SlSheet, roll_button));
  if (parts & SL_SHEET_GIVE_UP)
    gtk_widget_class_bind_template_child_full (widget_class, "give_up", FALSE,
                                               G_PRIVATE_OFFSET (SlSheet, give_up));
  gtk_widget_class_bind_template_callback_full (widget_class, "sheet_changed_cb",
                                                G_CALLBACK (changed_cb));
}

/* The default way out: the sheet's unit gives up its action (§6.1). */
static gboolean
sl_sheet_real_give_up (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  g_autoptr(GError) error = NULL;

  if (priv->unit < 0)
    return FALSE;
  if (!sl_unit_give_up (priv->game, priv->unit, &error))
    {
      sl_sheet_show_problem (self, error->message);
      return FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  sl_sheet_apply (SL_SHEET (widget));
}

static void
give_up_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  sl_sheet_give_up (SL_SHEET (widget));
}

/* The focus starts where the player acts, not on Cancel. */
static void
sl_sheet_show (GtkWidget *widget)
{
  GtkWidget *entry = described_widget (SL_SHEET (widget));

  if (entry != NULL && gtk_window_get_focus (GTK_WINDOW (widget)) == NULL)
    gtk_widget_grab_focus (entry);
  GTK_WIDGET_CLASS (sl_sheet_parent_class)->show (widget);
}

static void
sl_sheet_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (SL_SHEET (object));

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, priv->game);
      break;
    case PROP_UNIT:
      g_value_set_int (value, priv->unit);
      break;
    case PROP_APP_ROLLS:
      g_value_set_boolean (value, priv->app_rolls);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_sheet_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  SlSheet *self = SL_SHEET (object);
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME:
      g_set_object (&priv->game, g_value_get_object (value));
      break;
    case PROP_UNIT:
      priv->unit = g_value_get_int (value);
      break;
    case PROP_APP_ROLLS:
      sl_sheet_set_app_rolls (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_sheet_dispose (GObject *object)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (SL_SHEET (object));

  priv->ready = FALSE;
  g_clear_object (&priv->game);
  G_OBJECT_CLASS (sl_sheet_parent_class)->dispose (object);
}

static void
sl_sheet_finalize (GObject *object)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (SL_SHEET (object));

  g_free (priv->typed);
  g_free (priv->description);
  G_OBJECT_CLASS (sl_sheet_parent_class)->finalize (object);
}

static void
sl_sheet_class_init (SlSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = sl_sheet_get_property;
  object_class->set_property = sl_sheet_set_property;
  object_class->dispose = sl_sheet_dispose;
  object_class->finalize = sl_sheet_finalize;
  widget_class->show = sl_sheet_show;
  klass->give_up = sl_sheet_real_give_up;
  klass->show_refusal = sl_sheet_real_show_refusal;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, SL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNIT] =
    g_param_spec_int ("unit", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_APP_ROLLS] =
    g_param_spec_boolean ("app-rolls", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Read as a dialog over the table, not as another window. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);
  gtk_widget_class_install_action (widget_class, "sheet.apply", NULL, apply_action);
  gtk_widget_class_install_action (widget_class, "sheet.give-up", NULL, give_up_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sl_sheet_init (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  GtkEventController *keys = gtk_event_controller_key_new ();

  priv->unit = -1;
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
