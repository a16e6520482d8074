/* sl-draft-window.h: what the squad builder and the custom scenario editor
 * share — a window that edits a draft, knows whether it changed since it
 * was last saved, opened or begun, asks Save Changes? before it closes
 * with changes (issue 21 #8), and tells how saving went
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-ui-util.h"

G_BEGIN_DECLS

#define SL_TYPE_DRAFT_WINDOW (sl_draft_window_get_type ())
G_DECLARE_DERIVABLE_TYPE (SlDraftWindow, sl_draft_window, SL, DRAFT_WINDOW, AdwWindow)

struct _SlDraftWindowClass
{
  AdwWindowClass parent_class;

  /* The draft as it stands on screen, as text to compare (the widgets
   * read first). */
  char     *(*fingerprint)  (SlDraftWindow *self);
  /* Saves the draft where it belongs, before closing; TRUE when saved. */
  gboolean  (*save)         (SlDraftWindow *self);
  /* What Save Changes? says is lost: "The squad “Rangers” has changes …". */
  char     *(*unsaved_body) (SlDraftWindow *self);
};

/* The toast overlay the window's messages show in (from its template). */
void      sl_draft_window_set_toasts    (SlDraftWindow *self,
                                         AdwToastOverlay *toasts);
/* A message in a toast, shown as text. */
void      sl_draft_window_toast         (SlDraftWindow *self,
                                         const char    *text);
/* What is on screen now is what a file holds, or the draft just begun. */
void      sl_draft_window_mark_saved    (SlDraftWindow *self);
/* Whether the draft on screen differs from the one last marked saved. */
gboolean  sl_draft_window_has_changes   (SlDraftWindow *self);
/* After a save that failed with @error: asks whether to replace the file
 * at @path when one of that name is there (issue 19 #12; @replace with
 * @tag when the player says so), else shows @message. */
void      sl_draft_window_save_failed   (SlDraftWindow *self,
                                         const GError  *error,
                                         const char    *path,
                                         SlReplaceFunc  replace,
                                         int            tag,
                                         const char    *message);

G_END_DECLS
