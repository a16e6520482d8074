/* sl-ui-util.h: small pieces the windows share — rows with a switch or a
 * spin button, choosing a JSON file from one of the user's libraries, and
 * the text colour custom-drawn widgets draw with
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "sl-game.h"
#include "sl-preview.h"

G_BEGIN_DECLS

/* Rows and toasts that show their text as text. libadwaita 1.2's rows
 * and toasts read their titles and subtitles as Pango markup by default,
 * so a name such as "Smith & Sons" or "<span size='xx-large'>" from a
 * squad, a scenario or a game would show blank or restyled (issue 19 #11):
 * every row of Squad Log is made by these, never with markup. */
GtkWidget     *sl_action_row_new   (void);
GtkWidget     *sl_expander_row_new (void);
GtkWidget     *sl_combo_row_new    (void);
GtkWidget     *sl_entry_row_new    (void);
/* A row titled @title with a check button at its start that the whole
 * row toggles — a radio button of @group's when @group is not NULL —, the
 * button named @title for a screen reader; the button in @check. */
GtkWidget     *sl_check_row_new    (const char      *title,
                                    GtkCheckButton  *group,
                                    GtkCheckButton **check);
/* For a widget of ours that acts as a button: @action (installed by its
 * class) on Enter and Space, the keys GtkButton takes. */
void           sl_widget_class_bind_activate_keys (GtkWidgetClass *widget_class,
                                                   const char     *action);
/* For a window of ours: Escape and Ctrl+W close it (window.close). */
void           sl_window_class_bind_close_keys (GtkWidgetClass *widget_class);
/* A toast that shows @text as it is. */
AdwToast      *sl_toast_new        (const char *text);
/* A preferences group's title and description, and a status page's
 * description, which libadwaita reads as markup: set as text. */
void           sl_group_set_title        (AdwPreferencesGroup *group,
                                          const char          *title);
void           sl_group_set_description  (AdwPreferencesGroup *group,
                                          const char          *description);
void           sl_status_page_set_description (AdwStatusPage *page,
                                               const char    *description);

/* A row titled @title (and @subtitle, when not NULL) with a switch at its
 * end that the whole row toggles, added to @container: a preferences
 * group, an expander row or a list box. */
GtkSwitch     *sl_switch_row_add (GtkWidget  *container,
                                  const char *title,
                                  const char *subtitle);
/* The same with a spin button from @min to @max by @step; the title is its
 * accessible label. */
GtkSpinButton *sl_spin_row_add   (GtkWidget  *container,
                                  const char *title,
                                  double      min,
                                  double      max,
                                  double      step);

/* Asks for a *.json file (@filter_name) in @dir, made if missing, with the
 * native file chooser; @done gets its path (NULL when cancelled or not a
 * local file), @user_data and @tag. */
typedef void (*SlChooseFunc) (const char *path,
                              gpointer    user_data,
                              int         tag);
void           sl_choose_json    (GtkWindow    *parent,
                                  const char   *title,
                                  const char   *accept,
                                  const char   *filter_name,
                                  const char   *dir,
                                  SlChooseFunc  done,
                                  gpointer      user_data,
                                  int           tag);

/* Asks whether the library file @path, already there, is to be replaced
 * (issue 19 #12); @replace is called with @owner, @path and @tag when the
 * player says so, nothing happens otherwise. */
typedef void (*SlReplaceFunc) (GtkWindow  *owner,
                               const char *path,
                               int         tag);
void           sl_ask_replace    (GtkWindow     *owner,
                                  const char    *path,
                                  SlReplaceFunc  replace,
                                  int            tag);

/* Closing @window with edits not saved (issue 21 #8): asks Save Changes?
 * (@body says what is lost) and returns TRUE to stop the close for now;
 * Discard closes, Save closes when @save (called with @window) saved.
 * Returns FALSE, letting the close go on, once Discard was chosen. */
typedef gboolean (*SlSaveFunc) (GtkWindow *window);
gboolean       sl_ask_unsaved    (GtkWindow     *window,
                                  const char    *body,
                                  SlSaveFunc     save);

/* @widget's text colour from its style (what GTK 4.10 calls
 * gtk_widget_get_color()), for widgets that draw themselves. */
GdkRGBA        sl_widget_get_color (GtkWidget *widget);

/* Keyboard for a widget whose children are one stop of the Tab chain, as
 * a list is (the squad log's lines, the track's markers): Tab enters at
 * @entry (NULL: the first child, or the last going back) and leaves; ↓
 * (and →, with @across) goes to the next child, ↑ (←) to the one before,
 * and out at either end. For GtkWidgetClass.focus. */
gboolean       sl_focus_children   (GtkWidget        *widget,
                                    GtkDirectionType  direction,
                                    GtkWidget        *entry,
                                    gboolean          across);

/* The odds of a check, as the history tells them (sl_check_outcome_words):
 * "Needs 7 or less · 70 %"; for a rout check, where success is routing,
 * "Routs on 20 or less · 20 %". */
char          *sl_check_odds_words (const SlCheckOdds *odds);

/* Why @unit may not declare now in the initiative order, in the core's
 * words (P-06 step 5, P-08 step 2), or NULL when it may. */
char          *sl_unit_turn_refusal (SlGame    *game,
                                     int        unit);

/* Whether a refused resolution can be put right on its sheet: the field
 * the core refused (sl_rule_error_get_field) is one of @inputs, the
 * command's fields the sheet sets (a field "grenades[0].range_m" is
 * matched by "grenades[0].range_m" or "grenades"). A refusal of the unit
 * or of the command itself is not. */
gboolean       sl_refusal_fixable  (const GError        *error,
                                    const char * const *inputs);

/* The units @unit may fire at, as the shared screen shows them: the other
 * sides' units still in the fight, never an undetected hidden one (§15.1:
 * what is private stays private). Their labels are appended to @names
 * when not NULL. Returns unit indices (int). */
GArray        *sl_fire_targets     (SlGame        *game,
                                    int            unit,
                                    GtkStringList *names);
/* Whether @unit's weapon in hand fires bursts (its profile in its OMNI
 * mode) and the scenario plays the automatic-fire rules (§15.3, P-30
 * step 1). */
gboolean       sl_unit_fires_bursts (SlGame       *game,
                                     int           unit);
/* Gives up @unit's current action (cancel, §6.1): the way on when a
 * resolution is refused for a reason no sheet can put right. */
gboolean       sl_unit_give_up     (SlGame        *game,
                                    int            unit,
                                    GError       **error);

/* Whether @unit is diving in zero-G and carries on until it hits something
 * the core would take its `dive-stop` now. */
gboolean       sl_unit_drifting    (SlGame        *game,
                                    int            unit);
/* Which unit has the counter number @typed (its digits as typed): among
 * @units (unit indices; NULL: every unit of @setup), its position there,
 * or -1; *@longer tells whether another one's starts with the same digits
 * (13 after 1), when the player may be typing on. */
int            sl_counter_typed    (const SlSetup  *setup,
                                    GArray         *units,
                                    const char     *typed,
                                    gboolean       *longer);
/* The sheet of @unit's zero-G dive that stops: against full cover,
 * or against a unit, picked from a list; the core does the rest. */
GtkWidget     *sl_dive_stop_sheet_new (GtkWindow  *parent,
                                       SlGame     *game,
                                       int         unit);

/* A die typed as one key press: 1–9, 0 for 10, on the main keys or the
 * keypad; -1 for any other key, or with Control or Alt held. */
int            sl_key_die          (guint           keyval,
                                    GdkModifierType state);
/* "+2", "0", or "−2" with a real minus sign: a modifier as shown. */
char          *sl_signed_text      (gint64          value);

/* "Subphase 7", or "Subphase 2 of turn 3" when not this turn's: a
 * subphase index as the table reads it. */
char          *sl_subphase_words   (SlGame         *game,
                                    int             index);
/* What @marker is and how it stands, in words: "Internal Door · 2½ of 5
 * wound levels (P-25)", "2 plastic charges · deactivated (P-36 step 4)",
 * "Fragmentation grenade · goes off in subphase 5". */
char          *sl_marker_words     (SlGame         *game,
                                    const SlMarker *marker);
/* Half wound levels as people write them: "½", "2", "2½". */
char          *sl_half_levels_text (int             halves);
/* An obstacle marker by its label and damage: "the door (2½ of 5)". */
char          *sl_obstacle_marker_name (SlGame         *game,
                                        const SlMarker *marker);
/* The obstacles of T-18 with their armor factor ("Internal Door (AF
 * 1)"), in the rules' order. */
GtkStringList *sl_obstacle_kinds   (SlGame         *game);
/* What a fire or a blast does to an obstacle, as the core's preview or
 * result tells it (sl_obstacle_damage_read): "+4: destroyed (P-25)", "+1:
 * 2 of 5 wound levels (P-25)", "No harm: AF 7 against PF 4 (P-25, A-83)". */
char          *sl_obstacle_outcome_words (SlGame                 *game,
                                          const SlObstacleDamage *obstacle);

/* Overlay scrollbars under @widget show when the pointer moves, not when
 * the table changes under a pointer that stays still: GTK 4 sends a motion
 * at the same place after a layout change, and every scrolled window it
 * reaches shows its scrollbars and fades them out again, a second of
 * frames after each command, each key press then waiting for the next
 * (issue 21: a key press answered within a frame). Motions where the last
 * one was are stopped before they reach the widgets under @widget. */
void           sl_quiet_still_pointer (GtkWidget *widget);

/* @widget's tooltip is @text (NULL or "": none), given when the pointer
 * asks for it. gtk_widget_set_tooltip_text asks the X server where the
 * pointer is at each call (GTK 4.8: a round trip), and a sheet that sets
 * a tooltip on each of its 33 actions as it refreshes waited for 33 of
 * them before its first frame (issue 31 #2). */
void           sl_widget_set_tooltip  (GtkWidget  *widget,
                                       const char *text);

G_END_DECLS
