/* sl-private-view.c: the private view. It covers the whole window (the
 * window puts it in place of everything else), says in red to turn the
 * screen away, opens on "whose secrets?" and asks the side's PIN when it
 * has one. It shows what sl_secrets_list() gives, and its forms issue the
 * core's commands: hide (P-28), mine (P-37 step 2), seal and reveal. It
 * closes with Escape, its Close button, or by itself after a short idle
 * time, and forgets who unlocked it.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-command-new.h"
#include "sl-private-view-private.h"
#include "sl-private-view.h"
#include "sl-rule-links.h"
#include "sl-secrets.h"
#include "sl-table-model.h"
#include "sl-ui-util.h"

struct _SlPrivateView
{
  AdwBin          parent_instance;

  SlGame         *game;
  gulong          changed_id;
  char           *shown;      /* side id or SL_PRIVATE_REFEREE, when unlocked */
  char           *pending;    /* whose PIN the PIN page asks */
  char           *opening;    /* whose view the PINs asked in turn open */
  GStrv           pins_left;  /* the PINs still to ask after @pending */
  char           *problem;
  guint           idle_seconds;
  guint           idle_id;

  AdwWindowTitle *title;
  GtkWidget      *lock;
  GtkLabel       *banner;
  GtkStack       *stack;
  GtkWidget      *choices;    /* the buttons of "whose secrets?" */
  AdwStatusPage  *pin_page;
  GtkEditable    *pin_entry;
  GtkLabel       *pin_problem;
  GtkLabel       *problem_label;

  /* The secrets page: a row for each secret, in these groups. */
  AdwPreferencesGroup *units_group;
  AdwPreferencesGroup *decoys_group;
  AdwPreferencesGroup *notes_group;
  GPtrArray      *rows;       /* the rows of the secrets shown, to take down */

  /* Its forms, filled in from the game as the page shows. */
  GPtrArray      *unit_ids;   /* of hide_unit */
  GPtrArray      *owner_ids;  /* of mine_owner */
  GPtrArray      *side_ids;   /* of seal_side */
  GtkWidget      *hide_group;
  AdwComboRow    *hide_unit;
  GtkEditable    *hide_pile;
  GtkEditable    *hide_decoy1;
  GtkEditable    *hide_decoy2;
  GtkEditable    *hide_where;
  GtkWidget      *hide_stealth_row;
  GtkSwitch      *hide_stealth;
  char           *hid_last;   /* the unit the form hid last: the picker moves past it */
  GtkWidget      *mine_group;
  AdwComboRow    *mine_owner;
  GtkEditable    *mine_where;
  AdwComboRow    *seal_kind;
  AdwComboRow    *seal_side;
  AdwComboRow    *seal_marker;
  GArray         *markers;    /* of seal_marker: marker ids, 0 first for none */
  GtkEditable    *seal_text;
  AdwPreferencesGroup *pin_group;
  GtkEditable    *new_pin;
  GtkWidget      *pin_set;
  GtkWidget      *pin_remove;
  GtkWidget      *referee_opens_row;
  GtkSwitch      *referee_opens;
  gboolean        filling;    /* the forms are being filled in, not changed */
  guint           retry_id;   /* the PIN entry waits after a wrong PIN */
};

G_DEFINE_FINAL_TYPE (SlPrivateView, sl_private_view, ADW_TYPE_BIN)

enum
{
  SIGNAL_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The kinds of note the "Seal a Note" form offers: a mine is written down
 * with its own form, which places it. */
static const SlNoteKind seal_kinds[] = {
  SL_NOTE_CHARGE, SL_NOTE_SENSOR, SL_NOTE_HOLOTARP, SL_NOTE_FIRE_MISSION, SL_NOTE_HIDDEN_UNIT, SL_NOTE_OTHER
};

static void rebuild (SlPrivateView *self);

static int
shown_side (SlPrivateView *self)
{
  if (self->shown == NULL || self->game == NULL || g_str_equal (self->shown, SL_PRIVATE_REFEREE))
    return -1;
  return sl_setup_find_side (sl_game_get_setup (self->game), self->shown);
}

static const char *
who_name (SlPrivateView *self,
          const char    *who)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  int side = sl_setup_find_side (setup, who);

  if (side < 0)
    return _("Referee");
  return sl_setup_side_at (setup, side)->name;
}

static void
done (SlPrivateView *self)
{
  g_signal_emit (self, signals[SIGNAL_DONE], 0);
}

/* Idle time */

static gboolean
idle_timeout_cb (gpointer data)
{
  SlPrivateView *self = data;

  self->idle_id = 0;
  done (self);
  return G_SOURCE_REMOVE;
}

static void
restart_idle (SlPrivateView *self)
{
  g_clear_handle_id (&self->idle_id, g_source_remove);
  if (self->idle_seconds > 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->idle_id = g_timeout_add_seconds (self->idle_seconds, idle_timeout_cb, self);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SlPrivateView         *self)
{
  restart_idle (self);
  if (keyval == GDK_KEY_Escape)
    {
      done (self);
      return TRUE;
    }
  return FALSE;
}

static void
motion_cb (SlPrivateView *self)
{
  restart_idle (self);
}

void
sl_private_view_set_idle_seconds (SlPrivateView *self,
                                  guint          seconds)
{
  g_return_if_fail (SL_IS_PRIVATE_VIEW (self));
  self->idle_seconds = seconds;
  if (self->idle_id != 0)
    restart_idle (self);
}

/* Applying the forms */

static void
set_problem (SlPrivateView *self,
             const char    *message)
{
  /* @message may be self->problem itself. */
  char *copy = g_strdup (message);

  g_free (self->problem);
  self->problem = copy;
  /* The rules it cites link to the rules reference, as on the sheets. */
  if (copy != NULL)
    sl_rule_links_set_label (self->problem_label, copy);
  else
    gtk_label_set_text (self->problem_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), copy != NULL);
}

const char *
sl_private_view_get_problem (SlPrivateView *self)
{
  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), NULL);
  return self->problem;
}

/* Applies @command (taking it). */
static gboolean
apply (SlPrivateView *self,
       JsonNode      *command)
{
  g_autoptr(JsonNode) owned = command;
  g_autoptr(GError) error = NULL;

  if (sl_game_apply (self->game, command, &error) == NULL)
    {
      /* The game did not change: the page stays as it is. */
      set_problem (self, error->message);
      return FALSE;
    }
  /* The page is built again by the game's "changed". */
  set_problem (self, NULL);
  return TRUE;
}

static gboolean
has_text (const char *text)
{
  g_autofree char *copy = g_strdup (text);

  return copy != NULL && *g_strstrip (copy) != '\0';
}

gboolean
sl_private_view_hide_unit (SlPrivateView *self,
                           const char    *unit,
                           const char    *pile,
                           const char    *decoy1,
                           const char    *decoy2,
                           const char    *where,
                           int            stealth_power)
{
  const SlUnitSetup *us = sl_setup_unit (sl_game_get_setup (self->game), unit);
  SlHideCommand hide = { .unit = us != NULL ? us->index : -1, .pile = pile, .stealth_power = -1 };
  const char *decoys[2];

  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  g_return_val_if_fail (self->shown != NULL, FALSE);
  if (has_text (decoy1))
    decoys[hide.n_decoys++] = decoy1;
  if (has_text (decoy2))
    decoys[hide.n_decoys++] = decoy2;
  hide.decoys = decoys;
  if (has_text (where))
    hide.where = where;
  /* T-19, A-126: only a power suit has the mode; it is set in secret. */
  if (stealth_power >= 0 && us != NULL && us->armor != NULL && us->armor->power_suit)
    hide.stealth_power = stealth_power > 0;
  return apply (self, sl_command_new_hide (sl_game_get_setup (self->game), &hide));
}

/* The stealth power switch follows the unit chosen: offered for a power
 * suit, set as the unit's log has it. */
static void
hide_unit_changed_cb (SlPrivateView *self)
{
  guint i;
  const SlUnitSetup *us = NULL;
  const SlState *state;
  int unit = -1;

  if (self->game == NULL || !gtk_widget_get_visible (self->hide_group))
    return;
  state = sl_game_get_state (self->game);
  i = adw_combo_row_get_selected (self->hide_unit);
  if (i < self->unit_ids->len)
    {
      const SlSetup *setup = sl_game_get_setup (self->game);

      for (guint u = 0; u < setup->units->len; u++)
        if (g_str_equal (sl_setup_unit_at (setup, u)->id, g_ptr_array_index (self->unit_ids, i)))
          {
            unit = u;
            us = sl_setup_unit_at (setup, u);
          }
    }
  gtk_widget_set_visible (self->hide_stealth_row, us != NULL && us->armor != NULL && us->armor->power_suit);
  gtk_switch_set_active (self->hide_stealth, unit >= 0 && state->units[unit].stealth_power);
}

gboolean
sl_private_view_get_hide_stealth (SlPrivateView *self,
                                  gboolean      *active)
{
  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  if (!gtk_widget_get_visible (self->hide_group))
    return FALSE;
  if (active != NULL)
    *active = gtk_switch_get_active (self->hide_stealth);
  return gtk_widget_get_visible (self->hide_stealth_row);
}

const char *
sl_private_view_get_hide_unit (SlPrivateView *self)
{
  guint i;

  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), NULL);
  if (!gtk_widget_get_visible (self->hide_group))
    return NULL;
  i = adw_combo_row_get_selected (self->hide_unit);
  return i < self->unit_ids->len ? g_ptr_array_index (self->unit_ids, i) : NULL;
}

gboolean
sl_private_view_choose_hide_unit (SlPrivateView *self,
                                  const char    *unit)
{
  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  if (!gtk_widget_get_visible (self->hide_group))
    return FALSE;
  for (guint i = 0; i < self->unit_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->unit_ids, i), unit))
      {
        adw_combo_row_set_selected (self->hide_unit, i);
        return TRUE;
      }
  return FALSE;
}

gboolean
sl_private_view_seal (SlPrivateView *self,
                      const char    *side,
                      SlNoteKind     kind,
                      const char    *text,
                      const char    *unit,
                      int            marker)
{
  const SlSetup *setup;
  const SlUnitSetup *us;
  int shown;

  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  g_return_val_if_fail (self->shown != NULL, FALSE);
  setup = sl_game_get_setup (self->game);
  shown = shown_side (self);
  /* The referee names the side; a side's own view seals for it. */
  if (shown < 0)
    shown = side != NULL ? sl_setup_find_side (setup, side) : -1;
  us = unit != NULL ? sl_setup_unit (setup, unit) : NULL;
  if (us != NULL)
    return apply (self, sl_command_new_seal_action (setup, shown, kind, text, us->index));
  return apply (self, sl_command_new_seal (setup, shown, kind, text, marker));
}

gboolean
sl_private_view_seal_offers (SlPrivateView *self,
                             const char    *unit)
{
  const SlUnitSetup *us;

  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  us = sl_setup_unit (sl_game_get_setup (self->game), unit);
  for (guint i = 0; us != NULL && i < self->markers->len; i++)
    if (g_array_index (self->markers, int, i) == -(us->index + 1))
      return TRUE;
  return FALSE;
}

static const char *
selected_id (AdwComboRow *row,
             GPtrArray   *ids)
{
  guint i = adw_combo_row_get_selected (row);

  return i < ids->len ? g_ptr_array_index (ids, i) : "";
}

/* The pile @unit (an id) lies under now, as its side knows it, or NULL. */
static const char *
pile_of (SlPrivateView *self,
         const char    *unit)
{
  const SlUnitSetup *us = sl_setup_unit (sl_game_get_setup (self->game), unit);

  return us != NULL ? sl_table_model_get_unit (sl_table_model_get_for_game (self->game), us->index)->pile : NULL;
}

/* The form's Hide: the picker then moves on to the next unit not yet
 * under a pile (issue 31 #5). */
static void
hide_from_form (SlPrivateView *self)
{
  g_free (self->hid_last);
  self->hid_last = g_strdup (selected_id (self->hide_unit, self->unit_ids));
  if (!sl_private_view_hide_unit (self, self->hid_last,
                                  gtk_editable_get_text (self->hide_pile), gtk_editable_get_text (self->hide_decoy1),
                                  gtk_editable_get_text (self->hide_decoy2), gtk_editable_get_text (self->hide_where),
                                  gtk_widget_get_visible (self->hide_stealth_row) ? gtk_switch_get_active (self->hide_stealth)
                                                                                  : -1))
    g_clear_pointer (&self->hid_last, g_free);
}

static void
replace_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     SlPrivateView    *self)
{
  if (g_str_equal (response, "replace") && self->game != NULL && self->shown != NULL)
    hide_from_form (self);
}

/* Hide (its button, or Return in the form): a unit under a pile already
 * is placed again only once the player says so — its pile is replaced and
 * its decoy piles taken off (P-28 step 2, issue 31 #5). */
static void
hide_clicked_cb (SlPrivateView *self)
{
  const char *unit = selected_id (self->hide_unit, self->unit_ids);
  const char *pile = pile_of (self, unit);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (pile == NULL)
    {
      hide_from_form (self);
      return;
    }
  /* "Place 4 · Trooper Amari Again?" */
  heading = g_strdup_printf (_("Place %s Again?"), sl_setup_unit (sl_game_get_setup (self->game), unit)->label);
  body = g_strdup_printf (_("It lies under “%s” already. Placing it again replaces that pile and takes its decoy piles off the table (P-28)."),
                          pile);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                       heading, body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "replace", _("_Replace Its Pile"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (replace_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
mine_clicked_cb (SlPrivateView *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlUnitSetup *owner = sl_setup_unit (setup, selected_id (self->mine_owner, self->owner_ids));

  apply (self, sl_command_new_mine_lay (setup, owner != NULL ? owner->index : -1,
                                        gtk_editable_get_text (self->mine_where)));
}

static void
seal_clicked_cb (SlPrivateView *self)
{
  guint k = adw_combo_row_get_selected (self->seal_kind);
  guint m = adw_combo_row_get_selected (self->seal_marker);
  /* A marker's id, or −(unit + 1) for a unit's action. */
  int with = m < self->markers->len ? g_array_index (self->markers, int, m) : 0;
  const SlSetup *setup = sl_game_get_setup (self->game);

  sl_private_view_seal (self, gtk_widget_get_visible (GTK_WIDGET (self->seal_side))
                              ? selected_id (self->seal_side, self->side_ids) : NULL,
                        seal_kinds[MIN (k, G_N_ELEMENTS (seal_kinds) - 1)],
                        gtk_editable_get_text (self->seal_text),
                        with < 0 ? sl_setup_unit_at (setup, -with - 1)->id : NULL, MAX (with, 0));
}

static void
reveal_note (SlPrivateView *self,
             int            note,
             gboolean       dud)
{
  apply (self, sl_command_new_reveal (note, dud));
}

static void
reveal_clicked_cb (GtkButton     *button,
                   SlPrivateView *self)
{
  reveal_note (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "note")), FALSE);
}

static void
dud_clicked_cb (GtkButton     *button,
                SlPrivateView *self)
{
  reveal_note (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "note")), TRUE);
}

static void
pin_set_clicked_cb (SlPrivateView *self)
{
  const char *pin = gtk_editable_get_text (self->new_pin);

  if (g_utf8_strlen (pin, -1) < 4)
    {
      set_problem (self, _("A PIN has at least 4 characters."));
      return;
    }
  sl_game_set_lock (self->game, self->shown, pin);
}

static void
pin_remove_clicked_cb (SlPrivateView *self)
{
  sl_game_set_lock (self->game, self->shown, NULL);
}

/* Building the secrets page */

/* A secret's row in @group, shown as text (issue 19 #11). */
static GtkWidget *
row_add (SlPrivateView       *self,
         AdwPreferencesGroup *group,
         const char          *title,
         const char          *subtitle)
{
  GtkWidget *row = sl_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, row);
  return row;
}

/* A sealed note's row: Reveal and Dud while it is kept. */
static void
note_row_add (SlPrivateView  *self,
              const SlSecret *s,
              const char     *title)
{
  const char *status = s->dud ? _("a dud") : _("revealed");
  g_autofree char *subtitle = s->kept ? g_strdup (s->detail) : g_strdup_printf ("%s · %s", s->detail, status);
  GtkWidget *row = row_add (self, self->notes_group, title, subtitle);
  GtkWidget *reveal, *dud;
  g_autofree char *reveal_name = NULL;
  g_autofree char *dud_name = NULL;

  if (!s->kept)
    return;
  reveal = gtk_button_new_with_label (_("Reveal"));
  g_object_set_data (G_OBJECT (reveal), "note", GINT_TO_POINTER (s->note));
  g_signal_connect (reveal, "clicked", G_CALLBACK (reveal_clicked_cb), self);
  gtk_widget_set_valign (reveal, GTK_ALIGN_CENTER);
  reveal_name = g_strdup_printf (_("Reveal note %d to the table"), s->note);
  gtk_widget_set_tooltip_text (reveal, reveal_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (reveal), GTK_ACCESSIBLE_PROPERTY_LABEL, reveal_name, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), reveal);
  /* Where a hidden unit lies is no dud (issue 31 #8). */
  if (!sl_note_kind_may_be_dud (sl_state_find_note (sl_game_get_state (self->game), s->note)->kind))
    return;
  dud = gtk_button_new_with_label (_("Dud"));
  dud_name = g_strdup_printf (_("Declare note %d unclear: a dud"), s->note);
  gtk_widget_set_valign (dud, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (dud, dud_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dud), GTK_ACCESSIBLE_PROPERTY_LABEL, dud_name, -1);
  gtk_widget_add_css_class (dud, "destructive-action");
  g_object_set_data (G_OBJECT (dud), "note", GINT_TO_POINTER (s->note));
  g_signal_connect (dud, "clicked", G_CALLBACK (dud_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), dud);
}

/* The side's hidden units, decoy piles and sealed notes (all sides' for
 * the referee, each named with its side). */
static void
show_secret_rows (SlPrivateView *self,
                  int            side)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GPtrArray) secrets = sl_secrets_list (sl_game_get_rules (self->game), setup,
                                                  sl_game_get_state (self->game), side);
  gboolean any_unit = FALSE, any_decoy = FALSE, any_note = FALSE;

  for (guint i = 0; i < secrets->len; i++)
    {
      const SlSecret *s = g_ptr_array_index (secrets, i);
      g_autofree char *title = side < 0 ? g_strdup_printf ("%s · %s", s->title, sl_setup_side_at (setup, s->side)->name)
                                        : g_strdup (s->title);

      switch (s->kind)
        {
        case SL_SECRET_HIDDEN_UNIT:
          row_add (self, self->units_group, title, s->detail);
          any_unit = TRUE;
          break;
        case SL_SECRET_DECOY:
          row_add (self, self->decoys_group, title, s->detail);
          any_decoy = TRUE;
          break;
        case SL_SECRET_NOTE:
          note_row_add (self, s, title);
          any_note = TRUE;
          break;
        default:
          break;
        }
    }
  if (!any_unit)
    row_add (self, self->units_group, _("No hidden unit"), NULL);
  if (!any_decoy)
    row_add (self, self->decoys_group, _("No decoy pile"), NULL);
  if (!any_note)
    row_add (self, self->notes_group, _("No sealed note"), NULL);
}

/* The rows of the secrets taken down, the forms emptied: nothing of a
 * side's secrets stays in the view once it is locked. */
static void
clear_secrets (SlPrivateView *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);

      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP)),
                                    row);
    }
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->unit_ids, 0);
  g_ptr_array_set_size (self->owner_ids, 0);
  g_ptr_array_set_size (self->side_ids, 0);
  g_array_set_size (self->markers, 0);
  for (AdwComboRow **combo = (AdwComboRow *[]) { self->hide_unit, self->mine_owner, self->seal_side,
                                                 self->seal_kind, self->seal_marker, NULL };
       *combo != NULL; combo++)
    adw_combo_row_set_model (*combo, NULL);
  for (GtkEditable **entry = (GtkEditable *[]) { self->hide_pile, self->hide_decoy1, self->hide_decoy2,
                                                 self->hide_where, self->mine_where, self->seal_text,
                                                 self->new_pin, NULL };
       *entry != NULL; entry++)
    gtk_editable_set_text (*entry, "");
  gtk_switch_set_active (self->hide_stealth, FALSE);
}

/* @side's units (every side's for the referee), by their labels, into
 * @combo, their ids into @ids; with @to_hide, only those still to hide:
 * neither detected nor out of the fight. */
static void
unit_choices (SlPrivateView *self,
              int            side,
              gboolean       to_hide,
              AdwComboRow   *combo,
              GPtrArray     *ids)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (int u = 0; u < state->n_units; u++)
    {
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);

      if ((side >= 0 && us->side != side) ||
          (to_hide && !sl_secrets_may_hide (sl_game_get_rules (self->game), setup, state, u)))
        continue;
      gtk_string_list_append (names, us->label);
      g_ptr_array_add (ids, us->id);
    }
  adw_combo_row_set_model (combo, G_LIST_MODEL (names));
}

/* The picker on the first unit under no pile after the one the form hid
 * last (from the first when none), round to the start; on that one when
 * every unit is under a pile (issue 31 #5). */
static void
select_to_hide (SlPrivateView *self)
{
  guint n = self->unit_ids->len, from = 0;

  if (n == 0)
    return;
  if (self->hid_last != NULL)
    for (guint i = 0; i < n; i++)
      if (g_str_equal (g_ptr_array_index (self->unit_ids, i), self->hid_last))
        from = i + 1;
  for (guint k = 0; k < n; k++)
    {
      guint i = (from + k) % n;

      if (pile_of (self, g_ptr_array_index (self->unit_ids, i)) == NULL)
        {
          adw_combo_row_set_selected (self->hide_unit, i);
          return;
        }
    }
  adw_combo_row_set_selected (self->hide_unit, from > 0 ? from - 1 : 0);
}

/* "Hide a Unit", before play with the detection rules (P-28), and "Write
 * Down a Mine", before play with the area effects (P-37). */
static void
fill_before_play_forms (SlPrivateView *self,
                        int            side)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  gboolean hide = sl_secrets_hiding_open (setup, state);
  gboolean mine = sl_secrets_mines_open (setup, state);

  gtk_widget_set_visible (self->hide_group, hide);
  gtk_widget_set_visible (self->mine_group, mine);
  if (hide)
    {
      unit_choices (self, side, TRUE, self->hide_unit, self->unit_ids);
      select_to_hide (self);
      hide_unit_changed_cb (self);
    }
  if (mine)
    unit_choices (self, side, FALSE, self->mine_owner, self->owner_ids);
}

/* "Seal a Note" (P-28, P-38): which kind, the side for the referee, and
 * the charge or fire mission on the table the note goes with. */
static void
fill_seal_form (SlPrivateView *self,
                int            side)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  int none = 0;

  for (guint k = 0; k < G_N_ELEMENTS (seal_kinds); k++)
    {
      g_autofree char *label = g_strdup (sl_note_kind_label (seal_kinds[k]));

      /* "A concealed charge", as a choice. */
      label[0] = g_ascii_toupper (label[0]);
      gtk_string_list_append (kinds, label);
    }
  adw_combo_row_set_model (self->seal_kind, G_LIST_MODEL (kinds));
  gtk_widget_set_visible (GTK_WIDGET (self->seal_side), side < 0);
  for (guint i = 0; side < 0 && i < setup->sides->len; i++)
    {
      gtk_string_list_append (sides, sl_setup_side_at (setup, i)->name);
      g_ptr_array_add (self->side_ids, sl_setup_side_at (setup, i)->id);
    }
  adw_combo_row_set_model (self->seal_side, G_LIST_MODEL (sides));
  g_array_append_val (self->markers, none);
  gtk_string_list_append (names, _("Nothing"));
  /* P-36 step 6, P-38 step 3 (issue 30 #1): the charges being installed
   * and the fire missions being called now; the core says which. */
  for (int u = 0; u < state->n_units; u++)
    {
      int kind = sl_state_action_note_kind (sl_game_get_rules (self->game), state, u);
      int code = -(u + 1);
      g_autofree char *name = NULL;

      if (kind < 0 || (side >= 0 && sl_setup_unit_at (setup, u)->side != side))
        continue;
      name = g_strdup_printf (kind == SL_NOTE_CHARGE
                              /* "Trooper Hale’s charge, being installed" */
                              ? _("%s’s charge, being installed")
                              /* "Sergeant Ames’s fire mission, being called" */
                              : _("%s’s fire mission, being called"),
                              sl_setup_unit_at (setup, u)->name);
      g_array_append_val (self->markers, code);
      gtk_string_list_append (names, name);
    }
  for (guint i = 0; setup->late_seals && i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);

      if ((m->kind != SL_MARKER_CHARGE && m->kind != SL_MARKER_FIRE_MISSION) || m->resolved || m->note > 0 ||
          m->owner < 0 || (side >= 0 && sl_setup_unit_at (setup, m->owner)->side != side))
        continue;
      g_array_append_val (self->markers, m->id);
      gtk_string_list_append (names, m->label);
    }
  adw_combo_row_set_model (self->seal_marker, G_LIST_MODEL (names));
}

/* The names of the sides in @ids, "TOG, Commonwealth", or NULL for none. */
static char *
side_names (SlPrivateView *self,
            GPtrArray     *ids)
{
  GString *out;

  if (ids->len == 0)
    return NULL;
  out = g_string_new (NULL);
  for (guint i = 0; i < ids->len; i++)
    {
      /* Between the names of sides in a list. */
      g_string_append (out, i > 0 ? _(", ") : "");
      g_string_append (out, who_name (self, g_ptr_array_index (ids, i)));
    }
  return g_string_free (out, FALSE);
}

/* The PIN of whoever's view this is: set, changed or removed; and whom the
 * referee's PIN lets in (issue 30 #3: the form says so). */
static void
fill_pin_form (SlPrivateView *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  gboolean locked = sl_game_has_lock (self->game, self->shown);
  gboolean referee_pin = sl_game_has_lock (self->game, SL_PRIVATE_REFEREE);
  g_autoptr(GPtrArray) in = g_ptr_array_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  g_autofree char *in_names = NULL;
  g_autofree char *out_names = NULL;
  g_autofree char *description = NULL;

  for (guint s = 0; s < setup->sides->len; s++)
    {
      const char *side = sl_setup_side_at (setup, s)->id;

      if (sl_game_has_lock (self->game, side))
        g_ptr_array_add (sl_game_referee_opens (self->game, side) ? in : out, (gpointer) side);
    }
  in_names = side_names (self, in);
  out_names = side_names (self, out);
  if (g_str_equal (self->shown, SL_PRIVATE_REFEREE))
    {
      if (!referee_pin)
        description = g_strdup (_("Asked before this view opens, in place of the PIN of every side locked now. A side that locks later is asked its own PIN here too, unless it lets this PIN in from its own view."));
      else if (out_names == NULL)
        /* "… It opens this view past the locks of: Commonwealth, TOG." */
        description = in_names == NULL
                      ? g_strdup (_("Asked before this view opens. No side is locked."))
                      : g_strdup_printf (_("Asked before this view opens, in place of the PINs of: %s."), in_names);
      else
        description = g_strdup_printf (_("Asked before this view opens. These sides locked after it was set and have not let it in, so their PINs are asked too: %s."),
                                       out_names);
    }
  else if (!referee_pin)
    description = g_strdup (_("Asked before this view opens. The referee’s view shows this side’s secrets too: it asks this PIN as well."));
  else if (!locked)
    description = g_strdup (_("Asked before this view opens. The referee has a PIN; it will not open this side’s view unless you let it in once this side is locked."));
  else if (sl_game_referee_opens (self->game, self->shown))
    description = g_strdup (_("Asked before this view opens. The referee has a PIN, and it opens this side’s secrets in the referee’s view without this PIN."));
  else
    description = g_strdup (_("Asked before this view opens. The referee has a PIN, but the referee’s view asks this PIN too: the referee’s PIN opens this side’s secrets only if you let it in below."));
  {
    g_autofree char *full = g_strdup_printf ("%s %s", description,
                                             _("A PIN keeps the other players’ eyes off the view at the table: after a wrong PIN each try waits longer, and a few in a row close the view. It does not encrypt the saved game: whoever holds the file can read every secret in it."));

    sl_group_set_description (self->pin_group, full);
  }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->new_pin), locked ? _("New PIN") : _("PIN"));
  gtk_button_set_label (GTK_BUTTON (self->pin_set), locked ? _("_Change PIN") : _("_Set PIN"));
  gtk_widget_set_visible (self->pin_remove, locked);
  gtk_widget_set_visible (self->referee_opens_row,
                          !g_str_equal (self->shown, SL_PRIVATE_REFEREE) && locked && referee_pin);
  self->filling = TRUE;
  gtk_switch_set_active (self->referee_opens,
                         !g_str_equal (self->shown, SL_PRIVATE_REFEREE) && sl_game_referee_opens (self->game, self->shown));
  self->filling = FALSE;
}

static void
referee_opens_cb (SlPrivateView *self)
{
  if (self->filling || self->shown == NULL || g_str_equal (self->shown, SL_PRIVATE_REFEREE))
    return;
  restart_idle (self);
  sl_game_set_referee_opens (self->game, self->shown, gtk_switch_get_active (self->referee_opens));
}

/* The page of the secrets shown, built again as the game changes. */
static void
rebuild (SlPrivateView *self)
{
  const char *name;
  g_autofree char *banner = NULL;

  if (self->game == NULL)
    return;
  clear_secrets (self);
  gtk_widget_set_visible (self->lock, self->shown != NULL);
  if (self->shown == NULL)
    {
      adw_window_title_set_subtitle (self->title, "");
      gtk_label_set_text (self->banner, _("Private view — turn the screen away from the other players"));
      return;
    }
  name = who_name (self, self->shown);
  adw_window_title_set_subtitle (self->title, name);
  banner = g_str_equal (self->shown, SL_PRIVATE_REFEREE)
           ? g_strdup (_("Referee view — turn the screen away"))
           /* "Commonwealth’s secrets — turn the screen away" */
           : g_strdup_printf (_("%s’s secrets — turn the screen away"), name);
  gtk_label_set_text (self->banner, banner);
  set_problem (self, self->problem);
  show_secret_rows (self, shown_side (self));
  fill_before_play_forms (self, shown_side (self));
  fill_seal_form (self, shown_side (self));
  fill_pin_form (self);
}

static void
game_changed_cb (SlPrivateView *self)
{
  if (self->shown != NULL)
    rebuild (self);
}

/* Whose secrets? */

static void
show_secrets (SlPrivateView *self,
              const char    *who)
{
  g_free (self->shown);
  self->shown = g_strdup (who);
  set_problem (self, NULL);
  rebuild (self);
  gtk_stack_set_visible_child_name (self->stack, "secrets");
}

static void
forget_pins (SlPrivateView *self)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->pin_entry != NULL)
    gtk_editable_set_editable (self->pin_entry, TRUE);
  g_clear_pointer (&self->pending, g_free);
  g_clear_pointer (&self->opening, g_free);
  g_clear_pointer (&self->pins_left, g_strfreev);
}

/* The PIN page for @who's PIN, on the way to @opening's view. */
static void
ask_pin (SlPrivateView *self,
         const char    *who)
{
  g_autofree char *title = NULL;

  g_free (self->pending);
  self->pending = g_strdup (who);
  /* "Commonwealth’s PIN" */
  title = g_strdup_printf (_("%s’s PIN"), who_name (self, who));
  adw_status_page_set_title (self->pin_page, title);
  if (g_strcmp0 (who, self->opening) != 0)
    sl_status_page_set_description (self->pin_page,
                                     _("The referee’s view shows every side’s secrets: each locked side’s PIN opens it."));
  else
    sl_status_page_set_description (self->pin_page, NULL);
  gtk_editable_set_text (self->pin_entry, "");
  gtk_widget_set_visible (GTK_WIDGET (self->pin_problem), FALSE);
  gtk_stack_set_visible_child_name (self->stack, "pin");
  gtk_widget_grab_focus (GTK_WIDGET (self->pin_entry));
}

static gboolean
retry_cb (gpointer data)
{
  SlPrivateView *self = data;

  self->retry_id = 0;
  gtk_editable_set_editable (self->pin_entry, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->pin_entry));
  return G_SOURCE_REMOVE;
}

/* After a wrong PIN: the entry waits until @retry_at (issue 30 #4). */
static void
wait_pin (SlPrivateView *self,
          gint64         retry_at)
{
  gint64 wait = retry_at - g_get_monotonic_time ();
  int seconds = (int) MAX (1, (wait + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC);
  g_autofree char *text = NULL;

  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "That is not the PIN. Try again in %d second.",
                                       "That is not the PIN. Try again in %d seconds.", seconds),
                          seconds);
  gtk_label_set_text (self->pin_problem, text);
  gtk_widget_set_visible (GTK_WIDGET (self->pin_problem), TRUE);
  gtk_editable_set_text (self->pin_entry, "");
  if (wait > 0)
    {
      g_clear_handle_id (&self->retry_id, g_source_remove);
      gtk_editable_set_editable (self->pin_entry, FALSE);
      self->retry_id = g_timeout_add ((guint) ((wait + 999) / 1000), retry_cb, self);
    }
}

void
sl_private_view_choose (SlPrivateView *self,
                        const char    *who)
{
  g_auto(GStrv) pins = NULL;

  g_return_if_fail (SL_IS_PRIVATE_VIEW (self));
  g_return_if_fail (self->game != NULL);
  restart_idle (self);
  /* A side's own PIN; for the referee, its PIN or every locked side's
   * (sl_game_locks_to_open). */
  pins = sl_game_locks_to_open (self->game, who);
  if (pins[0] == NULL)
    {
      show_secrets (self, who);
      return;
    }
  g_free (self->opening);
  self->opening = g_strdup (who);
  g_strfreev (self->pins_left);
  self->pins_left = g_strdupv (pins + 1);
  ask_pin (self, pins[0]);
}

gboolean
sl_private_view_enter_pin (SlPrivateView *self,
                           const char    *pin)
{
  gint64 retry_at = 0;

  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  g_return_val_if_fail (self->pending != NULL, FALSE);
  restart_idle (self);
  switch (sl_game_try_lock (self->game, self->pending, pin, &retry_at))
    {
    case SL_PIN_OPENS:
      break;
    case SL_PIN_CLOSE:
      /* Issue 30 #4: a few wrong PINs in a row close the view. */
      done (self);
      return FALSE;
    case SL_PIN_WRONG:
    case SL_PIN_WAIT:
    default:
      wait_pin (self, retry_at);
      return FALSE;
    }
  if (self->pins_left != NULL && self->pins_left[0] != NULL)
    {
      g_autofree char *next = g_strdup (self->pins_left[0]);
      GStrv rest = g_strdupv (self->pins_left + 1);

      g_strfreev (self->pins_left);
      self->pins_left = rest;
      ask_pin (self, next);
      return TRUE;
    }
  show_secrets (self, self->opening);
  forget_pins (self);
  return TRUE;
}

gboolean
sl_private_view_pin_waits (SlPrivateView *self)
{
  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  return self->retry_id != 0;
}

gboolean
sl_private_view_let_referee_in (SlPrivateView *self,
                                gboolean       opens)
{
  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), FALSE);
  if (!gtk_widget_get_visible (self->referee_opens_row))
    return FALSE;
  gtk_switch_set_active (self->referee_opens, opens);
  return TRUE;
}

const char *
sl_private_view_get_shown (SlPrivateView *self)
{
  g_return_val_if_fail (SL_IS_PRIVATE_VIEW (self), NULL);
  return self->shown;
}

static void
choice_clicked_cb (GtkButton     *button,
                   SlPrivateView *self)
{
  sl_private_view_choose (self, g_object_get_data (G_OBJECT (button), "who"));
}

static void
pin_activate_cb (SlPrivateView *self)
{
  sl_private_view_enter_pin (self, gtk_editable_get_text (self->pin_entry));
}

static void
build_choices (SlPrivateView *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->choices)) != NULL)
    gtk_box_remove (GTK_BOX (self->choices), child);
  for (guint i = 0; i <= setup->sides->len; i++)
    {
      const char *who = i < setup->sides->len ? sl_setup_side_at (setup, i)->id : SL_PRIVATE_REFEREE;
      const char *name = i < setup->sides->len ? sl_setup_side_at (setup, i)->name : _("Referee: Every Side");
      GtkWidget *button = gtk_button_new ();
      GtkWidget *content = adw_button_content_new ();
      g_auto(GStrv) pins = sl_game_locks_to_open (self->game, who);

      adw_button_content_set_label (ADW_BUTTON_CONTENT (content), name);
      adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content),
                                        pins[0] != NULL ? "system-lock-screen-symbolic" : "view-reveal-symbolic");
      gtk_button_set_child (GTK_BUTTON (button), content);
      gtk_widget_add_css_class (button, "pill");
      if (i == setup->sides->len)
        gtk_widget_set_margin_top (button, 12);
      g_object_set_data_full (G_OBJECT (button), "who", g_strdup (who), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), self);
      gtk_box_append (GTK_BOX (self->choices), button);
    }
}

void
sl_private_view_start (SlPrivateView *self)
{
  g_return_if_fail (SL_IS_PRIVATE_VIEW (self));
  g_clear_pointer (&self->shown, g_free);
  forget_pins (self);
  set_problem (self, NULL);
  if (self->game != NULL)
    {
      build_choices (self);
      rebuild (self);
    }
  gtk_stack_set_visible_child_name (self->stack, "choose");
  restart_idle (self);
  if (gtk_widget_get_first_child (self->choices) != NULL)
    gtk_widget_grab_focus (gtk_widget_get_first_child (self->choices));
}

void
sl_private_view_stop (SlPrivateView *self)
{
  g_return_if_fail (SL_IS_PRIVATE_VIEW (self));
  g_clear_handle_id (&self->idle_id, g_source_remove);
  /* Nothing of it stays behind: locked again, its page emptied. */
  g_clear_pointer (&self->shown, g_free);
  forget_pins (self);
  set_problem (self, NULL);
  rebuild (self);
  gtk_stack_set_visible_child_name (self->stack, "choose");
}

void
sl_private_view_set_game (SlPrivateView *self,
                          SlGame        *game)
{
  g_return_if_fail (SL_IS_PRIVATE_VIEW (self));
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  if (game != NULL)
    self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  g_clear_pointer (&self->shown, g_free);
  forget_pins (self);
}

/* Construction */

static void
sl_private_view_dispose (GObject *object)
{
  SlPrivateView *self = SL_PRIVATE_VIEW (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (sl_private_view_parent_class)->dispose (object);
}

static void
sl_private_view_finalize (GObject *object)
{
  SlPrivateView *self = SL_PRIVATE_VIEW (object);

  g_free (self->shown);
  g_free (self->hid_last);
  forget_pins (self);
  g_free (self->problem);
  g_ptr_array_unref (self->unit_ids);
  g_ptr_array_unref (self->owner_ids);
  g_ptr_array_unref (self->side_ids);
  g_ptr_array_unref (self->rows);
  g_array_unref (self->markers);
  G_OBJECT_CLASS (sl_private_view_parent_class)->finalize (object);
}

static void
sl_private_view_class_init (SlPrivateViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_private_view_dispose;
  object_class->finalize = sl_private_view_finalize;

  /* Closed: by Escape, the Close button, or the idle time. */
  signals[SIGNAL_DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-private-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, title);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, lock);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, banner);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, stack);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, choices);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, pin_page);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, pin_entry);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, pin_problem);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, problem_label);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, units_group);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, decoys_group);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, notes_group);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_group);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_unit);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_pile);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_decoy1);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_decoy2);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_where);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_stealth_row);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, hide_stealth);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, mine_group);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, mine_owner);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, mine_where);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, seal_kind);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, seal_side);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, seal_marker);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, seal_text);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, pin_group);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, new_pin);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, pin_set);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, pin_remove);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, referee_opens_row);
  gtk_widget_class_bind_template_child (widget_class, SlPrivateView, referee_opens);
  gtk_widget_class_bind_template_callback (widget_class, referee_opens_cb);
  gtk_widget_class_bind_template_callback (widget_class, sl_private_view_start);
  gtk_widget_class_bind_template_callback (widget_class, done);
  gtk_widget_class_bind_template_callback (widget_class, pin_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, hide_unit_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, hide_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, mine_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, seal_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pin_set_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pin_remove_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, key_pressed_cb);
  gtk_widget_class_bind_template_callback (widget_class, motion_cb);
}

static void
sl_private_view_init (SlPrivateView *self)
{
  self->unit_ids = g_ptr_array_new ();
  self->owner_ids = g_ptr_array_new ();
  self->side_ids = g_ptr_array_new ();
  self->rows = g_ptr_array_new ();
  self->markers = g_array_new (FALSE, TRUE, sizeof (int));
  self->idle_seconds = 30;
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlPrivateView *
sl_private_view_new (void)
{
  return g_object_new (SL_TYPE_PRIVATE_VIEW, NULL);
}
