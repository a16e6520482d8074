/* sl-window-private.h: the main window's struct and the functions its
 * parts share — the window itself (sl-window.c), the sheets it opens
 * (sl-window-sheets.c), a unit picked on the table (sl-window-typing.c)
 * and its actions (sl-window-actions.c)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-a11y.h"
#include "sl-declare-sheet.h"
#include "sl-history-view.h"
#include "sl-phones-window.h"
#include "sl-private-view.h"
#include "sl-reference-window.h"
#include "sl-sheet.h"
#include "sl-sheet-host.h"
#include "sl-track-view.h"
#include "sl-window.h"

G_BEGIN_DECLS

/* The bar over the table when the game is only shown (issue 19 #5), or
 * its last change is not saved (issue 30 #8). */
typedef enum
{
  FILE_WRITABLE,
  FILE_ELSEWHERE,   /* open for writing in another window or `squadlog play` */
  FILE_CHANGED,     /* changed on the disk by another program since it was read */
  FILE_UNSAVED,     /* the last change could not be saved: held, tried again */
} FileProblem;

struct _SlWindow
{
  AdwApplicationWindow  parent_instance;

  /* Private Views on Phones (docs/phones.md): the server of the game
   * shown, made the first time its window opens, stopped with the game. */
  SlServer             *phones;
  SlPhonesWindow       *phones_window;    /* weak */

  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toasts;
  GtkStack             *stack;
  AdwStatusPage        *status_page;
  GtkButton            *continue_button;
  GtkListBox           *recent_list;
  SlTrackView          *track;
  GtkInfoBar           *file_bar;
  GtkLabel             *file_bar_label;
  GtkWidget            *file_bar_button;
  SlHistoryView        *history;
  GtkBox               *squads;
  GtkLabel             *prompt;
  GtkWidget            *outcome_box;
  GtkLabel             *outcome;
  char                 *outcome_text;    /* the "outcome" property */
  char                 *prompt_text;     /* the prompt shown */
  GtkWidget            *history_buttons;
  GtkWidget            *next_button;
  GtkWidget            *pass_button;
  GtkWidget            *history_button;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GtkWidget            *announced;     /* the focused widget last told what changed */
  SlJournalMark         told;          /* the journal as a screen reader was last told of it */
  char                 *told_outcome;  /* what the last change did, in words, or NULL */
  AdwFlap              *flap;          /* the squad logs, and the history beside or over them */
  GtkMenuButton        *primary_menu_button;
  GMenuModel           *primary_menu;
  GMenu                *print_squads_section;
  GtkStack             *screen;        /* "shared" or "private" */
  SlSheetHost          *sheet_host;    /* the sheets, over the screen */
  SlPrivateView        *private_view;   /* made when first asked for */
  GtkWindow            *shortcuts;      /* likewise */
  SlReferenceWindow    *reference;      /* likewise: the rules reference (F1) */

  SlGame               *game;
  gulong                changed_id;
  GBindingGroup        *table_bindings;  /* the shown game's table model → the title (issue 33 #2) */
  GSignalGroup         *table_signals;   /* its values the actions follow */
  GSignalGroup         *game_signals;    /* the game's can-undo and can-redo */
  gboolean              was_over;    /* the game was over before its last change */
  gboolean              app_rolls;   /* the app rolls the dice, or the players type theirs */
  /* The fire sheet Next is to open, made and realized ahead while the
   * table is idle, not shown (issue 21: a key press answered within a
   * frame); used only for the unit, game moment and dice choice it was
   * made for. */
  SlSheet              *prepared;
  int                   prepared_unit;
  guint64               prepared_moment;
  gboolean              prepared_rolls;
  guint                 prepare_id;
  /* A declaration made ahead for no unit yet, in the initiative-order
   * step: a counter number typed binds it to its unit (issue 31 #2). */
  SlDeclareSheet       *declare_ahead;
  GString              *typed;       /* a counter number being typed */
  guint                 typed_id;
  guint                 cache_id;   /* the opening cache is due to be written */
  guint                 retry_id;   /* the last change, not saved, is to be saved again */
  FileProblem           file_problem; /* what the bar over the table says */
  guint                 compact_id; /* the start page is due to follow the window's height */
  const char           *start_icon; /* the start page's icon, not shown in a tiny window */
  gboolean              compact;    /* the window is shorter than COMPACT_HEIGHT */
  gboolean              tiny;       /* … than TINY_HEIGHT */
};

/* sl-window.c */
SlRules   *sl_window_rules            (SlWindow   *self);
GSettings *sl_window_settings         (SlWindow   *self);
char      *sl_window_last_game_path   (SlWindow   *self);
void       sl_window_toast            (SlWindow   *self,
                                       const char *text);
void       sl_window_show_error       (SlWindow   *self,
                                       const char *heading,
                                       const char *body);
gboolean   sl_window_table_widget     (SlWindow   *self,
                                       GtkWidget  *widget);
void       sl_window_announce         (SlWindow   *self);
gboolean   sl_window_private_showing  (SlWindow   *self);
gboolean   sl_window_sheet_showing    (SlWindow   *self);
gboolean   sl_window_held             (SlWindow   *self);

/* sl-window-sheets.c */
void       sl_window_present_ambush   (SlWindow   *self);
void       sl_window_present_detect   (SlWindow   *self);
void       sl_window_prepare_later    (SlWindow   *self);
gboolean   sl_window_resolve_due      (SlWindow   *self,
                                       int         unit);
void       sl_window_present_declare  (SlWindow   *self,
                                       int         unit);
void       sl_window_drop_ahead       (SlWindow   *self);

/* sl-window-typing.c */
void       sl_window_show_unit        (SlWindow   *self,
                                       int         unit);
void       sl_window_class_init_typing (GtkWidgetClass *widget_class);

/* sl-window-actions.c */
void       sl_window_update_actions   (SlWindow   *self);
void       sl_window_update_print_menu (SlWindow  *self);
void       sl_window_close_private    (SlWindow   *self);
void       sl_window_class_init_actions (GtkWidgetClass *widget_class);
void       sl_window_init_actions     (SlWindow   *self);

/* For the tests. */
SlGame      *sl_window_get_game   (SlWindow      *self);
/* The last result on the table, as shown under the prompt ("Last result
 * (Turn 1 · subphase 1): …"), or NULL: the "outcome" property. */
const char  *sl_window_get_outcome (SlWindow     *self);

G_END_DECLS
