/* sl-sheet.c: what every sheet shares. A sheet is a panel over the table,
 * in the window (SlSheetHost: the table dimmed and inert behind it), that
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

#include "sl-a11y.h"
#include "sl-rule-links.h"
#include "sl-sheet-host.h"
#include "sl-sheet-private.h"
#include "sl-sheet.h"
#include "sl-ui-util.h"

typedef struct
{
  SlGame    *game;
  int        unit;
  gboolean   app_rolls;
  gboolean   ready;

  GtkWindow *window;        /* weak: the window it is shown over */
  char      *title;
  int        default_width;
  int        default_height;
  GtkWidget *default_widget; /* Enter activates it, or NULL */
  gboolean   shown;
  GtkWindow *own_window;    /* the window of its own, shown over no window of ours */

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
  guint      holding;       /* inside a key press or a refresh: told once, at its end */
  gboolean   describe_due;
} SlSheetPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (SlSheet, sl_sheet, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_UNIT,
  PROP_APP_ROLLS,
  PROP_WINDOW,
  PROP_TITLE,
  PROP_DEFAULT_WIDTH,
  PROP_DEFAULT_HEIGHT,
  PROP_DEFAULT_WIDGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The root's focus, for a sheet rooted in a window. */
static GtkWidget *
root_focus (SlSheet *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root != NULL ? gtk_root_get_focus (root) : NULL;
}

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

void
sl_sheet_set_unit (SlSheet *self,
                   int      unit)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  g_return_if_fail (!priv->ready);
  priv->unit = unit;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNIT]);
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
describe_now (SlSheet *self)
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

/* Issue 32 #7: a key press changes the dice typed, then the prompt; a
 * screen reader told each (a new description is said at once) heard the
 * dice twice, first with the prompt gone by. What a key press or a
 * refresh changes is told once, as it ends. */
static void
describe (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  if (priv->holding > 0)
    {
      priv->describe_due = TRUE;
      return;
    }
  describe_now (self);
}

static void
hold (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  priv->holding++;
}

static void
release (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_assert (priv->holding > 0);
  if (--priv->holding == 0 && priv->describe_due)
    {
      priv->describe_due = FALSE;
      describe_now (self);
    }
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
  GtkWidget *focus = root_focus (self);
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
  hold (self);
  if (SL_SHEET_GET_CLASS (self)->refresh != NULL)
    SL_SHEET_GET_CLASS (self)->refresh (self);
  release (self);
}

gboolean
sl_sheet_apply (SlSheet *self)
{
  gboolean applied;

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  g_object_ref (self);
  hold (self);
  applied = SL_SHEET_GET_CLASS (self)->apply != NULL && SL_SHEET_GET_CLASS (self)->apply (self);
  release (self);
  g_object_unref (self);
  return applied;
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
  sl_sheet_close (self);
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
  gboolean taken;

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  klass = SL_SHEET_GET_CLASS (self);
  hold (self);
  taken = klass->enter_die != NULL && klass->enter_die (self, value);
  release (self);
  return taken;
}

gboolean
sl_sheet_enter_digit (SlSheet *self,
                      int      digit)
{
  SlSheetClass *klass;
  gboolean taken;

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  klass = SL_SHEET_GET_CLASS (self);
  hold (self);
  if (klass->enter_digit != NULL)
    taken = klass->enter_digit (self, digit);
  else
    /* A d10: 0 is 10. */
    taken = digit >= 0 && digit <= 9 && sl_sheet_enter_die (self, digit == 0 ? 10 : digit);
  release (self);
  return taken;
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
  GtkWidget *focus = root_focus (self);
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
  sl_sheet_close (self);
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

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  sl_sheet_close (SL_SHEET (widget));
}

/* Enter, where the focused widget does not take it: the default widget
 * (the initiative's roll), as a dialog's. */
static void
activate_default_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (SL_SHEET (widget));

  if (priv->default_widget != NULL && gtk_widget_is_sensitive (priv->default_widget) &&
      gtk_widget_get_mapped (priv->default_widget))
    gtk_widget_activate (priv->default_widget);
}

/* The size the sheet would like: its template's, shrunk to the window. */
#define DEFAULT_SIZE 480

void
sl_sheet_present (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  SlSheetHost *host;

  g_return_if_fail (SL_IS_SHEET (self));
  if (priv->shown)
    return;
  host = sl_sheet_host_get_for (priv->window);
  if (host == NULL)
    {
      /* Over no window of ours (a test's sheet): a window of its own. */
      GtkWidget *own = adw_window_new ();

      host = SL_SHEET_HOST (sl_sheet_host_new ());
      adw_window_set_content (ADW_WINDOW (own), GTK_WIDGET (host));
      gtk_window_set_title (GTK_WINDOW (own), priv->title);
      gtk_window_set_default_size (GTK_WINDOW (own), priv->default_width + 24, priv->default_height + 24);
      if (priv->window != NULL)
        {
          gtk_window_set_transient_for (GTK_WINDOW (own), priv->window);
          gtk_window_set_modal (GTK_WINDOW (own), TRUE);
        }
      priv->own_window = GTK_WINDOW (own);
    }
  priv->shown = TRUE;
  /* What a screen reader is told: a dialog, named by its title, modal
   * (GTK 4.8 tells AT-SPI "dialog" for it, inside the window); its
   * buttons by their words, its lists by their values (issue 32 #3, #4);
   * the focus goes to the entry, whose description says the odds and what
   * to type first. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_MODAL, TRUE, -1);
  sl_a11y_name_by_value (GTK_WIDGET (self));
  sl_sheet_host_show (host, GTK_WIDGET (self), priv->default_width, priv->default_height,
                      described_widget (self));
  if (priv->own_window != NULL)
    gtk_window_present (priv->own_window);
}

gboolean
sl_sheet_prepare (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  SlSheetHost *host;

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  g_return_val_if_fail (!priv->shown, FALSE);
  host = sl_sheet_host_get_for (priv->window);
  if (host == NULL)
    return FALSE;
  sl_sheet_host_prepare (host, GTK_WIDGET (self), priv->default_width, priv->default_height,
                         described_widget (self));
  /* Named ahead too: presented, it is only walked again. */
  sl_a11y_name_by_value (GTK_WIDGET (self));
  return TRUE;
}

void
sl_sheet_close (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  GtkWidget *parent;

  g_return_if_fail (SL_IS_SHEET (self));
  parent = gtk_widget_get_parent (GTK_WIDGET (self));
  if (!priv->shown)
    {
      /* Made ahead and never shown: let go of. */
      if (SL_IS_SHEET_HOST (parent))
        sl_sheet_host_hide (SL_SHEET_HOST (parent), GTK_WIDGET (self));
      return;
    }
  priv->shown = FALSE;
  g_object_ref (self);
  if (SL_IS_SHEET_HOST (parent))
    sl_sheet_host_hide (SL_SHEET_HOST (parent), GTK_WIDGET (self));
  if (priv->own_window != NULL)
    gtk_window_destroy (g_steal_pointer (&priv->own_window));
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0);
  g_object_unref (self);
}

gboolean
sl_sheet_get_shown (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), FALSE);
  return priv->shown;
}

GtkWindow *
sl_sheet_get_window (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  return priv->window;
}

SlSheet *
sl_sheet_get_shown_in (GtkWindow *window)
{
  SlSheetHost *host = sl_sheet_host_get_for (window);
  GtkWidget *shown = host != NULL ? sl_sheet_host_get_shown (host) : NULL;

  return SL_IS_SHEET (shown) ? SL_SHEET (shown) : NULL;
}

const char *
sl_sheet_get_title (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_val_if_fail (SL_IS_SHEET (self), NULL);
  return priv->title;
}

void
sl_sheet_set_title (SlSheet    *self,
                    const char *title)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);

  g_return_if_fail (SL_IS_SHEET (self));
  if (g_strcmp0 (priv->title, title) == 0)
    return;
  g_free (priv->title);
  priv->title = g_strdup (title);
  if (title != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL);
  if (priv->own_window != NULL)
    gtk_window_set_title (priv->own_window, title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
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
    case PROP_WINDOW:
      g_value_set_object (value, priv->window);
      break;
    case PROP_TITLE:
      g_value_set_string (value, priv->title);
      break;
    case PROP_DEFAULT_WIDTH:
      g_value_set_int (value, priv->default_width);
      break;
    case PROP_DEFAULT_HEIGHT:
      g_value_set_int (value, priv->default_height);
      break;
    case PROP_DEFAULT_WIDGET:
      g_value_set_object (value, priv->default_widget);
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
      sl_sheet_set_unit (self, g_value_get_int (value));
      break;
    case PROP_APP_ROLLS:
      sl_sheet_set_app_rolls (self, g_value_get_boolean (value));
      break;
    case PROP_WINDOW:
      g_set_weak_pointer (&priv->window, g_value_get_object (value));
      break;
    case PROP_TITLE:
      sl_sheet_set_title (self, g_value_get_string (value));
      break;
    case PROP_DEFAULT_WIDTH:
      priv->default_width = g_value_get_int (value);
      break;
    case PROP_DEFAULT_HEIGHT:
      priv->default_height = g_value_get_int (value);
      break;
    case PROP_DEFAULT_WIDGET:
      priv->default_widget = g_value_get_object (value);
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
  priv->default_widget = NULL;
  g_clear_object (&priv->game);
  g_clear_weak_pointer (&priv->window);
  G_OBJECT_CLASS (sl_sheet_parent_class)->dispose (object);
}

static void
sl_sheet_finalize (GObject *object)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (SL_SHEET (object));

  g_free (priv->typed);
  g_free (priv->description);
  g_free (priv->title);
  G_OBJECT_CLASS (sl_sheet_parent_class)->finalize (object);
}

/* The radius of a sheet's corners; its header bar's top corners are the
 * same (ui/style.css). */
#define SHEET_RADIUS 12.f

/* Its background, a rounded rectangle of the window's background colour,
 * drawn as one filled shape (a border half the sheet wide): drawn from
 * CSS, it would be a colour under a clip of rounded corners, which GTK
 * 4.8's cairo renderer draws through a mask of the whole sheet, in every
 * frame (1.5 ms of a sheet's first frame, issue 31 #2). */
static void
sl_sheet_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  float w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GdkRGBA bg = { 0.98f, 0.98f, 0.98f, 1 };
  GskRoundedRect shape;

  gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "window_bg_color", &bg);
  gsk_rounded_rect_init_from_rect (&shape, &GRAPHENE_RECT_INIT (0, 0, w, h), MIN (SHEET_RADIUS, MIN (w, h) / 2));
  gtk_snapshot_append_border (snapshot, &shape, (float[4]) { h / 2, w / 2, h / 2, w / 2 },
                              (GdkRGBA[4]) { bg, bg, bg, bg });
  GTK_WIDGET_CLASS (sl_sheet_parent_class)->snapshot (widget, snapshot);
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
  widget_class->snapshot = sl_sheet_snapshot;
  klass->give_up = sl_sheet_real_give_up;
  klass->show_refusal = sl_sheet_real_show_refusal;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, SL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNIT] =
    g_param_spec_int ("unit", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_APP_ROLLS] =
    g_param_spec_boolean ("app-rolls", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WINDOW] =
    g_param_spec_object ("window", NULL, NULL, GTK_TYPE_WINDOW,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEFAULT_WIDTH] =
    g_param_spec_int ("default-width", NULL, NULL, 0, G_MAXINT, DEFAULT_SIZE,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEFAULT_HEIGHT] =
    g_param_spec_int ("default-height", NULL, NULL, 0, G_MAXINT, DEFAULT_SIZE,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEFAULT_WIDGET] =
    g_param_spec_object ("default-widget", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Closed: by Escape, Cancel, applied or given up (sl_sheet_close). */
  signals[SIGNAL_CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 0);

  /* Read as a dialog over the table, named by its title (sl_sheet_set_title). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);
  gtk_widget_class_set_css_name (widget_class, "sheet");
  gtk_widget_class_install_action (widget_class, "sheet.apply", NULL, apply_action);
  gtk_widget_class_install_action (widget_class, "sheet.give-up", NULL, give_up_action);
  gtk_widget_class_install_action (widget_class, "sheet.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "sheet.activate-default", NULL, activate_default_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "sheet.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "sheet.activate-default", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "sheet.activate-default", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Enter, 0, "sheet.activate-default", NULL);
}

static void
sl_sheet_init (SlSheet *self)
{
  SlSheetPrivate *priv = sl_sheet_get_instance_private (self);
  GtkEventController *keys = gtk_event_controller_key_new ();

  priv->unit = -1;
  priv->default_width = priv->default_height = DEFAULT_SIZE;
  /* Its children are not clipped to its rounded corners: its header bar
   * has rounded top corners of its own (ui/style.css). A clip of rounded
   * corners is a mask the cairo renderer draws the whole sheet through,
   * in every frame (issue 31 #2). */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
