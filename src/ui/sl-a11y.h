/* sl-a11y.h: what a screen reader is told where GTK 4.8 and libadwaita
 * 1.2 tell it wrong or not at all (issue 32): names without mnemonics or
 * class names, rows whose name carries their value, and announcements
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

/* Every button under @root (itself included) named for a screen reader
 * by the words it shows, once: GTK 4.8 names a labelled button "_Next
 * Next" (its label with the mnemonic, then its label again) and an icon
 * button by the GtkImage it is "labelled by" (Orca says "GtkImage
 * Undo"); the name follows a label changed later. Every combo row under
 * @root is named by its title and the value chosen ("Target: 13 ·
 * Trooper Hale"), as it changes: Orca reads a row's "labelled by" title
 * alone. Cheap enough for a sheet's first frame (one walk of its
 * widgets); a widget seen once is not hooked again. */
void  sl_a11y_name_by_value   (GtkWidget  *root);

/* @widget named @name alone: its "labelled by" relation dropped (Orca
 * reads that first, and GTK 4.8 adds it to the name). */
void  sl_a11y_set_name        (GtkWidget  *widget,
                               const char *name);

/* gtk_button_set_label(), only when @label differs from the button's,
 * and heard once, without its mnemonic: GTK 4.8 tells a screen reader a
 * new name each time, mnemonic included, and Orca says it (issue 32 #7:
 * a sheet sets its roll button's label again on every key press). */
void  sl_a11y_set_button_label (GtkButton  *button,
                                const char *label);

/* The page @child_name of @stack named @name: GTK 4.8 names a stack's
 * page "GtkStackPage", and Orca says it (issue 32 #4). */
void  sl_a11y_name_page       (GtkStack   *stack,
                               const char *child_name,
                               const char *name);

/* Tells a screen reader @text now, where the player is: it becomes the
 * accessible description of @focus (the widget with the keyboard focus,
 * or the one it goes back to). GTK 4.8 has no announcements
 * (gtk_accessible_announce() is 4.14's) and Orca 43 follows no live region
 * of GTK's; what it says of itself is a new description of the widget it
 * is on (orca/scripts/default.py, onDescriptionChanged). Said again only
 * when @text differs from what @focus was told last. */
void  sl_a11y_tell            (GtkWidget  *focus,
                               const char *text);
/* What sl_a11y_tell told @focus last, or NULL. */
const char *sl_a11y_get_told  (GtkWidget  *focus);

/* A message dialog whose focus lands on its rule links or a button: the
 * reason (@body) is their description too, so that it is heard with them
 * (issue 32 #6: AdwMessageDialog 1.2 speaks its heading only). */
void  sl_a11y_describe_dialog (AdwMessageDialog *dialog,
                               const char       *body);

/* Where a game's journal stood when a screen reader was last told of it:
 * what changed since is told in the history's words (the entries'
 * summaries, public: the history shows them). */
typedef struct
{
  guint   position;
  guint64 next_id;   /* the identity of the entry there to redo, or 0 */
} SlJournalMark;

/* @mark set to where @game's journal stands now. */
void  sl_journal_mark_set     (SlJournalMark *mark,
                               SlGame        *game);
/* What changed in @game's journal since @mark, in words, and @mark moved
 * on: a command applied, its summary ("Trooper Hale fires at …"); an
 * undo, "Undone: " and the summaries of the entries undone; a redo,
 * "Redone: " and theirs. NULL when the journal did not move. */
char *sl_journal_mark_tell    (SlJournalMark *mark,
                               SlGame        *game);

G_END_DECLS
