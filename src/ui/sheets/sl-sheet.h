/* sl-sheet.h: what every sheet shares — a panel over the table, in the
 * window (SlSheetHost), that asks the core (sl_game_preview) and applies
 * one command: the game, the dice typed as one key press each, "the app
 * rolls", Escape to close, the problem line with its rule links, the odds
 * header, and what a screen reader is told
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_SHEET (sl_sheet_get_type ())
G_DECLARE_DERIVABLE_TYPE (SlSheet, sl_sheet, SL, SHEET, AdwBin)

struct _SlSheetClass
{
  AdwBinClass parent_class;

  /* A digit key (0–9) typed where no text is being typed. The default
   * reads it as a d10 (0 is 10) for enter_die; a sheet of d100 takes the
   * digits themselves. Returns whether the digit was taken. */
  gboolean (*enter_digit) (SlSheet *self,
                           int      digit);
  /* The die the sheet asks for (1–10); NULL for a sheet without dice. */
  gboolean (*enter_die)   (SlSheet *self,
                           int      value);
  /* Asks the core again about the sheet as it stands, and shows it. */
  void     (*refresh)     (SlSheet *self);
  /* Applies the command, the app rolling the dice not typed ("sheet.apply":
   * Roll for Me, Fire, Go Off …); closes the sheet, or shows the refusal. */
  gboolean (*apply)       (SlSheet *self);
  /* Gives up the unit's action (cancel, §6.1: "sheet.give-up"); closes the
   * sheet. The default cancels the sheet's unit. */
  gboolean (*give_up)     (SlSheet *self);
  /* Shows why the core refused the sheet's command (sl_sheet_apply_command
   * and the sheet's own previews). The default puts the message on the
   * problem line; a sheet that can tell more (a refusal nothing on it can
   * put right, a row to change) says it. */
  void     (*show_refusal) (SlSheet      *self,
                            const GError *error);

  gpointer padding[7];
};

/* The template objects a sheet shares with SlSheet, by their ids. Every
 * template has "problem" (a GtkLabel: the core's refusal, with its rule
 * links); these are optional. */
typedef enum
{
  SL_SHEET_ODDS    = 1 << 0,   /* "odds": a GtkLabel, the odds header */
  SL_SHEET_PROMPT  = 1 << 1,   /* "prompt": a GtkLabel, what the table waits for */
  SL_SHEET_ROLL    = 1 << 2,   /* "roll_button": sheet.apply's button, where the focus starts */
  SL_SHEET_GIVE_UP = 1 << 3,   /* "give_up": sheet.give-up's button, shown when stuck */
  SL_SHEET_ALL_PARTS = SL_SHEET_ODDS | SL_SHEET_PROMPT | SL_SHEET_ROLL | SL_SHEET_GIVE_UP,
} SlSheetParts;

/* For a sheet's class_init, after gtk_widget_class_set_template_from_resource:
 * binds the template's "problem" and @parts to the sheet's, and the
 * callback "sheet_changed_cb" (swapped: any change asks the core again). */
void        sl_sheet_class_bind_template_parts (GtkWidgetClass *widget_class,
                                                SlSheetParts    parts);

/* Shows the sheet over the table of its window (the "window" it was made
 * for): in the window, the table dimmed and inert behind it, the focus
 * where the player acts (sl_sheet_get_entry). A sheet made for no window
 * of ours (none: a test's) shows in a window of its own. */
void        sl_sheet_present       (SlSheet    *self);
/* Lays the sheet out ahead, hidden, over its window's table, so that
 * sl_sheet_present only draws it (the fire sheet Next opens, made while
 * the table is still); FALSE for a window with no table (the sheet is
 * then made when presented). */
gboolean    sl_sheet_prepare       (SlSheet    *self);
/* Takes the sheet away, the focus back where it was; "closed" is emitted.
 * The sheet is let go of once the main loop is back. */
void        sl_sheet_close         (SlSheet    *self);
/* The window it is shown over, or NULL. */
GtkWindow  *sl_sheet_get_window    (SlSheet    *self);
/* Its title: the accessible name of the dialog it is to a screen reader
 * (its header shows its own AdwWindowTitle). */
void        sl_sheet_set_title     (SlSheet    *self,
                                    const char *title);
/* The sheet shown over @window now, or NULL. */
SlSheet    *sl_sheet_get_shown_in  (GtkWindow  *window);

SlGame     *sl_sheet_get_game      (SlSheet    *self);
/* The unit whose action the sheet resolves, or -1. */
int         sl_sheet_get_unit      (SlSheet    *self);
/* For a sheet made ahead for no unit: its unit, before sl_sheet_ready. */
void        sl_sheet_set_unit      (SlSheet    *self,
                                    int         unit);
gboolean    sl_sheet_get_app_rolls (SlSheet    *self);
void        sl_sheet_set_app_rolls (SlSheet    *self,
                                    gboolean    app_rolls);

/* The end of a sheet's building: from now on a change on it refreshes it
 * (sheet_changed_cb), and it is refreshed now. */
void        sl_sheet_ready         (SlSheet    *self);
void        sl_sheet_refresh       (SlSheet    *self);
gboolean    sl_sheet_apply         (SlSheet    *self);
/* Applies @command to the sheet's game and closes the sheet; refused, it
 * shows why (show_refusal) and returns FALSE, the sheet as it was. */
gboolean    sl_sheet_apply_command (SlSheet    *self,
                                    JsonNode   *command);
/* The class's show_refusal. */
void        sl_sheet_refused       (SlSheet      *self,
                                    const GError *error);
gboolean    sl_sheet_give_up       (SlSheet    *self);
/* Whether the sheet offers to give up the action: refused for a reason
 * nothing on it can put right. */
gboolean    sl_sheet_can_give_up   (SlSheet    *self);
/* A key press, as typed: a digit (0–9), or a die (1–10). */
gboolean    sl_sheet_enter_digit   (SlSheet    *self,
                                    int         digit);
gboolean    sl_sheet_enter_die     (SlSheet    *self,
                                    int         value);
/* The template's "roll_button", or NULL. */
GtkWidget  *sl_sheet_get_roll_button (SlSheet  *self);
/* Whether the sheet.apply action (the roll button) may be used. */
void        sl_sheet_set_can_apply (SlSheet    *self,
                                    gboolean    can_apply);

/* The problem line: @message with its rules as links, or hidden for NULL. */
void        sl_sheet_show_problem  (SlSheet    *self,
                                    const char *message);
/* The problem shown, or NULL. */
const char *sl_sheet_get_problem   (SlSheet    *self);
/* A refusal of the command: @message on the problem line; when @stuck
 * (nothing on the sheet can put it right) the way on is to give up the
 * unit's action, and there is no die to type nor anything to roll. */
void        sl_sheet_show_refusal  (SlSheet    *self,
                                    const char *message,
                                    gboolean    stuck);
/* No refusal: the prompt and the roll button back, the rest hidden. */
void        sl_sheet_clear_refusal (SlSheet    *self);

/* The odds header ("Needs 7 or less · 70 %"), hidden when @odds is NULL
 * or empty. */
void        sl_sheet_set_odds      (SlSheet    *self,
                                    const char *odds);
/* What the table waits for ("Type the die: 1–9, 0 for 10."). */
void        sl_sheet_set_prompt    (SlSheet    *self,
                                    const char *prompt);
const char *sl_sheet_get_prompt    (SlSheet    *self);
/* The dice typed so far, in the order typed (none: @n_dice 0), for the
 * screen reader. */
void        sl_sheet_set_typed     (SlSheet    *self,
                                    const int  *dice,
                                    guint       n_dice);

/* A die's place at the end of a row: "–" until one is typed, in figures
 * of one width, named @description for a screen reader and in its tooltip
 * ("The to-hit die"). */
GtkLabel   *sl_sheet_die_slot_new  (const char *description);

/* Enter in @editable (a number, a distance) gives the focus back to the
 * entry: the keys are dice again. */
void        sl_sheet_return_on_enter (SlSheet    *self,
                                      GtkEditable *editable);

/* Where the player acts: the focus starts there, and its accessible
 * description says the odds, the dice typed, what to type and the
 * problem, as the sheet shows them (the roll button unless set). */
GtkWidget  *sl_sheet_get_entry     (SlSheet    *self);
void        sl_sheet_set_entry     (SlSheet    *self,
                                    GtkWidget  *entry);

G_END_DECLS
